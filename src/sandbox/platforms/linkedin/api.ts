import { addDays } from '@shared/days';
import { decimalToMinor, minorDigits } from '@shared/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SANDBOX_ATTRIBUTION } from '../../attribution';
import { LINKEDIN_OLDEST_ACTIVE_VERSION, LINKEDIN_VERSION_PATTERN } from '../../contract';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';
import { type SandboxAccount } from '../../world';
import { RestliQuery, RestliSyntaxError, type RestliValue } from './restli';
import {
  accessDenied,
  ACCOUNT_URN_PREFIX,
  accountElement,
  ANALYTICS_FIELDS,
  ANALYTICS_MAX_FIELDS,
  analyticsElement,
  badRequest,
  CAMPAIGN_STATUSES,
  CAMPAIGN_URN_PREFIX,
  campaignElement,
  CREATIVE_STATUSES,
  CREATIVE_URN_PREFIX,
  creativeElement,
  cursorPage,
  DEFAULT_ANALYTICS_FIELDS,
  DEFAULT_COUNT,
  DEFAULT_PAGE_SIZE,
  faultRenderer,
  imageElement,
  imageKeyOf,
  MAX_BATCH_KEYS,
  MAX_COUNT,
  MAX_PAGE_SIZE,
  notFound,
  pageOffset,
  postElement,
  postUrnOf,
  sendError,
  tokenErrors,
  truncate,
} from './wire';

/**
 * The versioned LinkedIn Marketing API under /rest (research 3.2-3.5): ad accounts, campaigns
 * (read, PARTIAL_UPDATE of status and dailyBudget), creatives (read, PARTIAL_UPDATE of
 * intendedStatus) and adAnalytics. Every call is checked for
 * a Bearer token, a LinkedIn-Version header (400 without, 426 when sunset) and Rest.li protocol
 * 2.0.0, then for fault injection; accounts the member did not grant answer 403 ACCESS_DENIED.
 */

/** What a read needs, what analytics needs, what a write needs. */
const READ_SCOPES = ['r_ads', 'rw_ads'];
const REPORTING_SCOPES = ['r_ads_reporting'];
const WRITE_SCOPES = ['rw_ads'];

interface Checked {
  grant: Grant;
  version: string;
}

/** Thrown by the query readers below; the routes answer it with 400. */
class BadQuery extends Error {}

const asList = (value: RestliValue | undefined, name: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new BadQuery(`${name} must be a List(...) of values`);
  return value as string[];
};

/** search=(field:(values:List(...)),...) as field -> values; only the named fields are allowed. */
function searchCriteria(query: RestliQuery, allowed: string[]): Map<string, string[]> {
  const search = query.value('search');
  const criteria = new Map<string, string[]>();
  if (search === undefined) return criteria;
  if (typeof search !== 'object' || Array.isArray(search))
    throw new BadQuery('search must be a record: search=(status:(values:List(ACTIVE)))');
  for (const [field, criterion] of Object.entries(search)) {
    if (!allowed.includes(field))
      throw new BadQuery(`The sandbox supports search on ${allowed.join(', ')} only (got ${field})`);
    if (typeof criterion !== 'object' || Array.isArray(criterion) || Object.keys(criterion).join() !== 'values') {
      throw new BadQuery(`search.${field} must be (values:List(...))`);
    }
    criteria.set(field, asList(criterion.values, `search.${field}.values`));
  }
  return criteria;
}

