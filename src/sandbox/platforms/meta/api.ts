import { createHmac, randomInt } from 'node:crypto';

import { decimalToMinor } from '@shared/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { GRAPH_VERSIONS, sandboxCredentials } from '../../contract';
import type { Grant } from '../../grants';
import { sendImage } from '../../images';
import type { FaultRenderer, SandboxContext } from '../../types';
import type { SandboxAccount } from '../../world';
import { fromOffsetUnits } from './budget';
import { type InsightsQuery, insightsRows, parseInsightsQuery } from './insights';
import {
  ACCOUNT_FIELDS,
  accountNode,
  AD_FIELDS,
  adNode,
  CAMPAIGN_FIELDS,
  campaignNode,
  CREATIVE_FIELDS,
  IMAGE_PATH,
  isDone,
  nonexistingField,
  pick,
  REPORT_RUN_FIELDS,
  type ReportRun,
  runNode,
  sendNode,
  unknownExpandedField,
  unknownField,
} from './nodes';
import { BUC_HEADER, BusinessUsage, THROTTLE_ERRORS, THROTTLE_SUBCODE, usageHeader, type UseCase } from './usage';
import {
  accessTokenOf,
  deprecatedVersion,
  fieldList,
  graphParams,
  invalidParameter,
  pageLimit,
  pageOf,
  sendGraphError,
  tokenError,
  unsupportedRequest,
} from './wire';

/**
 * The Graph API calls the Meta emulator serves under /meta/<version> (research section 2):
 * /me/permissions (read and DELETE to revoke), /me/adaccounts, campaigns with status and daily
 * budget (read and POST update), ads with their own status (read and POST update), and
 * Insights, synchronous with cursor paging or as async report
 * runs. Every call checks the token (access_token parameter or a Bearer header), the optional
 * appsecret_proof, the permissions the user granted and the ad accounts they ticked, counts
 * business-use-case usage, and renders Graph's error bodies.
 */

const PLATFORM = 'meta';
const CREDENTIALS = sandboxCredentials(PLATFORM);

const READ_PERMISSIONS = ['ads_read', 'ads_management'];
const WRITE_PERMISSION = 'ads_management';

/**
 * The sandbox refuses a synchronous insights request whose result would have more rows than
 * this, the way Graph answers "Please reduce the amount of data" (HTTP 500, code 1 and no subcode, as
 * recorded in Airbyte's source-facebook-marketing test_errors.py; 1/99 is Graph's "An unknown error
 * occurred", which the sandbox used to send here); async
 * report runs have no such cap. Meta publishes no number (UNCONFIRMED); with this cap a 90-day
 * ad-level request for the seeded accounts needs the async path, a month does not.
 */
export const SYNC_INSIGHTS_MAX_ROWS = 500;
/** HTTP status of that refusal; seen as 500 in the wild, 400 in some reports (UNCONFIRMED). */
export const TOO_MUCH_DATA_STATUS = 500;

