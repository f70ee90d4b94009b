import { gunzipSync } from 'node:zlib';

import { eachDay } from '@shared/days';
import { minorToMicros } from '@shared/money';

import { distinctWindows } from '../attribution';
import {
  callWithTokens,
  doublingDelayMs,
  fetchWithin,
  kindForStatus,
  observeCall,
  sendChecked,
  withRetry,
} from '../http';
import type {
  CampaignStatus,
  ClientRuntime,
  PlatformAccount,
  PlatformClient,
  PlatformSettings,
  ReportRequest,
  TokenProvider,
  TokenSet,
  UnifiedMetricRow,
} from '../types';
import { xApiError, xError } from './errors';
import {
  adNameOf,
  currencyOf,
  statsToRows,
  toPlatformAccount,
  toPlatformAd,
  toPlatformCampaign,
  toTagAttribution,
  type XAccount,
  type XCampaign,
  type XCard,
  type XEntityNames,
  type XFundingInstrument,
  type XLineItem,
  type XListResponse,
  type XPromotedTweet,
  type XStatsJob,
  type XStatsResponse,
  type XTweet,
  type XWebEventTag,
} from './map';
import {
  bearerSigner,
  DEFAULT_X_AUTH_MODE,
  oauth1Signer,
  percentEncode,
  type RequestSigner,
  type XAuthMode,
} from './signing';
import { dayWindows, windowTimes } from './time';

/**
 * The X Ads API v12 client (research section 4). Lists page with cursor/next_cursor. Reports
 * read daily analytics for CAMPAIGN or PROMOTED_TWEET (X's ad) entities, 20 ids per request:
 * ranges up to 7 days through the synchronous stats endpoint, longer ranges through async jobs
 * (up to 90 days each: create, poll, download the gzip file). Write parameters go in the query
 * string, where X (and the OAuth 1.0a signature) expect them.
 */

/** Largest page X serves on list endpoints (default 200). */
export const X_PAGE_SIZE = 1000;
/** Entity ids per analytics request. */
export const X_STATS_MAX_ENTITY_IDS = 20;
/** Longest window of the synchronous stats endpoint, and of one async job (non-segmented). */
export const X_SYNC_MAX_DAYS = 7;
export const X_ASYNC_MAX_DAYS = 90;
export const X_METRIC_GROUPS = ['ENGAGEMENT', 'BILLING', 'WEB_CONVERSION'] as const;
/** Ads on X itself; SPOTLIGHT and TREND takeovers are separate placements the product does not sell. */
export const X_PLACEMENT = 'ALL_ON_TWITTER';
/** Jobs created before waiting for them (X allows 100 processing jobs per ad account). */
export const X_JOBS_PER_ROUND = 20;
/** Waits before each status check of a round of jobs (http.ts doublingDelayMs: half a second, doubling to every 3 s). */
export const X_JOB_POLL_SCHEDULE = { firstMs: 500, capMs: 3_000 };
export const X_JOB_MAX_POLLS = 100;
/** Tweet ids per GET accounts/:id/tweets. */
export const X_TWEET_LOOKUP_MAX = 200;
/** UNCONFIRMED where X keeps the currency (research 4.2): an account without a funding instrument says nothing. */
export const X_FALLBACK_CURRENCY = 'USD';

const GZIP_MAGIC = [0x1f, 0x8b];

type Query = Record<string, string | undefined>;

export interface XClientOptions {
  /** Page size on list endpoints (tests use a small one to walk the cursors). */
  pageSize?: number;
}

/** The signer the settings ask for, over the connection's current tokens. */
export function signerFor(settings: PlatformSettings, tokens: TokenSet): RequestSigner {
  const mode = (settings.extra.authMode as XAuthMode | undefined) ?? DEFAULT_X_AUTH_MODE;
  if (mode === 'oauth2') return bearerSigner(tokens);
  const { consumerKey, consumerSecret } = settings.extra;
  if (!consumerKey || !consumerSecret) {
    throw xError('invalid', 'X OAuth 1.0a needs X_CONSUMER_KEY and X_CONSUMER_SECRET');
  }
  const tokenSecret = tokens.extra?.tokenSecret;
  if (!tokenSecret) {
    throw xError('revoked', 'This X connection has no OAuth 1.0a token secret; connect X again');
  }
  return oauth1Signer({ consumerKey, consumerSecret, token: tokens.accessToken, tokenSecret });
}

