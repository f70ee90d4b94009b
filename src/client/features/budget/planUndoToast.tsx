import { notifyUndoable, UNDO_LABEL } from '@client/components/UndoToast';
import { notify } from '@client/lib/notify';
import { UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import type { OptimizerApplyResult } from '@shared/api/budgets';

import { useUndoBudgetChangeMutation } from './budgets.api';

/** What a successful apply says: 'Plan applied: 2 daily budgets changed.' */
export const planAppliedMessage = (result: Pick<OptimizerApplyResult, 'change_lines'>) =>
  `Plan applied: ${result.change_lines.length} daily ${result.change_lines.length === 1 ? 'budget' : 'budgets'} changed.`;
/** What a successful Undo says. */
export const PLAN_UNDONE = 'Undone: the daily budgets are back where the plan found them.';
/** The Undo button's words, as in the actions log. */
export { UNDO_LABEL };

/** Undoes an applied plan through the budgets' own mutation (it refreshes the budgets and the platform's state). */
function usePlanUndo() {
  const [undoChange, { isLoading }] = useUndoBudgetChangeMutation();
  const undo = async (actionId: string): Promise<boolean> => {
    try {
      await undoChange(actionId).unwrap();
      notify(PLAN_UNDONE, 'success');
      return true;
    } catch {
      // The API error channel says why (the window closed, the platform refused).
      return false;
    }
  };
  return { undo, undoing: isLoading };
}

/**
 * Says that a plan was applied, with Undo (POST actions/<id>/undo/) for as long as the server
 * allows it: the toast stays for the undo window unless it is closed.
 */
export function notifyPlanApplied(result: OptimizerApplyResult): void {
  notifyUndoable({
    message: planAppliedMessage(result),
    actionId: result.action_id,
    durationMs: UNDO_WINDOW_MINUTES * 60_000,
    useUndo: usePlanUndo,
  });
}
