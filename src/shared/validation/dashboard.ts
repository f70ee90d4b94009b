import { type AnyObject, type InferType, mixed, number, object, string, type TestConfig } from 'yup';

import {
  CAMPAIGN_FORMATS,
  CAMPAIGN_MAX_PAGE,
  CAMPAIGN_PAGE_SIZES,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORT_KEYS,
  type CampaignSortKey,
  type CampaignStatusLabel,
  DASHBOARD_MESSAGES,
  DEFAULT_CAMPAIGN_PAGE_SIZE,
  DISPLAY_CURRENCIES,
  EARLIEST_DAY,
  LATEST_DAY,
  MAX_RANGE_DAYS,
  type PlatformFilter,
} from '../api/dashboard';
import { PLATFORMS } from '../constants';
import { daysInRange, isCalendarDay, type IsoDay } from '../days';
import { SYNC_INTERVAL_MINUTES } from '../platformInfo';
import { UUID_PATTERN } from './uuid';

/**
 * The dashboard's inputs (contract: ../api/dashboard), checked with the messages the client
 * shows. The server runs these as route schemas; the client's date range uses the same day and
 * range rules. Query values arrive as text: they are trimmed, and an empty one counts as left out.
 */

/** True for a calendar day the dashboard accepts: EARLIEST_DAY to LATEST_DAY. */
export const isDashboardDay = (value: unknown): value is IsoDay =>
  isCalendarDay(value) && value >= EARLIEST_DAY && value <= LATEST_DAY;

/** Why two accepted days are not a range one may ask for (from after to, or too long), or null. */
export function rangeProblem(from: IsoDay, to: IsoDay): string | null {
  return from > to || daysInRange(from, to) > MAX_RANGE_DAYS ? DASHBOARD_MESSAGES.badRange : null;
}

/** A query value: trimmed, and left out when empty (`?platform=` asks for no filter). */
export const queryText = () =>
  string()
    .trim()
    .transform((value: string | undefined) => (value === '' ? undefined : value));

/** A whole-number query value; an empty one is left out, anything else not a number fails with `message`. */
export const queryNumber = (message: string) =>
  number()
    .typeError(message)
    .transform((value: number | undefined, original: unknown) =>
      typeof original === 'string' && original.trim() === '' ? undefined : value,
    );

/** One end of a range: a real day (badDate) within EARLIEST_DAY..LATEST_DAY (dayOutOfRange). */
const day = () =>
  queryText()
    .test('day', DASHBOARD_MESSAGES.badDate, (value) => value === undefined || isCalendarDay(value))
    .test(
      'day-in-range',
      DASHBOARD_MESSAGES.dayOutOfRange,
      (value) => value === undefined || !isCalendarDay(value) || isDashboardDay(value),
    );

/** From on or before to, at most MAX_RANGE_DAYS, when both ends are given and valid (reported on `from`). */
const rangeTest: TestConfig<AnyObject> = {
  name: 'range',
  test(value, context) {
    const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
    if (!isDashboardDay(from) || !isDashboardDay(to)) return true;
    const problem = rangeProblem(from, to);
    return problem === null || context.createError({ path: 'from', message: problem });
  },
};

const currency = () => queryText().uppercase().oneOf(DISPLAY_CURRENCIES, DASHBOARD_MESSAGES.unknownCurrency);

/**
 * A date range as the client's custom range control asks for it: both ends required. The
 * dashboard queries below leave either end out (the server then counts to today and the default
 * range before it).
 */
export const dateRangeSchema = object({
  from: day().required(DASHBOARD_MESSAGES.badDate),
  to: day().required(DASHBOARD_MESSAGES.badDate),
}).test(rangeTest);

/** Filters common to dashboard/ and dashboard/campaigns/. */
const viewFields = {
  platform: queryText()
    .oneOf(['all', ...PLATFORMS] as const, DASHBOARD_MESSAGES.unknownPlatform)
    .default('all' as PlatformFilter),
  /** One of the user's accounts; whether it is theirs is the service's question. */
  account: queryText().matches(UUID_PATTERN, DASHBOARD_MESSAGES.unknownAccount),
  from: day(),
  to: day(),
  /** Omitted: the user's saved display currency. */
  currency: currency(),
};

/** GET dashboard/?platform&account&from&to&currency. */
export const dashboardQuerySchema = object(viewFields).test(rangeTest);
export type DashboardViewQuery = InferType<typeof dashboardQuerySchema>;