/** A query string with RFC 3986 encoding (the form OAuth 1.0a signs). */
function queryString(query: Query): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join('&');
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** One analytics request: a window of account-zone days and up to 20 entity ids. */
interface StatsSpec {
  days: string[];
  ids: string[];
}

/** A spec with the stats X returned for it. */
type SpecStats = [StatsSpec, XStatsResponse];

/** Date, then campaign, then ad. */
const rowOrder = (a: UnifiedMetricRow, b: UnifiedMetricRow) =>
  a.date.localeCompare(b.date) ||
  a.campaignId.localeCompare(b.campaignId) ||
  (a.adId ?? '').localeCompare(b.adId ?? '');

/** The X Ads API client for one connection. */
export function createXClient(
  settings: PlatformSettings,
  tokens: TokenProvider,
  runtime: ClientRuntime,
  options: XClientOptions = {},
): PlatformClient {
  const pageSize = options.pageSize ?? X_PAGE_SIZE;

  /** One authorized API call, with the shared retry, refresh and error rules. */
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, query: Query = {}): Promise<T> {
    const search = queryString(query);
    const url = `${settings.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
    const response = await callWithTokens(runtime, tokens, (current) => {
      const authorization = signerFor(settings, current).authorize(method, url);
      return sendChecked(runtime, 'x', { method, url, headers: { authorization } }, xApiError);
    });
    if (response.json === undefined) {
      throw xError('invalid', `X answered ${method} ${path} without JSON`, response.status);
    }
    return response.json as T;
  }

  /** Every item of a cursor-paged list. */
  async function listAll<T>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<XListResponse<T>>('GET', path, { ...query, count: String(pageSize), cursor });
      items.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return items;
  }

  /** Names for campaign-level stats ids (deleted campaigns included: their history still counts). */
  async function campaignEntities(account: PlatformAccount): Promise<Map<string, XEntityNames>> {
    const campaigns = await listAll<XCampaign>(`/accounts/${account.id}/campaigns`, { with_deleted: 'true' });
    return new Map(campaigns.map((c) => [c.id, { campaignId: c.id, campaignName: c.name, adId: null, adName: null }]));
  }

  /**
   * Every promoted tweet (X's ad) with its campaign and name. A promoted tweet belongs to a line
   * item, which belongs to a campaign: promoted_tweets.line_item_id -> line_items.campaign_id.
   * Its name comes from the tweet (GET accounts/:id/tweets). Deleted ones only when asked.
   */
  async function promotedTweets(
    account: PlatformAccount,
    withDeleted: boolean,
  ): Promise<Array<[XPromotedTweet, XEntityNames, XTweet | undefined]>> {
    const base = `/accounts/${account.id}`;
    const deleted = withDeleted ? { with_deleted: 'true' } : {};
    const campaigns = await listAll<XCampaign>(`${base}/campaigns`, { with_deleted: 'true' });
    const lineItems = await listAll<XLineItem>(`${base}/line_items`, { with_deleted: 'true' });
    const promoted = await listAll<XPromotedTweet>(`${base}/promoted_tweets`, deleted);
    const tweets = new Map<string, XTweet>();
    for (const ids of chunk([...new Set(promoted.map((p) => p.tweet_id))], X_TWEET_LOOKUP_MAX)) {
      const query = { tweet_type: 'PUBLISHED', trim_user: 'true', tweet_ids: ids.join(',') };
      const found = await listAll<XTweet>(`${base}/tweets`, query);
      for (const tweet of found) tweets.set(tweet.id_str, tweet);
    }
    const campaignNames = new Map(campaigns.map((c) => [c.id, c.name]));
    const campaignOfLineItem = new Map(lineItems.map((li) => [li.id, li.campaign_id]));
    return promoted.map((ad) => {
      const campaignId = campaignOfLineItem.get(ad.line_item_id);
      if (!campaignId) {
        throw xError('invalid', `X promoted tweet ${ad.id} has an unknown line item ${ad.line_item_id}`);
      }
      const names: XEntityNames = {
        campaignId,
        campaignName: campaignNames.get(campaignId) ?? null,
        adId: ad.id,
        adName: adNameOf(tweets.get(ad.tweet_id)),
      };
      return [ad, names, tweets.get(ad.tweet_id)];
    });
  }

  /** The cards tweets carry, by card_uri (GET accounts/:id/cards?card_uris=..., in batches). */
  async function cardsOf(account: PlatformAccount, tweets: Array<XTweet | undefined>): Promise<Map<string, XCard>> {
    const uris = [...new Set(tweets.map((tweet) => tweet?.card_uri).filter((uri): uri is string => Boolean(uri)))];
    const cards = new Map<string, XCard>();
    for (const batch of chunk(uris, X_TWEET_LOOKUP_MAX)) {
      for (const card of await listAll<XCard>(`/accounts/${account.id}/cards`, { card_uris: batch.join(',') })) {
        if (card.card_uri) cards.set(card.card_uri, card);
      }
    }
    return cards;
  }

  /** Names for ad-level stats ids (deleted promoted tweets included: their history still counts). */
  async function adEntities(account: PlatformAccount): Promise<Map<string, XEntityNames>> {
    return new Map((await promotedTweets(account, true)).map(([ad, names]) => [ad.id, names]));
  }

  /** The analytics parameters of one window and batch. */
  function statsQuery(account: PlatformAccount, entity: string, spec: StatsSpec): Query {
    const { startTime, endTime } = windowTimes(spec.days, account.timeZone);
    return {
      entity,
      entity_ids: spec.ids.join(','),
      start_time: startTime,
      end_time: endTime,
      granularity: 'DAY',
      metric_groups: X_METRIC_GROUPS.join(','),
      placement: X_PLACEMENT,
    };
  }

  /** Downloads a finished job's file (a public URL: no Authorization) and gunzips it. */
  async function download(url: string): Promise<XStatsResponse> {
    return withRetry(runtime, async () => {
      const startedAt = performance.now();
      const { response, body } = await fetchWithin(runtime, 'x', url, {}, (answer) => answer.arrayBuffer());
      const failure = response.ok
        ? undefined
        : xError(kindForStatus(response.status), `X stats download answered ${response.status}`, response.status);
      observeCall(runtime, {
        platform: 'x',
        outcome: failure ? 'error' : 'ok',
        kind: failure?.kind,
        status: response.status,
        durationMs: performance.now() - startedAt,
      });
      if (failure) throw failure;
      const bytes = Buffer.from(body);
      const gzipped = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
      try {
        return JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString('utf8')) as XStatsResponse;
      } catch {
        throw xError('invalid', 'X stats download is not gzip JSON');
      }
    });
  }

  /** Polls jobs until all succeed; a failed job or one that never finishes is an 'unavailable' error. */
  async function waitForJobs(account: PlatformAccount, ids: string[]): Promise<Map<string, XStatsJob>> {
    const done = new Map<string, XStatsJob>();
    for (let poll = 1; done.size < ids.length; poll += 1) {
      if (poll > X_JOB_MAX_POLLS) {
        throw xError('unavailable', `X analytics jobs did not finish after ${X_JOB_MAX_POLLS} checks`);
      }
      await runtime.sleep(doublingDelayMs(poll, X_JOB_POLL_SCHEDULE));
      const pending = ids.filter((id) => !done.has(id));
      const path = `/stats/jobs/accounts/${account.id}`;
      const page = await call<XListResponse<XStatsJob>>('GET', path, { job_ids: pending.join(',') });
      for (const job of page.data) {
        if (job.status === 'SUCCESS' && job.url) done.set(job.id_str, job);
        else if (job.status === 'FAILED' || job.status === 'CANCELLED') {
          throw xError('unavailable', `X analytics job ${job.id_str} ${job.status.toLowerCase()}`);
        }
      }
    }
    return done;
  }

  /** Stats for every spec through async jobs, a round of jobs at a time. */
  async function statsByJobs(account: PlatformAccount, entity: string, specs: StatsSpec[]): Promise<SpecStats[]> {
    const results: SpecStats[] = [];
    const path = `/stats/jobs/accounts/${account.id}`;
    for (const round of chunk(specs, X_JOBS_PER_ROUND)) {
      const jobs: Array<[StatsSpec, string]> = [];
      for (const spec of round) {
        const created = await call<{ data: XStatsJob }>('POST', path, statsQuery(account, entity, spec));
        jobs.push([spec, created.data.id_str]);
      }
      const finished = await waitForJobs(
        account,
        jobs.map(([, id]) => id),
      );
      for (const [spec, id] of jobs) results.push([spec, await download(finished.get(id)!.url!)]);
    }
    return results;
  }

  /** Stats for every spec through the synchronous endpoint. */
  async function statsBySync(account: PlatformAccount, entity: string, specs: StatsSpec[]): Promise<SpecStats[]> {
    const results: SpecStats[] = [];
    for (const spec of specs) {
      results.push([
        spec,
        await call<XStatsResponse>('GET', `/stats/accounts/${account.id}`, statsQuery(account, entity, spec)),
      ]);
    }
    return results;
  }

  return {
    async listAccounts() {
      const accounts = (await listAll<XAccount>('/accounts')).filter((account) => !account.deleted);
      const result = [];
      for (const account of accounts) {
        const instruments = await listAll<XFundingInstrument>(`/accounts/${account.id}/funding_instruments`);
        result.push(toPlatformAccount(account, currencyOf(instruments) ?? X_FALLBACK_CURRENCY));
      }
      return result;
    },

    async listCampaigns(account) {
      const campaigns = await listAll<XCampaign>(`/accounts/${account.id}/campaigns`);
      return campaigns.filter((c) => !c.deleted).map((c) => toPlatformCampaign(c, account.currency));
    },

    async report(account, request: ReportRequest) {
      if (request.since > request.until) {
        throw xError('invalid', `Report range ${request.since}..${request.until} is empty`);
      }
      const entities = request.level === 'campaign' ? await campaignEntities(account) : await adEntities(account);
      if (entities.size === 0) return [];
      const sync = eachDay(request.since, request.until).length <= X_SYNC_MAX_DAYS;
      const windows = dayWindows(request.since, request.until, sync ? X_SYNC_MAX_DAYS : X_ASYNC_MAX_DAYS);
      const batches = chunk([...entities.keys()], X_STATS_MAX_ENTITY_IDS);
      const specs = windows.flatMap((days) => batches.map((ids) => ({ days, ids })));
      const entity = request.level === 'campaign' ? 'CAMPAIGN' : 'PROMOTED_TWEET';
      const responses = sync ? await statsBySync(account, entity, specs) : await statsByJobs(account, entity, specs);
      const rows: UnifiedMetricRow[] = responses.flatMap(([spec, response]) =>
        statsToRows(response, { account, level: request.level, days: spec.days, entities }),
      );
      return rows.sort(rowOrder);
    },

    async setCampaignStatus(account, campaignId, status: CampaignStatus) {
      await call('PUT', `/accounts/${account.id}/campaigns/${campaignId}`, { entity_status: status });
    },

    /**
     * Writes the campaign's daily budget (micros). UNCONFIRMED (research 4.4): current X docs put
     * budgets on line items for accounts with budget_optimization=LINE_ITEM; this writes the
     * campaign-level field, which campaign budget optimization (the v11+ default) uses.
     */
    async setCampaignDailyBudget(account, campaignId, amountMinor) {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
        throw xError('invalid', `Daily budget must be a positive whole number of minor units, got ${amountMinor}`);
      }
      await call('PUT', `/accounts/${account.id}/campaigns/${campaignId}`, {
        daily_budget_amount_local_micro: minorToMicros(amountMinor, account.currency),
      });
    },

    /** X's ads are promoted tweets, each with its own entity_status. */
    /** Promoted tweets with their own status, the tweet's text and its website card (headline, link, image). */
    async listAds(account) {
      const listed = (await promotedTweets(account, false)).filter(([ad]) => !ad.deleted);
      const cards = await cardsOf(
        account,
        listed.map(([, , tweet]) => tweet),
      );
      return listed.map(([ad, names, tweet]) =>
        toPlatformAd(ad, names, tweet, tweet?.card_uri ? cards.get(tweet.card_uri) : undefined),
      );
    },

    /**
     * PUT accounts/:id/promoted_tweets/:id?entity_status=ACTIVE|PAUSED. X pauses the promoted
     * tweet itself (the PUT and the PAUSED value came with X's "pausing Promoted Tweets" release),
     * not its line item: pausing the line item would stop every other ad in it too, and the old
     * workaround, deleting the promoted tweet from its line item, cannot be undone cleanly.
     */
    async setAdStatus(account, adId, status: CampaignStatus) {
      await call('PUT', `/accounts/${account.id}/promoted_tweets/${adId}`, { entity_status: status });
    },

    /** One window per web event tag that is not deleted (X sets the windows on the conversion tag). */
    async attribution(account) {
      const tags = await listAll<XWebEventTag>(`/accounts/${account.id}/web_event_tags`);
      return distinctWindows(tags.filter((tag) => !tag.deleted).map(toTagAttribution));
    },
  };
}
