import { CAMPAIGN_SORT_KEYS, DISPLAY_CURRENCIES } from '@shared/api/dashboard';
import { PLATFORM_LABELS } from '@shared/constants';
import { conversionsBasis, windowsSentence } from '@shared/firstPartyFormat';
import { z } from 'zod';

import { badRequest } from '../../../lib/httpError';
import { PERFORMANCE_BREAKDOWNS, PERFORMANCE_LEVELS } from '../../dashboard/dashboard.table';
import { decodeCursor, encodeCursor } from './cursor';
import {
  attributionSchema,
  firstPartySchema,
  platformSchema,
  seriesPointSchema,
  totalsSchema,
  uuidArgument,
} from './schemas';
import { readTool } from './tool';

/** Most rows one page holds. */
export const PERFORMANCE_MAX_LIMIT = 200;
const PERFORMANCE_DEFAULT_LIMIT = 50;

export const PERFORMANCE_TOOL_MESSAGES = {
  badDay: (name: string) => `${name} must be a day written YYYY-MM-DD, e.g. 2025-03-01.`,
  badCursor:
    'That cursor is not from this query: call get_performance again without a cursor, or with the next_cursor of the same query.',
  badLimit: `limit must be a whole number from 1 to ${PERFORMANCE_MAX_LIMIT}.`,
} as const;

const day = (name: string) =>
  z
    .string({ error: PERFORMANCE_TOOL_MESSAGES.badDay(name) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PERFORMANCE_TOOL_MESSAGES.badDay(name) });

/** An amount in words: '1234.5 USD'. */
const money = (amount: number, currency: string) => `${amount} ${currency}`;

const rowSchema = z.object({
  level: z.enum(PERFORMANCE_LEVELS),
  id: z.string().describe('Adwise id of an account or campaign; the platform’s id of an ad.'),
  name: z.string(),
  platform: platformSchema,
  account: z.object({ id: z.string(), account_id: z.string(), name: z.string(), currency: z.string() }),
  campaign_id: z.string().nullable().describe('The platform’s campaign id (campaign and ad rows).'),
  status: z.enum(['Active', 'Paused']).nullable(),
  totals: totalsSchema,
  series: z.array(seriesPointSchema).nullable(),
});

/**
 * get_performance: the dashboard's figures (GET dashboard/ for the totals and series,
 * dashboard/campaigns/ for campaign rows), read by the dashboard service itself.
 */
