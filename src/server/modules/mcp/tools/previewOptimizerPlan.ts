import { OPTIMIZER_HOLD_LABELS, OPTIMIZER_OBJECTIVES } from '@shared/api/budgets';
import { minorToDecimal } from '@shared/money';
import { z } from 'zod';

import { optimizerPlanArguments, planChanges } from './optimizerPlanArguments';
import { intervalSchema, platformSchema } from './schemas';
import { readTool } from './tool';

const HOLDS = Object.keys(OPTIMIZER_HOLD_LABELS) as [
  keyof typeof OPTIMIZER_HOLD_LABELS,
  ...(keyof typeof OPTIMIZER_HOLD_LABELS)[],
];

/** preview_optimizer_plan: GET optimizer/ (the plan the Budgets page shows), nothing written. */
export const previewOptimizerPlan = readTool({
  name: 'preview_optimizer_plan',
  title: "Preview the budget optimizer's plan",
  description:
    "The budget optimizer's plan for one ad account: its campaigns' daily budgets moved towards where the next conversion is cheapest, at the same total, each by at most max_step per day, with the expected conversions (or value) a day now and after as 90% ranges, each campaign's marginal CPA now and after, and why a campaign is held. " +
    'Money is in minor units of the account’s currency (cents). Nothing is written; follow_optimizer_plan writes it.',
  // GET optimizer/.
  action: 'budgets:read',
  input: z.object(optimizerPlanArguments),
  output: z.object({
    account: z.object({ id: z.string(), name: z.string(), platform: platformSchema, currency: z.string() }),
    objective: z.enum(OPTIMIZER_OBJECTIVES),
    max_step: z.number(),
    locked: z.array(z.string()),
    steps_to_target: z.number().describe('Daily steps a followed plan takes to reach every target (0: nothing moves).'),
    total_budget: z.number().describe('Total daily budget of these campaigns, the same before and after.'),
    campaigns: z.array(
      z.object({
        campaign_id: z.string(),
        name: z.string(),
        from: z.number(),
        to: z.number(),
        target: z.number().describe('Where a followed plan takes it.'),
        hold: z.enum(HOLDS).nullable(),
        marginal_cpa_now: z.number().nullable(),
        marginal_cpa_after: z.number().nullable(),
        conversions_now: intervalSchema,
        conversions_after: intervalSchema,
      }),
    ),
    now: intervalSchema.describe('Expected conversions a day now.'),
    after: intervalSchema,
    gain: intervalSchema,
    value: z.object({ now: intervalSchema, after: intervalSchema, gain: intervalSchema }).nullable(),
    note: z.string().nullable().describe('Why nothing moves, when nothing does.'),
  }),
  async run(args, { principal, services }) {
    const plan = await services.optimizer.plan(principal, {
      account: args.account_id,
      objective: args.objective,
      max_step: args.max_step,
      locked: args.locked,
    });
    const campaigns = plan.campaigns.map(
      ({ value_now: _valueNow, value_after: _valueAfter, min: _min, max: _max, ...campaign }) => campaign,
    );
    const changes = planChanges(plan);
    const money = (minor: number) => `${plan.account.currency} ${minorToDecimal(minor, plan.account.currency)}`;
    const gain = `${plan.gain.mid.toFixed(1)} (90%: ${plan.gain.low.toFixed(1)} to ${plan.gain.high.toFixed(1)})`;
    return {
      structured: { ...plan, campaigns },
      summary: changes.length
        ? `The plan moves ${changes.length} campaign(s) at the same total: ${changes.map((c) => `“${c.name}” ${money(c.from)} → ${money(c.to)} a day`).join('; ')}; expected gain ${gain} conversions a day.`
        : `The optimizer moves nothing on “${plan.account.name}”${plan.note ? `: ${plan.note}` : '.'}`,
    };
  },
});
