import type { AdCreative } from '@shared/api/creative';
import { decimalToMinor } from '@shared/money';

import type {
  CampaignStatus,
  PlatformAccount,
  PlatformAd,
  PlatformCampaign,
  ReportLevel,
  UnifiedMetricRow,
} from '../types';
import {
  type AdAccountElement,
  type AdCampaignElement,
  type AnalyticsElement,
  CAMPAIGN_URN_PREFIX,
  CREATIVE_URN_PREFIX,
  type CreativeElement,
  fromLinkedInDate,
  idFromUrn,
  type PostElement,
} from './wire';

/**
 * Pure mapping from LinkedIn's wire shapes to the unified ones. Money goes through @shared/money:
 * LinkedIn writes costs and budgets as major-unit decimal strings ("209.449", "50.00").
 */

/**
 * UNCONFIRMED: LinkedIn's adAnalytics days are UTC days, whatever the account's locale, so a
 * live account's reporting zone is UTC. Change it here if LinkedIn turns out to report in
 * the account's own zone.
 */
export const LINKEDIN_REPORTING_TIME_ZONE = 'UTC';

/**
 * The sandbox's world keeps each account's days in the account's own zone and serves them as
 * they are; it says which zone in this field on the adAccounts element. The real API never
 * sends it, so live accounts fall back to LINKEDIN_REPORTING_TIME_ZONE.
 */
export const SANDBOX_TIME_ZONE_FIELD = 'sandboxReportingTimeZone';

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An adAccounts element as a PlatformAccount (id as the plain number LinkedIn puts in URLs). */
export function toAccount(element: AdAccountElement): PlatformAccount {
  const zone = element[SANDBOX_TIME_ZONE_FIELD];
  return {
    id: String(element.id),
    name: element.name,
    currency: element.currency.toUpperCase(),
    timeZone: isTimeZone(zone) ? zone : LINKEDIN_REPORTING_TIME_ZONE,
  };
}

/** LinkedIn's many statuses folded to the two the product acts on: only ACTIVE delivers. */
export function toCampaignStatus(status: string): CampaignStatus {
  return status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED';
}

/** An adCampaigns element as a PlatformCampaign; the budget in minor units of its own currency. */
export function toCampaign(element: AdCampaignElement, account: PlatformAccount): PlatformCampaign {
  const budget = element.dailyBudget;
  const currency = (budget?.currencyCode ?? account.currency).toUpperCase();
  return {
    id: String(element.id),
    name: element.name,
    status: toCampaignStatus(element.status),
    dailyBudgetMinor: budget ? decimalToMinor(budget.amount, currency) : null,
    currency,
  };
}

/** What a creative is called and which campaign it belongs to, keyed by its numeric id. */
export interface CreativeInfo {
  campaignId: string;
  name: string | null;
}

/** A creatives element as [numeric id, info]; undefined when its URNs are not the expected kind. */
export function toCreativeInfo(element: CreativeElement): [string, CreativeInfo] | undefined {
  const id = idFromUrn(element.id, CREATIVE_URN_PREFIX);
  const campaignId = idFromUrn(element.campaign, CAMPAIGN_URN_PREFIX);
  if (!id || !campaignId) return undefined;
  return [id, { campaignId, name: element.name?.trim() ? element.name : null }];
}

/**
 * A creatives element as a PlatformAd (numeric id, like adAnalytics' ad rows) with its own
 * intendedStatus; undefined when its URNs are not the expected kind. A creative without a name
 * (older ones) is called by its id.
 */
export function toAd(element: CreativeElement, post?: PostElement, imageUrl?: string | null): PlatformAd | undefined {
  const entry = toCreativeInfo(element);
  if (!entry) return undefined;
  const [id, info] = entry;
  return {
    id,
    name: info.name ?? id,
    campaignId: info.campaignId,
    status: toCampaignStatus(element.intendedStatus ?? ''),
    creative: post ? toCreative(post, imageUrl ?? null) : null,
  };
}

