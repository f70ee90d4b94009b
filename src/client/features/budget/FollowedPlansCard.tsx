import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { notify } from '@client/lib/notify';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { FollowedPlan } from '@shared/api/budgets';
import { useId, useState } from 'react';

import { useListFollowedPlansQuery, useStopFollowedPlanMutation } from './budgets.api';
import { FollowedPlanDetails } from './FollowedPlanDetails';
import { STOP_FAILED, STOP_FOLLOWING_LABEL, StopPlanDialog } from './StopPlanDialog';

/** The card's heading and its states' words. */
export const FOLLOWED_PLANS_HEADING = 'Followed plans';
export const NO_FOLLOWED_PLAN = 'No plan is being followed on this account.';
export const FOLLOWED_PLANS_FAILED = 'Unable to load the followed plans right now.';
/** The toast once a plan is stopped. */
export const PLAN_STOPPED = 'The plan is no longer followed. The daily budgets stay as they are.';

/** Stop following with its confirmation; a refusal (409: it already ended) is said in the dialog. */
function useStopWithConfirmation() {
  const [asked, setAsked] = useState<FollowedPlan | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stopPlan, { isLoading }] = useStopFollowedPlanMutation();
  const ask = (plan: FollowedPlan) => {
    setFailure(null);
    setAsked(plan);
  };
  const confirm = async () => {
    if (!asked) return;
    try {
      await stopPlan(asked.id).unwrap();
      notify(PLAN_STOPPED, 'success');
      setAsked(null);
    } catch (error) {
      setFailure(errorMessage(error, STOP_FAILED));
    }
  };
  return { asked, failure, busy: isLoading, ask, cancel: () => setAsked(null), confirm };
}

/** Props of FollowedPlansCard. */
export interface FollowedPlansCardProps {
  /** The ad account whose plans are listed. */
  account: string;
  /** Whether the role stops plans ('budgets:write'). */
  writes: boolean;
  /** A plan shown (with its own Stop) just above, left out here so it is not listed twice. */
  shownAbove?: string | null;
}

/**
 * The account's followed plans, newest first: each with its status, steps taken and budgets
 * start → now → target, why it stopped, and (for a writer) Stop following on a plan still
 * followed, after a confirmation.
 */
export function FollowedPlansCard({ account, writes, shownAbove = null }: FollowedPlansCardProps) {
  const headingId = useId();
  const { data, error, isError, isFetching, refetch } = useListFollowedPlansQuery(account);
  const stop = useStopWithConfirmation();
  const plans = data?.plans;
  const listed = plans?.filter((plan) => plan.id !== shownAbove) ?? [];

  let content;
  if (isError && !data) {
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, FOLLOWED_PLANS_FAILED)}
      </RetryAlert>
    );
  } else if (!plans) {
    content = (
      <Typography role="status" color="text.secondary">
        Loading followed plans…
      </Typography>
    );
  } else {
    content = (
      <>
        {!plans.some((plan) => plan.status === 'following') && (
          <Typography color="text.secondary">{NO_FOLLOWED_PLAN}</Typography>
        )}
        {listed.length > 0 && (
          <Stack
            component="ul"
            spacing={1.5}
            aria-labelledby={headingId}
            aria-busy={isFetching}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
          >
            {listed.map((plan) => (
              <FollowedPlanItem key={plan.id} plan={plan} writes={writes} onStop={() => stop.ask(plan)} />
            ))}
          </Stack>
        )}
      </>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.125rem' }}>
          {FOLLOWED_PLANS_HEADING}
        </Typography>
        {content}
      </Stack>
      <StopPlanDialog
        plan={stop.asked}
        busy={stop.busy}
        failure={stop.failure}
        onCancel={stop.cancel}
        onConfirm={() => void stop.confirm()}
      />
    </Paper>
  );
}

function FollowedPlanItem({ plan, writes, onStop }: { plan: FollowedPlan; writes: boolean; onStop: () => void }) {
  const titleId = useId();
  return (
    <Box component="li" aria-labelledby={titleId} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack spacing={1}>
        <FollowedPlanDetails plan={plan} headingId={titleId} />
        {writes && plan.status === 'following' && (
          <Box>
            <Button variant="outlined" color="error" size="small" onClick={onStop} aria-describedby={titleId}>
              {STOP_FOLLOWING_LABEL}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
