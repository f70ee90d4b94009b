import { addDays, daysInRange } from '@shared/days';
import { minorToDecimal } from '@shared/money';

import { attributionWindow, dayCount as windowDays, distinctWindows } from '../attribution';
import { callWithTokens, type HttpRequest, sendChecked } from '../http';
import {
  type CampaignStatus,
  type ClientRuntime,
  type PlatformAccount,
  type PlatformClient,
  PlatformError,
  type PlatformSettings,
  type ReportLevel,
  type ReportRequest,
  type TokenProvider,
  type TokenSet,
  type UnifiedMetricRow,
} from '../types';
import { apiError } from './errors';
import {
  type CreativeInfo,
  pivotId,
  type ReportNames,
  toAccount,
  toAd,
  toCampaign,
  toCreativeInfo,
  toMetricRow,
} from './map';
import {
  ACCOUNT_URN_PREFIX,
  type AdAccountElement,
  type AdAccountUserElement,
  type AdCampaignElement,
  type AnalyticsElement,
  type BatchResponse,
  CAMPAIGN_STATUSES,
  type Collection,
  type ConversionElement,
  CREATIVE_URN_PREFIX,
  type CreativeElement,
  encodeFields,
  encodeRestli,
  encodeRestliPrimitive,
  idFromUrn,
  IMAGE_URN_PREFIX,
  type ImageElement,
  METHOD_HEADER,
  POST_URN_PREFIXES,
  type PostElement,
  PROTOCOL_HEADER,
  PROTOCOL_VERSION,
  restliQuery,
  toLinkedInDate,
  VERSION_HEADER,
} from './wire';

/**
 * The LinkedIn Marketing API client (research 3.2-3.5), over the versioned /rest API with
 * Rest.li 2.0 query syntax. Accounts come from the member's adAccountUsers roles; campaigns and
 * creatives page with pageSize/pageToken; adAnalytics has no paging at all and silently cuts a
 * response at 15,000 elements, so reports are asked for in date slices that cannot reach it.
 */

/** adAnalytics answers at most this many elements and drops the rest without a word. */
export const ANALYTICS_ELEMENT_CAP = 15_000;
/** adAnalytics accepts at most this many names in `fields`. */
export const ANALYTICS_MAX_FIELDS = 20;
/** What a daily report asks for: 7 of the 20 allowed. */
export const REPORT_FIELDS = [
  'dateRange',
  'pivotValues',
  'impressions',
  'clicks',
  'costInLocalCurrency',
  'externalWebsiteConversions',
  'conversionValueInLocalCurrency',
] as const;
/** pageSize for the search and criteria finders. */
export const PAGE_SIZE = 100;
/** count for the adAccountUsers finder (start/count paging). */
export const ACCOUNT_USERS_PAGE = 100;
/** Account ids per adAccounts search, to keep URLs short. */
export const ACCOUNT_IDS_PER_SEARCH = 100;
/** The statuses listCampaigns shows: the ones the product can pause and resume. */
export const LISTED_CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED'] as const;
/** Keys per BATCH_GET of posts and images (LinkedIn takes up to 100). */
const BATCH_KEYS = 100;

const isPostUrn = (urn: string | undefined): boolean => POST_URN_PREFIXES.some((prefix) => urn?.startsWith(prefix));

/** The creative intendedStatuses listAds shows, for the same reason. */
export const LISTED_CREATIVE_STATUSES = ['ACTIVE', 'PAUSED'] as const;

export interface LinkedInClientOptions {
  /** pageSize for paged finders (tests use small pages). */
  pageSize?: number;
  /** The adAnalytics truncation point the slicing plans around (tests use a small one). */
  analyticsElementCap?: number;
}

export interface DaySlice {
  since: string;
  until: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayCount(slice: DaySlice): number {
  return daysInRange(slice.since, slice.until);
}

/**
 * Cuts [since, until] into consecutive slices short enough that days × entities (campaigns or
 * creatives: at most one element each per day) stays below the cap, so no full-looking response
 * can be a truncated one.
 */
export function planSlices(since: string, until: string, entities: number, cap: number): DaySlice[] {
  const daysPerSlice = Math.max(1, Math.floor((cap - 1) / Math.max(1, entities)));
  const slices: DaySlice[] = [];
  for (let start = since; start <= until; start = addDays(start, daysPerSlice)) {
    const end = addDays(start, daysPerSlice - 1);
    slices.push({ since: start, until: end < until ? end : until });
  }
  return slices;
}

/** Halves a slice of two days or more. */
function halve(slice: DaySlice): [DaySlice, DaySlice] {
  const firstDays = Math.floor(dayCount(slice) / 2);
  const firstEnd = addDays(slice.since, firstDays - 1);
  return [
    { since: slice.since, until: firstEnd },
    { since: addDays(firstEnd, 1), until: slice.until },
  ];
}

function unexpected(what: string): PlatformError {
  return new PlatformError({
    platform: 'linkedin',
    kind: 'unavailable',
    message: `LinkedIn answered ${what} in an unexpected shape`,
  });
}

function collection<T>(json: unknown, what: string): Collection<T> {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as Collection<T>).elements))
    throw unexpected(what);
  return json as Collection<T>;
}

