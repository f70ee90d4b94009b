import { ConfirmActions } from '@client/components/ConfirmActions';
import { useLastShown } from '@client/components/useLastShown';
import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import type { FollowedPlan } from '@shared/api/budgets';
import { useId } from 'react';

/** The button that stops a followed plan, and the dialog's words. */
export const STOP_FOLLOWING_LABEL = 'Stop following';
export const stopPlanTitle = (plan: Pick<FollowedPlan, 'account'>) =>
  `Stop following the plan for ${plan.account.name}?`;
/** Said when a stop failed and the server gave no reason. */
export const STOP_FAILED = 'Unable to stop the plan. Please try again.';
export const STOP_PLAN_TEXT = 'No further step is taken. The daily budgets stay where the last step put them.';

/** Props of StopPlanDialog. */
export interface StopPlanDialogProps {
  /** The plan to stop; null: closed. */
  plan: FollowedPlan | null;
  busy: boolean;
  /** Why the last try failed, in words; null: none. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a followed plan is stopped: nothing changes at the platform, only the next steps are dropped. */
export function StopPlanDialog({ plan, busy, failure, onCancel, onConfirm }: StopPlanDialogProps) {
  const titleId = useId();
  // The plan stays in the title while the dialog fades out.
  const shown = useLastShown(plan);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={plan !== null} onClose={cancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{shown ? stopPlanTitle(shown) : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <DialogContentText>{STOP_PLAN_TEXT}</DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <ConfirmActions
        confirmLabel={STOP_FOLLOWING_LABEL}
        destructive
        busy={busy}
        onCancel={cancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
