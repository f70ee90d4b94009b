import { notifyUndoable, UNDO_LABEL } from '@client/components/UndoToast';
import { notify } from '@client/lib/notify';
import type { ActionRecord } from '@shared/api/actions';

import { useUndoActionMutation } from './suggestions.api';

/** What a successful Apply (or Mark as done) says (the headline keeps two toasts apart: notistack drops duplicates). */
export const appliedMessage = (action: Pick<ActionRecord, 'headline' | 'by_hand'>) =>
  `${action.by_hand ? 'Marked as done' : 'Applied'}: ${action.headline}`;
/** What a successful Undo says. */
export const undoneMessage = (action: Pick<ActionRecord, 'headline'>) => `Undone: ${action.headline}`;
/** The Undo button's words, in the toast and the actions log. */
export { UNDO_LABEL };

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
  notifyUndoable({ message: appliedMessage(action), actionId: action.id, durationMs: left, useUndo });
}
