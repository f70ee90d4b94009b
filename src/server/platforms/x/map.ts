import type { AdCreative } from '@shared/api/creative';
import { decimalToMinor, microsToMinor } from '@shared/money';

import { attributionWindow, dayCount } from '../attribution';
import type {
  AttributionWindow,
  CampaignStatus,
  PlatformAccount,
  PlatformAd,
  PlatformCampaign,
  ReportLevel,
  UnifiedMetricRow,
} from '../types';
import { xError } from './errors';

/**
 * X Ads API (v12) wire shapes and the pure functions that turn them into unified rows.
 * Ids are short strings; money is micros of the account currency (JSON integers); analytics
 * metrics are arrays with one slot per day of the requested window, `null` where there is no
 * data (a whole metric is null when the entity did not serve in the window).
 */

/** Which web-conversion metric counts as a conversion, and which of its fields add up to the count. */
export const X_CONVERSION_METRIC = 'conversion_purchases';
/** post_view + post_engagement are the attributed conversions; `assisted` are counted separately by X and left out. */
export const X_CONVERSION_COUNT_FIELDS = ['post_view', 'post_engagement'] as const;
/**
 * UNCONFIRMED (research section 4.3 lists sale_amount without its unit): the sale amount in the
 * conversion objects is taken as micros of the account currency, like every other X money field.
 * Set to 'major' if X turns out to send major-unit decimals.
 */
export const X_SALE_AMOUNT_UNIT: 'micros' | 'major' = 'micros';
/** X's `clicks` counts all clicks on the ad (url_clicks would be link clicks only). */
export const X_CLICKS_METRIC = 'clicks';

export interface XRequestEcho {
  params: Record<string, unknown>;
}

/** GET list endpoints: one page of `data` and the cursor of the next (null on the last page). */
export interface XListResponse<T> {
  data: T[];
  next_cursor?: string | null;
  request?: XRequestEcho;
}

export interface XAccount {
  id: string;
  name: string;
  timezone: string;
  approval_status?: string;
  deleted?: boolean;
}

export interface XFundingInstrument {
  id: string;
  currency?: string | null;
  cancelled?: boolean;
  deleted?: boolean;
}

export interface XCampaign {
  id: string;
  name: string;
  /** Absent on some campaigns X lists (recorded in the SDK's campaigns_all.json): read as not delivering. */
  entity_status?: string;
  daily_budget_amount_local_micro?: number | string | null;
  currency?: string;
  deleted?: boolean;
}

export interface XLineItem {
  id: string;
  campaign_id: string;
  deleted?: boolean;
}

export interface XPromotedTweet {
  id: string;
  line_item_id: string;
  tweet_id: string;
  /** ACTIVE or PAUSED: the promoted tweet's own status, independent of its line item and campaign. */
  entity_status?: string;
  deleted?: boolean;
}

export interface XTweet {
  id_str: string;
  name?: string | null;
  full_text?: string | null;
  /** The card the tweet carries (card://...), if any. */
  card_uri?: string | null;
}

/** A card in the components form (GET accounts/:id/cards?card_uris=...). */
export interface XCard {
  card_uri?: string;
  card_type?: string;
  components?: XCardComponent[];
}

/** One card component: MEDIA (media_key, with media_metadata by key), DETAILS (title, destination), BUTTON. */
export interface XCardComponent {
  type?: string;
  media_key?: string;
  media_metadata?: Record<string, { type?: string; url?: string; width?: number; height?: number }>;
  title?: string;
  destination?: { type?: string; url?: string };
  label?: { type?: string; value?: string };
}

export type XSeries = Array<number | string | null> | null;

/** A web-conversion metric: counts by attribution plus order quantity and sale amount, each a series. */
export interface XConversionMetric {
  post_view?: XSeries;
  post_engagement?: XSeries;
  assisted?: XSeries;
  order_quantity?: XSeries;
  sale_amount?: XSeries;
}

