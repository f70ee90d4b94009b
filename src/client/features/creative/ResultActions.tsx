import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';

import { useDeleteCreativeAnalysisMutation, useDownloadCreativePdfMutation } from './creative.api';
import { saveObjectUrl } from './download';
import { ShareDialog } from './ShareDialog';

export const ACTION_LABELS = {
  pdf: 'Download PDF',
  share: 'Share link',
  delete: 'Delete',
  edit: 'Edit and re-analyse',
  confirmTitle: 'Delete this analysis?',
  confirmText:
    'It leaves the history for everyone in the workspace, and its share links stop working. This cannot be undone.',
  confirm: 'Delete analysis',
  cancel: 'Cancel',
} as const;

export interface ResultActionsProps {
  analysisId: string;
  /** Whether the role may make and revoke share links ('creative:manage': a link publishes the result); else no Share link. */
  canShare: boolean;
  /** Shown only when given: Delete (after a confirmation) and Edit and re-analyse. */
  onDeleted?: () => void;
  onEdit?: () => void;
}

/** What can be done with a saved result: its PDF, its share links (for roles that may publish it), and (in the history) deleting or editing it. */
export function ResultActions({ analysisId, canShare, onDeleted, onEdit }: ResultActionsProps) {
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [download, downloading] = useDownloadCreativePdfMutation();
  const [remove, removing] = useDeleteCreativeAnalysisMutation();

  const downloadPdf = async () => {
    try {
      saveObjectUrl(await download(analysisId).unwrap(), `adwise-creative-${analysisId.slice(0, 8)}.pdf`);
    } catch {
      // The error channel says why.
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Result actions">
        <Button
          variant="outlined"
          onClick={() => void downloadPdf()}
          disabled={downloading.isLoading}
          aria-busy={downloading.isLoading}
        >
          {ACTION_LABELS.pdf}
        </Button>
        {canShare && (
          <Button variant="outlined" onClick={() => setSharing(true)}>
            {ACTION_LABELS.share}
          </Button>
        )}
        {onEdit && (
          <Button variant="outlined" onClick={onEdit}>
            {ACTION_LABELS.edit}
          </Button>
        )}
        {onDeleted && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {ACTION_LABELS.delete}
          </Button>
        )}
      </Stack>
      {sharing && <ShareDialog analysisId={analysisId} open={sharing} onClose={() => setSharing(false)} />}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="delete-analysis-title"
        aria-describedby="delete-analysis-text"
      >
        <DialogTitle id="delete-analysis-title">{ACTION_LABELS.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-analysis-text">{ACTION_LABELS.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{ACTION_LABELS.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={removing.isLoading}
            onClick={() =>
              void remove(analysisId)
                .unwrap()
                .then(
                  () => {
                    setConfirming(false);
                    onDeleted?.();
                  },
                  () => setConfirming(false),
                )
            }
          >
            {ACTION_LABELS.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
