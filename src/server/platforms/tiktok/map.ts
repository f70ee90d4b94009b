import type { AdCreative } from '@shared/api/creative';
import { decimalToMinor } from '@shared/money';

import { attributionWindow } from '../attribution';
import type {
  AttributionWindow,
  PlatformAccount,
  PlatformAd,
  PlatformCampaign,
  ReportLevel,
  UnifiedMetricRow,
} from '../types';

/**
 * TikTok wire shapes (research 5.2-5.4) to the unified ones. Report metrics come as strings
 * (sometimes numbers), money in major units of the advertiser's currency, "-" where TikTok has no
 * value, and `stat_time_day` as "YYYY-MM-DD HH:MM:SS" in the advertiser's time zone.
 */

/**
 * The report metric read as conversion value: the total value of the pixel's CompletePayment
 * (purchase) events, in major units. Despite its name it is a value, not a rate (third-party
 * connectors and dbt models use it as revenue next to `complete_payment_roas`). UNCONFIRMED against
 * TikTok's own metric glossary; app advertisers may want `total_purchase_value` (in-app purchases).
 */
export const CONVERSION_VALUE_METRIC = 'total_complete_payment_rate';
/** The conversion count: conversions of the ad group's optimization event. */
export const CONVERSIONS_METRIC = 'conversion';
/** TikTok's placeholder for a metric without a value. */
export const NOT_AVAILABLE = '-';
/** The budget mode in which a campaign's `budget` is a daily budget. */
export const DAILY_BUDGET_MODE = 'BUDGET_MODE_DAY';
/** Zone used when TikTok's zone cannot be read. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The metrics the client asks for, per level (attribute metrics included, so ad rows carry their campaign). */
export const REPORT_METRICS: Record<ReportLevel, string[]> = {
  campaign: ['spend', 'impressions', 'clicks', CONVERSIONS_METRIC, CONVERSION_VALUE_METRIC, 'campaign_name'],
  ad: [
    'spend',
    'impressions',
    'clicks',
    CONVERSIONS_METRIC,
    CONVERSION_VALUE_METRIC,
    'campaign_id',
    'campaign_name',
    'ad_name',
  ],
};

/** The report's data_level and dimensions per level. */
export const REPORT_LEVELS: Record<ReportLevel, { dataLevel: string; dimensions: string[] }> = {
  campaign: { dataLevel: 'AUCTION_CAMPAIGN', dimensions: ['campaign_id', 'stat_time_day'] },
  ad: { dataLevel: 'AUCTION_AD', dimensions: ['ad_id', 'stat_time_day'] },
};

type MetricValue = string | number | null | undefined;

/** One row of report/integrated/get's data.list. */
export interface TikTokReportRow {
  /** Ids are documented as strings; recorded rows (Airbyte's) carry them as JSON numbers too. */
  dimensions: Record<string, string | number | undefined>;
  metrics: Record<string, MetricValue>;
}

/** One campaign of campaign/get's data.list (the fields the client reads). */
export interface TikTokCampaign {
  /** A string as documented; a JSON number in recorded (Airbyte) bodies. */
  campaign_id: string | number;
  campaign_name: string;
  operation_status: string;
  secondary_status?: string;
  budget?: number | string | null;
  budget_mode?: string;
}

/** One ad of ad/get's data.list (the fields the client reads). */
export interface TikTokAd {
  /** Strings as documented; JSON numbers in recorded (Airbyte) bodies. */
  ad_id: string | number;
  ad_name?: string;
  campaign_id: string | number;
  /** The ad's own switch: ENABLE or DISABLE. */
  operation_status?: string;
  /** What it amounts to (AD_STATUS_DELIVERY_OK, AD_STATUS_CAMPAIGN_DISABLE, AD_STATUS_DELETE ...). */
  secondary_status?: string;
  /** The creative: text, button code, destination, and the ids of its images (file/image/ad/info has their URLs). */
  ad_text?: string;
  call_to_action?: string;
  landing_page_url?: string;
  image_ids?: string[];
}

/** One image of file/image/ad/info's data.list. */
export interface TikTokImageInfo {
  image_id: string;
  image_url?: string;
  width?: number;
  height?: number;
}

