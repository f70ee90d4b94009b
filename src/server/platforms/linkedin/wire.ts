/**
 * LinkedIn Marketing API wire shapes and the Rest.li 2.0 query encoding the client speaks
 * (research section 3). Nothing outside src/server/platforms/linkedin/ sees these types.
 */

/** Headers every versioned call carries (the version itself comes from settings.apiVersion). */
export const VERSION_HEADER = 'LinkedIn-Version';
export const PROTOCOL_HEADER = 'X-Restli-Protocol-Version';
export const PROTOCOL_VERSION = '2.0.0';
export const METHOD_HEADER = 'X-RestLi-Method';
/** LinkedIn's request id on every response; quote it in support tickets. */
export const REQUEST_ID_HEADER = 'x-li-uuid';

export const ACCOUNT_URN_PREFIX = 'urn:li:sponsoredAccount:';
export const CAMPAIGN_URN_PREFIX = 'urn:li:sponsoredCampaign:';
export const CREATIVE_URN_PREFIX = 'urn:li:sponsoredCreative:';

/** Every campaign status LinkedIn has; ARCHIVED is permanent. */
export const CAMPAIGN_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'ARCHIVED',
  'COMPLETED',
  'CANCELED',
  'DRAFT',
  'PENDING_DELETION',
  'REMOVED',
] as const;
export type LinkedInCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** {"year":2024,"month":1,"day":31}: a calendar day, month and day 1-based. */
export type LinkedInDate = { year: number; month: number; day: number };

/** Major-unit decimal string plus currency: {"amount":"50.00","currencyCode":"USD"}. */
export interface LinkedInMoney {
  amount: string;
  currencyCode: string;
}

/** GET /rest/adAccountUsers?q=authenticatedUser element. */
export interface AdAccountUserElement {
  account: string;
  role: string;
  user?: string;
}

/** GET /rest/adAccounts element (the exact field set is UNCONFIRMED; these are the standard ones). */
export interface AdAccountElement {
  id: number;
  name: string;
  currency: string;
  status: string;
  type?: string;
  test?: boolean;
  /** Only the sandbox sends this; see SANDBOX_TIME_ZONE_FIELD in map.ts. */
  [extra: string]: unknown;
}

/**
 * GET /rest/conversions?q=account element: a conversion rule
 * (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/conversions-api-schema).
 * postClickAttributionWindowSize: "the conversion window timeframe (in days) during which
 * conversions are attributed to a LinkedIn ad after a member clicks on it" (1, 7, 30, 90, 365;
 * default 30); viewThroughAttributionWindowSize: the same after a member views it (default 7).
 * Whether r_ads alone may read rules (the page lists rw_conversions with r_ads) is UNCONFIRMED.
 */
export interface ConversionElement {
  id?: number;
  name?: string;
  account?: string;
  enabled?: boolean;
  type?: string;
  postClickAttributionWindowSize?: number;
  viewThroughAttributionWindowSize?: number;
}

/** GET /rest/adAccounts/{id}/adCampaigns element. */
export interface AdCampaignElement {
  id: number;
  name: string;
  status: LinkedInCampaignStatus | string;
  account?: string;
  dailyBudget?: LinkedInMoney;
}

/** GET /rest/adAccounts/{id}/creatives element: the id is a URN here, unlike campaigns. */
export interface CreativeElement {
  id: string;
  campaign: string;
  name?: string;
  intendedStatus?: string;
  /** Sponsored content: the post (urn:li:share / urn:li:ugcPost) the creative shows. */
  content?: { reference?: string };
}

/** GET /rest/posts?ids=List(...) value: the post a sponsored creative shows. */
export interface PostElement {
  id?: string;
  /** The introductory text ("little text" format). */
  commentary?: string;
  content?: {
    /** A single image (or video) with its title as the headline. */
    media?: { id?: string; title?: string };
    /** An article (link) post: its own title, description and source URL. */
    article?: { source?: string; title?: string; description?: string; thumbnail?: string };
  };
  contentLandingPage?: string;
  contentCallToActionLabel?: string;
}

