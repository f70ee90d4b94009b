import { closeSnackbar, type SnackbarKey } from 'notistack';
import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import type { OptimizerApplyResult } from '@shared/api/budgets';
import { UNDO_WINDOW_MINUTES } from '@shared/api/suggestions';
import { notify } from '@client/app/notify';
import { LoadingButton } from '@client/components/LoadingButton';
import { useUndoBudgetChangeMutation } from './budgets.api';

/** What a successful apply says: 'Plan applied: 2 daily budgets changed.' */
export const planAppliedMessage = (result: Pick<OptimizerApplyResult, 'change_lines'>) =>
  `Plan applied: ${result.change_lines.length} daily ${result.change_lines.length === 1 ? 'budget' : 'budgets'} changed.`;
/** What a successful Undo says. */
export const PLAN_UNDONE = 'Undone: the daily budgets are back where the plan found them.';
/** The Undo button's words, as in the actions log. */
export const UNDO_LABEL = 'Undo';

function UndoPlanActions({ actionId, snackbarKey }: { actionId: string; snackbarKey: SnackbarKey }) {
  const [undo, { isLoading }] = useUndoBudgetChangeMutation();
  const run = async () => {
    try {
      await undo(actionId).unwrap();
      notify(PLAN_UNDONE, 'success');
      closeSnackbar(snackbarKey);
    } catch {
      // The API error channel says why (the window closed, the platform refused).
    }
  };
  return (
    <>
      <LoadingButton color="inherit" size="small" loading={isLoading} onClick={() => void run()}>
        {UNDO_LABEL}
      </LoadingButton>
      <IconButton color="inherit" size="small" aria-label="Close" onClick={() => closeSnackbar(snackbarKey)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/**
 * Says that a plan was applied, with Undo (POST actions/<id>/undo/) for as long as the server
 * allows it: the toast stays for the undo window unless it is closed.
 */
export function notifyPlanApplied(result: OptimizerApplyResult): void {
  notify(planAppliedMessage(result), 'success', {
    autoHideDuration: UNDO_WINDOW_MINUTES * 60_000,
    action: (key) => <UndoPlanActions actionId={result.action_id} snackbarKey={key} />,
  });
}