/** One advertiser of advertiser/info's data.list (the fields the client reads). */
export interface TikTokAdvertiser {
  advertiser_id: string;
  name: string;
  currency: string;
  timezone?: string;
  display_timezone?: string;
}

const isMissing = (value: MetricValue) =>
  value === undefined || value === null || value === '' || value === NOT_AVAILABLE;

/** A count metric ("4696", 4696 or "-") as a number; "-" is 0. */
export function countMetric(value: MetricValue, name: string): number {
  if (isMissing(value)) return 0;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`TikTok metric ${name} is not a number: ${JSON.stringify(value)}`);
  return number;
}

/** A money metric (major-unit decimal string or number, or "-") in minor units; "-" is 0. */
export function moneyMetric(value: MetricValue, currency: string): number {
  return isMissing(value) ? 0 : decimalToMinor(value as string | number, currency);
}

const text = (value: MetricValue): string | null => (isMissing(value) ? null : String(value));

/** "2024-01-01 00:00:00" -> "2024-01-01". */
export function statDay(value: string | undefined): string {
  const day = value?.slice(0, 10);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new Error(`TikTok stat_time_day is not a date: ${JSON.stringify(value)}`);
  return day;
}

/** A report row (campaign or ad level) as a unified row in the account's currency. */
export function mapReportRow(row: TikTokReportRow, account: PlatformAccount, level: ReportLevel): UnifiedMetricRow {
  const { dimensions, metrics } = row;
  // text(): an id may come as a JSON number (recorded Airbyte rows); unified ids are strings.
  const campaignId = text(level === 'campaign' ? dimensions.campaign_id : metrics.campaign_id);
  const adId = level === 'ad' ? text(dimensions.ad_id) : null;
  if (!campaignId || (level === 'ad' && !adId))
    throw new Error(`TikTok ${level} report row without its ids: ${JSON.stringify(dimensions)}`);
  return {
    date: statDay(text(dimensions.stat_time_day) ?? undefined),
    platform: 'tiktok',
    accountId: account.id,
    campaignId,
    campaignName: text(metrics.campaign_name),
    adId,
    adName: level === 'ad' ? text(metrics.ad_name) : null,
    currency: account.currency,
    spendMinor: moneyMetric(metrics.spend, account.currency),
    impressions: countMetric(metrics.impressions, 'impressions'),
    clicks: countMetric(metrics.clicks, 'clicks'),
    conversions: countMetric(metrics[CONVERSIONS_METRIC], CONVERSIONS_METRIC),
    conversionValueMinor: moneyMetric(metrics[CONVERSION_VALUE_METRIC], account.currency),
  };
}

/** A campaign; the budget is a daily budget only in BUDGET_MODE_DAY (otherwise null: total, infinite, or on ad groups). */
export function mapCampaign(campaign: TikTokCampaign, currency: string): PlatformCampaign {
  const daily = campaign.budget_mode === DAILY_BUDGET_MODE && !isMissing(campaign.budget);
  return {
    id: String(campaign.campaign_id),
    name: campaign.campaign_name,
    status: campaign.operation_status === 'ENABLE' ? 'ACTIVE' : 'PAUSED',
    dailyBudgetMinor: daily ? moneyMetric(campaign.budget, currency) : null,
    currency,
  };
}

/** An ad with its own status (operation_status, not secondary_status); null for a deleted one. */
export function mapAd(ad: TikTokAd, imageUrls: ReadonlyMap<string, string> = new Map()): PlatformAd | null {
  if (ad.secondary_status === 'AD_STATUS_DELETE' || ad.operation_status === 'DELETE') return null;
  return {
    id: String(ad.ad_id),
    name: ad.ad_name || String(ad.ad_id),
    campaignId: String(ad.campaign_id),
    status: ad.operation_status === 'ENABLE' ? 'ACTIVE' : 'PAUSED',
    creative: mapCreative(ad, imageUrls),
  };
}

/**
 * An ad's creative: ad_text is the primary text (TikTok in-feed ads have no headline or
 * description), call_to_action the button code, landing_page_url the destination, and the
 * first image's URL from file/image/ad/info (`imageUrls`, by image id). Null when ad/get gave
 * none of them (a Spark ad that boosts an organic post carries its text in the post).
 */
