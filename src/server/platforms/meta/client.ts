import { daysInRange } from '@shared/days';

import { callWithTokens, doublingDelayMs, type HttpRequest, sendChecked } from '../http';
import type {
  ClientRuntime,
  PlatformAccount,
  PlatformClient,
  PlatformSettings,
  ReportLevel,
  ReportRequest,
  TokenProvider,
} from '../types';
import { isTooMuchData, metaError, metaFailure } from './errors';
import { credentialParams, graphUrl, nextPageUrl } from './graph';
import {
  type MetaAd,
  type MetaAdAccount,
  type MetaCampaign,
  type MetaInsightsRow,
  minorToBudget,
  toAccount,
  toAd,
  toCampaign,
  toUnifiedRow,
} from './map';
import { UsagePacer } from './usage';

/**
 * The Marketing API client (research 2.2-2.5): ad accounts, campaigns, Insights by day at
 * campaign or ad level (synchronous with cursor paging for short ranges, async report runs for
 * long ones or when Graph says the request is too big), pause/resume of campaigns and ads, daily
 * budgets. Every call goes through callWithTokens (retries, waits, one refresh on an expired token).
 */

/** Rows per Insights page, and elements per page of the account and campaign edges. */
export const INSIGHTS_PAGE_LIMIT = 500;
export const EDGE_PAGE_LIMIT = 100;
/** Ranges longer than this many days go straight to an async report run (Meta recommends async for large reports). */
export const ASYNC_AFTER_DAYS = 31;
/**
 * Waits before the status polls of a report run (http.ts doublingDelayMs: a quarter of a second,
 * doubling to every 2 s), and how many polls before giving up (about 5 minutes).
 */
export const ASYNC_POLL_SCHEDULE = { firstMs: 250, capMs: 2_000 };
export const ASYNC_MAX_POLLS = 150;
/** async_status values after which a report run will never complete. */
const ASYNC_FAILED = ['Job Failed', 'Job Skipped'];
const ASYNC_COMPLETED = 'Job Completed';

const ACCOUNT_FIELDS = 'id,account_id,name,currency,account_status,timezone_name';
const CAMPAIGN_FIELDS = 'id,name,status,effective_status,daily_budget';
/**
 * Ad fields, with the creative expanded: the flat read-only fields (title, body,
 * call_to_action_type, image_url, link_url) and object_story_spec, whose link_data holds the
 * description and the link of a link ad.
 */
const AD_FIELDS =
  'id,name,campaign_id,status,effective_status,creative{title,body,call_to_action_type,image_url,link_url,object_url,object_story_spec}';
const INSIGHTS_FIELDS: Record<ReportLevel, string> = {
  campaign: 'campaign_id,campaign_name,spend,impressions,clicks,actions,action_values,attribution_setting',
  ad: 'campaign_id,campaign_name,ad_id,ad_name,spend,impressions,clicks,actions,action_values,attribution_setting',
};

interface GraphPage<T> {
  data?: T[];
  paging?: { next?: string };
}

/** Inclusive number of calendar days from `since` to `until` (YYYY-MM-DD). */
function dayCount(since: string, until: string): number {
  return daysInRange(since, until);
}

