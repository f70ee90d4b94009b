import { type Platform, PLATFORM_LABELS } from '../constants';
import { addDays, daysInRange, type IsoDay, weekdayOf } from '../days';
import { MAX_DAILY_CAP } from './budgets';

/**
 * The Unified Ad Intelligence contract (spec sections 2, 3, 4, 7 and 8), shared by client and
 * server. Every call is under the API base and needs the signed-in user's access token and dashboard
 * access (a running trial or a paid plan; 403 otherwise).
 *
 * GET  dashboard/?platform&account&from&to&currency  -> DashboardView (summary, daily series, sync state)
 * GET  dashboard/campaigns/?…filters&sort&order&page&page_size&q&format=json  -> CampaignPage
 * GET  dashboard/campaigns/?…filters&format=csv      -> text/csv of every matching campaign (what the table shows)
 * GET  dashboard/campaigns/<id>/ads/?from&to&currency -> CampaignAds (drill-down)
 * POST dashboard/campaigns/<id>/status/ {status}      -> CampaignStatusResult (pauses/resumes at the platform; the action it is logged as)
 * PUT  dashboard/settings/ {currency}                 -> DashboardSettings (the display currency)
 * GET  auth/<platform>/performance/?from&to&currency  -> PlatformPerformance (502/409 when that platform's sync is failing)
 * POST sync/ {platform?}                              -> SyncStatus (queues a manual sync of every active connection)
 * GET  sync/                                          -> SyncStatus
 * PUT  sync/settings/ {interval_minutes}              -> SyncStatus (the workspace's sync cadence)
 *
 * Money in responses is in the display currency's major units (2 decimals, 0 for JPY-like
 * currencies), converted day by day with the exchange-rate table; rows keep their own currency
 * in the database and totals never mix currencies unconverted.
 */

/** The platform filter: one platform or all of them. */
export type PlatformFilter = Platform | 'all';

/** Display currencies the dashboard offers (the exchange-rate table has seed rates for each). */
export const DISPLAY_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'SGD', 'AED'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'INR';

/** The default date range: the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;
/** The longest range one request may ask for. */
export const MAX_RANGE_DAYS = 366;
/**
 * The first and last day a range may name. Ranges and their previous periods stay within
 * years PostgreSQL's date type and YYYY-MM-DD both write plainly (no year 0000 or below).
 */
export const EARLIEST_DAY: IsoDay = '1970-01-01';
export const LATEST_DAY: IsoDay = '2100-12-31';
/** Campaign table page sizes. */
export const CAMPAIGN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_CAMPAIGN_PAGE_SIZE = 25;
/** The last campaign page one may ask for, and the longest campaign search. */
export const CAMPAIGN_MAX_PAGE = 100_000;
export const CAMPAIGN_SEARCH_MAX = 200;
/** The most ads dashboard/ads/ answers a name search with (a list to pick from, not a report). */
export const AD_SEARCH_LIMIT = 20;
/** What dashboard/campaigns/ answers with: a JSON page, or every matching campaign as CSV. */
export const CAMPAIGN_FORMATS = ['json', 'csv'] as const;
export type CampaignFormat = (typeof CAMPAIGN_FORMATS)[number];

/** Query filters common to the dashboard calls. */
export interface DashboardQuery {
  platform?: PlatformFilter;
  /** A connected ad account's Adwise id (ConnectedAdAccount.id); omitted: every account. */
  account?: string;
  /** Inclusive; omitted: DEFAULT_RANGE_DAYS ending today (UTC). */
  from?: IsoDay;
  to?: IsoDay;
  /** Omitted: the user's saved display currency. */
  currency?: DisplayCurrency;
}

export const CAMPAIGN_SORT_KEYS = [
  'platform',
  'name',
  'status',
  'spend',
  'impressions',
  'clicks',
  'ctr',
  'cpc',
  'conversions',
] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];

export interface CampaignQuery extends DashboardQuery {
  sort?: CampaignSortKey;
  order?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
  page_size?: number;
  /** Case-insensitive substring of the campaign name. */
  q?: string;
}

/** Totals for a period; ctr in percent (clicks / impressions × 100), cpc and cpa in money. */
export interface Totals {
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversion_value: number;
  /** Percent, 2 decimals; 0 without impressions. */
  ctr: number;
  /** Spend per click; 0 without clicks. */
  cpc: number;
  /** Conversion value / spend; 0 without spend. */
  roas: number;
}

/** Change against the previous period of equal length, in percent (1 decimal); null when the previous value was 0. */
export interface TotalsChange {
  spend: number | null;
  impressions: number | null;
  ctr: number | null;
  conversions: number | null;
}

/** One day of the chart (spec: day, spend, ctr, conversions). */
export interface SeriesPoint {
  date: IsoDay;
  /** Short weekday label, Mon … Sun. */
  day: string;
  spend: number;
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
}

export type SyncRunStatus = 'idle' | 'queued' | 'running' | 'retrying' | 'failed' | 'needs_reconnect';

