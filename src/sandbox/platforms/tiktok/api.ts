import { addDays } from '@shared/days';
import { decimalToMinor, minorToDecimal } from '@shared/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SANDBOX_ATTRIBUTION } from '../../attribution';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';
import { type SandboxAccount, type SandboxAd, type SandboxCampaign } from '../../world';
import { parseReportQuery, renderReportRow } from './report';
import {
  API,
  appCredentialsMatch,
  badApp,
  fail,
  jsonBody,
  jsonList,
  ok,
  positiveInt,
  TIKTOK_CODES,
  tiktokFaults,
} from './wire';

/**
 * The TikTok API for Business calls the emulator serves under /tiktok/open_api/v1.3 (research section 5):
 * - GET  oauth2/advertiser/get/, advertiser/info/: the granted advertisers and their details;
 * - GET  campaign/get/, POST campaign/status/update/, POST campaign/update/ (budget);
 * - GET  ad/get/ (with the ad's text, button, landing page and image ids), POST ad/status/update/
 *   (an ad's own ENABLE / DISABLE), GET file/image/ad/info/ (image URLs by image id);
 * - GET  report/integrated/get/: the synchronous daily report by campaign or ad, paged (report.ts).
 * Every call needs the `Access-Token` header and answers HTTP 200 with TikTok's envelope (wire.ts).
 */

/** advertiser/info takes at most this many ids per call. */
const ADVERTISER_INFO_MAX_IDS = 100;
/** campaign/get and ad/get page sizes. */
const CAMPAIGN_MAX_PAGE_SIZE = 1000;
const CAMPAIGN_DEFAULT_PAGE_SIZE = 10;
/** ad/status/update takes 1 to 20 ad ids. */
const AD_STATUS_MAX_IDS = 20;
/** Sandbox objectives in TikTok's objective_type names. */
const OBJECTIVE_TYPES: Record<string, string> = {
  CONVERSIONS: 'WEB_CONVERSIONS',
  TRAFFIC: 'TRAFFIC',
  LEAD_GENERATION: 'LEAD_GENERATION',
  AWARENESS: 'REACH',
};

/**
 * A get endpoint's `filtering` (a JSON object in the query): the id lists the sandbox honours
 * (campaign_ids; ad/get also ad_ids), other keys ignored. Undefined when malformed.
 */
function parseFiltering(value: unknown, keys: readonly string[]): Record<string, string[]> | undefined {
  if (value === undefined || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(String(value));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const out: Record<string, string[]> = {};
    for (const key of keys) {
      const ids = (parsed as Record<string, unknown>)[key];
      if (ids === undefined) continue;
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
      out[key] = ids;
    }
    return out;
  } catch {
    return undefined;
  }
}

/** TikTok's page_info of a paged list. */
const pageInfo = (page: number, pageSize: number, total: number) => ({
  page,
  page_size: pageSize,
  total_number: total,
  total_page: Math.ceil(total / pageSize),
});

/** A campaign as campaign/get returns it. */
function renderCampaign(ctx: SandboxContext, account: SandboxAccount, campaign: SandboxCampaign) {
  const active = ctx.world.status('tiktok', campaign.id) === 'ACTIVE';
  return {
    advertiser_id: account.id,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    objective_type: OBJECTIVE_TYPES[campaign.objective] ?? 'TRAFFIC',
    operation_status: active ? 'ENABLE' : 'DISABLE',
    secondary_status: active ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE',
    // Every sandbox campaign has a daily budget of its own.
    budget_mode: 'BUDGET_MODE_DAY',
    budget: Number(minorToDecimal(ctx.world.dailyBudgetMinor('tiktok', campaign.id), account.currency)),
    create_time: `${campaign.startDate} 00:00:00`,
  };
}

/**
 * An ad as ad/get returns it. operation_status is the ad's own switch; secondary_status is what
 * it amounts to, which also reflects the campaign (AD_STATUS_CAMPAIGN_DISABLE).
 */