/** GET /rest/images?ids=List(...) value. */
export interface ImageElement {
  id?: string;
  downloadUrl?: string;
  status?: string;
}

/** A Rest.li BATCH_GET answer: values, statuses and errors by key. */
export interface BatchResponse<T> {
  results?: Record<string, T>;
  statuses?: Record<string, number>;
  errors?: Record<string, unknown>;
}

/** URN prefixes of the posts a creative may reference, and of images. */
export const POST_URN_PREFIXES = ['urn:li:share:', 'urn:li:ugcPost:'];
export const IMAGE_URN_PREFIX = 'urn:li:image:';

/** GET /rest/adAnalytics element; costs are decimal strings in major units, counts integers. */
export interface AnalyticsElement {
  dateRange: { start: LinkedInDate; end: LinkedInDate };
  pivotValues: string[];
  impressions?: number;
  clicks?: number;
  costInLocalCurrency?: string;
  externalWebsiteConversions?: number;
  conversionValueInLocalCurrency?: string;
}

/** Collection responses: cursor paging in metadata (search finders) or start/count paging. */
export interface Collection<T> {
  elements: T[];
  metadata?: { nextPageToken?: string };
  paging?: { start?: number; count?: number; total?: number };
}

/** API error body: {"status":401,"serviceErrorCode":65601,"code":"EXPIRED_ACCESS_TOKEN","message":"..."}. */
export interface ApiErrorBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
}

/** OAuth endpoints answer like RFC 6749. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  scope?: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export interface OAuthErrorBody {
  error?: string;
  error_description?: string;
}

/** A value in Rest.li 2.0 query syntax: primitives, List(...) and (key:value,...) records. */
export type RestliValue = string | number | RestliValue[] | { [key: string]: RestliValue };

/**
 * Percent-encodes one Rest.li primitive. Beyond encodeURIComponent, the characters Rest.li
 * reserves for structure (parentheses, quote, and `!*` for safety) are encoded too, so a URN's
 * `:` becomes %3A while the List(...) around it stays literal.
 */
export function encodeRestliPrimitive(value: string): string {
  return encodeURIComponent(value).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes a value for a Rest.li 2.0 query parameter: `List(a,b)`, `(key:value)`, leaves percent-encoded. */
export function encodeRestli(value: RestliValue): string {
  if (Array.isArray(value)) return `List(${value.map(encodeRestli).join(',')})`;
  if (typeof value === 'object') {
    return `(${Object.entries(value)
      .map(([key, inner]) => `${encodeRestliPrimitive(key)}:${encodeRestli(inner)}`)
      .join(',')})`;
  }
  return encodeRestliPrimitive(String(value));
}

/**
 * Builds a query string from already-encoded values (use encodeRestli for structured ones and
 * encodeRestliPrimitive for plain ones); nothing is re-encoded, so List(...) stays literal.
 */
export function restliQuery(params: Array<[string, string]>): string {
  return params.map(([key, value]) => `${encodeRestliPrimitive(key)}=${value}`).join('&');
}

/** `fields=a,b,c`: a projection with literal commas. */
export function encodeFields(fields: readonly string[]): string {
  return fields.map(encodeRestliPrimitive).join(',');
}

/** A YYYY-MM-DD day as LinkedIn's date record. */
export function toLinkedInDate(day: string): LinkedInDate {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
}

/** LinkedIn's date record as YYYY-MM-DD. */
export function fromLinkedInDate(date: LinkedInDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The numeric id inside a URN of the expected kind (urn:li:sponsoredCampaign:123 -> "123"); undefined otherwise. */
export function idFromUrn(urn: string, prefix: string): string | undefined {
  if (!urn.startsWith(prefix)) return undefined;
  const id = urn.slice(prefix.length);
  return /^\d+$/.test(id) ? id : undefined;
}