/** The Marketing API client of one connection; `settings` decide whether it talks to Meta or the sandbox. */
export function metaClient(settings: PlatformSettings, tokens: TokenProvider, runtime: ClientRuntime): PlatformClient {
  // One pacer per client: the usage headers describe this connection's token and its accounts.
  const pacer = new UsagePacer(runtime);

  /**
   * One Graph call with the connection's current token; resolves to the parsed body. Each attempt
   * is paced by the usage the previous successful answer reported (see usage.ts).
   */
  async function call<T>(build: (accessToken: string) => HttpRequest): Promise<T> {
    const response = await callWithTokens(runtime, tokens, async (current) => {
      await pacer.beforeCall();
      return sendChecked(runtime, 'meta', build(current.accessToken), (answer) => {
        const error = metaError(answer);
        // Only successes update the pace: a throttled answer already carries its own wait.
        if (!error) pacer.record(answer.headers);
        return error;
      });
    });
    return response.json as T;
  }

  /** A form POST to a Graph path with the credentials in the body (not the URL). */
  function post<T>(path: string, params: Record<string, string>): Promise<T> {
    return call<T>((token) => ({
      method: 'POST',
      url: `${settings.apiBaseUrl}${path}`,
      body: new URLSearchParams({ ...params, ...credentialParams(settings, token) }),
    }));
  }

  /** Every element of an edge, following paging.next until it is absent. */
  async function allPages<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined;
    do {
      const link = next;
      const page = await call<GraphPage<T>>((token) => ({
        method: 'GET',
        url: link ? nextPageUrl(settings, link, token) : graphUrl(settings, path, token, params),
      }));
      items.push(...(page.data ?? []));
      next = page.paging?.next;
      if (next !== undefined && next === link) {
        throw metaFailure('invalid', `Graph paging on ${path} did not advance`);
      }
    } while (next);
    return items;
  }

  /** POST /act_{id}/insights, poll the report run until it completes, then read its rows. */
  const asyncInsights = async (
    account: PlatformAccount,
    params: Record<string, string>,
  ): Promise<MetaInsightsRow[]> => {
    const created = await post<{ report_run_id?: string }>(`/${account.id}/insights`, params);
    const runId = created.report_run_id;
    if (!runId) throw metaFailure('invalid', 'Meta did not return a report_run_id');
    for (let poll = 1; ; poll += 1) {
      await runtime.sleep(doublingDelayMs(poll, ASYNC_POLL_SCHEDULE));
      const run = await call<{ async_status?: string; async_percent_completion?: number }>((token) => ({
        method: 'GET',
        url: graphUrl(settings, `/${runId}`, token, { fields: 'async_status,async_percent_completion' }),
      }));
      if (run.async_status === ASYNC_COMPLETED) break;
      if (run.async_status && ASYNC_FAILED.includes(run.async_status)) {
        throw metaFailure('unavailable', `Meta report run ${runId} ended with "${run.async_status}"`, run.async_status);
      }
      if (poll >= ASYNC_MAX_POLLS) {
        const percent = run.async_percent_completion ?? 0;
        throw metaFailure(
          'unavailable',
          `Meta report run ${runId} still at ${percent}% after ${ASYNC_MAX_POLLS} polls`,
        );
      }
    }
    return allPages<MetaInsightsRow>(`/${runId}/insights`, { limit: String(INSIGHTS_PAGE_LIMIT) });
  };

  /** A successful Graph update answers {"success": true}. */
  const expectSuccess = (body: { success?: boolean } | undefined, what: string) => {
    if (body?.success !== true) throw metaFailure('invalid', `Meta did not confirm ${what}`);
  };

  return {
    /** The ad accounts the user shared with the app (/me/adaccounts). */
    async listAccounts() {
      const nodes = await allPages<MetaAdAccount>('/me/adaccounts', {
        fields: ACCOUNT_FIELDS,
        limit: String(EDGE_PAGE_LIMIT),
      });
      return nodes.map(toAccount);
    },

    /** The account's campaigns with status and daily budget; deleted and archived ones left out. */
    async listCampaigns(account) {
      const nodes = await allPages<MetaCampaign>(`/${account.id}/campaigns`, {
        fields: CAMPAIGN_FIELDS,
        limit: String(EDGE_PAGE_LIMIT),
      });
      return nodes.flatMap((node) => toCampaign(node, account.currency) ?? []);
    },

    /**
     * Daily rows for the range: synchronous Insights up to ASYNC_AFTER_DAYS, an async report
     * run beyond that, or when Graph refuses the synchronous request as too big.
     */
    async report(account, request: ReportRequest) {
      if (request.since > request.until) {
        throw metaFailure('invalid', `Report range ends (${request.until}) before it starts (${request.since})`);
      }
      const params = {
        level: request.level,
        time_increment: '1',
        time_range: JSON.stringify({ since: request.since, until: request.until }),
        fields: INSIGHTS_FIELDS[request.level],
      };
      let rows: MetaInsightsRow[];
      if (dayCount(request.since, request.until) > ASYNC_AFTER_DAYS) {
        rows = await asyncInsights(account, params);
      } else {
        try {
          rows = await allPages<MetaInsightsRow>(`/${account.id}/insights`, {
            ...params,
            limit: String(INSIGHTS_PAGE_LIMIT),
          });
        } catch (error) {
          if (!isTooMuchData(error)) throw error;
          rows = await asyncInsights(account, params);
        }
      }
      return rows.map((row) => toUnifiedRow(row, account, request.level));
    },

    /** POST /{campaign_id} status=ACTIVE|PAUSED. */
    async setCampaignStatus(_account, campaignId, status) {
      const answer = await post<{ success?: boolean }>(`/${campaignId}`, { status });
      expectSuccess(answer, `the status change of campaign ${campaignId}`);
    },

    /** POST /{campaign_id} daily_budget=<Meta offset units>. */
    async setCampaignDailyBudget(account, campaignId, amountMinor) {
      const units = Number.isInteger(amountMinor) && amountMinor > 0 ? minorToBudget(amountMinor, account.currency) : 0;
      if (units < 1) {
        throw metaFailure(
          'invalid',
          `A daily budget must be at least one ${account.currency} budget unit (got ${amountMinor} minor)`,
        );
      }
      const answer = await post<{ success?: boolean }>(`/${campaignId}`, { daily_budget: String(units) });
      expectSuccess(answer, `the budget change of campaign ${campaignId}`);
    },

    /** The account's ads (/act_{id}/ads) with their own configured status; deleted and archived ones left out. */
    async listAds(account) {
      const nodes = await allPages<MetaAd>(`/${account.id}/ads`, { fields: AD_FIELDS, limit: String(EDGE_PAGE_LIMIT) });
      return nodes.flatMap((node) => toAd(node) ?? []);
    },

    /** POST /{ad_id} status=ACTIVE|PAUSED. */
    async setAdStatus(_account, adId, status) {
      const answer = await post<{ success?: boolean }>(`/${adId}`, { status });
      expectSuccess(answer, `the status change of ad ${adId}`);
    },
  };
}