export const getPerformance = readTool({
  name: 'get_performance',
  title: 'Get ad performance',
  description:
    'Spend, impressions, clicks, conversions, conversion value, CTR, CPC and ROAS over a date range, converted into one display currency: the same figures the Adwise dashboard shows for the same filters. ' +
    'Rows by account, campaign or ad (`level`), as totals or with a daily series (`breakdown`), sorted and paged (pass `next_cursor` back as `cursor` for the next page). ' +
    'Filter by platform or by one account (`account_id` from list_ad_accounts). ' +
    'Conversions are platform-reported: each platform counts them under its own attribution window (`attribution`), so a total over several platforms may count one conversion more than once. ' +
    'Where the workspace gave Adwise its own daily conversions and revenue, `first_party` sets them beside the ad spend (blended CPA, blended ROAS, MER, and each platform’s claim against its share of spend).',
  // GET dashboard/ and dashboard/campaigns/.
  action: 'dashboard:read',
  input: z.object({
    from: day('from').describe('First day, YYYY-MM-DD.'),
    to: day('to').describe('Last day (included), YYYY-MM-DD.'),
    currency: z
      .enum(DISPLAY_CURRENCIES, { error: `currency must be one of ${DISPLAY_CURRENCIES.join(', ')}.` })
      .describe('Display currency every amount is converted into.'),
    platform: platformSchema.optional().describe('Only this platform’s accounts.'),
    account_id: uuidArgument('account_id')
      .optional()
      .describe('Only this connected account (its `id` from list_ad_accounts).'),
    level: z.enum(PERFORMANCE_LEVELS).default('account').describe('One row per account, campaign or ad.'),
    breakdown: z
      .enum(PERFORMANCE_BREAKDOWNS)
      .default('total')
      .describe("'total': one set of figures per row; 'day': every day too."),
    sort: z.enum(CAMPAIGN_SORT_KEYS).default('spend'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: z
      .number({ error: PERFORMANCE_TOOL_MESSAGES.badLimit })
      .int({ error: PERFORMANCE_TOOL_MESSAGES.badLimit })
      .min(1, { error: PERFORMANCE_TOOL_MESSAGES.badLimit })
      .max(PERFORMANCE_MAX_LIMIT, { error: PERFORMANCE_TOOL_MESSAGES.badLimit })
      .default(PERFORMANCE_DEFAULT_LIMIT),
    cursor: z
      .string()
      .max(200, { error: PERFORMANCE_TOOL_MESSAGES.badCursor })
      .optional()
      .describe('next_cursor of the previous page.'),
  }),
  output: z.object({
    currency: z.string(),
    range: z.object({ from: z.string(), to: z.string(), days: z.number() }),
    level: z.enum(PERFORMANCE_LEVELS),
    breakdown: z.enum(PERFORMANCE_BREAKDOWNS),
    totals: totalsSchema.describe('Every selected account together: the dashboard’s summary.'),
    series: z.array(seriesPointSchema).nullable().describe('With breakdown=day: the dashboard’s daily series.'),
    rows: z.array(rowSchema),
    total_rows: z.number(),
    next_cursor: z.string().nullable(),
    unconverted_currencies: z
      .array(z.string())
      .describe('Currencies without an exchange rate, left out of the figures.'),
    conversions_basis: z
      .string()
      .describe(
        'Whose conversions these are: "Platform-reported", and "May count a conversion more than once" where several platforms are added up.',
      ),
    attribution: z
      .array(attributionSchema)
      .describe('Per platform of the selection, the attribution window its conversions are counted under.'),
    first_party: firstPartySchema
      .nullable()
      .describe(
        'The workspace’s own numbers over the same days (every account’s spend), or null without first-party data.',
      ),
  }),
  async run(args, { principal, services }) {
    const { cursor, limit, account_id: account, ...rest } = args;
    const filters = { ...rest, account: account ?? null };
    const offset = cursor === undefined ? 0 : decodeCursor(cursor, filters);
    if (offset === undefined) throw badRequest(PERFORMANCE_TOOL_MESSAGES.badCursor, 'cursor');
    const platform = rest.platform ?? 'all';
    const [table, own] = await Promise.all([
      services.dashboard.table(principal, { ...rest, platform, account, limit, offset }),
      services.firstParty.view(principal, { from: rest.from, to: rest.to, currency: rest.currency, platform }),
    ]);
    const basis = conversionsBasis(table.attribution.length);
    const windows = windowsSentence(table.attribution);
    const firstParty = own.firstParty;
    const next =
      offset + table.rows.length < table.total_rows ? encodeCursor(offset + table.rows.length, filters) : null;
    const { totals } = table;
    const top = table.rows
      .slice(0, 3)
      .map((row) => `${row.name} (${PLATFORM_LABELS[row.platform]}) ${money(row.totals.spend, table.currency)}`)
      .join('; ');
    return {
      structured: { ...table, next_cursor: next, conversions_basis: basis, first_party: firstParty },
      summary:
        `${table.range.from} to ${table.range.to} in ${table.currency}: spend ${money(totals.spend, table.currency)}, ${totals.impressions} impressions, ${totals.clicks} clicks, ` +
        `${totals.conversions} conversions (${basis.toLowerCase()}), CTR ${totals.ctr}%, ROAS ${totals.roas}.` +
        (windows ? ` ${windows}` : '') +
        (firstParty
          ? ` Your own records over ${firstParty.days_covered} day(s): ${firstParty.conversions} conversions, blended CPA ${firstParty.blended_cpa ?? 'n/a'}, MER ${firstParty.mer ?? 'n/a'}.`
          : '') +
        ` ${table.total_rows} ${table.level} row(s)` +
        (top ? `, first by ${args.sort}: ${top}` : '') +
        (next ? '. More rows: pass next_cursor as cursor.' : '.'),
    };
  },
});
