import { addDays } from '@shared/days';
import { minorToDecimal } from '@shared/money';

import { distinctWindows } from '../attribution';
import { callWithTokens, sendChecked } from '../http';
import {
  type ClientRuntime,
  type PlatformAccount,
  type PlatformClient,
  PlatformError,
  type PlatformSettings,
  type ReportRequest,
  type TokenProvider,
  type UnifiedMetricRow,
} from '../types';
import { type TikTokEnvelope, tiktokError } from './errors';
import {
  DAILY_BUDGET_MODE,
  mapAd,
  mapAdGroupAttribution,
  mapAdvertiser,
  mapCampaign,
  mapReportRow,
  REPORT_LEVELS,
  REPORT_METRICS,
  type TikTokAd,
  type TikTokAdGroup,
  type TikTokAdvertiser,
  type TikTokCampaign,
  type TikTokImageInfo,
  type TikTokReportRow,
} from './map';

/**
 * TikTok Marketing API client (research 5.2-5.5). Every call sends `Access-Token`, list
 * parameters go as JSON-encoded strings in the query, and errors arrive as HTTP 200 with a code
 * (errors.ts). Reports are synchronous, paged by page/page_size, and cut into date windows.
 */

/** Longest date range of one daily report request, both ends included (UNCONFIRMED: research 5.3, Airbyte chunks by 30). */
export const REPORT_MAX_DAYS = 30;
/** PlatformError.code of an answer with code 0 and no `data`. */
export const NO_DATA_CODE = 'no_data';
/** Largest page TikTok serves for reports and campaign lists. */
const PAGE_SIZE = 1000;
/** advertiser/info takes at most this many ids per call. */
const ADVERTISER_INFO_BATCH = 100;
/** The ad fields the client reads (ad/get). */
const AD_FIELDS = [
  'ad_id',
  'ad_name',
  'campaign_id',
  'operation_status',
  'secondary_status',
  'ad_text',
  'call_to_action',
  'landing_page_url',
  'image_ids',
];
/** The ad group fields attribution() reads (adgroup/get). */
const ADGROUP_FIELDS = ['adgroup_id', 'campaign_id', 'click_attribution_window', 'view_attribution_window'];
/** file/image/ad/info takes up to 100 image ids per call. */
const IMAGE_INFO_MAX_IDS = 100;
/** The advertiser fields the client reads. */
const ADVERTISER_FIELDS = ['advertiser_id', 'name', 'currency', 'timezone', 'display_timezone'];
/** Auction ads, basic report (research 5.3). */
const REPORT_SERVICE_TYPE = 'AUCTION';
const REPORT_TYPE = 'BASIC';

type QueryValue = string | number | object;

/** A paged list answer. */
interface Paged<T> {
  list?: T[];
  page_info?: { page?: number; total_page?: number };
}

