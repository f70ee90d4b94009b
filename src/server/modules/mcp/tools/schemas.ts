import { z } from 'zod';
import { ROLES } from '@shared/access/policy';
import { MCP_ACCESS_LEVELS } from '@shared/api/mcp';
import { PLATFORMS } from '@shared/constants';

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
export const uuidArgument = (what: string) => z.uuid({ error: `${what} must be an id Adwise gave (a UUID), as listed by the other tools.` });

/** How many items a list tool returns at most. */
export const limitArgument = (max: number, fallback: number) =>
  z
    .number({ error: `limit must be a whole number from 1 to ${max}.` })
    .int({ error: `limit must be a whole number from 1 to ${max}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${max}.` })
    .max(max, { error: `limit must be a whole number from 1 to ${max}.` })
    .default(fallback);