/** Characters LinkedIn's "little text" format escapes with a backslash in commentary. */
const LITTLE_TEXT_ESCAPE = /\\([|{}@[\]()<>#\\*_~])/g;

/**
 * The post a creative shows as an AdCreative: commentary is the introductory text, the image's
 * (or article's) title the headline, an article's description the description, the landing
 * page and call-to-action label as they are. `imageUrl` is the image's downloadUrl from the
 * Images API (null when the post has no image or it could not be resolved).
 */
export function toCreative(post: PostElement, imageUrl: string | null): AdCreative {
  const title = post.content?.media?.title || post.content?.article?.title;
  return {
    headlines: title ? [title] : [],
    primaryText: post.commentary ? post.commentary.replace(LITTLE_TEXT_ESCAPE, '$1') : null,
    description: post.content?.article?.description || null,
    callToAction: post.contentCallToActionLabel ?? null,
    landingUrl: post.contentLandingPage ?? post.content?.article?.source ?? null,
    imageUrl,
  };
}

/** A decimal in exponent notation ("-2e-18", "1.5E-7"). */
const EXPONENT_DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i;

/**
 * A LinkedIn money string in minor units. adAnalytics reports rounding residue as tiny values
 * in exponent notation (Airbyte recorded costInLocalCurrency -2e-18 for a day with one
 * impression and no spend), which the plain-decimal parser refuses; those go through a number.
 */
export function linkedInMoneyToMinor(value: string | number, currency: string): number {
  const exponent = typeof value === 'string' && EXPONENT_DECIMAL.test(value.trim());
  return decimalToMinor(exponent ? Number(value) : value, currency);
}

/** Names and parents the analytics rows are joined with (adAnalytics returns ids only). */
export interface ReportNames {
  campaigns: Map<string, string>;
  creatives: Map<string, CreativeInfo>;
}

/** The numeric id of the row's pivot value (a campaign or creative URN, by level). */
export function pivotId(element: AnalyticsElement, level: ReportLevel): string | undefined {
  const urn = element.pivotValues?.[0];
  if (typeof urn !== 'string') return undefined;
  return idFromUrn(urn, level === 'campaign' ? CAMPAIGN_URN_PREFIX : CREATIVE_URN_PREFIX);
}

/**
 * One DAILY adAnalytics element as a unified row. Throws when the pivot value is not a URN of
 * the level's kind, or when an ad-level row's creative is missing from `names` (the client
 * looks every creative up before mapping).
 */
export function toMetricRow(
  element: AnalyticsElement,
  account: PlatformAccount,
  level: ReportLevel,
  names: ReportNames,
): UnifiedMetricRow {
  const id = pivotId(element, level);
  if (!id) throw new Error(`adAnalytics row with unexpected pivot values ${JSON.stringify(element.pivotValues)}`);
  let campaignId = id;
  let adId: string | null = null;
  let adName: string | null = null;
  if (level === 'ad') {
    const creative = names.creatives.get(id);
    if (!creative) throw new Error(`creative ${id} is not among the account's creatives`);
    campaignId = creative.campaignId;
    adId = id;
    adName = creative.name;
  }
  return {
    date: fromLinkedInDate(element.dateRange.start),
    platform: 'linkedin',
    accountId: account.id,
    campaignId,
    campaignName: names.campaigns.get(campaignId) ?? null,
    adId,
    adName,
    currency: account.currency,
    spendMinor: linkedInMoneyToMinor(element.costInLocalCurrency ?? '0', account.currency),
    impressions: element.impressions ?? 0,
    clicks: element.clicks ?? 0,
    conversions: element.externalWebsiteConversions ?? 0,
    conversionValueMinor: linkedInMoneyToMinor(element.conversionValueInLocalCurrency ?? '0', account.currency),
  };
}
