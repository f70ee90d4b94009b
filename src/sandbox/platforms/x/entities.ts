import { addDays } from '@shared/days';
import { microsToMinor, minorToMicros } from '@shared/money';
import type { FastifyInstance } from 'fastify';

import { SANDBOX_ATTRIBUTION } from '../../attribution';
import { X_ADS_VERSION } from '../../contract';
import type { SandboxContext } from '../../types';
import { type SandboxAccount, type SandboxAd, type SandboxCampaign } from '../../world';
import {
  authenticate,
  cardUriOf,
  echo,
  fundingInstrumentId,
  grantedAccount,
  idList,
  invalidParameter,
  lineItemId,
  MEDIA_PATH,
  mediaKeyOf,
  page,
  paramsOf,
  tweetId,
  XFailure,
} from './wire';

/**
 * X Ads API v12 entity endpoints, emulated over the world (research 4.2, 4.4): accounts (only
 * the granted ones), funding instruments (where the currency lives), campaigns (status and
 * daily budget in micros, JSON integers), line items (one per campaign in the sandbox),
 * promoted tweets (the world's ads), the tweets they promote (names, text) and those tweets'
 * website cards (headline, destination, image), plus
 * PUT campaigns/:id?entity_status=...&daily_budget_amount_local_micro=... and
 * PUT promoted_tweets/:id?entity_status=... (query-string writes).
 */

/** The most ids a filter takes (campaign_ids, line_item_ids ...); tweets take 200 too. */
const MAX_FILTER_IDS = 200;
const STATUSES = new Set(['ACTIVE', 'PAUSED']);
/** X objectives for the world's objectives. */
const OBJECTIVES: Record<string, string> = {
  CONVERSIONS: 'WEBSITE_CONVERSIONS',
  TRAFFIC: 'WEBSITE_CLICKS',
  LEAD_GENERATION: 'ENGAGEMENTS',
  AWARENESS: 'REACH',
};

const at = (day: string) => `${day}T00:00:00Z`;

/** When the account was opened: the day its first campaign started. */
function accountCreated(account: SandboxAccount): string {
  return at(
    account.campaigns.reduce((first, c) => (c.startDate < first ? c.startDate : first), account.campaigns[0].startDate),
  );
}

function accountView(account: SandboxAccount) {
  const created = accountCreated(account);
  return {
    id: account.id,
    name: account.name,
    business_name: null,
    timezone: account.timeZone,
    timezone_switch_at: created,
    business_id: null,
    approval_status: 'ACCEPTED',
    deleted: false,
    created_at: created,
    updated_at: created,
  };
}

function fundingInstrumentView(account: SandboxAccount) {
  const created = accountCreated(account);
  return {
    id: fundingInstrumentId(account),
    account_id: account.id,
    type: 'CREDIT_CARD',
    description: 'Visa ending in 4242',
    currency: account.currency,
    able_to_fund: true,
    reasons_not_able_to_fund: [],
    cancelled: false,
    paused: false,
    entity_status: 'ACTIVE',
    credit_limit_local_micro: null,
    credit_remaining_local_micro: null,
    funded_amount_local_micro: null,
    start_time: created,
    end_time: null,
    deleted: false,
    created_at: created,
    updated_at: created,
  };
}

/** A campaign as X renders it, with today's status and budget. */
export function campaignView(ctx: SandboxContext, account: SandboxAccount, campaign: SandboxCampaign) {
  const status = ctx.world.status('x', campaign.id);
  return {
    id: campaign.id,
    name: campaign.name,
    account_id: account.id,
    funding_instrument_id: fundingInstrumentId(account),
    entity_status: status,
    budget_optimization: 'CAMPAIGN',
    daily_budget_amount_local_micro: Number(
      minorToMicros(ctx.world.dailyBudgetMinor('x', campaign.id), account.currency),
    ),
    total_budget_amount_local_micro: null,
    currency: account.currency,
    standard_delivery: true,
    servable: status === 'ACTIVE',
    reasons_not_servable: status === 'ACTIVE' ? [] : ['PAUSED_BY_ADVERTISER'],
    start_time: at(campaign.startDate),
    end_time: null,
    deleted: false,
    created_at: at(campaign.startDate),
    updated_at: at(campaign.startDate),
  };
}

function lineItemView(account: SandboxAccount, campaign: SandboxCampaign) {
  return {
    id: lineItemId(campaign),
    campaign_id: campaign.id,
    account_id: account.id,
    name: campaign.name,
    entity_status: 'ACTIVE',
    objective: OBJECTIVES[campaign.objective] ?? 'ENGAGEMENTS',
    product_type: 'PROMOTED_TWEETS',
    placements: ['ALL_ON_TWITTER'],
    bid_strategy: 'AUTO',
    currency: account.currency,
    deleted: false,
    created_at: at(campaign.startDate),
    updated_at: at(campaign.startDate),
  };
}

