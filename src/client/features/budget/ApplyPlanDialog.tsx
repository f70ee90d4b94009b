import { ConfirmActions } from '@client/components/ConfirmActions';
import { useLastShown } from '@client/components/useLastShown';
import {
  Box,
  Checkbox,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import type { OptimizerPlanView } from '@shared/api/budgets';
import { PLATFORM_LABELS } from '@shared/constants';
import { useId } from 'react';

import { formatMinor } from './budgetFormat';

/** The dialog's title and its confirming button. */
export const APPLY_PLAN_TITLE = 'Apply this plan?';
export const APPLY_PLAN_CONFIRM = 'Apply';
/** One change in the list: 'Brand search: $100.00 → $130.00 a day'. */
/** The box that asks the server to take the next steps too. */
export const FOLLOW_LABEL =
  'Follow this plan: take the next steps automatically, one a day, and stop if results fall short of the forecast';
export const changeLine = (name: string, from: number, to: number, currency: string) =>
  `${name}: ${formatMinor(from, currency)} → ${formatMinor(to, currency)} a day`;

/** Props of ApplyPlanDialog. */
export interface ApplyPlanDialogProps {
  /** The plan to apply; null: closed. */
  plan: OptimizerPlanView | null;
  /** The plan is being written. */
  busy: boolean;
  /** Whether the plan is to be followed after this first step (off by default). */
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a plan is written at the platform, listing every campaign whose daily budget
 * changes, from → to in the account's currency, and whether to follow the plan to its targets.
 */
export function ApplyPlanDialog({ plan, busy, follow, onFollowChange, onCancel, onConfirm }: ApplyPlanDialogProps) {
  const titleId = useId();
  // The plan stays in the dialog while it fades out.
  const shown = useLastShown(plan);
  const changes = shown ? shown.campaigns.filter((campaign) => campaign.to !== campaign.from) : [];
  const currency = shown?.account.currency ?? 'USD';
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={plan !== null} onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{APPLY_PLAN_TITLE}</DialogTitle>
      <DialogContent>
        {shown && (
          <Stack spacing={1.5}>
            <DialogContentText>
              At {PLATFORM_LABELS[shown.account.platform]} this sets the daily budgets of {changes.length}{' '}
              {changes.length === 1 ? 'campaign' : 'campaigns'} of {shown.account.name}:
            </DialogContentText>
            <Box component="ul" aria-label="Changes" sx={{ m: 0, pl: 3 }}>
              {changes.map((campaign) => (
                <li key={campaign.campaign_id}>{changeLine(campaign.name, campaign.from, campaign.to, currency)}</li>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              The total daily budget stays {formatMinor(shown.total_budget, currency)}. You can undo the change for{' '}
              {UNDO_WINDOW_MINUTES} minutes, from the toast or the actions log.
            </Typography>
            <FormControlLabel
              control={
                <Checkbox checked={follow} disabled={busy} onChange={(event) => onFollowChange(event.target.checked)} />
              }
              label={FOLLOW_LABEL}
            />
          </Stack>
        )}
      </DialogContent>
      <ConfirmActions confirmLabel={APPLY_PLAN_CONFIRM} busy={busy} onCancel={cancel} onConfirm={onConfirm} />
    </Dialog>
  );
}
