import { minorToDecimal } from '@shared/money';
import { z } from 'zod';

import { optimizerPlanArguments, planChanges } from '../optimizerPlanArguments';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { undoHint, whereWords } from './words';

/** follow_optimizer_plan: the budget optimizer's Apply (POST optimizer/apply/), the plan as GET optimizer/ makes it now. */
export const followOptimizerPlan = actTool({
  name: 'follow_optimizer_plan',
  title: "Follow the budget optimizer's plan",
  description:
    "Writes the budget optimizer's plan for an ad account (its `id` from list_ad_accounts): its campaigns' daily budgets reallocated at the same total, as Apply on the Budgets page does, logged in the actions log and undoable for 10 minutes; with follow (the default) Adwise takes the plan's next steps each new day until its targets are reached or it is stopped in Adwise." +
    TWO_STEPS,
  action: 'budgets:write',
  destructive: true,
  openWorld: true,
  input: z.object({
    ...optimizerPlanArguments,
    follow: z
      .boolean()
      .default(true)
      .describe("Take the plan's next steps each new day (true), or write this step only (false)."),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const plan = await services.optimizer.plan(principal, {
      account: args.account_id,
      objective: args.objective,
      max_step: args.max_step,
      locked: args.locked,
    });
    const changes = planChanges(plan);
    const { currency } = plan.account;
    const where = whereWords(plan.account.platform, plan.account);
    const lines = changes.map(
      (c) =>
        `“${c.name}” from ${currency} ${minorToDecimal(c.from, currency)} to ${minorToDecimal(c.to, currency)} a day`,
    );
    return {
      preview: {
        account: plan.account,
        objective: plan.objective,
        max_step: plan.max_step,
        follow: args.follow,
        changes,
        total_budget: plan.total_budget,
        expected_conversions_gain_per_day: plan.gain,
        note: plan.note,
      },
      summary: changes.length
        ? `On ${where}: ${lines.join('; ')} (the same total)${args.follow ? `, then followed for about ${plan.steps_to_target} step(s), one a day` : ''}.`
        : `The optimizer moves nothing on ${where}${plan.note ? `: ${plan.note}` : '.'}`,
      state: changes.map(({ campaign_id, from, to }) => ({ campaign_id, from, to })),
      nothingToDo: changes.length === 0,
    };
  },
  async execute(args, { principal, services }, preview) {
    const changes = preview.state as { campaign_id: string; from: number; to: number }[];
    const result = await services.optimizer.apply(principal, {
      account: args.account_id,
      changes,
      objective: args.objective,
      max_step: args.max_step,
      locked: args.locked,
      follow: args.follow,
    });
    return {
      structured: {
        status: 'applied',
        action_id: result.action_id,
        change_lines: result.change_lines,
        plan_id: result.plan_id,
      },
      summary: `Done: ${result.change_lines.join('; ')}.${result.plan_id ? ' Adwise follows the plan from here.' : ''} ${undoHint(result.action_id)}`,
    };
  },
});