/** Sync state of one platform connection. */
export interface ConnectionSync {
  connection_id: string;
  platform: Platform;
  status: SyncRunStatus;
  /** ISO 8601; null before the first successful sync. */
  last_synced_at: string | null;
  /** Steps done and total in the current or last run. */
  progress: { done: number; total: number };
  /** What went wrong last (server words), when the last run failed or is waiting to retry. */
  last_error: string | null;
  /** ISO 8601, when a retry is scheduled. */
  next_attempt_at: string | null;
  /** Whether the 90-day backfill has completed once. */
  backfilled: boolean;
}

export interface SyncStatus {
  /** Any connection queued or running. */
  running: boolean;
  /** How often the workspace's connections sync on their own, in minutes. */
  interval_minutes: number;
  /** The oldest last_synced_at over active connections that have synced (what 'Last synced' shows); null when none has. */
  last_synced_at: string | null;
  connections: ConnectionSync[];
}

export interface DashboardAccount {
  /** ConnectedAdAccount.id. */
  id: string;
  platform: Platform;
  account_id: string;
  name: string;
  currency: string;
}

/** One account's conversion window as its platform last reported it. */
export interface AttributionWindowView {
  /** The platform's account id. */
  account_id: string;
  /** "7-day click, 1-day view", or "<conversion>: 30-day click, 1-day view" where set per conversion. */
  label: string;
  /** null: clicks (views) are not counted, or the platform did not say. */
  click_days: number | null;
  view_days: number | null;
  /** The platform's field and value it was read from (attribution_setting=7d_click_1d_view ...). */
  source: string;
}

/**
 * How one platform's conversions are counted. Conversions are platform-reported: each platform
 * counts them under its own attribution window, so they are not comparable one to one.
 */
export interface PlatformAttribution {
  platform: Platform;
  basis: 'platform-reported';
  /** The distinct windows' labels joined by "; "; "window not reported yet" before a sync read one. */
  label: string;
  /** The click (view) window when every window of the platform agrees on it, else null. */
  click_days: number | null;
  view_days: number | null;
  windows: AttributionWindowView[];
  /** When the windows were last read (ISO), null if never. */
  updated_at: string | null;
}

/** Said wherever conversions are shown: the figure is the platforms' own claim, not the workspace's count. */
export const PLATFORM_REPORTED = 'Platform-reported';
/** Said too wherever several platforms' conversions are added up: each may claim the same sale. */
export const MAY_DOUBLE_COUNT = 'May count a conversion more than once';

/** Each platform's conversion window, one clause each: "Google Ads: 30-day click, 1-day view; Meta: …". */
export function describeWindows(attribution: readonly PlatformAttribution[]): string {
  return attribution.map((entry) => `${PLATFORM_LABELS[entry.platform]}: ${entry.label}`).join('; ');
}

export interface DashboardView {
  currency: DisplayCurrency;
  range: { from: IsoDay; to: IsoDay; days: number };
  previous_range: { from: IsoDay; to: IsoDay };
  summary: Totals;
  previous: Totals;
  change: TotalsChange;
  /** Every day of the range, zero-filled. */
  series: SeriesPoint[];
  /** Platforms the user has connected accounts on (for the filter), in product order. */
  platforms: Platform[];
  /** Every connected account (for the account filter). */
  accounts: DashboardAccount[];
  sync: SyncStatus;
  /** Currencies with no exchange rate at all (their rows are left out of totals and named here). */
  unconverted_currencies: string[];
  /**
   * Per platform in the view, how its conversions are counted (platform-reported, under the
   * platform's window). Always sent by the server; optional only for older clients' fixtures.
   */
  attribution?: PlatformAttribution[];
}

export type CampaignStatusLabel = 'Active' | 'Paused';

/** A Campaign Overview row (spec: id, platform, name, status, ctr, cpc) plus the figures behind them. */
export interface CampaignRow {
  /** Adwise's campaign id (for status changes and drill-down). */
  id: string;
  platform: Platform;
  /** The platform's campaign id. */
  campaign_id: string;
  name: string;
  status: CampaignStatusLabel;
  account: { id: string; account_id: string; name: string; currency: string };
  /** Daily budget in the display currency; null when the campaign has none of its own. */
  daily_budget: number | null;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  /** Percent, 2 decimals. */
  ctr: number;
  cpc: number;
}

export interface CampaignPage {
  items: CampaignRow[];
  total: number;
  page: number;
  page_size: number;
  currency: DisplayCurrency;
}

export interface AdRow {
  ad_id: string;
  name: string;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  ctr: number;
  cpc: number;
}

export interface CampaignAds {
  campaign: CampaignRow;
  items: AdRow[];
  currency: DisplayCurrency;
}

/** An ad found by name (GET dashboard/ads/), with the campaign whose drill-down shows it. */
export interface AdMatch {
  /** The platform's ad id. */
  ad_id: string;
  name: string;
  /** Its campaign: the Adwise id dashboard/campaigns/<id>/ads/ takes, and the name. */
  campaign: { id: string; name: string };
}