/** A positive integer query parameter with a default and a ceiling. */
function boundedInt(query: RestliQuery, name: string, fallback: number, max: number, min = 1): number {
  const text = query.text(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new BadQuery(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** The page a pageToken points at (0 without one). */
function offsetOf(query: RestliQuery): number {
  const token = query.text('pageToken');
  if (token === undefined) return 0;
  const offset = pageOffset(token);
  if (offset === undefined) throw new BadQuery('Invalid pageToken');
  return offset;
}

/** Only these query parameters; LinkedIn rejects what a finder does not define. */
function onlyParams(query: RestliQuery, allowed: string[]): void {
  const extra = query.names().find((name) => !allowed.includes(name));
  if (extra) throw new BadQuery(`Query parameter ${extra} is not allowed here`);
}

/** A {year,month,day} record as YYYY-MM-DD, checked to be a real day. */
function day(value: RestliValue | undefined, name: string): string {
  if (typeof value !== 'object' || Array.isArray(value))
    throw new BadQuery(`${name} must be (year:YYYY,month:M,day:D)`);
  const parts = ['year', 'month', 'day'].map((key) => value[key]);
  if (parts.some((part) => typeof part !== 'string' || !/^\d+$/.test(part)))
    throw new BadQuery(`${name} needs numeric year, month and day`);
  const [year, month, date] = (parts as string[]).map(Number);
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  if (Number.isNaN(Date.parse(`${text}T00:00:00Z`)) || addDays(text, 0) !== text)
    throw new BadQuery(`${name} is not a calendar day`);
  return text;
}

/** The numeric ids inside a List of URNs of one kind. */
function urnIds(values: string[], prefix: string, name: string): string[] {
  return values.map((urn) => {
    const id = urn.startsWith(prefix) ? urn.slice(prefix.length) : '';
    if (!/^\d+$/.test(id)) throw new BadQuery(`${name} must hold ${prefix}<id> URNs (got ${urn})`);
    return id;
  });
}

/** An optional facet (campaigns=List(urn...)) as numeric ids; undefined when absent. */
function facetIds(query: RestliQuery, name: string, prefix: string): string[] | undefined {
  return query.has(name) ? urnIds(asList(query.value(name), name), prefix, name) : undefined;
}

const hasScope = (grant: Grant, needed: string[]) => grant.scope.split(/[ ,]+/).some((scope) => needed.includes(scope));

export function apiRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const checked = new WeakMap<FastifyRequest, Checked>();
  const world = ctx.world;

  // Token, version, protocol, then injected faults; the handlers see a checked grant.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return tokenErrors.empty(reply);
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (!bearer) return tokenErrors.invalid(reply);
    const check = ctx.grants.checkAccess('linkedin', bearer[1]);
    if (!check.ok) return tokenErrors[check.reason](reply);
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || !version) {
      const message = 'A version must be present. Please specify a version by adding the LinkedIn-Version header.';
      return sendError(reply, 400, 'VERSION_MISSING', message);
    }
    const match = LINKEDIN_VERSION_PATTERN.exec(version);
    if (!match || match[1] < LINKEDIN_OLDEST_ACTIVE_VERSION) {
      return sendError(reply, 426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      return badRequest(
        reply,
        'X-Restli-Protocol-Version: 2.0.0 is required (the sandbox reads Rest.li 2.0 query syntax only)',
      );
    }
    if (await ctx.fault('linkedin', request, reply, faultRenderer)) return reply;
    checked.set(request, { grant: check.grant, version: match[1] });
  });

  // Bad query syntax or values are the client's mistake: 400 in LinkedIn's shape.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof BadQuery || error instanceof RestliSyntaxError) return badRequest(reply, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own 4xx (an unparsable JSON body ...) keep their status.
    if (status && status >= 400 && status < 500)
      return sendError(reply, status, 'ILLEGAL_ARGUMENT', (error as Error).message);
    return sendError(reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error');
  });

  const context = (request: FastifyRequest) => checked.get(request)!;

  /**
   * The granted account behind a path id, or the reply already sent: 404 for no such account,
   * 403 when the member did not grant it or the token lacks the scope.
   */
  const grantedAccount = (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    resource: string,
    method: string,
    scopes = READ_SCOPES,
  ): SandboxAccount | undefined => {
    const { grant, version } = context(request);
    const account = world.account('linkedin', accountId);
    if (!account) {
      notFound(reply, `Ad account ${accountId}`);
      return undefined;
    }
    if (!grant.accountIds.includes(account.id) || !hasScope(grant, scopes)) {
      accessDenied(reply, resource, method, version);
      return undefined;
    }
    return account;
  };

  app.get('/adAccountUsers', async (request, reply) => {
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'start', 'count']);
    if (query.text('q') !== 'authenticatedUser') throw new BadQuery('The sandbox supports q=authenticatedUser only');
    const { grant, version } = context(request);
    if (!hasScope(grant, READ_SCOPES)) return accessDenied(reply, 'adAccountUsers', 'GET', version);
    const start = boundedInt(query, 'start', 0, Number.MAX_SAFE_INTEGER, 0);
    const count = boundedInt(query, 'count', DEFAULT_COUNT, MAX_COUNT);
    const all = grant.accountIds.map((id) => ({
      account: `${ACCOUNT_URN_PREFIX}${id}`,
      role: 'ACCOUNT_BILLING_ADMIN',
      user: `urn:li:person:${grant.id}`,
    }));
    return { elements: all.slice(start, start + count), paging: { start, count, total: all.length, links: [] } };
  });

  app.get('/adAccounts', async (request, reply) => {
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'search', 'pageSize', 'pageToken']);
    if (query.text('q') !== 'search') throw new BadQuery('The sandbox supports q=search only');
    const { grant, version } = context(request);
    if (!hasScope(grant, READ_SCOPES)) return accessDenied(reply, 'adAccounts', 'GET', version);
    const criteria = searchCriteria(query, ['id', 'status']);
    const ids = criteria.get('id');
    const statuses = criteria.get('status');
    const accounts = world
      .accounts('linkedin')
      .filter((account) => grant.accountIds.includes(account.id))
      .filter((account) => !ids || ids.includes(account.id))
      .filter(() => !statuses || statuses.includes('ACTIVE'));
    return cursorPage(
      accounts.map(accountElement),
      offsetOf(query),
      boundedInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    );
  });

  // Conversion rules of an account (Find Conversions by Ad Account, q=account): each rule carries its
  // post-click and view-through windows in days. One rule per sandbox account.
  app.get('/conversions', async (request, reply) => {
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'account', 'start', 'count']);
    if (query.text('q') !== 'account') throw new BadQuery('The sandbox supports q=account only');
    const urn = query.text('account') ?? '';
    if (!urn.startsWith(ACCOUNT_URN_PREFIX)) throw new BadQuery('account must be a urn:li:sponsoredAccount URN');
    const account = grantedAccount(request, reply, urn.slice(ACCOUNT_URN_PREFIX.length), 'conversions', 'GET');
    if (!account) return reply;
    const rule = SANDBOX_ATTRIBUTION.linkedin;
    const elements = [
      {
        id: rule.id,
        name: rule.name,
        account: urn,
        enabled: true,
        type: 'PURCHASE',
        attributionType: 'LAST_TOUCH_BY_CAMPAIGN',
        conversionMethod: 'INSIGHT_TAG',
        postClickAttributionWindowSize: rule.postClickAttributionWindowSize,
        viewThroughAttributionWindowSize: rule.viewThroughAttributionWindowSize,
      },
    ];
    const start = boundedInt(query, 'start', 0, Number.MAX_SAFE_INTEGER, 0);
    const count = boundedInt(query, 'count', DEFAULT_COUNT, MAX_COUNT);
    return {
      elements: elements.slice(start, start + count),
      paging: { start, count, total: elements.length, links: [] },
    };
  });

  app.get('/adAccounts/:accountId', async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const account = grantedAccount(request, reply, accountId, 'adAccounts', 'GET');
    return account ? accountElement(account) : reply;
  });

  app.get('/adAccounts/:accountId/adCampaigns', async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'search', 'pageSize', 'pageToken', 'sortOrder']);
    if (query.text('q') !== 'search') throw new BadQuery('The sandbox supports q=search only');
    const criteria = searchCriteria(query, ['status', 'id']);
    const statuses = criteria.get('status');
    const unknown = statuses?.find((status) => !CAMPAIGN_STATUSES.includes(status));
    if (unknown) throw new BadQuery(`Unknown campaign status ${unknown}`);
    const ids = criteria.get('id');
    const size = boundedInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const offset = offsetOf(query);
    const account = grantedAccount(request, reply, accountId, 'adCampaigns', 'GET');
    if (!account) return reply;
    const elements = account.campaigns
      .map((campaign) => campaignElement(world, account, campaign))
      .filter(
        (element) => (!statuses || statuses.includes(element.status)) && (!ids || ids.includes(String(element.id))),
      );
    return cursorPage(elements, offset, size);
  });

  app.post('/adAccounts/:accountId/adCampaigns/:campaignId', async (request, reply) => {
    const { accountId, campaignId } = request.params as { accountId: string; campaignId: string };
    const account = grantedAccount(request, reply, accountId, 'adCampaigns', 'PARTIAL_UPDATE', WRITE_SCOPES);
    if (!account) return reply;
    const campaign = account.campaigns.find((c) => c.id === campaignId);
    if (!campaign) return notFound(reply, `Campaign ${campaignId} in ad account ${accountId}`);
    if (String(request.headers['x-restli-method'] ?? '').toUpperCase() !== 'PARTIAL_UPDATE') {
      return badRequest(reply, 'A POST to a campaign must carry X-RestLi-Method: PARTIAL_UPDATE');
    }
    const set = (request.body as { patch?: { $set?: Record<string, unknown> } } | undefined)?.patch?.$set;
    if (!set || typeof set !== 'object' || Object.keys(set).length === 0)
      return badRequest(reply, 'The body must be {"patch":{"$set":{...}}}');
    const unsupported = Object.keys(set).find((key) => key !== 'status' && key !== 'dailyBudget');
    if (unsupported) return badRequest(reply, `The sandbox updates status and dailyBudget only (got ${unsupported})`);

    let status: 'ACTIVE' | 'PAUSED' | undefined;
    if ('status' in set) {
      if (set.status !== 'ACTIVE' && set.status !== 'PAUSED') {
        const known = typeof set.status === 'string' && CAMPAIGN_STATUSES.includes(set.status);
        const message = known
          ? `The sandbox models ACTIVE and PAUSED only (got ${String(set.status)})`
          : `Unknown status ${String(set.status)}`;
        return badRequest(reply, message, 'INVALID_VALUE');
      }
      status = set.status;
    }
    let budgetMinor: number | undefined;
    if ('dailyBudget' in set) {
      const budget = set.dailyBudget as { amount?: unknown; currencyCode?: unknown } | null;
      if (!budget || typeof budget.amount !== 'string' || typeof budget.currencyCode !== 'string') {
        return badRequest(reply, 'dailyBudget must be {"amount":"50.00","currencyCode":"USD"}', 'INVALID_VALUE');
      }
      if (budget.currencyCode !== account.currency) {
        return badRequest(
          reply,
          `dailyBudget.currencyCode must be the account currency ${account.currency}`,
          'INVALID_VALUE',
        );
      }
      const digits = minorDigits(account.currency);
      const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
      if (!pattern.test(budget.amount) || decimalToMinor(budget.amount, account.currency) <= 0) {
        const message = `dailyBudget.amount must be a positive amount in ${account.currency} with at most ${digits} decimals`;
        return badRequest(reply, message, 'INVALID_VALUE');
      }
      budgetMinor = decimalToMinor(budget.amount, account.currency);
    }
    if (status) world.setStatus('linkedin', campaign.id, status);
    if (budgetMinor !== undefined) world.setDailyBudget('linkedin', campaign.id, budgetMinor);
    return reply.code(204).send();
  });

  app.get('/adAccounts/:accountId/creatives', async (request, reply) => {
    const { accountId } = request.params as { accountId: string };
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'campaigns', 'intendedStatuses', 'pageSize', 'pageToken', 'sortOrder']);
    if (query.text('q') !== 'criteria') throw new BadQuery('The sandbox supports q=criteria only');
    const campaignIds = facetIds(query, 'campaigns', CAMPAIGN_URN_PREFIX);
    const statuses = query.has('intendedStatuses')
      ? asList(query.value('intendedStatuses'), 'intendedStatuses')
      : undefined;
    const unknown = statuses?.find((status) => !CREATIVE_STATUSES.includes(status));
    if (unknown) throw new BadQuery(`Unknown creative status ${unknown}`);
    const size = boundedInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const offset = offsetOf(query);
    const account = grantedAccount(request, reply, accountId, 'creatives', 'GET');
    if (!account) return reply;
    const elements = account.campaigns
      .filter((campaign) => !campaignIds || campaignIds.includes(campaign.id))
      .flatMap((campaign) => campaign.ads.map((ad) => creativeElement(world, account, campaign, ad)))
      .filter((element) => !statuses || statuses.includes(element.intendedStatus));
    return cursorPage(elements, offset, size);
  });

  /** The creative a path URN names in the account; undefined when there is none. */
  const creativeIn = (account: SandboxAccount, creativeUrn: string) => {
    const [creativeId] = urnIds([creativeUrn], CREATIVE_URN_PREFIX, 'The creative key');
    for (const campaign of account.campaigns) {
      const ad = campaign.ads.find((a) => a.id === creativeId);
      if (ad) return { campaign, ad };
    }
    return undefined;
  };

  /**
   * BATCH_GET of keys (ids=List(urn...)) among what the member's granted accounts own: Rest.li's
   * batch shape, results and statuses by key, a 404 in errors for a key it does not know.
   */
  const batchGet = (
    request: FastifyRequest,
    reply: FastifyReply,
    resource: string,
    find: (account: SandboxAccount, key: string) => unknown,
  ) => {
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['ids']);
    const ids = asList(query.value('ids'), 'ids');
    if (ids.length === 0 || ids.length > MAX_BATCH_KEYS)
      throw new BadQuery(`ids must hold 1 to ${MAX_BATCH_KEYS} keys`);
    const { grant, version } = context(request);
    if (!hasScope(grant, READ_SCOPES)) return accessDenied(reply, resource, 'BATCH_GET', version);
    const accounts = world.accounts('linkedin').filter((account) => grant.accountIds.includes(account.id));
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const id of ids) {
      const found = accounts.map((account) => find(account, id)).find((element) => element !== undefined);
      if (found) {
        results[id] = found;
        statuses[id] = 200;
      } else {
        statuses[id] = 404;
        errors[id] = { status: 404, code: 'NOT_FOUND', message: `${id} does not exist` };
      }
    }
    return { results, statuses, errors };
  };

  /** The posts creatives reference (GET /rest/posts?ids=List(urn:li:share:...)). */
  app.get('/posts', async (request, reply) =>
    batchGet(request, reply, 'posts', (account, urn) => {
      for (const campaign of account.campaigns) {
        const ad = campaign.ads.find((a) => postUrnOf(a) === urn);
        if (ad) return postElement(account, ad);
      }
      return undefined;
    }),
  );

  /** Where the posts' images can be downloaded (GET /rest/images?ids=List(urn:li:image:...)). */
  app.get('/images', async (request, reply) =>
    batchGet(request, reply, 'images', (account, urn) => {
      const key = imageKeyOf(urn);
      const owned = key && account.campaigns.some((campaign) => campaign.ads.some((ad) => ad.copy.image?.key === key));
      const image = owned ? world.image('linkedin', key) : undefined;
      return image
        ? imageElement(account, image.key, image.width, image.height, `${ctx.baseUrl(request)}/linkedin`, ctx.now())
        : undefined;
    }),
  );

  app.get('/adAccounts/:accountId/creatives/:creativeUrn', async (request, reply) => {
    const { accountId, creativeUrn } = request.params as { accountId: string; creativeUrn: string };
    const account = grantedAccount(request, reply, accountId, 'creatives', 'GET');
    if (!account) return reply;
    const found = creativeIn(account, creativeUrn);
    return found
      ? creativeElement(world, account, found.campaign, found.ad)
      : notFound(reply, `Creative ${creativeUrn}`);
  });

  // Pauses or resumes a creative: Rest.li PARTIAL_UPDATE of intendedStatus, answered 204.
  app.post('/adAccounts/:accountId/creatives/:creativeUrn', async (request, reply) => {
    const { accountId, creativeUrn } = request.params as { accountId: string; creativeUrn: string };
    const account = grantedAccount(request, reply, accountId, 'creatives', 'PARTIAL_UPDATE', WRITE_SCOPES);
    if (!account) return reply;
    const found = creativeIn(account, creativeUrn);
    if (!found) return notFound(reply, `Creative ${creativeUrn} in ad account ${accountId}`);
    if (String(request.headers['x-restli-method'] ?? '').toUpperCase() !== 'PARTIAL_UPDATE') {
      return badRequest(reply, 'A POST to a creative must carry X-RestLi-Method: PARTIAL_UPDATE');
    }
    const set = (request.body as { patch?: { $set?: Record<string, unknown> } } | undefined)?.patch?.$set;
    if (!set || typeof set !== 'object' || Object.keys(set).length === 0)
      return badRequest(reply, 'The body must be {"patch":{"$set":{...}}}');
    const unsupported = Object.keys(set).find((key) => key !== 'intendedStatus');
    if (unsupported)
      return badRequest(reply, `The sandbox updates a creative's intendedStatus only (got ${unsupported})`);
    const status = set.intendedStatus;
    if (status !== 'ACTIVE' && status !== 'PAUSED') {
      const known = typeof status === 'string' && CREATIVE_STATUSES.includes(status);
      const message = known
        ? `The sandbox models ACTIVE and PAUSED only (got ${String(status)})`
        : `Unknown intendedStatus ${String(status)}`;
      return badRequest(reply, message, 'INVALID_VALUE');
    }
    world.setAdStatus('linkedin', found.ad.id, status);
    return reply.code(204).send();
  });

  app.get('/adAnalytics', async (request, reply) => {
    const query = RestliQuery.fromUrl(request.url);
    onlyParams(query, ['q', 'pivot', 'timeGranularity', 'dateRange', 'accounts', 'campaigns', 'creatives', 'fields']);
    if (query.text('q') !== 'analytics') throw new BadQuery('The sandbox supports q=analytics only');
    const pivot = query.text('pivot');
    if (pivot !== 'CAMPAIGN' && pivot !== 'CREATIVE')
      throw new BadQuery(`The sandbox supports pivot=CAMPAIGN or pivot=CREATIVE (got ${pivot})`);
    if (query.text('timeGranularity') !== 'DAILY')
      throw new BadQuery('The sandbox supports timeGranularity=DAILY only');
    const range = query.value('dateRange');
    if (typeof range !== 'object' || Array.isArray(range) || !('start' in range)) {
      throw new BadQuery('dateRange=(start:(year:Y,month:M,day:D),end:(...)) is required');
    }
    const since = day(range.start, 'dateRange.start');
    const until = range.end === undefined ? undefined : day(range.end, 'dateRange.end');
    if (until !== undefined && until < since) throw new BadQuery('dateRange.end is before dateRange.start');
    const accountIds = urnIds(asList(query.value('accounts'), 'accounts'), ACCOUNT_URN_PREFIX, 'accounts');
    if (accountIds.length === 0)
      throw new BadQuery('The sandbox needs the accounts facet: accounts=List(urn%3Ali%3AsponsoredAccount%3A...)');
    const campaignIds = facetIds(query, 'campaigns', CAMPAIGN_URN_PREFIX);
    const creativeIds = facetIds(query, 'creatives', CREATIVE_URN_PREFIX);
    const fields = query.has('fields')
      ? (query.text('fields') ?? '')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : DEFAULT_ANALYTICS_FIELDS;
    if (fields.length > ANALYTICS_MAX_FIELDS) {
      throw new BadQuery(`At most ${ANALYTICS_MAX_FIELDS} fields may be requested (got ${fields.length})`);
    }
    const unknownField = fields.find((field) => !ANALYTICS_FIELDS.includes(field));
    if (unknownField)
      throw new BadQuery(
        `The sandbox does not model the field ${unknownField}; it knows ${ANALYTICS_FIELDS.join(', ')}`,
      );

    // LinkedIn itself answers an account without access with an empty list; the sandbox says 403
    // so that a grant mistake cannot pass for a quiet account.
    const accounts: SandboxAccount[] = [];
    for (const id of accountIds) {
      const account = grantedAccount(request, reply, id, 'adAnalytics', 'GET', REPORTING_SCOPES);
      if (!account) return reply;
      accounts.push(account);
    }
    const elements = accounts.flatMap((account) =>
      world
        .rows('linkedin', account.id, since, until ?? world.today(account), pivot === 'CAMPAIGN' ? 'campaign' : 'ad')
        .filter((row) => !campaignIds || campaignIds.includes(row.campaign.id))
        .filter((row) => !creativeIds || (row.ad !== null && creativeIds.includes(row.ad.id)))
        .map((row) => analyticsElement(row, fields)),
    );
    return { paging: { start: 0, count: 10, links: [] }, elements: truncate(elements) };
  });
}
