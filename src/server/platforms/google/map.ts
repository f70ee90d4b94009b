import type { AdCreative } from '@shared/api/creative';
import { decimalToMinor, microsToMinor } from '@shared/money';

import { attributionWindow, dayCount } from '../attribution';
import {
  type AttributionWindow,
  type PlatformAccount,
  type PlatformAd,
  type PlatformCampaign,
  PlatformError,
  type ReportLevel,
  type UnifiedMetricRow,
} from '../types';

/**
 * Google Ads REST rows -> unified shapes. GAQL rows come back in lowerCamelCase with int64
 * values as JSON strings (ids, impressions, clicks, costMicros, amountMicros) and doubles as
 * numbers (conversions, conversionsValue, in major units of the account currency).
 */

/** One GoogleAdsRow, as far as the client reads it. */
export interface GoogleAdsRow {
  customer?: {
    resourceName?: string;
    id?: string;
    descriptiveName?: string;
    currencyCode?: string;
    timeZone?: string;
    manager?: boolean;
  };
  campaign?: { resourceName?: string; id?: string; name?: string; status?: string; campaignBudget?: string };
  campaignBudget?: { resourceName?: string; amountMicros?: string; explicitlyShared?: boolean; period?: string };
  adGroupAd?: {
    resourceName?: string;
    status?: string;
    ad?: {
      resourceName?: string;
      id?: string;
      name?: string;
      type?: string;
      finalUrls?: string[];
      responsiveSearchAd?: { headlines?: GoogleAdTextAsset[]; descriptions?: GoogleAdTextAsset[] };
    };
  };
  /**
   * A ConversionAction (https://developers.google.com/google-ads/api/fields/latest/conversion_action):
   * click_through_lookback_window_days, "the maximum number of days that may elapse between an
   * interaction (for example, a click) and a conversion event", and
   * view_through_lookback_window_days, the same after an impression; int64, so strings in REST
   * JSON. include_in_conversions_metric: whether it counts in metrics.conversions, the figure we read.
   */
  conversionAction?: {
    resourceName?: string;
    id?: string;
    name?: string;
    status?: string;
    includeInConversionsMetric?: boolean;
    clickThroughLookbackWindowDays?: string;
    viewThroughLookbackWindowDays?: string;
  };
  segments?: { date?: string };
  metrics?: {
    impressions?: string;
    clicks?: string;
    costMicros?: string;
    conversions?: number;
    conversionsValue?: number;
  };
}

/** An AdTextAsset of a responsive search ad (pinning and performance labels are not read). */
export interface GoogleAdTextAsset {
  text?: string;
  pinnedField?: string;
}

/** One message of a searchStream response. */
export interface SearchStreamBatch {
  results?: GoogleAdsRow[];
  fieldMask?: string;
  requestId?: string;
  queryResourceConsumption?: string;
}

/** All rows of a searchStream response (a JSON array of batches), in order. */
export function streamRows(json: unknown): GoogleAdsRow[] {
  if (!Array.isArray(json)) {
    throw new PlatformError({
      platform: 'google',
      kind: 'unavailable',
      message: 'Google Ads searchStream did not answer with an array of batches',
    });
  }
  return (json as SearchStreamBatch[]).flatMap((batch) => batch.results ?? []);
}