export interface XStatsEntity {
  id: string;
  id_data: Array<{ segment: unknown; metrics: Record<string, XSeries | XConversionMetric | undefined> }>;
}

/** The synchronous stats response, and the content of an async job's .json.gz file. */
export interface XStatsResponse {
  data_type: string;
  time_series_length: number;
  data: XStatsEntity[];
  request?: XRequestEcho;
}

/** The async job as listed by POST/GET stats/jobs. */
export interface XStatsJob {
  id_str: string;
  status: string;
  url: string | null;
  expires_at: string | null;
}

/** Names behind a stats entity id, resolved before the stats are read. */
export interface XEntityNames {
  campaignId: string;
  campaignName: string | null;
  adId: string | null;
  adName: string | null;
}

export interface XStatsContext {
  account: PlatformAccount;
  level: ReportLevel;
  /** The account-zone days of the requested window, in order: slot i of every series is days[i]. */
  days: string[];
  entities: Map<string, XEntityNames>;
}

const AD_NAME_MAX_CHARS = 80;

/** The first live funding instrument's currency (UNCONFIRMED field, research 4.2); undefined when none says. */
export function currencyOf(instruments: XFundingInstrument[]): string | undefined {
  const live =
    instruments.find((fi) => !fi.deleted && !fi.cancelled && fi.currency) ?? instruments.find((fi) => fi.currency);
  return live?.currency?.toUpperCase();
}

/** An X ad account as the product sees it. */
export function toPlatformAccount(account: XAccount, currency: string): PlatformAccount {
  return { id: account.id, name: account.name, currency, timeZone: account.timezone };
}

/** ACTIVE stays ACTIVE; PAUSED, DRAFT and anything else do not deliver, so they show as PAUSED. */
export function toCampaignStatus(entityStatus: string): CampaignStatus {
  return entityStatus === 'ACTIVE' ? 'ACTIVE' : 'PAUSED';
}

/** A campaign with its daily budget in minor units (null when the campaign has none of its own). */
export function toPlatformCampaign(campaign: XCampaign, accountCurrency: string): PlatformCampaign {
  const currency = (campaign.currency ?? accountCurrency).toUpperCase();
  const budget = campaign.daily_budget_amount_local_micro;
  return {
    id: campaign.id,
    name: campaign.name,
    status: toCampaignStatus(campaign.entity_status ?? ''),
    dailyBudgetMinor: budget === null || budget === undefined ? null : microsToMinor(budget, currency),
    currency,
  };
}

/** A promoted tweet as an ad, named after its tweet (or its id when the tweet has neither name nor text). */
export function toPlatformAd(ad: XPromotedTweet, names: XEntityNames, tweet?: XTweet, card?: XCard): PlatformAd {
  return {
    id: ad.id,
    name: names.adName ?? ad.id,
    campaignId: names.campaignId,
    status: toCampaignStatus(ad.entity_status ?? ''),
    creative: tweet ? toCreative(tweet, card) : null,
  };
}

/**
 * A promoted tweet's creative: the tweet's text is the primary text; its card's DETAILS title is
 * the headline and its destination the landing page, the MEDIA component's image URL the image,
 * a BUTTON component's label the call to action. A tweet without a card has only its text.
 */
export function toCreative(tweet: XTweet, card: XCard | undefined): AdCreative {
  const components = card?.components ?? [];
  const details = components.find((component) => component.type === 'DETAILS');
  const media = components.find((component) => component.type === 'MEDIA');
  const button = components.find((component) => component.type === 'BUTTON');
  const mediaUrl = media?.media_key ? media.media_metadata?.[media.media_key]?.url : undefined;
  return {
    headlines: details?.title ? [details.title] : [],
    primaryText: tweet.full_text || null,
    description: null,
    callToAction: button?.label?.value ?? null,
    landingUrl: details?.destination?.url ?? button?.destination?.url ?? null,
    imageUrl: mediaUrl ?? null,
  };
}

