import type { AdCreative } from '@shared/api/creative';
import { decimalToMinor, minorToDecimal } from '@shared/money';

import { attributionWindow } from '../attribution';
import type {
  AttributionWindow,
  CampaignStatus,
  PlatformAccount,
  PlatformAd,
  PlatformCampaign,
  ReportLevel,
  UnifiedMetricRow,
} from '../types';

/**
 * Pure mapping from Graph API shapes (research 2.2-2.4) to the unified types. Graph writes every
 * metric as a string, spend as a major-unit decimal, budgets as integers in Meta's currency
 * "offset" unit, and conversions inside `actions` / `action_values` under several action types
 * that repeat the same purchases.
 */

/** One `{action_type, value}` entry of `actions` or `action_values` (value is a string). */
export interface MetaAction {
  action_type: string;
  value: string;
}

/** An Insights row as Graph returns it with time_increment=1. */
export interface MetaInsightsRow {
  campaign_id?: string;
  campaign_name?: string;
  ad_id?: string;
  ad_name?: string;
  spend?: string;
  impressions?: string;
  clicks?: string;
  actions?: MetaAction[];
  action_values?: MetaAction[];
  /**
   * The ad set's attribution setting the row's conversions were counted under, e.g.
   * "7d_click_1d_view" (Insights field attribution_setting: "The default attribution window to be
   * used when attribution result is calculated. Each ad set has its own attribution setting
   * value. The attribution setting for campaign or account is calculated based on existing ad
   * sets." https://developers.facebook.com/docs/marketing-api/reference/ads-insights/). The
   * "<n>d_click" / "<n>d_view" parts follow the action_attribution_windows values (1d_click,
   * 7d_click, 1d_view ...: https://developers.facebook.com/docs/marketing-api/reference/ads-action-stats/).
   * What a campaign with ad sets of different settings reads ("mixed") is UNCONFIRMED.
   */
  attribution_setting?: string;
  date_start: string;
  date_stop: string;
}

/** An element of /me/adaccounts. */
export interface MetaAdAccount {
  id: string;
  account_id?: string;
  name?: string;
  currency?: string;
  account_status?: number;
  timezone_name?: string;
}

/** An element of /act_{id}/campaigns. */
export interface MetaCampaign {
  id: string;
  name?: string;
  status?: string;
  effective_status?: string;
  /** Integer string in Meta's offset unit; absent when the budget lives on the ad sets. */
  daily_budget?: string;
}

/** An element of /act_{id}/ads. */
export interface MetaAd {
  id: string;
  name?: string;
  campaign_id?: string;
  /** The ad's own (configured) status: ACTIVE, PAUSED, DELETED, ARCHIVED. */
  status?: string;
  /** Also reflects the ad set and campaign (CAMPAIGN_PAUSED, ADSET_PAUSED), review and billing. */
  effective_status?: string;
  /** The ad's AdCreative, as far as the `creative{...}` expansion asked for it. */
  creative?: MetaAdCreative;
}

/** An AdCreative: flat fields Graph fills in from the creative's story spec, and the spec itself. */
export interface MetaAdCreative {
  id?: string;
  title?: string;
  body?: string;
  call_to_action_type?: string;
  image_url?: string;
  link_url?: string;
  object_url?: string;
  object_story_spec?: {
    link_data?: {
      link?: string;
      message?: string;
      name?: string;
      description?: string;
      call_to_action?: { type?: string };
    };
  };
}

/**
 * The purchase action types to count, in order of preference; the first one a row carries is
 * the only one counted (Meta repeats one purchase under all of them with the same value).
 * omni_purchase deduplicates web, app and offline purchases; the others are fallbacks for
 * accounts or API versions without it.
 */
export const CONVERSION_ACTION_TYPES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'] as const;

/**
 * Currencies Meta budgets in whole units (offset 1 in the Marketing API currency table), even
 * where ISO 4217 has decimals (COP, CRC, HUF, IDR, TWD). All others use offset 100. VND comes
 * from the part of the table the research did not see (UNCONFIRMED).
 */
export const META_OFFSET_ONE_CURRENCIES = new Set([
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'IDR',
  'ISK',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
]);

/** A currency whose ISO minor unit equals Meta's budget unit for `currency`, to convert through @shared/money. */
function budgetUnitCurrency(currency: string): string {
  return META_OFFSET_ONE_CURRENCIES.has(currency.toUpperCase()) ? 'JPY' : 'USD';
}

/** Meta budget units (integer string or number) -> minor units of the account currency. */
export function budgetToMinor(units: string | number, currency: string): number {
  return decimalToMinor(minorToDecimal(Number(units), budgetUnitCurrency(currency)), currency);
}

/** Minor units of the account currency -> Meta budget units (rounded half up where Meta's unit is coarser). */
export function minorToBudget(minor: number, currency: string): number {
  return decimalToMinor(minorToDecimal(minor, currency), budgetUnitCurrency(currency));
}

/** Graph count strings ("1000") -> numbers; absent means zero. */
function count(value: string | undefined): number {
  return value === undefined || value === '' ? 0 : Number(value);
}