/** A promoted tweet (X's ad) with its own entity_status as of the account's today. */
function promotedTweetView(ctx: SandboxContext, campaign: SandboxCampaign, ad: SandboxAd) {
  const launched = at(addDays(campaign.startDate, ad.launchOffsetDays));
  return {
    id: ad.id,
    line_item_id: lineItemId(campaign),
    tweet_id: tweetId(ad),
    entity_status: ctx.world.adStatus('x', ad.id),
    approval_status: 'ACCEPTED',
    deleted: false,
    created_at: launched,
    updated_at: launched,
  };
}

/** The promoted-only (nullcast) tweet an ad promotes: its text, and the website card it carries. */
function tweetView(ad: SandboxAd) {
  return {
    id_str: tweetId(ad),
    name: ad.name,
    full_text: ad.copy.primaryText ?? '',
    tweet_type: 'PUBLISHED',
    nullcast: true,
    lang: 'en',
    scheduled_at: null,
    card_uri: ad.copy.image ? cardUriOf(ad) : null,
  };
}

/**
 * A website card in the components form of X's cards endpoints: a MEDIA component (the image,
 * with its media_metadata: URL and size) and a DETAILS component (the headline and the website
 * destination). `mediaBase` is the absolute URL the emulator serves images under.
 */
function cardView(campaign: SandboxCampaign, ad: SandboxAd, mediaBase: string) {
  const image = ad.copy.image!;
  const mediaKey = mediaKeyOf(ad);
  const created = at(addDays(campaign.startDate, ad.launchOffsetDays));
  return {
    name: `${ad.name} card`,
    id: cardUriOf(ad).slice('card://'.length),
    card_uri: cardUriOf(ad),
    card_type: 'IMAGE_WEBSITE',
    components: [
      {
        type: 'MEDIA',
        media_key: mediaKey,
        media_metadata: {
          [mediaKey]: {
            type: 'IMAGE',
            url: `${mediaBase}${MEDIA_PATH}/${image.key}.png`,
            width: image.width,
            height: image.height,
          },
        },
      },
      { type: 'DETAILS', title: ad.copy.headlines[0] ?? '', destination: { type: 'WEBSITE', url: ad.copy.landingUrl } },
    ],
    created_at: created,
    updated_at: created,
    deleted: false,
  };
}

/** Keeps the items whose id is in the filter, when there is one. */
function filtered<T>(items: T[], ids: string[] | undefined, idOf: (item: T) => string): T[] {
  return ids ? items.filter((item) => ids.includes(idOf(item))) : items;
}

