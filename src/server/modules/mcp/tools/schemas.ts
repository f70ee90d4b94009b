import { ROLES } from '@shared/access/policy';
import { MCP_ACCESS_LEVELS } from '@shared/api/mcp';
import { PLATFORMS } from '@shared/constants';
import { z } from 'zod';

/**
 * zod shapes shared by several tools' output schemas. They describe what the app's presenters
 * already return (the same JSON the HTTP API answers with), so an assistant reads the same words.
 */

export const platformSchema = z.enum(PLATFORMS);
export const roleSchema = z.enum(ROLES);
export const accessSchema = z.enum(MCP_ACCESS_LEVELS);

export const intervalSchema = z.object({ mid: z.number(), low: z.number(), high: z.number() });

export const totalsSchema = z.object({
  spend: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  conversion_value: z.number(),
  ctr: z.number().describe('Percent: clicks / impressions × 100.'),
  cpc: z.number().describe('Spend per click.'),
  roas: z.number().describe('Conversion value / spend.'),
});

export const seriesPointSchema = z.object({
  date: z.string(),
  day: z.string(),
  spend: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  conversions: z.number(),
});

/** A UUID argument (an id the app gave), with words a person understands when it is not one. */
export const uuidArgument = (what: string) =>
  z.uuid({ error: `${what} must be an id Adwise gave (a UUID), as listed by the other tools.` });

/** How many items a list tool returns at most. */
export const limitArgument = (max: number, fallback: number) =>
  z
    .number({ error: `limit must be a whole number from 1 to ${max}.` })
    .int({ error: `limit must be a whole number from 1 to ${max}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${max}.` })
    .max(max, { error: `limit must be a whole number from 1 to ${max}.` })
    .default(fallback);

/** How one platform counts its conversions (GET dashboard/'s `attribution`). */
export const attributionSchema = z.object({
  platform: platformSchema,
  basis: z.literal('platform-reported'),
  label: z
    .string()
    .describe('The window, e.g. "7-day click, 1-day view"; "window not reported yet" before a sync read one.'),
  click_days: z.number().nullable(),
  view_days: z.number().nullable(),
  windows: z.array(
    z.object({
      account_id: z.string(),
      label: z.string(),
      click_days: z.number().nullable(),
      view_days: z.number().nullable(),
      source: z.string(),
    }),
  ),
  updated_at: z.string().nullable(),
});

const ratioIntervalSchema = z.object({ mid: z.number(), low: z.number(), high: z.number().nullable() });

/** The workspace's own conversions and revenue with the blended figures (GET first-party/'s `firstParty`). */
export const firstPartySchema = z.object({
  days_covered: z
    .number()
    .describe('Days of the range with a first-party day; every figure here reads these days only.'),
  conversions: z.number(),
  revenue: z.number(),
  spend: z.number().describe('All ad spend over the covered days.'),
  blended_cpa: z.number().nullable().describe('All ad spend ÷ first-party conversions.'),
  blended_roas: z.number().nullable().describe('First-party revenue ÷ all ad spend.'),
  mer: z.number().nullable().describe('Marketing efficiency ratio: revenue ÷ all ad spend.'),
  interval_level: z.number(),
  platforms: z.array(
    z.object({
      platform: platformSchema,
      spend: z.number(),
      spend_share: z.number(),
      claimed_conversions: z.number(),
      expected_conversions: z.number().describe('First-party conversions × the platform’s share of spend.'),
      over_attribution: ratioIntervalSchema.nullable().describe('claimed ÷ expected with its interval.'),
    }),
  ),
  unconverted_currencies: z.array(z.string()),
});