/** How long the sandbox keeps a report run (Meta keeps them for a limited time; the exact span is UNCONFIRMED). */
const REPORT_RUN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Smallest daily budget the sandbox accepts, in major units of the account currency
 * (UNCONFIRMED: Meta's minimums vary by currency and optimisation goal).
 */
const MIN_DAILY_BUDGET_MAJOR = 1;
/** Graph's "budget too low" subcode (UNCONFIRMED). */
const BUDGET_TOO_LOW_SUBCODE = 1885272;

/** Graph's answers the emulator gives in several places. */
const USER_THROTTLE = { message: '(#17) User request limit reached', code: 17 };
const SERVICE_ERROR = {
  message: 'An unexpected error has occurred. Please retry your request later.',
  code: 2,
  isTransient: true,
};
const ACCOUNT_NOT_SHARED = {
  message: '(#200) Ad account owner has NOT grant ads_management or ads_read permission',
  code: 200,
};

type Access = 'read' | 'write';

function permissionsOf(grant: Grant): string[] {
  return [...new Set(['public_profile', ...grant.scope.split(/[\s,]+/).filter(Boolean)])];
}

export function apiRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world, grants } = ctx;
  const usage = new BusinessUsage(ctx.now);
  const runs = new Map<string, ReportRun>();

  const selfUrl = (request: FastifyRequest, version: string, path: string) =>
    `${ctx.baseUrl(request)}/${PLATFORM}/${version}/${path}`;

  /** Fault injection rendered as Graph does: BUC throttles on ad-account calls, code 17 elsewhere. */
  const faultRenderer = (account?: SandboxAccount, useCase?: UseCase): FaultRenderer => ({
    rateLimit: (reply, retryAfterSeconds) => {
      if (account && useCase) {
        reply.header(BUC_HEADER, usageHeader(account, useCase, 100, retryAfterSeconds));
        return sendGraphError(reply, 400, {
          ...THROTTLE_ERRORS[useCase],
          subcode: THROTTLE_SUBCODE,
          isTransient: true,
        });
      }
      return sendGraphError(reply, 400, { ...USER_THROTTLE, subcode: THROTTLE_SUBCODE, isTransient: true });
    },
    serverError: (reply) => sendGraphError(reply, 500, SERVICE_ERROR),
    expiredToken: (reply) => tokenError(reply, 'expired', ctx.now()),
    revoked: (reply) => tokenError(reply, 'revoked', ctx.now()),
  });

  /** Version and token of a Graph call; undefined when it already answered. */
  const authenticate = (request: FastifyRequest, reply: FastifyReply): Grant | undefined => {
    const { version } = request.params as { version: string };
    if (!GRAPH_VERSIONS.includes(version)) {
      deprecatedVersion(reply, version);
      return undefined;
    }
    const token = accessTokenOf(request);
    if (!token) {
      sendGraphError(reply, 400, { message: 'An access token is required to request this resource.', code: 104 });
      return undefined;
    }
    const check = grants.checkAccess(PLATFORM, token);
    if (!check.ok) {
      tokenError(reply, check.reason, ctx.now());
      return undefined;
    }
    const proof = graphParams(request).appsecret_proof;
    if (proof !== undefined && proof !== createHmac('sha256', CREDENTIALS.clientSecret).update(token).digest('hex')) {
      invalidParameter(reply, 'Invalid appsecret_proof provided in the API argument');
      return undefined;
    }
    return check.grant;
  };

  /**
   * After the token: injected faults, the permission the call needs, the ticked ad account and
   * the account's business-use-case usage. False when it already answered.
   */
  const admit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    grant: Grant,
    access: Access,
    account?: SandboxAccount,
    useCase?: UseCase,
  ): Promise<boolean> => {
    if (await ctx.fault(PLATFORM, request, reply, faultRenderer(account, useCase))) return false;
    const permissions = permissionsOf(grant);
    const allowed =
      access === 'write'
        ? permissions.includes(WRITE_PERMISSION)
        : READ_PERMISSIONS.some((permission) => permissions.includes(permission));
    if (!allowed) {
      const needed = access === 'write' ? WRITE_PERMISSION : READ_PERMISSIONS.join(' or ');
      sendGraphError(reply, 400, { message: `(#200) Requires ${needed} permission to manage the object`, code: 200 });
      return false;
    }
    if (account && !grant.accountIds.includes(account.id)) {
      sendGraphError(reply, 400, ACCOUNT_NOT_SHARED);
      return false;
    }
    if (account && useCase) {
      const report = usage.record(account, useCase);
      reply.header(BUC_HEADER, report.header);
      if (report.throttled) {
        sendGraphError(reply, 400, { ...THROTTLE_ERRORS[useCase], subcode: THROTTLE_SUBCODE, isTransient: true });
        return false;
      }
    }
    return true;
  };

  /** Reads and checks an insights request against the account's calendar. */
  const insightsQuery = (
    reply: FastifyReply,
    account: SandboxAccount,
    params: Record<string, string>,
  ): InsightsQuery | undefined => {
    const parsed = parseInsightsQuery(params, world.today(account));
    if ('message' in parsed) {
      sendGraphError(reply, 400, { message: parsed.message, code: parsed.code, subcode: parsed.subcode });
      return undefined;
    }
    return parsed;
  };

  /** Sends one page of rows, or the bad-cursor / bad-limit error. */
  const sendPage = (
    reply: FastifyReply,
    rows: unknown[],
    params: Record<string, string>,
    url: string,
  ): FastifyReply => {
    const limit = pageLimit(params.limit);
    if (typeof limit === 'string') return invalidParameter(reply, limit);
    const page = pageOf(rows, params, limit, url);
    if ('badCursor' in page) return invalidParameter(reply, 'The after cursor is not valid for this request');
    return reply.send(page);
  };

  // ---- The user: permissions (read, revoke) and ad accounts ----

  app.get('/:version/me', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (await ctx.fault(PLATFORM, request, reply, faultRenderer())) return reply;
    return { id: `1000${parseInt(grant.id.slice(0, 10), 16)}`, name: 'Sandbox User' };
  });

  /**
   * Ad images, as Meta's CDN serves an AdCreative's image_url: public (the URL is the secret),
   * no token, no version.
   */
  app.get(`${IMAGE_PATH}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const key = /^([0-9a-f]{32})\.png$/.exec(file)?.[1];
    return sendImage(reply, key ? world.image(PLATFORM, key) : undefined);
  });

  app.get('/:version/me/permissions', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (await ctx.fault(PLATFORM, request, reply, faultRenderer())) return reply;
    return { data: permissionsOf(grant).map((permission) => ({ permission, status: 'granted' })) };
  });

  app.delete('/:version/me/permissions', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (await ctx.fault(PLATFORM, request, reply, faultRenderer())) return reply;
    grants.revokeToken(PLATFORM, accessTokenOf(request)!);
    return { success: true };
  });

  app.get('/:version/me/adaccounts', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant || !(await admit(request, reply, grant, 'read'))) return reply;
    const params = graphParams(request);
    const fields = fieldList(params.fields, ['account_id', 'id']);
    const unknown = unknownField(fields, ACCOUNT_FIELDS);
    if (unknown) return nonexistingField(reply, unknown, 'AdAccount');
    const nodes = world
      .accounts(PLATFORM)
      .filter((account) => grant.accountIds.includes(account.id))
      .map((account) => pick(accountNode(account), fields));
    const { version } = request.params as { version: string };
    return sendPage(reply, nodes, params, selfUrl(request, version, 'me/adaccounts'));
  });

  // ---- Ad account edges: campaigns, ads and insights ----

  const adAccount = (node: string) => (node.startsWith('act_') ? world.account(PLATFORM, node) : undefined);

  app.get('/:version/:node/campaigns', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { version, node } = request.params as { version: string; node: string };
    const account = adAccount(node);
    if (!account) return unsupportedRequest(reply, 'GET', node);
    if (!(await admit(request, reply, grant, 'read', account, 'ads_management'))) return reply;
    const params = graphParams(request);
    const fields = fieldList(params.fields, ['id']);
    const unknown = unknownField(fields, CAMPAIGN_FIELDS);
    if (unknown) return nonexistingField(reply, unknown, 'Campaign');
    const nodes = account.campaigns.map((campaign) => pick(campaignNode(world, account, campaign), fields));
    return sendPage(reply, nodes, params, selfUrl(request, version, `${node}/campaigns`));
  });

  app.get('/:version/:node/ads', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { version, node } = request.params as { version: string; node: string };
    const account = adAccount(node);
    if (!account) return unsupportedRequest(reply, 'GET', node);
    if (!(await admit(request, reply, grant, 'read', account, 'ads_management'))) return reply;
    const params = graphParams(request);
    const fields = fieldList(params.fields, ['id']);
    const unknown = unknownField(fields, AD_FIELDS);
    if (unknown) return nonexistingField(reply, unknown, 'Ad');
    const unknownCreative = unknownExpandedField(fields, 'creative', CREATIVE_FIELDS);
    if (unknownCreative) return nonexistingField(reply, unknownCreative, 'AdCreative');
    const imageBase = `${ctx.baseUrl(request)}/${PLATFORM}`;
    const nodes = account.campaigns.flatMap((campaign) =>
      campaign.ads.map((ad) => pick(adNode(world, account, campaign, ad, imageBase), fields)),
    );
    return sendPage(reply, nodes, params, selfUrl(request, version, `${node}/ads`));
  });

  app.get('/:version/:node/insights', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { version, node } = request.params as { version: string; node: string };
    const params = graphParams(request);
    const run = runs.get(node);
    if (run) {
      if (!(await admit(request, reply, grant, 'read', run.account, 'ads_insights'))) return reply;
      if (!isDone(run))
        return invalidParameter(reply, 'The report run has not completed; poll its async_status until "Job Completed"');
      const rows = insightsRows(world, run.account, run.query);
      return sendPage(reply, rows, params, selfUrl(request, version, `${node}/insights`));
    }
    const account = adAccount(node);
    if (!account) return unsupportedRequest(reply, 'GET', node);
    if (!(await admit(request, reply, grant, 'read', account, 'ads_insights'))) return reply;
    const query = insightsQuery(reply, account, params);
    if (!query) return reply;
    const rows = insightsRows(world, account, query);
    if (rows.length > SYNC_INSIGHTS_MAX_ROWS) {
      return sendGraphError(reply, TOO_MUCH_DATA_STATUS, {
        message: "Please reduce the amount of data you're asking for, then retry your request",
        code: 1,
      });
    }
    return sendPage(reply, rows, params, selfUrl(request, version, `${node}/insights`));
  });

  app.post('/:version/:node/insights', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { node } = request.params as { node: string };
    const account = adAccount(node);
    if (!account) return unsupportedRequest(reply, 'POST', node);
    if (!(await admit(request, reply, grant, 'read', account, 'ads_insights'))) return reply;
    const query = insightsQuery(reply, account, graphParams(request));
    if (!query) return reply;
    const createdAt = ctx.now();
    for (const [runId, old] of runs)
      if (createdAt.getTime() - old.createdAt.getTime() > REPORT_RUN_TTL_MS) runs.delete(runId);
    const id = `6${String(randomInt(10 ** 14)).padStart(14, '0')}`;
    runs.set(id, { id, account, query, createdAt, polls: 0 });
    return { report_run_id: id };
  });

  // ---- Objects by id: report runs, campaigns, ads, ad accounts ----

  app.get('/:version/:node', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { node } = request.params as { node: string };
    const params = graphParams(request);
    const run = runs.get(node);
    if (run) {
      if (!(await admit(request, reply, grant, 'read', run.account, 'ads_insights'))) return reply;
      run.polls += 1;
      if (isDone(run)) run.completedAt ??= ctx.now();
      return sendNode(
        reply,
        'AdReportRun',
        fieldList(params.fields, REPORT_RUN_FIELDS),
        REPORT_RUN_FIELDS,
        runNode(run),
      );
    }
    const found = world.campaign(PLATFORM, node);
    if (found) {
      if (!(await admit(request, reply, grant, 'read', found.account, 'ads_management'))) return reply;
      const fields = fieldList(params.fields, ['id', 'name']);
      return sendNode(reply, 'Campaign', fields, CAMPAIGN_FIELDS, campaignNode(world, found.account, found.campaign));
    }
    const ad = world.ad(PLATFORM, node);
    if (ad) {
      if (!(await admit(request, reply, grant, 'read', ad.account, 'ads_management'))) return reply;
      const imageBase = `${ctx.baseUrl(request)}/${PLATFORM}`;
      return sendNode(
        reply,
        'Ad',
        fieldList(params.fields, ['id']),
        AD_FIELDS,
        adNode(world, ad.account, ad.campaign, ad.ad, imageBase),
      );
    }
    const account = adAccount(node);
    if (account) {
      if (!(await admit(request, reply, grant, 'read', account, 'ads_management'))) return reply;
      return sendNode(
        reply,
        'AdAccount',
        fieldList(params.fields, ['account_id', 'id']),
        ACCOUNT_FIELDS,
        accountNode(account),
      );
    }
    return unsupportedRequest(reply, 'GET', node);
  });

  app.post('/:version/:node', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { node } = request.params as { node: string };
    const ad = world.ad(PLATFORM, node);
    if (ad) {
      // An ad: status only (budgets live on campaigns and ad sets).
      if (!(await admit(request, reply, grant, 'write', ad.account, 'ads_management'))) return reply;
      const params = graphParams(request);
      if (params.daily_budget !== undefined)
        return invalidParameter(reply, 'Param daily_budget is not a field of an Ad');
      if (params.status !== undefined && !['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'].includes(params.status)) {
        return invalidParameter(reply, 'Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}');
      }
      if (params.status === 'DELETED' || params.status === 'ARCHIVED') {
        return invalidParameter(reply, `status=${params.status} is not emulated by the sandbox`);
      }
      if (params.status) world.setAdStatus(PLATFORM, node, params.status as 'ACTIVE' | 'PAUSED');
      return { success: true };
    }
    const found = world.campaign(PLATFORM, node);
    if (!found) return unsupportedRequest(reply, 'POST', node);
    if (!(await admit(request, reply, grant, 'write', found.account, 'ads_management'))) return reply;
    const params = graphParams(request);
    const currency = found.account.currency;

    if (params.status !== undefined && !['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'].includes(params.status)) {
      return invalidParameter(reply, 'Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}');
    }
    if (params.status === 'DELETED' || params.status === 'ARCHIVED') {
      return invalidParameter(reply, `status=${params.status} is not emulated by the sandbox`);
    }
    let budgetMinor: number | undefined;
    if (params.daily_budget !== undefined) {
      if (!/^\d+$/.test(params.daily_budget))
        return invalidParameter(reply, 'Param daily_budget must be a non-negative integer');
      budgetMinor = fromOffsetUnits(Number(params.daily_budget), currency);
      if (budgetMinor < decimalToMinor(MIN_DAILY_BUDGET_MAJOR, currency)) {
        return sendGraphError(reply, 400, {
          message: 'Invalid parameter',
          code: 100,
          subcode: BUDGET_TOO_LOW_SUBCODE,
          userTitle: 'Your Budget Is Too Low',
          userMessage: `The minimum daily budget is ${MIN_DAILY_BUDGET_MAJOR} ${currency}.`,
        });
      }
    }
    if (params.status) world.setStatus(PLATFORM, node, params.status as 'ACTIVE' | 'PAUSED');
    if (budgetMinor !== undefined) world.setDailyBudget(PLATFORM, node, budgetMinor);
    return { success: true };
  });
}
