import { BUDGET_SCOPES, PACING_STATUS_LABELS } from '@shared/api/budgets';
import { z } from 'zod';

import { intervalSchema, platformSchema } from './schemas';
import { readTool } from './tool';

const PACING_STATUSES = Object.keys(PACING_STATUS_LABELS) as [
  keyof typeof PACING_STATUS_LABELS,
  ...(keyof typeof PACING_STATUS_LABELS)[],
];

/** get_budgets: GET budgets/ (monthly budgets and their pacing), less the pacing chart's daily points. */
export const getBudgets = readTool({
  name: 'get_budgets',
  title: 'Budgets and pacing',
  description:
    "The workspace's monthly budgets (the whole workspace, one platform or one ad account) and how each is pacing this month: spent so far, the month's projected spend with a 90% range, on track, under- or over-pacing against a band that narrows towards the month's end, and the change of daily budgets that would bring it back on track, in words. " +
    'Money is in major units of the budget’s currency. Reading changes nothing.',
  // GET budgets/.
  action: 'budgets:read',
  input: z.object({}),
  output: z.object({
    budgets: z.array(
      z.object({
        id: z.string(),
        label: z.string().describe("What the budget covers: 'The whole workspace', 'Google Ads', an account's name."),
        scope: z.enum(BUDGET_SCOPES),
        platform: platformSchema.nullable(),
        account: z.string().nullable().describe('For an account budget: the account’s `id` from list_ad_accounts.'),
        amount: z.number().describe('Per month.'),
        currency: z.string(),
        pacing: z.object({
          month: z.string(),
          today: z.string(),
          target: z.number().describe('What should be spent by the end of the month.'),
          spent: z.number(),
          projected: intervalSchema.describe("The month's projected spend, 90% range."),
          ratio: z.number().describe('Projected ÷ target.'),
          tolerance: z.number().describe("The band's half-width today (0.25: ±25%)."),
          status: z.enum(PACING_STATUSES),
          daily_now: z.number(),
          daily_needed: z.number(),
          change: z.number().describe('The change of daily budgets that brings the month back on track (0.1: +10%).'),
          advice: z.string(),
        }),
      }),
    ),
  }),
  async run(_args, { principal, services }) {
    const { budgets } = await services.budgets.list(principal);
    const shown = budgets.map(
      ({
        campaign_caps: _caps,
        band: _band,
        created_at: _created,
        pacing: { points: _points, ...pacing },
        ...budget
      }) => ({ ...budget, pacing }),
    );
    const off = shown.filter((budget) => budget.pacing.status !== 'on_track');
    return {
      structured: { budgets: shown },
      summary:
        shown.length === 0
          ? 'This workspace has no monthly budgets yet.'
          : `${shown.length} budget(s), ${off.length} off track${off.length ? `: ${off.map((budget) => `${budget.label}: ${budget.pacing.advice}`).join(' ')}` : '.'}`,
    };
  },
});