export function entityRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const v = `/${X_ADS_VERSION}`;

  app.get(`${v}/accounts`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const params = paramsOf(request);
    const accounts = filtered(
      ctx.world.accounts('x').filter((a) => grant.accountIds.includes(a.id)),
      idList(params, 'account_ids', MAX_FILTER_IDS),
      (a) => a.id,
    );
    return { ...page(accounts.map(accountView), params), request: echo(request) };
  });

  app.get(`${v}/accounts/:account_id/funding_instruments`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    return {
      ...page([fundingInstrumentView(account)], paramsOf(request)),
      data_type: 'funding_instrument',
      request: echo(request),
    };
  });

  // Web event tags (the conversion tags): one per sandbox account, with its click and
  // view-through attribution windows in days.
  app.get(`${v}/accounts/:account_id/web_event_tags`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const tag = SANDBOX_ATTRIBUTION.x;
    const view = {
      id: tag.id,
      name: tag.name,
      type: 'PURCHASE',
      status: 'ACTIVE',
      click_window: tag.click_window,
      view_through_window: tag.view_through_window,
      retargeting_enabled: true,
      deleted: false,
      created_at: `${account.campaigns.map((c) => c.startDate).sort()[0] ?? '2024-01-01'}T00:00:00Z`,
    };
    return { ...page([view], paramsOf(request)), data_type: 'web_event_tag', request: echo(request) };
  });

  app.get(`${v}/accounts/:account_id/campaigns`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    const campaigns = filtered(account.campaigns, idList(params, 'campaign_ids', MAX_FILTER_IDS), (c) => c.id);
    return {
      ...page(
        campaigns.map((c) => campaignView(ctx, account, c)),
        params,
      ),
      data_type: 'campaign',
      request: echo(request),
    };
  });

  app.put(`${v}/accounts/:account_id/campaigns/:campaign_id`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'write');
    if (!grant) return reply;
    const { account_id, campaign_id } = request.params as { account_id: string; campaign_id: string };
    const account = grantedAccount(ctx, grant, account_id);
    const campaign = account.campaigns.find((c) => c.id === campaign_id);
    if (!campaign)
      throw new XFailure(404, 'NOT_FOUND', `Campaign ${campaign_id} was not found for account ${account_id}`);
    const params = paramsOf(request);
    const status = params.entity_status;
    if (status !== undefined && !STATUSES.has(status)) {
      throw invalidParameter('entity_status', `Expected one of ACTIVE, PAUSED for entity_status, got "${status}"`);
    }
    const micros = params.daily_budget_amount_local_micro;
    let budgetMinor: number | undefined;
    if (micros !== undefined) {
      budgetMinor = /^\d+$/.test(micros) ? microsToMinor(micros, account.currency) : 0;
      if (budgetMinor <= 0) {
        const name = 'daily_budget_amount_local_micro';
        throw invalidParameter(name, `Expected a positive integer (micros) for ${name}, got "${micros}"`);
      }
    }
    if (status !== undefined) ctx.world.setStatus('x', campaign.id, status as 'ACTIVE' | 'PAUSED');
    if (budgetMinor !== undefined) ctx.world.setDailyBudget('x', campaign.id, budgetMinor);
    return { data: campaignView(ctx, account, campaign), request: echo(request) };
  });

  app.get(`${v}/accounts/:account_id/line_items`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    const campaignIds = idList(params, 'campaign_ids', MAX_FILTER_IDS);
    const items = filtered(
      account.campaigns.filter((c) => !campaignIds || campaignIds.includes(c.id)).map((c) => lineItemView(account, c)),
      idList(params, 'line_item_ids', MAX_FILTER_IDS),
      (li) => li.id,
    );
    return { ...page(items, params), data_type: 'line_item', request: echo(request) };
  });

  app.get(`${v}/accounts/:account_id/promoted_tweets`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    const lineItemIds = idList(params, 'line_item_ids', MAX_FILTER_IDS);
    const all = account.campaigns
      .filter((c) => !lineItemIds || lineItemIds.includes(lineItemId(c)))
      .flatMap((c) => c.ads.map((ad) => promotedTweetView(ctx, c, ad)));
    const items = filtered(all, idList(params, 'promoted_tweet_ids', MAX_FILTER_IDS), (pt) => pt.id);
    return { ...page(items, params), data_type: 'promoted_tweet', request: echo(request) };
  });

  /**
   * Pauses or resumes one promoted tweet. X added this PUT with the PAUSED entity_status for
   * promoted tweets (before, pausing one meant deleting it from its line item); ACTIVE and
   * PAUSED are its only values.
   */
  app.put(`${v}/accounts/:account_id/promoted_tweets/:promoted_tweet_id`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'write');
    if (!grant) return reply;
    const { account_id, promoted_tweet_id } = request.params as { account_id: string; promoted_tweet_id: string };
    const account = grantedAccount(ctx, grant, account_id);
    const campaign = account.campaigns.find((c) => c.ads.some((ad) => ad.id === promoted_tweet_id));
    const ad = campaign?.ads.find((a) => a.id === promoted_tweet_id);
    if (!campaign || !ad)
      throw new XFailure(
        404,
        'NOT_FOUND',
        `Promoted Tweet ${promoted_tweet_id} was not found for Account ${account_id}`,
      );
    const status = paramsOf(request).entity_status;
    if (status === undefined)
      throw new XFailure(400, 'MISSING_PARAMETER', '"entity_status" is a required parameter', 'entity_status');
    if (!STATUSES.has(status)) {
      throw invalidParameter('entity_status', `Expected one of ACTIVE, PAUSED for entity_status, got "${status}"`);
    }
    ctx.world.setAdStatus('x', ad.id, status as 'ACTIVE' | 'PAUSED');
    return { data: promotedTweetView(ctx, campaign, ad), request: echo(request) };
  });

  app.get(`${v}/accounts/:account_id/tweets`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    if (!params.tweet_type)
      throw new XFailure(400, 'MISSING_PARAMETER', '"tweet_type" is a required parameter', 'tweet_type');
    const tweets =
      params.tweet_type === 'PUBLISHED' ? account.campaigns.flatMap((c) => c.ads.map((ad) => tweetView(ad))) : [];
    const items = filtered(tweets, idList(params, 'tweet_ids', MAX_FILTER_IDS), (t) => t.id_str);
    return { ...page(items, params), request: echo(request) };
  });

  /** The account's cards, or those named by card_uris (up to 200): how a client reads a tweet's card. */
  app.get(`${v}/accounts/:account_id/cards`, async (request, reply) => {
    const grant = await authenticate(ctx, request, reply, 'read');
    if (!grant) return reply;
    const account = grantedAccount(ctx, grant, (request.params as { account_id: string }).account_id);
    const params = paramsOf(request);
    const mediaBase = `${ctx.baseUrl(request)}/x`;
    const cards = account.campaigns.flatMap((c) =>
      c.ads.filter((ad) => ad.copy.image).map((ad) => cardView(c, ad, mediaBase)),
    );
    const items = filtered(cards, idList(params, 'card_uris', MAX_FILTER_IDS), (card) => card.card_uri);
    return { ...page(items, params), request: echo(request) };
  });
}