/** "customers/1234567890" -> "1234567890". */
export function customerIdOf(resourceName: string): string {
  return resourceName.replace(/^customers\//, '');
}

/** int64 JSON strings (absent when zero in proto3 JSON) as numbers. */
const count = (value: string | undefined) => (value === undefined ? 0 : Number(value));

/** A campaign × day or ad × day row in unified units of the account currency. */
export function toUnifiedRow(row: GoogleAdsRow, account: PlatformAccount, level: ReportLevel): UnifiedMetricRow {
  const metrics = row.metrics ?? {};
  const ad = level === 'ad' ? row.adGroupAd?.ad : undefined;
  return {
    date: row.segments?.date ?? '',
    platform: 'google',
    accountId: account.id,
    campaignId: row.campaign?.id ?? '',
    campaignName: row.campaign?.name ?? null,
    adId: ad?.id ?? null,
    adName: ad?.name || null,
    currency: account.currency,
    spendMinor: microsToMinor(metrics.costMicros ?? '0', account.currency),
    impressions: count(metrics.impressions),
    clicks: count(metrics.clicks),
    conversions: Number(metrics.conversions ?? 0),
    conversionValueMinor: decimalToMinor(metrics.conversionsValue ?? 0, account.currency),
  };
}

/** A `FROM customer` row as an account. */
export function toAccount(row: GoogleAdsRow): PlatformAccount {
  const customer = row.customer ?? {};
  const id = customer.id ?? customerIdOf(customer.resourceName ?? '');
  return {
    id,
    name: customer.descriptiveName || id,
    currency: (customer.currencyCode ?? '').toUpperCase(),
    timeZone: customer.timeZone ?? 'UTC',
  };
}

/**
 * A `FROM campaign` row with its budget. The daily budget is the campaign's own only when the
 * budget is daily and not shared with other campaigns; otherwise null.
 */
export function toCampaign(row: GoogleAdsRow, currency: string): PlatformCampaign {
  const budget = row.campaignBudget;
  const ownDaily =
    budget?.amountMicros !== undefined && budget.explicitlyShared !== true && (budget.period ?? 'DAILY') === 'DAILY';
  return {
    id: row.campaign?.id ?? '',
    name: row.campaign?.name ?? '',
    status: row.campaign?.status === 'ENABLED' ? 'ACTIVE' : 'PAUSED',
    dailyBudgetMinor: ownDaily ? microsToMinor(budget.amountMicros!, currency) : null,
    currency,
  };
}

/**
 * A `FROM ad_group_ad` row as an ad with the ad group ad's own status (ENABLED / PAUSED), or
 * null for a removed one. Many ad types (responsive search ads ...) have no name: the id stands in.
 */
export function toAd(row: GoogleAdsRow): PlatformAd | null {
  const adGroupAd = row.adGroupAd;
  const id = adGroupAd?.ad?.id;
  if (!id || adGroupAd?.status === 'REMOVED') return null;
  return {
    id,
    name: adGroupAd?.ad?.name || id,
    campaignId: row.campaign?.id ?? '',
    status: adGroupAd?.status === 'ENABLED' ? 'ACTIVE' : 'PAUSED',
    creative: toCreative(adGroupAd?.ad),
  };
}

/**
 * A responsive search ad's copy as an AdCreative: its headline assets, its first description as
 * the primary text and its second as the description (an RSA has no primary text; the Creative
 * Analyzer reads them as Description 1 and 2, so descriptions 3 and 4 are not carried), its
 * first final URL. Search ads have no call to action or image. Other ad types (display, video
 * ...) carry their copy elsewhere: null.
 */
export function toCreative(ad: NonNullable<GoogleAdsRow['adGroupAd']>['ad']): AdCreative | null {
  const rsa = ad?.responsiveSearchAd;
  if (!rsa) return null;
  const texts = (assets: GoogleAdTextAsset[] | undefined) =>
    (assets ?? []).map((asset) => asset.text ?? '').filter(Boolean);
  const descriptions = texts(rsa.descriptions);
  return {
    headlines: texts(rsa.headlines),
    primaryText: descriptions[0] ?? null,
    description: descriptions[1] ?? null,
    callToAction: null,
    landingUrl: ad.finalUrls?.[0] ?? null,
    imageUrl: null,
  };
}

/**
 * A conversion action row -> its window, named after the action; null for an action that does
 * not count in metrics.conversions (the conversions the dashboard shows).
 */
export function toAttribution(row: GoogleAdsRow): AttributionWindow | null {
  const action = row.conversionAction;
  if (!action || action.includeInConversionsMetric === false) return null;
  const click = dayCount(action.clickThroughLookbackWindowDays);
  const view = dayCount(action.viewThroughLookbackWindowDays);
  const source = `conversion_action ${action.id ?? '?'}: click_through_lookback_window_days=${action.clickThroughLookbackWindowDays ?? '-'}, view_through_lookback_window_days=${action.viewThroughLookbackWindowDays ?? '-'}`;
  return attributionWindow(click, view, source, action.name);
}
