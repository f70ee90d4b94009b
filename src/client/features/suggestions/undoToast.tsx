import { closeSnackbar, type SnackbarKey } from 'notistack';
import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import type { ActionRecord } from '@shared/api/suggestions';
import { notify } from '@client/app/notify';
import { LoadingButton } from '@client/components/LoadingButton';
import { useUndoActionMutation } from './suggestions.api';

/** What a successful Apply (or Mark as done) says (the headline keeps two toasts apart: notistack drops duplicates). */
export const appliedMessage = (action: Pick<ActionRecord, 'headline' | 'by_hand'>) => `${action.by_hand ? 'Marked as done' : 'Applied'}: ${action.headline}`;
/** What a successful Undo says. */
export const undoneMessage = (action: Pick<ActionRecord, 'headline'>) => `Undone: ${action.headline}`;
/** The Undo button's words, in the toast and the actions log. */
export const UNDO_LABEL = 'Undo';

/**
 * Undoes `actionId` and says so. Its failure (the window closed, the platform refused) is said by
 * the API error channel in the server's words.
 */
export function useUndo() {
  const [undoAction, { isLoading }] = useUndoActionMutation();
  const undo = async (actionId: string): Promise<boolean> => {
    try {
      notify(undoneMessage(await undoAction(actionId).unwrap()), 'success');
      return true;
    } catch {
      return false;
    }
  };
  return { undo, undoing: isLoading };
}

function UndoToastActions({ actionId, snackbarKey }: { actionId: string; snackbarKey: SnackbarKey }) {
  const { undo, undoing } = useUndo();
  const run = async () => {
    if (await undo(actionId)) closeSnackbar(snackbarKey);
  };
  return (
    <>
      <LoadingButton color="inherit" size="small" loading={undoing} onClick={() => void run()}>
        {UNDO_LABEL}
      </LoadingButton>
      <IconButton color="inherit" size="small" aria-label="Close" onClick={() => closeSnackbar(snackbarKey)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/**
 * Says that a suggestion was applied (or a task marked done), with Undo for as long as the server allows it (until the
 * action's undo_until): the toast stays that long unless it is closed.
 */
export function notifyApplied(action: ActionRecord, now: number = Date.now()): void {
  const left = Date.parse(action.undo_until) - now;
  if (!action.can_undo || !(left > 0)) {
    notify(appliedMessage(action), 'success');
    return;
  }
  notify(appliedMessage(action), 'success', {
    autoHideDuration: left,
    action: (key) => <UndoToastActions actionId={action.id} snackbarKey={key} />,
  });
}