function renderAd(
  ctx: SandboxContext,
  account: SandboxAccount,
  campaign: SandboxCampaign,
  ad: SandboxAd,
): Record<string, unknown> {
  const enabled = ctx.world.adStatus('tiktok', ad.id) === 'ACTIVE';
  const campaignEnabled = ctx.world.status('tiktok', campaign.id) === 'ACTIVE';
  const launched = addDays(campaign.startDate, ad.launchOffsetDays);
  return {
    advertiser_id: account.id,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    ad_id: ad.id,
    ad_name: ad.name,
    operation_status: enabled ? 'ENABLE' : 'DISABLE',
    secondary_status: !enabled
      ? 'AD_STATUS_DISABLE'
      : campaignEnabled
        ? 'AD_STATUS_DELIVERY_OK'
        : 'AD_STATUS_CAMPAIGN_DISABLE',
    create_time: `${launched} 00:00:00`,
    // The creative: an image ad's text, button and destination; the image by id (file/image/ad/info has its URL).
    ad_format: 'SINGLE_IMAGE',
    display_name: 'Acme',
    ad_text: ad.copy.primaryText ?? '',
    call_to_action: ad.copy.callToAction ?? undefined,
    landing_page_url: ad.copy.landingUrl,
    image_ids: ad.copy.image ? [imageIdOf(ad.copy.image.key)] : [],
  };
}

/** TikTok image ids name the storage bucket, then the file; the file is the sandbox image's key. */
const IMAGE_ID_PREFIX = 'ad-site-i18n-sg/';
/** Where the emulator serves image files, under /tiktok: shaped like TikTok's image CDN (…/large/<image_id>). */
export const IMAGE_FILE_PATH = '/large';
/** file/image/ad/info takes at most this many image ids per call. */
const IMAGE_INFO_MAX_IDS = 100;

export const imageIdOf = (key: string) => `${IMAGE_ID_PREFIX}${key}`;

/** The sandbox image key of a TikTok image id, if it is one. */
export function imageKeyOf(imageId: string): string | undefined {
  return /^ad-site-i18n-sg\/([0-9a-f]{32})$/.exec(imageId)?.[1];
}

/**
 * An image as file/image/ad/info returns it: the image_url a client shows, with its size.
 * `fileBase` is the absolute URL the emulator serves image files under.
 */
function renderImageInfo(ad: SandboxAd, fileBase: string): Record<string, unknown> {
  const image = ad.copy.image!;
  return {
    image_id: imageIdOf(image.key),
    material_id: `7${image.key.replace(/[a-f]/g, '').padEnd(18, '0').slice(0, 18)}`,
    image_url: `${fileBase}${IMAGE_FILE_PATH}/${imageIdOf(image.key)}`,
    width: image.width,
    height: image.height,
    format: 'png',
    signature: image.key,
    file_name: `${ad.name}.png`,
    displayable: true,
  };
}

/** An advertiser as advertiser/info returns it (the sandbox writes IANA zones in both zone fields). */
function renderAdvertiser(account: SandboxAccount): Record<string, string> {
  return {
    advertiser_id: account.id,
    name: account.name,
    currency: account.currency,
    timezone: account.timeZone,
    display_timezone: account.timeZone,
    status: 'STATUS_ENABLE',
    role: 'ROLE_ADVERTISER',
  };
}