/** The action type this row's conversions are counted under, or undefined when it has none. */
export function conversionActionType(row: Pick<MetaInsightsRow, 'actions' | 'action_values'>): string | undefined {
  const present = new Set([...(row.actions ?? []), ...(row.action_values ?? [])].map((action) => action.action_type));
  return CONVERSION_ACTION_TYPES.find((type) => present.has(type));
}

/** One Insights row (time_increment=1) of `account` -> a unified row; `level` says whether ad fields apply. */
export function toUnifiedRow(row: MetaInsightsRow, account: PlatformAccount, level: ReportLevel): UnifiedMetricRow {
  const currency = account.currency;
  const type = conversionActionType(row);
  const conversions = row.actions?.find((action) => action.action_type === type)?.value;
  const conversionValue = row.action_values?.find((action) => action.action_type === type)?.value;
  if (!row.campaign_id) throw new Error('Insights row without campaign_id');
  if (level === 'ad' && !row.ad_id) throw new Error('Ad-level insights row without ad_id');
  return {
    date: row.date_start,
    platform: 'meta',
    accountId: account.id,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name ?? null,
    adId: level === 'ad' ? row.ad_id! : null,
    adName: level === 'ad' ? (row.ad_name ?? null) : null,
    currency,
    spendMinor: decimalToMinor(row.spend || '0', currency),
    impressions: count(row.impressions),
    clicks: count(row.clicks),
    conversions: count(conversions),
    conversionValueMinor: conversionValue ? decimalToMinor(conversionValue, currency) : 0,
    ...(row.attribution_setting ? { attribution: toAttribution(row.attribution_setting) } : {}),
  };
}

/**
 * An Insights attribution_setting -> AttributionWindow: "7d_click_1d_view" is 7-day click and
 * 1-day view; a value without a click or view part (mixed, skan, na ...) keeps both null and
 * says the value in the label.
 */
export function toAttribution(setting: string | undefined): AttributionWindow | undefined {
  if (!setting) return undefined;
  const click = /(?:^|_)(\d+)d_click(?:_|$)/.exec(setting);
  const view = /(?:^|_)(\d+)d_view(?:_|$)/.exec(setting);
  const source = `insights.attribution_setting=${setting}`;
  if (!click && !view) return { clickDays: null, viewDays: null, label: `Meta setting "${setting}"`, source };
  return attributionWindow(click ? Number(click[1]) : null, view ? Number(view[1]) : null, source);
}

/** An ad account element -> PlatformAccount (id keeps Meta's act_ prefix, as URLs use it). */
export function toAccount(node: MetaAdAccount): PlatformAccount {
  const id = node.id.startsWith('act_') ? node.id : `act_${node.account_id ?? node.id}`;
  if (!node.currency || !node.timezone_name) throw new Error(`Ad account ${id} came without currency or timezone_name`);
  return { id, name: node.name ?? id, currency: node.currency.toUpperCase(), timeZone: node.timezone_name };
}

/**
 * A campaign element -> PlatformCampaign, or null for campaigns that are deleted or archived.
 * The configured `status` is used (not effective_status, which also reflects ad sets, review
 * and billing).
 */
export function toCampaign(node: MetaCampaign, currency: string): PlatformCampaign | null {
  if (node.status === 'DELETED' || node.status === 'ARCHIVED') return null;
  const status: CampaignStatus = node.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED';
  const budget = node.daily_budget && node.daily_budget !== '0' ? budgetToMinor(node.daily_budget, currency) : null;
  return { id: node.id, name: node.name ?? node.id, status, dailyBudgetMinor: budget, currency };
}

/**
 * An ad element -> PlatformAd, or null for ads that are deleted or archived. The configured
 * `status` is the ad's own; effective_status would say CAMPAIGN_PAUSED for an active ad of a
 * paused campaign.
 */
export function toAd(node: MetaAd): PlatformAd | null {
  if (node.status === 'DELETED' || node.status === 'ARCHIVED') return null;
  if (!node.campaign_id) throw new Error(`Ad ${node.id} came without campaign_id`);
  return {
    id: node.id,
    name: node.name ?? node.id,
    campaignId: node.campaign_id,
    status: node.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED',
    creative: toCreative(node.creative),
  };
}

/**
 * An AdCreative as an AdCreative: title as the headline, body as the primary text, the link
 * description, the button and the link, each from the flat field or else the link ad's
 * object_story_spec.link_data; image_url is Meta's CDN URL of the image. A creative without
 * any of them (only its id, or a dynamic or catalogue creative) is null.
 */
export function toCreative(creative: MetaAdCreative | undefined): AdCreative | null {
  if (!creative) return null;
  const link = creative.object_story_spec?.link_data;
  const title = creative.title ?? link?.name;
  const result: AdCreative = {
    headlines: title ? [title] : [],
    primaryText: creative.body ?? link?.message ?? null,
    description: link?.description ?? null,
    callToAction: creative.call_to_action_type ?? link?.call_to_action?.type ?? null,
    landingUrl: link?.link ?? creative.link_url ?? creative.object_url ?? null,
    imageUrl: creative.image_url ?? null,
  };
  const empty =
    result.headlines.length === 0 &&
    Object.entries(result).every(([key, value]) => key === 'headlines' || value === null);
  return empty ? null : result;
}
