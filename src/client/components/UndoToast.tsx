import { closeToast, notify } from '@client/lib/notify';
import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import type { SnackbarKey } from 'notistack';

import { LoadingButton } from './LoadingButton';

/** The Undo button's words, in the toasts and the actions log. */
export const UNDO_LABEL = 'Undo';

/**
 * A hook that undoes an actions-log entry (POST actions/<id>/undo/) through the caller's own
 * mutation, so each feature keeps its cache tags and its "Undone" words. `undo` resolves true when
 * it worked; a failure is said by the API error channel, in the server's words.
 */
export type UseUndo = () => { undo: (actionId: string) => Promise<boolean>; undoing: boolean };

interface UndoToastActionsProps {
  actionId: string;
  snackbarKey: SnackbarKey;
  useUndo: UseUndo;
}

/** Undo (the toast closes once it worked) and Close. */
function UndoToastActions({ actionId, snackbarKey, useUndo }: UndoToastActionsProps) {
  // One toast keeps one useUndo for its life, so the hook is always the same one here.
  const { undo, undoing } = useUndo();
  const run = async () => {
    if (await undo(actionId)) closeToast(snackbarKey);
  };
  return (
    <>
      <LoadingButton color="inherit" size="small" loading={undoing} onClick={() => void run()}>
        {UNDO_LABEL}
      </LoadingButton>
      <IconButton color="inherit" size="small" aria-label="Close" onClick={() => closeToast(snackbarKey)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/** What notifyUndoable shows. */
export interface UndoableToast {
  /** The success message. */
  message: string;
  /** The actions-log entry Undo reverts. */
  actionId: string;
  /** How long Undo is offered: the toast stays that long unless it is closed. */
  durationMs: number;
  useUndo: UseUndo;
}

/** A success toast with Undo for as long as the server allows it. */
export function notifyUndoable({ message, actionId, durationMs, useUndo }: UndoableToast): void {
  notify(message, 'success', {
    autoHideDuration: durationMs,
    action: (key) => <UndoToastActions actionId={actionId} snackbarKey={key} useUndo={useUndo} />,
  });
}
