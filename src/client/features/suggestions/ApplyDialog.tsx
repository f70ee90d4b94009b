import { errorMessage, partiallyAppliedAction } from '@client/api/errors';
import { fallbackText } from '@client/api/errorToasts';
import { useAppDispatch } from '@client/app/hooks';
import { ConfirmActions } from '@client/components/ConfirmActions';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { useLastShown } from '@client/components/useLastShown';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Suggestion } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { useId, useState } from 'react';

import { PARTIAL_HELP, RETRY_LABEL, useRepairAction } from './actionRepair';
import {
  invalidateSuggestionList,
  isConflict,
  useApplySuggestionMutation,
  useGetApplyPreviewQuery,
} from './suggestions.api';
import { suggestionsErrorFallbacks } from './suggestions.errors';
import { notifyApplied, UNDO_LABEL } from './undoToast';

/** Said when the preview cannot be read and the server gave no reason. */
export const PREVIEW_FAILED = 'Unable to read the current state at the platform.';
/** The dialog's title once the platform took the change only in part. */
export const PARTIAL_TITLE = 'Applied only in part';
/** Said when a preview finds the suggestion out of date and the server gave no reason. */
export const WITHDRAWN_FALLBACK =
  'This changed since the suggestion was made. The suggestion was withdrawn and will be recomputed.';

/** Props of ApplyDialog. */
export interface ApplyDialogProps {
  /** The suggestion to apply; null: closed. */
  suggestion: Suggestion | null;
  onClose: () => void;
}

/**
 * Apply, confirmed: reads from the platform what Apply would change and what is there now, then
 * applies and offers Undo in the toast. A suggestion whose entity changed since it was computed
 * is withdrawn by the server: the dialog says why, offers no Apply, and the list is asked for
 * again when it closes. A change the platform took only in part stays in the dialog in the
 * server's words (what is at the platform now), with Retry and Undo.
 */
export function ApplyDialog({ suggestion, onClose }: ApplyDialogProps) {
  const titleId = useId();
  const open = suggestion !== null;
  const shown = useLastShown(suggestion);
  const dispatch = useAppDispatch();
  // Never a cached copy: what is at the platform now is the point of the preview.
  const preview = useGetApplyPreviewQuery(open ? suggestion.id : skipToken, { refetchOnMountOrArgChange: true });
  const [applySuggestion, { isLoading: applying }] = useApplySuggestionMutation();
  // A refusal the dialog stays open for, said inside it too: the toast is behind the modal for a screen reader.
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null);
  const failed = open && failure?.id === suggestion.id ? failure.error : null;
  // A change taken in part: the action that records it, and what the server said is at the platform.
  const [partial, setPartial] = useState<{ id: string; actionId: string; detail: string } | null>(null);
  const halfway = open && partial?.id === suggestion.id ? partial : null;
  const repair = useRepairAction();
  // Only a preview read just now is shown (never one being read again); the last one stays in the
  // dialog while it fades out, and a newly opened dialog never shows another suggestion's.
  const live = open && !preview.isFetching ? preview.currentData : undefined;
  const kept = useLastShown(live);
  const data = open ? live : kept;
  const withdrawn = data !== undefined && data !== null && !data.current_matches;

  const close = () => {
    if (applying || repair.retrying || repair.undoing) return;
    if (withdrawn) dispatch(invalidateSuggestionList());
    setFailure(null);
    setPartial(null);
    onClose();
  };

  /** Retry or Undo of the change taken in part: closes once it worked; a failure half-way again says what is there now. */
  const mend = async (how: 'retry' | 'undo') => {
    if (!halfway) return;
    if (await repair[how](halfway.actionId)) {
      setPartial(null);
      onClose();
    }
  };

  const confirm = async () => {
    if (!suggestion) return;
    setFailure(null);
    try {
      const action = await applySuggestion(suggestion.id).unwrap();
      onClose();
      notifyApplied(action);
    } catch (error) {
      // The error channel has said why. A 409 withdrew the suggestion (the list is being asked
      // for again); a change taken in part stays here with Retry and Undo; any other refusal
      // changed nothing, so the dialog stays for another try.
      const actionId = partiallyAppliedAction(error);
      if (actionId)
        setPartial({
          id: suggestion.id,
          actionId,
          detail: errorMessage(error, fallbackText(suggestionsErrorFallbacks.applySuggestion)),
        });
      else if (isConflict(error)) onClose();
      else setFailure({ id: suggestion.id, error });
    }
  };

  let content;
  if (halfway) {
    content = (
      <Stack spacing={1}>
        <Alert severity="warning">{halfway.detail}</Alert>
        <Typography>{PARTIAL_HELP}</Typography>
      </Stack>
    );
  } else if (data) {
    const platform = PLATFORM_LABELS[data.suggestion.platform];
    content = withdrawn ? (
      <Alert severity="warning">{data.detail ?? WITHDRAWN_FALLBACK}</Alert>
    ) : (
      <Stack spacing={1}>
        <Typography>At {platform} this will:</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {data.suggestion.change_lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
        <Typography>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Now:
          </Box>{' '}
          {data.current_state}
        </Typography>
      </Stack>
    );
  } else if (preview.isError && open) {
    content = (
      <RetryAlert retrying={preview.isFetching} onRetry={() => void preview.refetch()}>
        {errorMessage(preview.error, PREVIEW_FAILED)}
      </RetryAlert>
    );
  } else {
    const platform = shown ? PLATFORM_LABELS[shown.platform] : 'the platform';
    content = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Checking {platform} for the current state…</Typography>
      </Stack>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{halfway ? PARTIAL_TITLE : 'Apply this suggestion?'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {shown && <DialogContentText>{shown.headline}</DialogContentText>}
          {content}
          {failed !== null && !halfway && (
            <Alert severity="error">
              {errorMessage(failed, fallbackText(suggestionsErrorFallbacks.applySuggestion))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      {halfway ? (
        <DialogActions>
          <Button onClick={close} disabled={repair.retrying || repair.undoing}>
            Close
          </Button>
          <LoadingButton
            variant="outlined"
            loading={repair.undoing}
            disabled={repair.retrying}
            onClick={() => void mend('undo')}
          >
            {UNDO_LABEL}
          </LoadingButton>
          <LoadingButton
            variant="contained"
            loading={repair.retrying}
            disabled={repair.undoing}
            onClick={() => void mend('retry')}
          >
            {RETRY_LABEL}
          </LoadingButton>
        </DialogActions>
      ) : data && !withdrawn ? (
        <ConfirmActions confirmLabel="Apply" busy={applying} onCancel={close} onConfirm={() => void confirm()} />
      ) : (
        <DialogActions>
          <Button onClick={close}>{withdrawn ? 'Close' : 'Cancel'}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