/** GET dashboard/ads/: the first AD_SEARCH_LIMIT ads whose name contains the search, by name. */
export interface AdSearchResult {
  items: AdMatch[];
}

export interface CampaignStatusRequest {
  status: CampaignStatusLabel;
}

export interface CampaignStatusResult {
  id: string;
  status: CampaignStatusLabel;
  /** The action the change is logged as (undoable there); null when the campaign already had that status. */
  action_id: string | null;
}

/** A campaign's daily budget after a change (minor units of the account's currency). */
export interface CampaignBudgetResult {
  id: string;
  daily_budget: number;
  currency: string;
  /** The action the change is logged as (undoable there); null when the budget already was that. */
  action_id: string | null;
}

/**
 * What a change to one campaign would do, against what its platform holds now (nothing written):
 * a status ('Active' | 'Paused') or a daily budget (minor units) from and to.
 */
export interface CampaignChangePreview<Value> {
  campaign: { id: string; campaign_id: string; name: string };
  account: { id: string; name: string; platform: Platform; currency: string };
  from: Value;
  to: Value;
  /** The platform already holds `to`: nothing would be written. */
  unchanged: boolean;
  /** The change in words, naming the platform (empty when unchanged). */
  change_lines: string[];
}

export interface DashboardSettings {
  currency: DisplayCurrency;
}

/** auth/<platform>/performance/: one platform's normalised performance for the signed-in user. */
export interface PlatformPerformance {
  platform: Platform;
  currency: DisplayCurrency;
  range: { from: IsoDay; to: IsoDay; days: number };
  summary: Totals;
  series: SeriesPoint[];
  accounts: DashboardAccount[];
  /** Top campaigns by spend (at most 50). */
  campaigns: CampaignRow[];
  sync: ConnectionSync[];
}

export interface SyncRequest {
  platform?: Platform;
}

/** Messages the server and client share. */
export const DASHBOARD_MESSAGES = {
  needsAccess: 'Start your free trial to use the dashboard.',
  badRange: 'Please choose a valid date range (from on or before to, at most 366 days).',
  badDate: 'Dates must look like YYYY-MM-DD.',
  dayOutOfRange: `Dates must be between ${EARLIEST_DAY} and ${LATEST_DAY}.`,
  unknownPlatform: 'Unknown ad platform.',
  unknownAccount: 'That ad account is not connected.',
  unknownCurrency: 'Please choose one of the offered currencies.',
  campaignNotFound: 'Campaign not found.',
  badStatus: "Status must be 'Active' or 'Paused'.",
  badDailyBudget: `A daily budget must be a whole number of minor units (cents) from 1, at most ${MAX_DAILY_CAP.toLocaleString('en-US')} in the account currency.`,
  noOwnBudget:
    'This campaign has no daily budget of its own at its platform (a shared or lifetime budget): change it at the platform.',
  outsideCap: (bounds: string) =>
    `The account budget keeps this campaign's daily budget ${bounds}. Change the campaign's bounds under Budgets first.`,
  badSort: 'Unknown sort column.',
  badOrder: "Order must be 'asc' or 'desc'.",
  badPage: 'Page must be a whole number from 1.',
  badPageSize: `Page size must be one of ${CAMPAIGN_PAGE_SIZES.join(', ')}.`,
  searchTooLong: 'Search text is too long.',
  badFormat: "Format must be 'json' or 'csv'.",
  needsReconnect: (label: string) => `${label} needs to be reconnected. Open Connected Ad Accounts to reconnect it.`,
  accessRefused: (label: string) =>
    `${label} did not accept Adwise's access just now. Please try again; if it keeps happening, reconnect the account.`,
  syncFailed: (label: string) => `${label} sync failed.`,
} as const;

/** Short weekday label of a YYYY-MM-DD day (Mon … Sun), independent of the viewer's time zone. */
export function weekdayLabel(day: IsoDay): string {
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekdayOf(day)];
}

/** The range ending on `today` that is `days` long. */
export function lastDays(today: IsoDay, days = DEFAULT_RANGE_DAYS): { from: IsoDay; to: IsoDay } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The period of equal length just before a range. */
export function previousRange(from: IsoDay, to: IsoDay): { from: IsoDay; to: IsoDay } {
  const days = daysInRange(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Percent change rounded to 1 decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** The error toast label for a platform's performance call (spec section 8). */
export const PERFORMANCE_API_LABELS: Record<Platform, string> = {
  google: 'Google Ads',
  meta: 'Meta Ads',
  linkedin: 'LinkedIn Ads',
  x: 'X (Twitter) Ads',
  tiktok: 'TikTok Ads',
};

/** The fallback toast of a platform's failing performance call (spec section 8), cross mark included. */
export const platformApiFailed = (platform: Platform | null): string =>
  `❌ ${platform ? PERFORMANCE_API_LABELS[platform] : 'Ads'} API failed`;
