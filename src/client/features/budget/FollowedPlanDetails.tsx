import { formatDay } from '@client/lib/format';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { FOLLOWED_PLAN_STATUS_LABELS, type FollowedPlan, OPTIMIZER_OBJECTIVE_LABELS } from '@shared/api/budgets';

import { formatMinor } from './budgetFormat';

/** The steps a followed plan took, in words: 'Step 2 (14 Jan, 15 Jan)', or 'No step taken yet'. */
export function stepsTakenText(plan: Pick<FollowedPlan, 'steps'>): string {
  if (plan.steps.length === 0) return 'No step taken yet';
  return `Step ${plan.steps.length} (${plan.steps.map((step) => formatDay(step.day)).join(', ')})`;
}

/** One campaign of a followed plan: 'Brand search: $100.00 → $130.00 → $169.00'. */
export const followedCampaignLine = (campaign: FollowedPlan['campaigns'][number], currency: string) =>
  `${campaign.name}: ${formatMinor(campaign.start, currency)} → ${formatMinor(campaign.written, currency)} → ${formatMinor(campaign.target, currency)}`;

/**
 * One followed plan as the user checks on it: its status, what it maximises, the steps taken
 * and, per campaign, the daily budget it started from, the one written last and its target;
 * why it stopped, when it did.
 */
export function FollowedPlanDetails({ plan, headingId }: { plan: FollowedPlan; headingId?: string }) {
  const currency = plan.account.currency;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {OPTIMIZER_OBJECTIVE_LABELS[plan.objective]}, {stepsTakenText(plan)}
        </Typography>
        <Chip
          size="small"
          label={FOLLOWED_PLAN_STATUS_LABELS[plan.status]}
          color={plan.status === 'following' ? 'primary' : 'default'}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Daily budgets: start → now → target
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {plan.campaigns.map((campaign) => (
          <li key={campaign.campaign_id}>{followedCampaignLine(campaign, currency)}</li>
        ))}
      </Box>
      {plan.stop_reason && <Typography variant="body2">{plan.stop_reason}</Typography>}
    </Stack>
  );
}
