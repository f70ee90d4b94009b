import { minorToDecimal } from '@shared/money';
import type { FastifyReply } from 'fastify';

import type { FaultRenderer } from '../../types';
import type { ReportRow, SandboxAccount, SandboxAd, SandboxCampaign, World } from '../../world';

/**
 * How the LinkedIn emulator writes things on the wire (research 3): error bodies
 * {status, serviceErrorCode, code, message}, adAccounts/adCampaigns/creatives elements with
 * numeric ids (creatives: URN ids), adAnalytics elements with decimal-string costs, integer
 * counts and dateRange records, cursor paging tokens.
 */

/** Access tokens last 60 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 5_184_000;
/** Refresh tokens last 365 days from the original consent; refreshing does not extend them. */
export const REFRESH_TOKEN_TTL_SECONDS = 31_536_000;
/**
 * Whether the token endpoint hands out refresh tokens: LinkedIn does so only for approved
 * Marketing Developer Platform partners; the sandbox behaves as one.
 */
export const ISSUE_REFRESH_TOKENS = true;

/** adAnalytics silently cuts its (unpaged) answer after this many elements. */
export const ANALYTICS_ELEMENT_CAP = 15_000;
/** adAnalytics accepts at most this many names in `fields`. */
export const ANALYTICS_MAX_FIELDS = 20;
/** pageSize for the search/criteria finders when the client gives none, and the most it may ask for. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** count for adAccountUsers when the client gives none, and the most it may ask for. */
export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 1000;

/**
 * UNCONFIRMED: LinkedIn documents no Retry-After on 429. The emulator sends one (seconds) so
 * the client's "honour it when present" path is exercised; flip this to test pure backoff.
 */
export const SEND_RETRY_AFTER = true;

/**
 * LinkedIn reports in UTC days; the sandbox world keeps each account's days in the account's
 * own zone and serves them as they are. This field on the adAccounts element tells the client
 * which zone that is (src/server/platforms/linkedin/map.ts reads the same name; the real API
 * never sends it, so live accounts are UTC there).
 */
export const SANDBOX_TIME_ZONE_FIELD = 'sandboxReportingTimeZone';

export const REQUEST_ID_HEADER = 'x-li-uuid';
export const ACCOUNT_URN_PREFIX = 'urn:li:sponsoredAccount:';
export const CAMPAIGN_URN_PREFIX = 'urn:li:sponsoredCampaign:';
export const CREATIVE_URN_PREFIX = 'urn:li:sponsoredCreative:';
/** The (dark) post a sponsored-content creative references, and the image that post shows. */
export const SHARE_URN_PREFIX = 'urn:li:share:';
export const IMAGE_URN_PREFIX = 'urn:li:image:';
/** Image ids start like LinkedIn's (D4E10AQ...); the rest is the sandbox image's key. */
const IMAGE_ID_PREFIX = 'D4E10AQ';
/** Where the emulator serves image files, under /linkedin: shaped like media.licdn.com/dms/image/<id>. */
export const IMAGE_FILE_PATH = '/dms/image';
/** Posts and images per BATCH_GET (LinkedIn documents batches of up to 100 keys for posts). */
export const MAX_BATCH_KEYS = 100;

/** Every campaign status LinkedIn knows; the world only models ACTIVE and PAUSED. */
export const CAMPAIGN_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'ARCHIVED',
  'COMPLETED',
  'CANCELED',
  'DRAFT',
  'PENDING_DELETION',
  'REMOVED',
];

/** Every creative intendedStatus LinkedIn knows; the world only models ACTIVE and PAUSED. */
export const CREATIVE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED'];

/** Metric names the sandbox models, and those adAnalytics returns when `fields` is absent. */
export const ANALYTICS_FIELDS = [
  'dateRange',
  'pivotValues',
  'impressions',
  'clicks',
  'costInLocalCurrency',
  'externalWebsiteConversions',
  'conversionValueInLocalCurrency',
];
export const DEFAULT_ANALYTICS_FIELDS = ['impressions', 'clicks'];

/** LinkedIn's API error body. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  serviceErrorCode?: number,
): FastifyReply {
  return reply
    .code(status)
    .send({ status, ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }), code, message });
}

/** 400 for a request the API will never accept as sent. */
export const badRequest = (reply: FastifyReply, message: string, code = 'ILLEGAL_ARGUMENT') =>
  sendError(reply, 400, code, message);