export function mapCreative(ad: TikTokAd, imageUrls: ReadonlyMap<string, string>): AdCreative | null {
  const imageId = ad.image_ids?.[0];
  const creative: AdCreative = {
    headlines: [],
    primaryText: ad.ad_text || null,
    description: null,
    callToAction: ad.call_to_action || null,
    landingUrl: ad.landing_page_url || null,
    imageUrl: (imageId && imageUrls.get(imageId)) || null,
  };
  const empty =
    creative.primaryText === null &&
    creative.callToAction === null &&
    creative.landingUrl === null &&
    creative.imageUrl === null;
  return empty ? null : creative;
}

/** A zone name Intl knows; bare offsets ("+08:00") are accepted by Intl but are not IANA names. */
const isIanaZone = (zone: string) => {
  if (/^[+-]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * TikTok's advertiser zone as an IANA name. The sandbox writes IANA names; the live API is said to
 * write `display_timezone` as an IANA name and `timezone` as an offset zone such as "Etc/GMT+8"
 * (UNCONFIRMED), and older answers "GMT+08:00" / "UTC+8" / "+08:00". Whole-hour offsets become Etc/GMT zones
 * (whose sign is inverted by POSIX convention); anything else falls back to UTC.
 */
export function normaliseTimeZone(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    const zone = candidate?.trim();
    if (!zone) continue;
    if (isIanaZone(zone)) return zone;
    const offset = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone);
    if (offset && (offset[3] ?? '00') === '00') {
      const hours = Number(offset[2]);
      if (hours === 0) return 'Etc/GMT';
      return `Etc/GMT${offset[1] === '+' ? '-' : '+'}${hours}`;
    }
  }
  return FALLBACK_TIME_ZONE;
}

/** An advertiser as a unified account. */
export function mapAdvertiser(advertiser: TikTokAdvertiser): PlatformAccount {
  return {
    id: String(advertiser.advertiser_id),
    name: advertiser.name,
    currency: advertiser.currency.toUpperCase(),
    timeZone: normaliseTimeZone(advertiser.display_timezone, advertiser.timezone),
  };
}

/**
 * An ad group as adgroup/get lists it, as far as attribution goes. TikTok API for Business, ad
 * group "Optimization and bidding - Attribution settings" (business-api.tiktok.com/portal/docs;
 * the page id was not recorded): click_attribution_window, view_attribution_window,
 * engaged_view_attribution_window, attribution_event_count. Enum values OFF, ONE_DAY,
 * SEVEN_DAYS, FOURTEEN_DAYS, TWENTY_EIGHT_DAYS (click) and OFF, ONE_DAY, SEVEN_DAYS (view) as
 * TikTok's ad group examples and SDK type definitions write them; THIRTY_DAYS and
 * ONE_HUNDRED_EIGHTY_DAYS (Minis) are UNCONFIRMED, and that adgroup/get returns these fields
 * when named in `fields` is UNCONFIRMED (no recorded response). An unknown value reads as null.
 */
export interface TikTokAdGroup {
  adgroup_id?: string;
  campaign_id?: string;
  click_attribution_window?: string;
  view_attribution_window?: string;
}

const WINDOW_DAYS: Record<string, number | null> = {
  OFF: null,
  ONE_DAY: 1,
  SEVEN_DAYS: 7,
  FOURTEEN_DAYS: 14,
  TWENTY_EIGHT_DAYS: 28,
  THIRTY_DAYS: 30,
  ONE_HUNDRED_EIGHTY_DAYS: 180,
};

/** An ad group's windows -> AttributionWindow. */
export function mapAdGroupAttribution(group: TikTokAdGroup): AttributionWindow {
  const click = WINDOW_DAYS[group.click_attribution_window ?? 'OFF'] ?? null;
  const view = WINDOW_DAYS[group.view_attribution_window ?? 'OFF'] ?? null;
  const source = `adgroup click_attribution_window=${group.click_attribution_window ?? '-'}, view_attribution_window=${group.view_attribution_window ?? '-'}`;
  return attributionWindow(click, view, source);
}
