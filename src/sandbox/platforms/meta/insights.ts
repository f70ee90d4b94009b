import { type DayMetrics, type ReportRow, type SandboxAccount, sum, type World } from '@sandbox/world';
import { addDays } from '@shared/days';
import { minorDigits, minorToDecimal } from '@shared/money';

import { SANDBOX_ATTRIBUTION } from '../../attribution';
import { trimDecimal } from './wire';

/**
 * The Insights edge of the Meta emulator: reading the request (level, time_range or
 * date_preset, time_increment, fields) and rendering rows the way Graph does: every metric a
 * string, spend in major units, conversions inside `actions` / `action_values` arrays repeated
 * under several action types that all count the same purchases.
 */

export type InsightsLevel = 'account' | 'campaign' | 'ad';

export interface InsightsQuery {
  level: InsightsLevel;
  since: string;
  until: string;
  /** time_increment=1: one row per day; otherwise one row for the whole range (all_days). */
  daily: boolean;
  fields: string[];
}

export interface InsightsQueryError {
  message: string;
  code: number;
  subcode?: number;
}

/** Fields the emulator can fill; others are rejected like Graph rejects unknown fields. */
export const INSIGHTS_FIELDS = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'ad_id',
  'ad_name',
  'spend',
  'impressions',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'actions',
  'action_values',
  'attribution_setting',
] as const;
/** What Graph returns when `fields` is absent. */
const DEFAULT_FIELDS = ['spend', 'impressions'];

/**
 * The action types a purchase is reported under. Meta repeats one purchase under each of
 * them with the same value; a client must count one of them only.
 */
export const PURCHASE_ACTION_TYPES = [
  'offsite_conversion.fb_pixel_purchase',
  'omni_purchase',
  'onsite_web_purchase',
  'purchase',
];
/** Landing-page views per link click the sandbox reports (an action that is not a conversion). */
const LANDING_PAGE_VIEWS_PER_CLICK = 0.8;
/** How far back Graph serves insights. */
const MAX_LOOKBACK_MONTHS = 37;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** date_preset values the sandbox understands, as [since, until] offsets from the account's today. */
const DATE_PRESETS: Record<string, (today: string) => [string, string]> = {
  today: (today) => [today, today],
  yesterday: (today) => [addDays(today, -1), addDays(today, -1)],
  last_7d: (today) => [addDays(today, -7), addDays(today, -1)],
  last_14d: (today) => [addDays(today, -14), addDays(today, -1)],
  last_30d: (today) => [addDays(today, -30), addDays(today, -1)],
  last_90d: (today) => [addDays(today, -90), addDays(today, -1)],
  this_month: (today) => [`${today.slice(0, 8)}01`, today],
};

function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** Reads an insights request; `today` is the account's current day. */
export function parseInsightsQuery(params: Record<string, string>, today: string): InsightsQuery | InsightsQueryError {
  const level = params.level ?? 'account';
  if (level === 'adset')
    return { code: 100, message: '(#100) level=adset is not emulated by the sandbox (it has no ad sets)' };
  if (level !== 'account' && level !== 'campaign' && level !== 'ad') {
    return { code: 100, message: '(#100) param level must be one of {ad, adset, campaign, account}' };
  }

  let since: string;
  let until: string;
  if (params.time_range) {
    let range: unknown;
    try {
      range = JSON.parse(params.time_range);
    } catch {
      range = undefined;
    }
    const { since: from, until: to } = (range ?? {}) as { since?: unknown; until?: unknown };
    if (typeof from !== 'string' || typeof to !== 'string' || !DATE.test(from) || !DATE.test(to)) {
      return {
        code: 100,
        message: '(#100) param time_range must be a JSON object like {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}',
      };
    }
    [since, until] = [from, to];
  } else {
    const preset = DATE_PRESETS[params.date_preset ?? 'last_30d'];
    if (!preset)
      return { code: 100, message: `(#100) date_preset ${params.date_preset} is not emulated by the sandbox` };
    [since, until] = preset(today);
  }
  if (since > until) return { code: 100, message: "(#100) time_range 'since' must be on or before 'until'" };
  if (since < monthsBefore(today, MAX_LOOKBACK_MONTHS)) {
    const message = `(#3018) The start date of the time range cannot be beyond ${MAX_LOOKBACK_MONTHS} months from the current date`;
    return { code: 3018, message };
  }

  const increment = params.time_increment ?? 'all_days';
  if (increment !== '1' && increment !== 'all_days') {
    return {
      code: 100,
      message: `(#100) time_increment=${increment} is not emulated by the sandbox (use 1 or all_days)`,
    };
  }

  const fields = params.fields
    ? params.fields
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : DEFAULT_FIELDS;
  const unknown = fields.find((field) => !(INSIGHTS_FIELDS as readonly string[]).includes(field));
  if (unknown) {
    return {
      code: 100,
      message:
        `(#100) ${unknown} is not valid for fields param. ` +
        'please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values',
    };
  }
  return { level, since, until, daily: increment === '1', fields };
}