/** Splits an inclusive date range into windows of at most `maxDays` days. */
export function dateWindows(
  since: string,
  until: string,
  maxDays: number = REPORT_MAX_DAYS,
): { start: string; end: string }[] {
  const windows: { start: string; end: string }[] = [];
  for (let start = since; start <= until; start = addDays(start, maxDays)) {
    const last = addDays(start, maxDays - 1);
    windows.push({ start, end: last < until ? last : until });
  }
  return windows;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function tiktokClient(
  settings: PlatformSettings,
  tokens: TokenProvider,
  runtime: ClientRuntime,
): PlatformClient {
  const url = (path: string, params: Record<string, QueryValue> = {}) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params))
      query.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    const search = query.toString();
    return `${settings.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
  };

  /** One API call with retries; resolves to the envelope's data. */
  const call = async <T>(method: 'GET' | 'POST', target: string, body?: object): Promise<T> => {
    let attempt = 0;
    return callWithTokens(runtime, tokens, async (current) => {
      attempt += 1;
      const response = await sendChecked(
        runtime,
        'tiktok',
        { method, url: target, headers: { 'Access-Token': current.accessToken }, body },
        (answer, now) => tiktokError(answer, attempt, now),
      );
      const { data } = response.json as TikTokEnvelope<T | undefined | null>;
      // code 0 without data is a broken answer, not an empty one: reading on would fail on
      // `undefined` far from here, so it is a retryable platform failure like a gateway glitch.
      if (data === undefined || data === null) {
        throw new PlatformError({
          platform: 'tiktok',
          kind: 'unavailable',
          code: NO_DATA_CODE,
          message: 'TikTok answered code 0 without data',
          status: response.status,
        });
      }
      return data;
    });
  };

  /** Every page of a paged GET, until page == total_page. */
  const allPages = async <T>(path: string, params: Record<string, QueryValue>): Promise<T[]> => {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const data = await call<Paged<T>>('GET', url(path, { ...params, page, page_size: PAGE_SIZE }));
      items.push(...(data.list ?? []));
      if (page >= (data.page_info?.total_page ?? page)) return items;
    }
  };

  const campaigns = (account: PlatformAccount, filtering?: { campaign_ids: string[] }) =>
    allPages<TikTokCampaign>('/campaign/get/', { advertiser_id: account.id, ...(filtering ? { filtering } : {}) });

  return {
    /** The advertisers the user granted (oauth2/advertiser/get), with currency and zone from advertiser/info. */
    async listAccounts() {
      const granted = await call<Paged<{ advertiser_id: string }>>(
        'GET',
        url('/oauth2/advertiser/get/', { app_id: settings.clientId, secret: settings.clientSecret }),
      );
      const ids = (granted.list ?? []).map((item) => item.advertiser_id);
      const accounts: PlatformAccount[] = [];
      for (const batch of chunk(ids, ADVERTISER_INFO_BATCH)) {
        const target = url('/advertiser/info/', { advertiser_ids: batch, fields: ADVERTISER_FIELDS });
        const info = await call<Paged<TikTokAdvertiser>>('GET', target);
        accounts.push(...(info.list ?? []).map(mapAdvertiser));
      }
      return accounts;
    },

    /** Every campaign of the advertiser with its status and, in BUDGET_MODE_DAY, its daily budget. */
    async listCampaigns(account) {
      return (await campaigns(account)).map((campaign) => mapCampaign(campaign, account.currency));
    },

    /** Daily rows by campaign or ad: one synchronous report per 30-day window, every page of each. */
    async report(account, request: ReportRequest) {
      const { dataLevel, dimensions } = REPORT_LEVELS[request.level];
      const rows: UnifiedMetricRow[] = [];
      for (const window of dateWindows(request.since, request.until)) {
        const list = await allPages<TikTokReportRow>('/report/integrated/get/', {
          advertiser_id: account.id,
          service_type: REPORT_SERVICE_TYPE,
          report_type: REPORT_TYPE,
          data_level: dataLevel,
          dimensions,
          metrics: REPORT_METRICS[request.level],
          start_date: window.start,
          end_date: window.end,
        });
        rows.push(...list.map((row) => mapReportRow(row, account, request.level)));
      }
      return rows;
    },

    /** ENABLE or DISABLE through campaign/status/update. */
    async setCampaignStatus(account, campaignId, status) {
      await call('POST', url('/campaign/status/update/'), {
        advertiser_id: account.id,
        campaign_ids: [campaignId],
        operation_status: status === 'ACTIVE' ? 'ENABLE' : 'DISABLE',
      });
    },

    /**
     * Sets `budget` (a float in major units) through campaign/update. It is a daily budget only
     * in BUDGET_MODE_DAY, so the campaign's mode is checked first: writing a total budget or a
     * campaign whose budget lives on its ad groups would silently do something else.
     */
    async setCampaignDailyBudget(account, campaignId, amountMinor) {
      const [campaign] = await campaigns(account, { campaign_ids: [campaignId] });
      if (!campaign) {
        throw new PlatformError({
          platform: 'tiktok',
          kind: 'not_found',
          message: `TikTok campaign ${campaignId} was not found in advertiser ${account.id}`,
        });
      }
      if (campaign.budget_mode !== DAILY_BUDGET_MODE) {
        throw new PlatformError({
          platform: 'tiktok',
          kind: 'invalid',
          message:
            `TikTok campaign ${campaignId} has budget mode ${campaign.budget_mode ?? 'unknown'}, not a daily budget; ` +
            'change its budget in TikTok Ads Manager',
        });
      }
      await call('POST', url('/campaign/update/'), {
        advertiser_id: account.id,
        campaign_id: campaignId,
        budget: Number(minorToDecimal(amountMinor, account.currency)),
      });
    },

    /** Every ad of the advertiser (ad/get) with its own operation_status. */
    async listAds(account) {
      const ads = await allPages<TikTokAd>('/ad/get/', { advertiser_id: account.id, fields: AD_FIELDS });
      // ad/get names images by id; file/image/ad/info turns the ids into URLs.
      const imageIds = [...new Set(ads.flatMap((ad) => ad.image_ids?.slice(0, 1) ?? []))];
      const imageUrls = new Map<string, string>();
      for (const ids of chunk(imageIds, IMAGE_INFO_MAX_IDS)) {
        const info = await call<{ list?: TikTokImageInfo[] }>(
          'GET',
          url('/file/image/ad/info/', { advertiser_id: account.id, image_ids: ids }),
        );
        for (const image of info.list ?? []) if (image.image_url) imageUrls.set(image.image_id, image.image_url);
      }
      return ads.flatMap((ad) => mapAd(ad, imageUrls) ?? []);
    },

    /** The distinct windows of the advertiser's ad groups (adgroup/get): TikTok sets them per ad group. */
    async attribution(account) {
      const groups = await allPages<TikTokAdGroup>('/adgroup/get/', {
        advertiser_id: account.id,
        fields: ADGROUP_FIELDS,
      });
      return distinctWindows(groups.map(mapAdGroupAttribution));
    },

    /** ENABLE or DISABLE through ad/status/update; an unknown ad answers 40007 (not_found). */
    async setAdStatus(account, adId, status) {
      await call('POST', url('/ad/status/update/'), {
        advertiser_id: account.id,
        ad_ids: [adId],
        operation_status: status === 'ACTIVE' ? 'ENABLE' : 'DISABLE',
      });
    },
  };
}
