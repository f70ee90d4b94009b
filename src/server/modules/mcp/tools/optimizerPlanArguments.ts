import { DEFAULT_MAX_STEP, MAX_STEP_BOUNDS, OPTIMIZER_OBJECTIVES, type OptimizerPlanView } from '@shared/api/budgets';
import { z } from 'zod';

import { uuidArgument } from './schemas';

/** The budget optimizer's options, as GET optimizer/ takes them: preview_optimizer_plan and follow_optimizer_plan share them. */
export const optimizerPlanArguments = {
  account_id: uuidArgument('account_id').describe('The ad account, its `id` from list_ad_accounts.'),
  objective: z
    .enum(OPTIMIZER_OBJECTIVES)
    .default('conversions')
    .describe('What the plan maximises: conversions or value.'),
  max_step: z
    .number()
    .min(MAX_STEP_BOUNDS.min)
    .max(MAX_STEP_BOUNDS.max)
    .default(DEFAULT_MAX_STEP)
    .describe('How far one step may move a budget (0.3: ±30%).'),
  locked: z
    .array(z.string().max(200))
    .max(200)
    .default([])
    .describe("Platform campaign ids kept as they are (the plan's campaign_id)."),
};

/** The campaigns a plan moves, with where a followed plan takes them (money in minor units of the account's currency). */
export const planChanges = (plan: OptimizerPlanView) =>
  plan.campaigns
    .filter((c) => c.to !== c.from)
    .map((c) => ({ campaign_id: c.campaign_id, name: c.name, from: c.from, to: c.to, target: c.target }));