/** Metrics of one output row, before rendering. */
interface Bucket {
  dateStart: string;
  dateStop: string;
  campaign: ReportRow['campaign'] | null;
  ad: ReportRow['ad'];
  metrics: DayMetrics[];
}

/** Groups the world's rows into Graph's output rows for the level and increment. */
function buckets(world: World, account: SandboxAccount, query: InsightsQuery): Bucket[] {
  const source = world.rows('meta', account.id, query.since, query.until, query.level === 'ad' ? 'ad' : 'campaign');
  const grouped = new Map<string, Bucket>();
  for (const row of source) {
    const entity = query.level === 'account' ? account.id : query.level === 'campaign' ? row.campaign.id : row.ad!.id;
    const key = query.daily ? `${row.date}/${entity}` : entity;
    let bucket = grouped.get(key);
    if (!bucket) {
      bucket = {
        dateStart: query.daily ? row.date : query.since,
        dateStop: query.daily ? row.date : query.until,
        campaign: query.level === 'account' ? null : row.campaign,
        ad: query.level === 'ad' ? row.ad : null,
        metrics: [],
      };
      grouped.set(key, bucket);
    }
    bucket.metrics.push(row.metrics);
  }
  return [...grouped.values()];
}

/** A non-negative scaled integer (value × 10^6) as trimmed decimal text. */
function microsText(micros: bigint): string {
  const whole = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  return trimDecimal(`${whole}.${fraction}`);
}

/**
 * `part / whole × scale` with six decimals, rounded half up, without floating point; `part`
 * is an integer with `partDigits` implied decimals (money in minor units, or 0 for counts).
 */
function ratioText(part: number, whole: number, scale: number, partDigits: number): string {
  const numerator = BigInt(part) * BigInt(scale) * 10n ** BigInt(6 - partDigits);
  return microsText((numerator * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}

function money(minor: number, currency: string): string {
  return trimDecimal(minorToDecimal(minor, currency));
}

/** Graph's `actions` array for a row; absent (undefined) when nothing happened. */
function actionsOf(metrics: DayMetrics): { action_type: string; value: string }[] | undefined {
  const list: { action_type: string; value: string }[] = [];
  const landingPageViews = Math.floor(metrics.clicks * LANDING_PAGE_VIEWS_PER_CLICK);
  if (landingPageViews > 0) list.push({ action_type: 'landing_page_view', value: String(landingPageViews) });
  if (metrics.clicks > 0) list.push({ action_type: 'link_click', value: String(metrics.clicks) });
  if (metrics.conversions > 0) {
    for (const type of PURCHASE_ACTION_TYPES) list.push({ action_type: type, value: String(metrics.conversions) });
  }
  return list.length > 0 ? list : undefined;
}

function actionValuesOf(metrics: DayMetrics, currency: string): { action_type: string; value: string }[] | undefined {
  if (metrics.conversions === 0) return undefined;
  return PURCHASE_ACTION_TYPES.map((type) => ({
    action_type: type,
    value: money(metrics.conversionValueMinor, currency),
  }));
}

/** The rows of an insights request, rendered, ordered by day then campaign then ad. */
export function insightsRows(world: World, account: SandboxAccount, query: InsightsQuery): Record<string, unknown>[] {
  const currency = account.currency;
  const digits = minorDigits(currency);
  return buckets(world, account, query).map((bucket) => {
    const metrics = sum(bucket.metrics);
    const values: Record<string, () => unknown> = {
      account_id: () => account.id.replace(/^act_/, ''),
      account_name: () => account.name,
      account_currency: () => currency,
      campaign_id: () => bucket.campaign?.id,
      campaign_name: () => bucket.campaign?.name,
      ad_id: () => bucket.ad?.id,
      ad_name: () => bucket.ad?.name,
      spend: () => money(metrics.spendMinor, currency),
      impressions: () => String(metrics.impressions),
      clicks: () => String(metrics.clicks),
      ctr: () => (metrics.impressions > 0 ? ratioText(metrics.clicks, metrics.impressions, 100, 0) : undefined),
      cpc: () => (metrics.clicks > 0 ? ratioText(metrics.spendMinor, metrics.clicks, 1, digits) : undefined),
      cpm: () =>
        metrics.impressions > 0 ? ratioText(metrics.spendMinor, metrics.impressions, 1000, digits) : undefined,
      actions: () => actionsOf(metrics),
      action_values: () => actionValuesOf(metrics, currency),
      attribution_setting: () => SANDBOX_ATTRIBUTION.meta.attribution_setting,
    };
    const row: Record<string, unknown> = {};
    for (const field of query.fields) {
      const value = values[field]();
      if (value !== undefined) row[field] = value;
    }
    row.date_start = bucket.dateStart;
    row.date_stop = bucket.dateStop;
    return row;
  });
}
