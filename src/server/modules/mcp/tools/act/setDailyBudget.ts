import { minorToDecimal } from '@shared/money';
import { z } from 'zod';

import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { actionView, loggedAction, undoHint, whereWords } from './words';

const money = (minor: number, currency: string) => `${currency} ${minorToDecimal(minor, currency)} a day`;

/** set_daily_budget: a campaign's own daily budget, through the dashboard service and the actions log. */
export const setDailyBudget = actTool({
  name: 'set_daily_budget',
  title: "Change a campaign's daily budget",
  description:
    "Sets a campaign's daily budget (its `id` from get_performance with level campaign) at its ad platform, in minor units of the account's currency (cents: 1500 is 15.00). Only a campaign with a daily budget of its own; within the bounds the account's budget keeps it to. Logged in the actions log and undoable for 10 minutes." +
    TWO_STEPS,
  action: 'campaigns:write',
  destructive: true,
  openWorld: true,
  input: z.object({
    campaign_id: uuidArgument('campaign_id').describe('The campaign, its `id` from get_performance (level campaign).'),
    daily_budget: z
      .number({ error: 'daily_budget must be a whole number of minor units (cents).' })
      .int({ error: 'daily_budget must be a whole number of minor units (cents).' })
      .positive({ error: 'daily_budget must be 1 or more.' })
      .describe("The new daily budget in minor units of the account's currency (1500 is 15.00)."),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const found = await services.dashboard.previewCampaignBudget(principal, args.campaign_id, args.daily_budget);
    const { currency } = found.account;
    const where = whereWords(found.account.platform, found.account);
    return {
      preview: found as unknown as Record<string, unknown>,
      summary: found.unchanged
        ? `Campaign “${found.campaign.name}” on ${where} already has a daily budget of ${money(found.to, currency)}.`
        : `On ${where}: change the daily budget of campaign “${found.campaign.name}” from ${money(found.from, currency)} to ${money(found.to, currency)}.`,
      state: found.from,
      nothingToDo: found.unchanged,
    };
  },
  async execute(args, context, preview) {
    const { principal, services } = context;
    const result = await services.dashboard.changeCampaignBudget(
      principal,
      args.campaign_id,
      args.daily_budget,
      preview.state as number,
    );
    const action = await loggedAction(context, result.action_id);
    return {
      structured: { status: 'applied', campaign: result, action: action ? actionView(action) : null },
      summary:
        `Done: the daily budget is ${money(result.daily_budget, result.currency)}. ${action ? undoHint(action.id) : ''}`.trim(),
    };
  },
});