/** 403 ACCESS_DENIED, naming the resource like LinkedIn does (adCampaigns.GET.20260701). */
export const accessDenied = (reply: FastifyReply, resource: string, method: string, version: string) =>
  sendError(reply, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${resource}.${method}.${version}01`, 100);

export const notFound = (reply: FastifyReply, what: string) =>
  sendError(reply, 404, 'RESOURCE_NOT_FOUND', `${what} does not exist`);

/** The 401s LinkedIn sends for tokens. */
export const tokenErrors = {
  empty: (reply: FastifyReply) => sendError(reply, 401, 'EMPTY_ACCESS_TOKEN', 'Empty oauth2 access token', 65604),
  invalid: (reply: FastifyReply) => sendError(reply, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600),
  expired: (reply: FastifyReply) =>
    sendError(reply, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65601),
  revoked: (reply: FastifyReply) =>
    sendError(reply, 401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601),
};

const THROTTLED = 'Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.';

/** Injected faults in LinkedIn's shapes. */
export const faultRenderer: FaultRenderer = {
  rateLimit: (reply, retryAfterSeconds) => {
    if (SEND_RETRY_AFTER) reply.header('retry-after', String(retryAfterSeconds));
    return sendError(reply, 429, 'TOO_MANY_REQUESTS', THROTTLED, 101);
  },
  serverError: (reply) => sendError(reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error'),
  expiredToken: tokenErrors.expired,
  revoked: tokenErrors.revoked,
};

/** Cursor tokens for the paged finders: opaque to clients, an offset inside. */
export function pageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

/** The offset inside a page token; undefined for one the sandbox did not issue. */
export function pageOffset(token: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** One page of a cursor-paged finder: {elements, paging, metadata.nextPageToken (absent on the last page)}. */
export function cursorPage<T>(all: T[], offset: number, size: number) {
  const elements = all.slice(offset, offset + size);
  const next = offset + size < all.length ? pageToken(offset + size) : undefined;
  return { elements, paging: { start: offset, count: size, links: [] }, metadata: next ? { nextPageToken: next } : {} };
}

/** An adAccounts element. */
export function accountElement(account: SandboxAccount) {
  return {
    id: Number(account.id),
    name: account.name,
    currency: account.currency,
    status: 'ACTIVE',
    type: 'BUSINESS',
    test: false,
    [SANDBOX_TIME_ZONE_FIELD]: account.timeZone,
  };
}

const OBJECTIVE_TYPES: Record<string, string> = {
  CONVERSIONS: 'WEBSITE_CONVERSION',
  TRAFFIC: 'WEBSITE_VISIT',
  LEAD_GENERATION: 'LEAD_GENERATION',
  AWARENESS: 'BRAND_AWARENESS',
};

/** An adCampaigns element: status and dailyBudget as of the account's today. */
export function campaignElement(world: World, account: SandboxAccount, campaign: SandboxCampaign) {
  return {
    id: Number(campaign.id),
    name: campaign.name,
    account: `${ACCOUNT_URN_PREFIX}${account.id}`,
    status: world.status('linkedin', campaign.id),
    type: 'SPONSORED_UPDATES',
    costType: 'CPM',
    objectiveType: OBJECTIVE_TYPES[campaign.objective] ?? 'WEBSITE_VISIT',
    dailyBudget: {
      amount: minorToDecimal(world.dailyBudgetMinor('linkedin', campaign.id), account.currency),
      currencyCode: account.currency,
    },
    runSchedule: { start: Date.parse(`${campaign.startDate}T00:00:00Z`) },
    test: false,
  };
}

/**
 * A creatives element; unlike campaigns, a creative's id is its URN. intendedStatus is the
 * creative's own status; isServing also needs its campaign to be ACTIVE.
 */
export function creativeElement(world: World, account: SandboxAccount, campaign: SandboxCampaign, ad: SandboxAd) {
  const intendedStatus = world.adStatus('linkedin', ad.id);
  return {
    id: `${CREATIVE_URN_PREFIX}${ad.id}`,
    name: ad.name,
    account: `${ACCOUNT_URN_PREFIX}${account.id}`,
    campaign: `${CAMPAIGN_URN_PREFIX}${campaign.id}`,
    intendedStatus,
    isServing: intendedStatus === 'ACTIVE' && world.status('linkedin', campaign.id) === 'ACTIVE',
    // Sponsored content: the creative points at a post (a dark post made for the ad).
    content: { reference: postUrnOf(ad) },
  };
}

/** The post a creative references: a 19-digit share id made from the creative's id. */
export function postUrnOf(ad: SandboxAd): string {
  return `${SHARE_URN_PREFIX}7${ad.id.padStart(18, '0')}`;
}

/** The image URN of a sandbox image. */
export const imageUrnOf = (key: string) => `${IMAGE_URN_PREFIX}${IMAGE_ID_PREFIX}${key}`;

/** The sandbox image key inside an image URN or file id, if it is one. */
export function imageKeyOf(id: string): string | undefined {
  const bare = id.startsWith(IMAGE_URN_PREFIX) ? id.slice(IMAGE_URN_PREFIX.length) : id;
  return new RegExp(`^${IMAGE_ID_PREFIX}([0-9a-f]{32})$`).exec(bare)?.[1];
}

/** The organization every sandbox account advertises for (posts are authored by it). */
const organizationUrnOf = (account: SandboxAccount) => `urn:li:organization:${account.id.slice(0, 8)}`;

/**
 * A Posts API element for the dark post behind a creative: commentary is the introductory text,
 * content.media the image with its title as the headline, contentLandingPage and
 * contentCallToActionLabel the destination and button.
 */
export function postElement(account: SandboxAccount, ad: SandboxAd) {
  const { copy } = ad;
  return {
    id: postUrnOf(ad),
    author: organizationUrnOf(account),
    commentary: copy.primaryText ?? '',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(copy.image ? { content: { media: { id: imageUrnOf(copy.image.key), title: copy.headlines[0] ?? '' } } } : {}),
    contentLandingPage: copy.landingUrl,
    ...(copy.callToAction ? { contentCallToActionLabel: copy.callToAction } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    adContext: { dscAdAccount: `${ACCOUNT_URN_PREFIX}${account.id}`, dscStatus: 'ACTIVE', isDsc: true },
  };
}

/** An Images API element: where the image file can be downloaded (the URL expires on LinkedIn). */
export function imageElement(
  account: SandboxAccount,
  key: string,
  width: number,
  height: number,
  fileBase: string,
  now: Date,
) {
  return {
    id: imageUrnOf(key),
    owner: organizationUrnOf(account),
    status: 'AVAILABLE',
    downloadUrl: `${fileBase}${IMAGE_FILE_PATH}/${IMAGE_ID_PREFIX}${key}`,
    downloadUrlExpiresAt: now.getTime() + 3_600_000,
    mediaType: 'image/png',
    width,
    height,
  };
}

/** YYYY-MM-DD as LinkedIn's date record. */
export function dateRecord(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
}

/** One DAILY adAnalytics element with just the requested fields. */
export function analyticsElement(row: ReportRow, fields: string[]): Record<string, unknown> {
  const currency = row.account.currency;
  const all: Record<string, () => unknown> = {
    dateRange: () => ({ start: dateRecord(row.date), end: dateRecord(row.date) }),
    pivotValues: () => [row.ad ? `${CREATIVE_URN_PREFIX}${row.ad.id}` : `${CAMPAIGN_URN_PREFIX}${row.campaign.id}`],
    impressions: () => row.metrics.impressions,
    clicks: () => row.metrics.clicks,
    costInLocalCurrency: () => minorToDecimal(row.metrics.spendMinor, currency),
    externalWebsiteConversions: () => row.metrics.conversions,
    conversionValueInLocalCurrency: () => minorToDecimal(row.metrics.conversionValueMinor, currency),
  };
  return Object.fromEntries(fields.map((field) => [field, all[field]()]));
}

/** adAnalytics answers with no paging; anything past the cap is dropped without a sign. */
export function truncate<T>(elements: T[], cap = ANALYTICS_ELEMENT_CAP): T[] {
  return elements.length > cap ? elements.slice(0, cap) : elements;
}
