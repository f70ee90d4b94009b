import { errorMessage } from '@client/api/errors';
import { LoadingButton } from '@client/components/LoadingButton';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import type { FollowedPlan } from '@shared/api/budgets';
import { useId } from 'react';

import { FollowedPlanDetails } from './FollowedPlanDetails';
import type { OptimizerState } from './optimizer.machine';
import { STOP_FAILED, STOP_FOLLOWING_LABEL, StopPlanDialog } from './StopPlanDialog';

/** The section's heading and its words. */
export const FOLLOWING_HEADING = 'This plan is being followed';
export const FOLLOWING_INTRO =
  'A step is taken each new day of the account until every target is reached. Checked here every minute.';
export const FOLLOWED_PLAN_LOADING = 'Loading the followed plan…';
export const FOLLOWED_PLAN_FAILED = 'Unable to load the followed plan right now. It is tried again in a minute.';
export const PLAN_ENDED = 'The plan is no longer followed.';
export const PLAN_STOPPED_HERE = 'You stopped following the plan. The daily budgets stay where the last step put them.';

/** Props of FollowingStatus. */
export interface FollowingStatusProps {
  /** The optimizer's state: following, stopping, stopped or ended. */
  state: OptimizerState;
  /** The followed plan as last loaded; null until it is. */
  plan: FollowedPlan | null;
  followError: unknown;
  stopError: unknown;
  writes: boolean;
  /** The stop confirmation is open. */
  confirming: boolean;
  onAskStop: () => void;
  onCancelStop: () => void;
  onStop: () => void;
}

/**
 * The plan just applied and followed: how far it got, refreshed by the optimizer every minute,
 * and Stop following (after a confirmation) while it is followed. A refused stop says why.
 */
export function FollowingStatus({
  state,
  plan,
  followError,
  stopError,
  writes,
  confirming,
  onAskStop,
  onCancelStop,
  onStop,
}: FollowingStatusProps) {
  const headingId = useId();
  const watching = state === 'following' || state === 'stopping';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.125rem' }}>
          {FOLLOWING_HEADING}
        </Typography>
        {watching && <Typography color="text.secondary">{FOLLOWING_INTRO}</Typography>}
        {state === 'stopped' && <Alert severity="success">{PLAN_STOPPED_HERE}</Alert>}
        {state === 'ended' && <Alert severity="info">{PLAN_ENDED}</Alert>}
        {stopError !== null && <Alert severity="error">{errorMessage(stopError, STOP_FAILED)}</Alert>}
        {followError !== null && <Alert severity="warning">{errorMessage(followError, FOLLOWED_PLAN_FAILED)}</Alert>}
        {plan ? (
          <FollowedPlanDetails plan={plan} />
        ) : (
          followError === null && (
            <Typography role="status" color="text.secondary">
              {FOLLOWED_PLAN_LOADING}
            </Typography>
          )
        )}
        {writes && watching && plan?.status === 'following' && (
          <Box>
            <LoadingButton
              variant="outlined"
              color="error"
              size="small"
              loading={state === 'stopping'}
              onClick={onAskStop}
            >
              {STOP_FOLLOWING_LABEL}
            </LoadingButton>
          </Box>
        )}
      </Stack>
      <StopPlanDialog
        plan={confirming ? plan : null}
        busy={false}
        failure={null}
        onCancel={onCancelStop}
        onConfirm={onStop}
      />
    </Paper>
  );
}