/** A promoted tweet's display name: the tweet's own name when it has one, else the start of its text. */
export function adNameOf(tweet: XTweet | undefined): string | null {
  if (!tweet) return null;
  if (tweet.name) return tweet.name;
  const text = tweet.full_text?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > AD_NAME_MAX_CHARS ? `${text.slice(0, AD_NAME_MAX_CHARS - 1)}…` : text;
}

/** Slot i of a series as a number (null, missing and short series read as 0). */
function slot(series: XSeries | undefined, index: number): number {
  const value = series?.[index];
  return value === null || value === undefined ? 0 : Number(value);
}

/** Slot i of a money series in minor units. */
function moneySlot(series: XSeries | undefined, index: number, currency: string, unit: 'micros' | 'major'): number {
  const value = series?.[index];
  if (value === null || value === undefined) return 0;
  return unit === 'micros' ? microsToMinor(value, currency) : decimalToMinor(value, currency);
}

function isSeries(value: XSeries | XConversionMetric | undefined): value is XSeries {
  return value === null || Array.isArray(value);
}

/**
 * One stats response (sync or a downloaded job file) -> one unified row per entity-day with
 * delivery or conversions. Throws when X sent a different number of days than the window has.
 */
export function statsToRows(response: XStatsResponse, context: XStatsContext): UnifiedMetricRow[] {
  const { account, days } = context;
  if (response.time_series_length !== days.length) {
    throw xError('invalid', `X returned ${response.time_series_length} days of stats for a ${days.length}-day window`);
  }
  const rows: UnifiedMetricRow[] = [];
  for (const entity of response.data) {
    const names = context.entities.get(entity.id);
    if (!names) {
      throw xError('invalid', `X returned stats for an unknown ${context.level} ${entity.id}`);
    }
    const unsegmented = entity.id_data.filter((d) => d.segment === null || d.segment === undefined);
    days.forEach((date, i) => {
      const day = { spendMinor: 0, impressions: 0, clicks: 0, conversions: 0, conversionValueMinor: 0 };
      for (const { metrics } of unsegmented) {
        const series = (name: string) => {
          const value = metrics[name];
          return isSeries(value) ? value : undefined;
        };
        const conversion = metrics[X_CONVERSION_METRIC];
        const purchases = conversion && !isSeries(conversion) ? conversion : undefined;
        day.impressions += slot(series('impressions'), i);
        day.clicks += slot(series(X_CLICKS_METRIC), i);
        day.spendMinor += moneySlot(series('billed_charge_local_micro'), i, account.currency, 'micros');
        day.conversions += X_CONVERSION_COUNT_FIELDS.reduce((sum, field) => sum + slot(purchases?.[field], i), 0);
        day.conversionValueMinor += moneySlot(purchases?.sale_amount, i, account.currency, X_SALE_AMOUNT_UNIT);
      }
      if (Object.values(day).every((value) => value === 0)) return;
      rows.push({ date, platform: 'x', accountId: account.id, ...names, currency: account.currency, ...day });
    });
  }
  return rows;
}

/**
 * A web event tag (GET accounts/:account_id/web_event_tags,
 * https://developer.x.com/en/docs/ads/measurement/api-reference/web-event-tags): click_window
 * and view_through_window are the tag's attribution windows in days (create parameters: click
 * 1, 7, 14 or 30; view-through 0, 1, 7, 14 or 30, 0 meaning off). The value lists are from the
 * create parameters as the research remembers them, UNCONFIRMED against a recorded response;
 * whether accounts on X's newer pixel "events" still list their conversions here is UNCONFIRMED.
 */
export interface XWebEventTag {
  id: string;
  name?: string;
  click_window?: number;
  view_through_window?: number;
  deleted?: boolean;
}

/** A web event tag -> its window, named after the tag. */
export function toTagAttribution(tag: XWebEventTag): AttributionWindow {
  const source = `web_event_tag ${tag.id}: click_window=${tag.click_window ?? '-'}, view_through_window=${tag.view_through_window ?? '-'}`;
  return attributionWindow(dayCount(tag.click_window), dayCount(tag.view_through_window), source, tag.name);
}