/** The data half of the LinkedIn adapter. */
export function linkedinClient(
  settings: PlatformSettings,
  tokens: TokenProvider,
  runtime: ClientRuntime,
  options: LinkedInClientOptions = {},
): PlatformClient {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const cap = options.analyticsElementCap ?? ANALYTICS_ELEMENT_CAP;

  const headers = (current: TokenSet, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${current.accessToken}`,
    [VERSION_HEADER]: settings.apiVersion,
    [PROTOCOL_HEADER]: PROTOCOL_VERSION,
    ...extra,
  });

  /** One API call with the connection's tokens, LinkedIn's error mapping and http.ts's retry rules. */
  const call = (request: (current: TokenSet) => HttpRequest) =>
    callWithTokens(runtime, tokens, (current) => sendChecked(runtime, 'linkedin', request(current), apiError));

  const get = async (path: string, query: Array<[string, string]>): Promise<unknown> => {
    const url = `${settings.apiBaseUrl}${path}${query.length ? `?${restliQuery(query)}` : ''}`;
    return (await call((current) => ({ method: 'GET', url, headers: headers(current) }))).json;
  };

  /** Every element of a pageSize/pageToken finder. */
  const allPages = async <T>(path: string, query: Array<[string, string]>): Promise<T[]> => {
    const elements: T[] = [];
    const seen = new Set<string>();
    let pageToken: string | undefined;
    do {
      const paging: Array<[string, string]> = [['pageSize', String(pageSize)]];
      if (pageToken) paging.push(['pageToken', encodeRestliPrimitive(pageToken)]);
      const page = collection<T>(await get(path, [...query, ...paging]), path);
      elements.push(...page.elements);
      pageToken = page.metadata?.nextPageToken || undefined;
      if (pageToken && seen.has(pageToken)) throw unexpected(`${path} paging (a page token came back twice)`);
      if (pageToken) seen.add(pageToken);
    } while (pageToken);
    return elements;
  };

  /**
   * POST with X-RestLi-Method: PARTIAL_UPDATE and a {"patch":{"$set":...}} body to an entity of
   * the account (adCampaigns/{id}, creatives/{encoded URN}); LinkedIn answers 204.
   */
  const partialUpdate = async (
    account: PlatformAccount,
    entityPath: string,
    set: Record<string, unknown>,
  ): Promise<void> => {
    const url = `${settings.apiBaseUrl}/adAccounts/${encodeURIComponent(account.id)}/${entityPath}`;
    const body = { patch: { $set: set } };
    await call((current) => ({
      method: 'POST',
      url,
      headers: headers(current, { [METHOD_HEADER]: 'PARTIAL_UPDATE' }),
      body,
    }));
  };

  /**
   * Rest.li BATCH_GET (ids=List(...)) in batches of BATCH_KEYS: the values found, by key. Keys
   * LinkedIn answers with an error (a deleted post) are left out; a member without access to
   * posts or images gets ads without their creative rather than no ads.
   */
  const batchGet = async <T>(path: string, keys: string[]): Promise<Map<string, T>> => {
    const found = new Map<string, T>();
    const unique = [...new Set(keys)];
    for (let start = 0; start < unique.length; start += BATCH_KEYS) {
      let answer: BatchResponse<T>;
      try {
        answer = ((await get(path, [['ids', encodeRestli(unique.slice(start, start + BATCH_KEYS))]])) ??
          {}) as BatchResponse<T>;
      } catch (error) {
        if (error instanceof PlatformError && (error.kind === 'permission' || error.kind === 'not_found')) return found;
        throw error;
      }
      for (const [key, value] of Object.entries(answer.results ?? {})) found.set(key, value);
    }
    return found;
  };

  const campaignElements = (account: PlatformAccount, statuses: readonly string[]) =>
    allPages<AdCampaignElement>(`/adAccounts/${encodeURIComponent(account.id)}/adCampaigns`, [
      ['q', 'search'],
      ['search', encodeRestli({ status: { values: [...statuses] } })],
    ]);

  /** Every creative of the account, by numeric id. */
  const creativeInfos = async (account: PlatformAccount): Promise<Map<string, CreativeInfo>> => {
    const elements = await allPages<CreativeElement>(`/adAccounts/${encodeURIComponent(account.id)}/creatives`, [
      ['q', 'criteria'],
    ]);
    return new Map(
      elements.map(toCreativeInfo).filter((entry): entry is [string, CreativeInfo] => entry !== undefined),
    );
  };

  /** Looks up creatives the criteria finder did not list (rare: e.g. removed since they served). */
  const lookUpCreatives = async (
    account: PlatformAccount,
    ids: string[],
    into: Map<string, CreativeInfo>,
  ): Promise<void> => {
    for (const id of ids) {
      const urn = encodeRestliPrimitive(`${CREATIVE_URN_PREFIX}${id}`);
      const json = await get(`/adAccounts/${encodeURIComponent(account.id)}/creatives/${urn}`, []);
      const entry = typeof json === 'object' && json !== null ? toCreativeInfo(json as CreativeElement) : undefined;
      if (!entry) throw unexpected(`creative ${id}`);
      into.set(...entry);
    }
  };

  /** One adAnalytics request: DAILY rows of one pivot for one account and slice. */
  const analytics = async (
    account: PlatformAccount,
    level: ReportLevel,
    slice: DaySlice,
  ): Promise<AnalyticsElement[]> => {
    const json = await get('/adAnalytics', [
      ['q', 'analytics'],
      ['pivot', level === 'campaign' ? 'CAMPAIGN' : 'CREATIVE'],
      ['timeGranularity', 'DAILY'],
      ['dateRange', encodeRestli({ start: toLinkedInDate(slice.since), end: toLinkedInDate(slice.until) })],
      ['accounts', encodeRestli([`${ACCOUNT_URN_PREFIX}${account.id}`])],
      ['fields', encodeFields(REPORT_FIELDS)],
    ]);
    return collection<AnalyticsElement>(json, 'adAnalytics').elements;
  };

  /** A slice's rows; a response that reached the cap may be cut, so it is asked for again in halves. */
  const sliceRows = async (
    account: PlatformAccount,
    level: ReportLevel,
    slice: DaySlice,
  ): Promise<AnalyticsElement[]> => {
    const elements = await analytics(account, level, slice);
    if (elements.length < cap) return elements;
    if (slice.since === slice.until) {
      throw new PlatformError({
        platform: 'linkedin',
        kind: 'invalid',
        message: `LinkedIn has ${cap} or more ${level} rows for ${slice.since} alone; adAnalytics cannot return them in one response`,
      });
    }
    const [first, second] = halve(slice);
    return [...(await sliceRows(account, level, first)), ...(await sliceRows(account, level, second))];
  };

  return {
    async listAccounts() {
      const ids: string[] = [];
      for (let start = 0; ; start += ACCOUNT_USERS_PAGE) {
        const page = collection<AdAccountUserElement>(
          await get('/adAccountUsers', [
            ['q', 'authenticatedUser'],
            ['start', String(start)],
            ['count', String(ACCOUNT_USERS_PAGE)],
          ]),
          'adAccountUsers',
        );
        for (const element of page.elements) {
          const id = idFromUrn(element.account, ACCOUNT_URN_PREFIX);
          if (id && !ids.includes(id)) ids.push(id);
        }
        const total = page.paging?.total;
        if (page.elements.length < ACCOUNT_USERS_PAGE || (total !== undefined && start + ACCOUNT_USERS_PAGE >= total))
          break;
      }
      const byId = new Map<string, PlatformAccount>();
      for (let offset = 0; offset < ids.length; offset += ACCOUNT_IDS_PER_SEARCH) {
        const chunk = ids.slice(offset, offset + ACCOUNT_IDS_PER_SEARCH);
        const elements = await allPages<AdAccountElement>('/adAccounts', [
          ['q', 'search'],
          ['search', encodeRestli({ id: { values: chunk } })],
        ]);
        for (const element of elements) byId.set(String(element.id), toAccount(element));
      }
      // The member's role order; accounts the search did not return are not reachable.
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The account's enabled conversion rules (GET /rest/conversions?q=account), each with its
     * post-click and view-through window. externalWebsiteConversions, the figure the report
     * reads, counts the conversions of these rules.
     */
    async attribution(account) {
      const windows = [];
      for (let start = 0; ; start += ACCOUNT_USERS_PAGE) {
        const page = collection<ConversionElement>(
          await get('/conversions', [
            ['q', 'account'],
            ['account', encodeRestliPrimitive(`${ACCOUNT_URN_PREFIX}${account.id}`)],
            ['start', String(start)],
            ['count', String(ACCOUNT_USERS_PAGE)],
          ]),
          'conversions',
        );
        for (const rule of page.elements) {
          if (rule.enabled === false) continue;
          const click = rule.postClickAttributionWindowSize;
          const view = rule.viewThroughAttributionWindowSize;
          const source = `conversion ${rule.id ?? '?'}: postClickAttributionWindowSize=${click ?? '-'}, viewThroughAttributionWindowSize=${view ?? '-'}`;
          windows.push(attributionWindow(windowDays(click), windowDays(view), source, rule.name));
        }
        const total = page.paging?.total;
        if (page.elements.length < ACCOUNT_USERS_PAGE || (total !== undefined && start + ACCOUNT_USERS_PAGE >= total))
          break;
      }
      return distinctWindows(windows);
    },

    async listCampaigns(account) {
      return (await campaignElements(account, LISTED_CAMPAIGN_STATUSES)).map((element) => toCampaign(element, account));
    },

    async report(account, request: ReportRequest): Promise<UnifiedMetricRow[]> {
      if (!DAY.test(request.since) || !DAY.test(request.until) || request.since > request.until) {
        throw new PlatformError({
          platform: 'linkedin',
          kind: 'invalid',
          message: `Bad report range ${request.since}..${request.until}`,
        });
      }
      // Rows of archived or completed campaigns still need names: join against every status.
      const campaigns = await campaignElements(account, CAMPAIGN_STATUSES);
      const names: ReportNames = {
        campaigns: new Map(campaigns.map((c) => [String(c.id), c.name])),
        creatives: request.level === 'ad' ? await creativeInfos(account) : new Map(),
      };
      const entities = request.level === 'campaign' ? campaigns.length : names.creatives.size;
      const elements: AnalyticsElement[] = [];
      for (const slice of planSlices(request.since, request.until, entities, cap)) {
        elements.push(...(await sliceRows(account, request.level, slice)));
      }
      if (request.level === 'ad') {
        const missing = [
          ...new Set(
            elements.map((e) => pivotId(e, 'ad')).filter((id): id is string => !!id && !names.creatives.has(id)),
          ),
        ];
        await lookUpCreatives(account, missing, names.creatives);
      }
      return elements.map((element) => {
        try {
          return toMetricRow(element, account, request.level, names);
        } catch (error) {
          throw new PlatformError({
            platform: 'linkedin',
            kind: 'unavailable',
            message: `LinkedIn adAnalytics: ${(error as Error).message}`,
          });
        }
      });
    },

    async setCampaignStatus(account, campaignId, status: CampaignStatus) {
      await partialUpdate(account, `adCampaigns/${encodeURIComponent(campaignId)}`, { status });
    },

    async setCampaignDailyBudget(account, campaignId, amountMinor) {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
        const message = 'A daily budget must be a positive whole number of minor units';
        throw new PlatformError({ platform: 'linkedin', kind: 'invalid', message });
      }
      const dailyBudget = { amount: minorToDecimal(amountMinor, account.currency), currencyCode: account.currency };
      await partialUpdate(account, `adCampaigns/${encodeURIComponent(campaignId)}`, { dailyBudget });
    },

    /** LinkedIn's ads are creatives: the criteria finder, ACTIVE and PAUSED ones, by numeric id. */
    /**
     * The creatives with their own status and what they show: a sponsored-content creative
     * references a post, so the posts are batch-read (commentary, image title, landing page,
     * call to action) and then their images (the Images API gives the download URL).
     */
    async listAds(account) {
      const elements = await allPages<CreativeElement>(`/adAccounts/${encodeURIComponent(account.id)}/creatives`, [
        ['q', 'criteria'],
        ['intendedStatuses', encodeRestli([...LISTED_CREATIVE_STATUSES])],
      ]);
      const references = elements
        .map((element) => element.content?.reference)
        .filter((urn): urn is string => isPostUrn(urn));
      const posts = await batchGet<PostElement>('/posts', references);
      const imageUrns = [...posts.values()]
        .map((post) => post.content?.media?.id)
        .filter((urn): urn is string => Boolean(urn?.startsWith(IMAGE_URN_PREFIX)));
      const images = await batchGet<ImageElement>('/images', imageUrns);
      return elements.flatMap((element) => {
        const post = element.content?.reference ? posts.get(element.content.reference) : undefined;
        const imageUrn = post?.content?.media?.id;
        return toAd(element, post, imageUrn ? (images.get(imageUrn)?.downloadUrl ?? null) : null) ?? [];
      });
    },

    /** PARTIAL_UPDATE of the creative's intendedStatus; the creative is addressed by its encoded URN. */
    async setAdStatus(account, adId, status: CampaignStatus) {
      if (!/^\d+$/.test(adId)) {
        throw new PlatformError({
          platform: 'linkedin',
          kind: 'invalid',
          message: `Not a LinkedIn creative id: ${adId}`,
        });
      }
      await partialUpdate(account, `creatives/${encodeRestliPrimitive(`${CREATIVE_URN_PREFIX}${adId}`)}`, {
        intendedStatus: status,
      });
    },
  };
}