/** Sort columns that read best A to Z; the others start with the largest figure. */
const ASCENDING_SORTS: readonly string[] = ['name', 'platform', 'status'] satisfies CampaignSortKey[];

/** GET dashboard/campaigns/: the view's filters plus sorting, paging, search and the CSV switch. */
export const campaignListQuerySchema = object({
  ...viewFields,
  sort: queryText()
    .oneOf(CAMPAIGN_SORT_KEYS, DASHBOARD_MESSAGES.badSort)
    .default('spend' as CampaignSortKey),
  order: queryText()
    .oneOf(['asc', 'desc'] as const, DASHBOARD_MESSAGES.badOrder)
    .default('desc')
    .when('sort', ([sort], schema) => (ASCENDING_SORTS.includes(sort) ? schema.default('asc') : schema)),
  page: queryNumber(DASHBOARD_MESSAGES.badPage)
    .integer(DASHBOARD_MESSAGES.badPage)
    .min(1, DASHBOARD_MESSAGES.badPage)
    .max(CAMPAIGN_MAX_PAGE, DASHBOARD_MESSAGES.badPage)
    .default(1),
  page_size: queryNumber(DASHBOARD_MESSAGES.badPageSize)
    .oneOf(CAMPAIGN_PAGE_SIZES, DASHBOARD_MESSAGES.badPageSize)
    .default(DEFAULT_CAMPAIGN_PAGE_SIZE),
  /** Case-insensitive part of a campaign name. */
  q: queryText().max(CAMPAIGN_SEARCH_MAX, DASHBOARD_MESSAGES.searchTooLong),
  format: queryText().oneOf(CAMPAIGN_FORMATS, DASHBOARD_MESSAGES.badFormat).default('json'),
}).test(rangeTest);
export type CampaignListQuery = InferType<typeof campaignListQuerySchema>;

/**
 * GET dashboard/campaigns/<id>/ads/ and auth/<platform>/performance/: a range and a currency
 * (the campaign or the path fixes the platform and accounts; other filters are ignored).
 */
export const dashboardRangeQuerySchema = object({
  from: day(),
  to: day(),
  currency: currency(),
}).test(rangeTest);
export type DashboardRangeQuery = InferType<typeof dashboardRangeQuerySchema>;

/** GET dashboard/ads/: a part of an ad's name. */
export const adSearchQuerySchema = object({
  /** Case-insensitive part of an ad name. */
  q: queryText().max(CAMPAIGN_SEARCH_MAX, DASHBOARD_MESSAGES.searchTooLong),
});
export type AdSearchQuery = InferType<typeof adSearchQuerySchema>;

/** POST dashboard/campaigns/<id>/status/. */
export const campaignStatusSchema = object({
  status: mixed<CampaignStatusLabel>()
    .oneOf(['Active', 'Paused'], DASHBOARD_MESSAGES.badStatus)
    .required(DASHBOARD_MESSAGES.badStatus),
});
export type CampaignStatusInput = InferType<typeof campaignStatusSchema>;

/** PUT dashboard/settings/: the display currency, in any case. */
export const dashboardSettingsSchema = object({
  currency: string()
    .trim()
    .uppercase()
    .oneOf(DISPLAY_CURRENCIES, DASHBOARD_MESSAGES.unknownCurrency)
    .required(DASHBOARD_MESSAGES.unknownCurrency),
});
export type DashboardSettingsInput = InferType<typeof dashboardSettingsSchema>;

export const SYNC_CADENCE_MESSAGE = `Sync every ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max} minutes (a whole number).`;

/** PUT sync/settings/: the workspace's cadence. */
export const syncSettingsSchema = object({
  interval_minutes: number()
    .typeError(SYNC_CADENCE_MESSAGE)
    .strict()
    .required(SYNC_CADENCE_MESSAGE)
    .integer(SYNC_CADENCE_MESSAGE)
    .min(SYNC_INTERVAL_MINUTES.min, SYNC_CADENCE_MESSAGE)
    .max(SYNC_INTERVAL_MINUTES.max, SYNC_CADENCE_MESSAGE),
});
export type SyncSettingsInput = InferType<typeof syncSettingsSchema>;

/** POST sync/: one platform, or every one ('all', null or left out). */
export const syncRequestSchema = object({
  platform: mixed<PlatformFilter>()
    .oneOf(['all', ...PLATFORMS], DASHBOARD_MESSAGES.unknownPlatform)
    .nullable()
    .optional(),
});
export type SyncRequestInput = InferType<typeof syncRequestSchema>;