export function apiRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /**
   * Checks the Access-Token header and fault injection; undefined when it already replied.
   * Missing token: 40104; unknown or revoked: 40105; expired: 40102.
   */
  const authorize = async (request: FastifyRequest, reply: FastifyReply): Promise<Grant | undefined> => {
    const header = request.headers['access-token'];
    const token = typeof header === 'string' ? header : undefined;
    if (!token) {
      fail(reply, TIKTOK_CODES.EMPTY_ACCESS_TOKEN, 'Access token is null, please check the Access-Token header.');
      return undefined;
    }
    const check = ctx.grants.checkAccess('tiktok', token);
    if (!check.ok) {
      if (check.reason === 'expired') tiktokFaults.expiredToken(reply);
      else tiktokFaults.revoked(reply);
      return undefined;
    }
    if (await ctx.fault('tiktok', request, reply, tiktokFaults)) return undefined;
    return check.grant;
  };

  /** The advertiser if the grant covers it; otherwise replies 40001 like TikTok does. */
  const advertiser = (grant: Grant, advertiserId: unknown, reply: FastifyReply): SandboxAccount | undefined => {
    if (typeof advertiserId !== 'string' || !advertiserId) {
      fail(reply, TIKTOK_CODES.PARAM_ERROR, 'advertiser_id: Missing data for required field.');
      return undefined;
    }
    const account = grant.accountIds.includes(advertiserId) ? ctx.world.account('tiktok', advertiserId) : undefined;
    if (!account) fail(reply, TIKTOK_CODES.PERMISSION_ERROR, `No permission to operate advertiser ${advertiserId}.`);
    return account;
  };

  /** A campaign of the advertiser; otherwise replies 40007. */
  const campaignOf = (
    account: SandboxAccount,
    campaignId: unknown,
    reply: FastifyReply,
  ): SandboxCampaign | undefined => {
    const campaign = account.campaigns.find((c) => c.id === campaignId);
    if (!campaign)
      fail(
        reply,
        TIKTOK_CODES.NOT_EXIST,
        `Campaign ${String(campaignId)} does not exist under advertiser ${account.id}.`,
      );
    return campaign;
  };

  /** The advertiser a JSON write names, after the token check; undefined when a reply was sent. */
  const advertiserOfWrite = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ account: SandboxAccount; body: Record<string, unknown> } | undefined> => {
    const grant = await authorize(request, reply);
    if (!grant) return undefined;
    const body = jsonBody(request);
    if (!body) {
      fail(reply, TIKTOK_CODES.PARAM_ERROR, 'The request body must be JSON.');
      return undefined;
    }
    const account = advertiser(grant, body.advertiser_id, reply);
    return account ? { account, body } : undefined;
  };

  /** page and page_size of a list call; undefined when refused (the reply is sent). */
  const paging = (
    query: Record<string, unknown>,
    reply: FastifyReply,
  ): { page: number; pageSize: number } | undefined => {
    const page = positiveInt(query.page, 1);
    const pageSize = positiveInt(query.page_size, CAMPAIGN_DEFAULT_PAGE_SIZE);
    if (page === undefined || pageSize === undefined || pageSize > CAMPAIGN_MAX_PAGE_SIZE) {
      fail(
        reply,
        TIKTOK_CODES.PARAM_ERROR,
        `page must be positive and page_size between 1 and ${CAMPAIGN_MAX_PAGE_SIZE}.`,
      );
      return undefined;
    }
    return { page, pageSize };
  };

  app.get(`${API}/oauth2/advertiser/get/`, async (request, reply) => {
    const grant = await authorize(request, reply);
    if (!grant) return reply;
    const query = request.query as Record<string, string | undefined>;
    if (!appCredentialsMatch(query.app_id, query.secret)) return badApp(reply);
    const list = grant.accountIds.flatMap((id) => {
      const account = ctx.world.account('tiktok', id);
      return account ? [{ advertiser_id: account.id, advertiser_name: account.name }] : [];
    });
    return ok(reply, { list });
  });

  app.get(`${API}/advertiser/info/`, async (request, reply) => {
    const grant = await authorize(request, reply);
    if (!grant) return reply;
    const query = request.query as Record<string, unknown>;
    const ids = jsonList(query.advertiser_ids);
    if (!ids || ids.length === 0 || ids.length > ADVERTISER_INFO_MAX_IDS) {
      return fail(
        reply,
        TIKTOK_CODES.PARAM_ERROR,
        `advertiser_ids: Must be a JSON array of 1 to ${ADVERTISER_INFO_MAX_IDS} ids.`,
      );
    }
    const fields = query.fields === undefined ? undefined : jsonList(query.fields);
    if (query.fields !== undefined && !fields) {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'fields: Must be a JSON array of field names.');
    }
    const accounts: SandboxAccount[] = [];
    for (const id of ids) {
      const account = advertiser(grant, id, reply);
      if (!account) return reply;
      accounts.push(account);
    }
    const list = accounts.map((account) => {
      const all = renderAdvertiser(account);
      return fields
        ? Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]))
        : all;
    });
    return ok(reply, { list });
  });

  /**
   * What every list route (campaign/get, adgroup/get, ad/get) reads first: the grant, the
   * advertiser, the page, the `filtering` on the given keys and the optional `fields`; null once
   * it has answered a fault.
   */
  const listRequest = async (
    request: FastifyRequest,
    reply: FastifyReply,
    filterKeys: readonly string[],
    filterExample: string,
  ) => {
    const grant = await authorize(request, reply);
    if (!grant) return null;
    const query = request.query as Record<string, unknown>;
    const account = advertiser(grant, query.advertiser_id, reply);
    if (!account) return null;
    const pages = paging(query, reply);
    if (!pages) return null;
    const filtering = parseFiltering(query.filtering, filterKeys);
    if (!filtering) {
      fail(reply, TIKTOK_CODES.PARAM_ERROR, `filtering: Must be a JSON object such as ${filterExample}.`);
      return null;
    }
    const fields = query.fields === undefined ? undefined : jsonList(query.fields);
    if (query.fields !== undefined && !fields) {
      fail(reply, TIKTOK_CODES.PARAM_ERROR, 'fields: Must be a JSON array of field names.');
      return null;
    }
    return { account, ...pages, filtering, fields };
  };

  app.get(`${API}/campaign/get/`, async (request, reply) => {
    const listed = await listRequest(request, reply, ['campaign_ids'], '{"campaign_ids":["..."]}');
    if (!listed) return reply;
    const { account, page, pageSize, filtering } = listed;
    const all = account.campaigns.filter(
      (campaign) => !filtering.campaign_ids || filtering.campaign_ids.includes(campaign.id),
    );
    const list = all
      .slice((page - 1) * pageSize, page * pageSize)
      .map((campaign) => renderCampaign(ctx, account, campaign));
    return ok(reply, { list, page_info: pageInfo(page, pageSize, all.length) });
  });

  app.post(`${API}/campaign/status/update/`, async (request, reply) => {
    const write = await advertiserOfWrite(request, reply);
    if (!write) return reply;
    const { account, body } = write;
    const { campaign_ids: ids, operation_status: status } = body;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'campaign_ids: Must be a non-empty list of campaign ids.');
    }
    // DELETE exists at TikTok but the sandbox world cannot delete campaigns.
    if (status !== 'ENABLE' && status !== 'DISABLE') {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'operation_status: Must be ENABLE or DISABLE.');
    }
    const campaigns: SandboxCampaign[] = [];
    for (const id of ids) {
      const campaign = campaignOf(account, id, reply);
      if (!campaign) return reply;
      campaigns.push(campaign);
    }
    for (const campaign of campaigns)
      ctx.world.setStatus('tiktok', campaign.id, status === 'ENABLE' ? 'ACTIVE' : 'PAUSED');
    return ok(reply, { campaign_ids: campaigns.map((c) => c.id), status });
  });

  app.post(`${API}/campaign/update/`, async (request, reply) => {
    const write = await advertiserOfWrite(request, reply);
    if (!write) return reply;
    const { account, body } = write;
    const campaign = campaignOf(account, body.campaign_id, reply);
    if (!campaign) return reply;
    if (body.budget !== undefined) {
      const { budget } = body;
      const budgetMinor =
        typeof budget === 'number' && Number.isFinite(budget) ? decimalToMinor(budget, account.currency) : 0;
      if (budgetMinor <= 0)
        return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'budget: Must be a positive number in the account currency.');
      ctx.world.setDailyBudget('tiktok', campaign.id, budgetMinor);
    }
    return ok(reply, renderCampaign(ctx, account, campaign));
  });

  // Ad groups: the sandbox has one per campaign (id: the campaign id + "01"), with the ad group's
  // attribution windows as TikTok enum values (click_attribution_window, view_attribution_window).
  app.get(`${API}/adgroup/get/`, async (request, reply) => {
    const listed = await listRequest(request, reply, ['campaign_ids'], '{"campaign_ids":["..."]}');
    if (!listed) return reply;
    const { account, page, pageSize, filtering, fields } = listed;
    const all = account.campaigns.filter(
      (campaign) => !filtering.campaign_ids || filtering.campaign_ids.includes(campaign.id),
    );
    const list = all.slice((page - 1) * pageSize, page * pageSize).map((campaign) => {
      const rendered: Record<string, unknown> = {
        advertiser_id: account.id,
        campaign_id: campaign.id,
        adgroup_id: `${campaign.id}01`,
        adgroup_name: `${campaign.name} #1`,
        operation_status: ctx.world.status('tiktok', campaign.id) === 'ACTIVE' ? 'ENABLE' : 'DISABLE',
        optimization_event: 'SHOPPING',
        attribution_event_count: 'EVERY',
        ...SANDBOX_ATTRIBUTION.tiktok,
      };
      return fields
        ? Object.fromEntries(fields.filter((field) => field in rendered).map((field) => [field, rendered[field]]))
        : rendered;
    });
    return ok(reply, { list, page_info: pageInfo(page, pageSize, all.length) });
  });

  app.get(`${API}/ad/get/`, async (request, reply) => {
    const listed = await listRequest(request, reply, ['campaign_ids', 'ad_ids'], '{"ad_ids":["..."]}');
    if (!listed) return reply;
    const { account, page, pageSize, filtering, fields } = listed;
    const all = account.campaigns
      .filter((campaign) => !filtering.campaign_ids || filtering.campaign_ids.includes(campaign.id))
      .flatMap((campaign) =>
        campaign.ads
          .filter((ad) => !filtering.ad_ids || filtering.ad_ids.includes(ad.id))
          .map((ad) => ({ campaign, ad })),
      );
    const list = all.slice((page - 1) * pageSize, page * pageSize).map(({ campaign, ad }) => {
      const rendered = renderAd(ctx, account, campaign, ad);
      return fields
        ? Object.fromEntries(fields.filter((field) => field in rendered).map((field) => [field, rendered[field]]))
        : rendered;
    });
    return ok(reply, { list, page_info: pageInfo(page, pageSize, all.length) });
  });

  /** Image details by id, for the advertiser's images: how a client turns an ad's image_ids into URLs. */
  app.get(`${API}/file/image/ad/info/`, async (request, reply) => {
    const grant = await authorize(request, reply);
    if (!grant) return reply;
    const query = request.query as Record<string, unknown>;
    const account = advertiser(grant, query.advertiser_id, reply);
    if (!account) return reply;
    const ids = jsonList(query.image_ids);
    if (!ids || ids.length === 0 || ids.length > IMAGE_INFO_MAX_IDS) {
      return fail(
        reply,
        TIKTOK_CODES.PARAM_ERROR,
        `image_ids: Must be a JSON array of 1 to ${IMAGE_INFO_MAX_IDS} image ids.`,
      );
    }
    const fileBase = `${ctx.baseUrl(request)}/tiktok`;
    const ads = account.campaigns
      .flatMap((campaign) => campaign.ads)
      .filter((ad) => ad.copy.image && ids.includes(imageIdOf(ad.copy.image.key)));
    const unique = [...new Map(ads.map((ad) => [ad.copy.image!.key, ad])).values()];
    return ok(reply, { list: unique.map((ad) => renderImageInfo(ad, fileBase)) });
  });

  app.post(`${API}/ad/status/update/`, async (request, reply) => {
    const write = await advertiserOfWrite(request, reply);
    if (!write) return reply;
    const { account, body } = write;
    const { ad_ids: ids, operation_status: status } = body;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > AD_STATUS_MAX_IDS ||
      !ids.every((id) => typeof id === 'string')
    ) {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, `ad_ids: Must be a list of 1 to ${AD_STATUS_MAX_IDS} ad ids.`);
    }
    // DELETE exists at TikTok but the sandbox world cannot delete ads.
    if (status !== 'ENABLE' && status !== 'DISABLE') {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'operation_status: Must be ENABLE or DISABLE.');
    }
    const ads: SandboxAd[] = [];
    for (const id of ids as string[]) {
      const ad = account.campaigns.flatMap((campaign) => campaign.ads).find((a) => a.id === id);
      if (!ad) return fail(reply, TIKTOK_CODES.NOT_EXIST, `Ad ${id} does not exist under advertiser ${account.id}.`);
      ads.push(ad);
    }
    for (const ad of ads) ctx.world.setAdStatus('tiktok', ad.id, status === 'ENABLE' ? 'ACTIVE' : 'PAUSED');
    return ok(reply, { ad_ids: ads.map((ad) => ad.id), status });
  });

  app.get(`${API}/report/integrated/get/`, async (request, reply) => {
    const grant = await authorize(request, reply);
    if (!grant) return reply;
    const parsed = parseReportQuery(request.query as Record<string, unknown>);
    if (!parsed.ok) return fail(reply, TIKTOK_CODES.PARAM_ERROR, parsed.message);
    const query = parsed.value;
    const account = advertiser(grant, query.advertiserId, reply);
    if (!account) return reply;
    const rows = ctx.world.rows('tiktok', account.id, query.startDate, query.endDate, query.level);
    const list = rows
      .slice((query.page - 1) * query.pageSize, query.page * query.pageSize)
      .map((row) => renderReportRow(row, query));
    return ok(reply, { list, page_info: pageInfo(query.page, query.pageSize, rows.length) });
  });
}
