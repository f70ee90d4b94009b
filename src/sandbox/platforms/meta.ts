import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxCredentials } from '@server/platforms/settings';
import { decimalToMinor } from '@shared/money';
import type { Grant } from '../grants';
import type { FaultRenderer, SandboxContext, SandboxPlatform } from '../sandbox';
import type { SandboxAccount, SandboxCampaign } from '../world';
import { fromOffsetUnits, toOffsetUnits } from './meta/budget';
import {
  LATEST_GRAPH_VERSION,
  SUPPORTED_GRAPH_VERSIONS,
  accessTokenOf,
  fieldList,
  graphParams,
  invalidParameter,
  pageLimit,
  pageOf,
  sendGraphError,
  unsupportedRequest,
  type GraphErrorInit,
} from './meta/graph';
import { insightsRows, parseInsightsQuery, type InsightsQuery } from './meta/insights';
import { BUC_HEADER, BusinessUsage, businessIdOf, THROTTLE_ERRORS, THROTTLE_SUBCODE, usageHeader, type UseCase } from './meta/usage';

/**
 * Emulator of the Meta Marketing API (Graph API) under /meta (research section 2): the Login
 * dialog, the token endpoint (code exchange and fb_exchange_token; Meta has no refresh tokens),
 * /me/permissions (read and DELETE to revoke), /me/adaccounts, campaigns with status and daily
 * budget (read and POST update), and Insights, synchronous with cursor paging or as async report
 * runs. Every Graph call checks the token (access_token parameter or a Bearer header), the
 * optional appsecret_proof, the permissions the user granted and the ad accounts they ticked,
 * counts business-use-case usage, and renders Graph's error bodies.
 */

const PLATFORM = 'meta';
const CREDENTIALS = sandboxCredentials(PLATFORM);

/**
 * Token lifetimes. A code exchange gives a short-lived user token (Meta: "about 1-2 hours";
 * the exact figure is UNCONFIRMED); fb_exchange_token gives the documented 60-day token.
 */
export const SHORT_LIVED_TOKEN_SECONDS = 5400;
export const LONG_LIVED_TOKEN_SECONDS = 5_183_944;

/** Permissions the Login dialog accepts; anything else is "Invalid Scopes". */
const KNOWN_PERMISSIONS = [
  'public_profile',
  'email',
  'ads_read',
  'ads_management',
  'business_management',
  'pages_show_list',
  'pages_read_engagement',
  'read_insights',
];
const READ_PERMISSIONS = ['ads_read', 'ads_management'];
const WRITE_PERMISSION = 'ads_management';

/** What the Login dialog appends to redirect_uri when the user cancels (manual-flow docs). */
const DENY_PARAMS = { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied' };

/**
 * The sandbox refuses a synchronous insights request whose result would have more rows than
 * this, the way Graph answers "Please reduce the amount of data" (code 1, subcode 99); async
 * report runs have no such cap. Meta publishes no number (UNCONFIRMED); with this cap a 90-day
 * ad-level request for the seeded accounts needs the async path, a month does not.
 */
export const SYNC_INSIGHTS_MAX_ROWS = 500;
/** HTTP status of that refusal; seen as 500 in the wild, 400 in some reports (UNCONFIRMED). */
export const TOO_MUCH_DATA_STATUS = 500;

/**
 * How an async report run advances: one step per status poll (GET /{report_run_id}). Meta can
 * report 100% while the job is still running, so clients must wait for "Job Completed".
 */
export const ASYNC_PROGRESS: [status: string, percent: number][] = [
  ['Job Not Started', 0],
  ['Job Started', 0],
  ['Job Running', 60],
  ['Job Running', 100],
  ['Job Completed', 100],
];

/** How long the sandbox keeps a report run (Meta keeps them for a limited time; the exact span is UNCONFIRMED). */
const REPORT_RUN_TTL_MS = 24 * 60 * 60 * 1000;

/** Campaign objectives the world uses, as Graph names them since the ODAX objectives. */
const OBJECTIVES: Record<string, string> = {
  CONVERSIONS: 'OUTCOME_SALES',
  TRAFFIC: 'OUTCOME_TRAFFIC',
  LEAD_GENERATION: 'OUTCOME_LEADS',
  AWARENESS: 'OUTCOME_AWARENESS',
};
const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'account_id',
  'status',
  'configured_status',
  'effective_status',
  'daily_budget',
  'lifetime_budget',
  'objective',
  'buying_type',
  'start_time',
];
const ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'account_status', 'timezone_name', 'business'];
const REPORT_RUN_FIELDS = [
  'id',
  'account_id',
  'async_status',
  'async_percent_completion',
  'date_start',
  'date_stop',
  'time_ref',
  'time_completed',
  'is_running',
];
/** account_status 1 = ACTIVE. */
const ACCOUNT_ACTIVE = 1;
/**
 * Smallest daily budget the sandbox accepts, in major units of the account currency
 * (UNCONFIRMED: Meta's minimums vary by currency and optimisation goal).
 */
const MIN_DAILY_BUDGET_MAJOR = 1;
/** Graph's "budget too low" subcode (UNCONFIRMED). */
const BUDGET_TOO_LOW_SUBCODE = 1885272;

/** Graph's answers the emulator gives in several places. */
const USER_THROTTLE = { message: '(#17) User request limit reached', code: 17 };
const SERVICE_ERROR = { message: 'An unexpected error has occurred. Please retry your request later.', code: 2, isTransient: true };
const ACCOUNT_NOT_SHARED = { message: '(#200) Ad account owner has NOT grant ads_management or ads_read permission', code: 200 };

/**
 * The token endpoint's answer to a code it cannot redeem (subcode 36009 is seen in the wild;
 * 36007 and 36008 for the other cases are UNCONFIRMED).
 */
function codeError(description: string): GraphErrorInit {
  if (description.includes('already used')) return { message: 'This authorization code has been used.', code: 100, subcode: 36009 };
  if (description.includes('expired')) return { message: 'This authorization code has expired.', code: 100, subcode: 36007 };
  if (description.includes('redirect_uri')) {
    return {
      message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      subcode: 36008,
    };
  }
  if (description.includes('code_verifier')) return { message: 'Invalid code verifier.', code: 100 };
  return { message: 'Invalid verification code format.', code: 100, subcode: 36007 };
}

interface ReportRun {
  id: string;
  account: SandboxAccount;
  query: InsightsQuery;
  createdAt: Date;
  completedAt?: Date;
  polls: number;
}

type Access = 'read' | 'write';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Login dialog's error page (Meta shows these to the developer instead of redirecting). */
function dialogError(reply: FastifyReply, title: string, detail: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
  return reply.code(400).header('content-type', 'text/html; charset=utf-8').send(html);
}

function isAbsoluteHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function permissionsOf(grant: Grant): string[] {
  return [...new Set(['public_profile', ...grant.scope.split(/[\s,]+/).filter(Boolean)])];
}

/** Graph's 190 errors for a token that is unknown, expired or no longer authorized. */
function tokenError(reply: FastifyReply, reason: 'invalid' | 'expired' | 'revoked', now: Date): FastifyReply {
  switch (reason) {
    case 'invalid':
      return sendGraphError(reply, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    case 'expired':
      return sendGraphError(reply, 400, {
        message: `Error validating access token: Session has expired. The current time is ${now.toUTCString()}.`,
        code: 190,
        subcode: 463,
      });
    case 'revoked':
      return sendGraphError(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${CREDENTIALS.clientId}.`,
        code: 190,
        subcode: 458,
      });
  }
}

function deprecatedVersion(reply: FastifyReply, version: string): FastifyReply {
  return sendGraphError(reply, 400, {
    message: `(#2635) You are calling a deprecated version of the Ads API (${version}). Please update to the latest version: ${LATEST_GRAPH_VERSION}.`,
    code: 2635,
  });
}

/** The first requested field a node type does not have, if any. */
function unknownField(requested: string[], known: string[]): string | undefined {
  return requested.find((field) => !known.includes(field));
}

/** Graph's answer to a field the node type does not have. */
function nonexistingField(reply: FastifyReply, field: string, nodeType: string): FastifyReply {
  return invalidParameter(reply, `Tried accessing nonexisting field (${field}) on node type (${nodeType})`);
}

/** A node with only the requested fields (Graph leaves out fields without a value). */
function pick(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) node[field] = values[field];
  return node;
}

/** A single node's requested fields, or the unknown-field error. */
function sendNode(
  reply: FastifyReply,
  nodeType: string,
  fields: string[],
  known: string[],
  values: Record<string, unknown>,
): FastifyReply {
  const unknown = unknownField(fields, known);
  return unknown ? nonexistingField(reply, unknown, nodeType) : reply.send(pick(values, fields));
}

async function routes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const { world, grants } = ctx;
  const usage = new BusinessUsage(ctx.now);
  const runs = new Map<string, ReportRun>();

  const selfUrl = (request: FastifyRequest, version: string, path: string) => `${ctx.baseUrl(request)}/${PLATFORM}/${version}/${path}`;

  /** Fault injection rendered as Graph does: BUC throttles on ad-account calls, code 17 elsewhere. */
  const faultRenderer = (account?: SandboxAccount, useCase?: UseCase): FaultRenderer => ({
    rateLimit: (reply, retryAfterSeconds) => {
      if (account && useCase) {
        reply.header(BUC_HEADER, usageHeader(account, useCase, 100, retryAfterSeconds));
        return sendGraphError(reply, 400, { ...THROTTLE_ERRORS[useCase], subcode: THROTTLE_SUBCODE, isTransient: true });
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
    if (!SUPPORTED_GRAPH_VERSIONS.includes(version)) {
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
      access === 'write' ? permissions.includes(WRITE_PERMISSION) : READ_PERMISSIONS.some((permission) => permissions.includes(permission));
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

  const accountNode = (account: SandboxAccount): Record<string, unknown> => ({
    id: account.id,
    account_id: account.id.replace(/^act_/, ''),
    name: account.name,
    currency: account.currency,
    account_status: ACCOUNT_ACTIVE,
    timezone_name: account.timeZone,
    business: { id: businessIdOf(account), name: 'Acme Sandbox Business' },
  });

  const campaignNode = (account: SandboxAccount, campaign: SandboxCampaign): Record<string, unknown> => {
    const status = world.status(PLATFORM, campaign.id);
    return {
      id: campaign.id,
      name: campaign.name,
      account_id: account.id.replace(/^act_/, ''),
      status,
      configured_status: status,
      effective_status: status,
      daily_budget: String(toOffsetUnits(world.dailyBudgetMinor(PLATFORM, campaign.id), account.currency)),
      lifetime_budget: '0',
      objective: OBJECTIVES[campaign.objective] ?? 'OUTCOME_AWARENESS',
      buying_type: 'AUCTION',
      start_time: `${campaign.startDate}T00:00:00+0000`,
    };
  };

  const runNode = (run: ReportRun): Record<string, unknown> => {
    const [status, percent] = ASYNC_PROGRESS[Math.min(run.polls, ASYNC_PROGRESS.length) - 1] ?? ASYNC_PROGRESS[0];
    return {
      id: run.id,
      account_id: run.account.id.replace(/^act_/, ''),
      async_status: status,
      async_percent_completion: percent,
      date_start: run.query.since,
      date_stop: run.query.until,
      time_ref: Math.floor(run.createdAt.getTime() / 1000),
      time_completed: run.completedAt ? Math.floor(run.completedAt.getTime() / 1000) : undefined,
      is_running: status !== 'Job Completed',
    };
  };

  const isDone = (run: ReportRun) => run.polls >= ASYNC_PROGRESS.length;

  /** Reads and checks an insights request against the account's calendar. */
  const insightsQuery = (reply: FastifyReply, account: SandboxAccount, params: Record<string, string>): InsightsQuery | undefined => {
    const parsed = parseInsightsQuery(params, world.today(account));
    if ('message' in parsed) {
      sendGraphError(reply, 400, { message: parsed.message, code: parsed.code, subcode: parsed.subcode });
      return undefined;
    }
    return parsed;
  };

  /** Sends one page of rows, or the bad-cursor / bad-limit error. */
  const sendPage = (reply: FastifyReply, rows: unknown[], params: Record<string, string>, url: string): FastifyReply => {
    const limit = pageLimit(params.limit);
    if (typeof limit === 'string') return invalidParameter(reply, limit);
    const page = pageOf(rows, params, limit, url);
    if ('badCursor' in page) return invalidParameter(reply, 'The after cursor is not valid for this request');
    return reply.send(page);
  };

  app.addHook('onSend', async (request, reply) => {
    const { version } = (request.params ?? {}) as { version?: string };
    if (version && SUPPORTED_GRAPH_VERSIONS.includes(version)) reply.header('facebook-api-version', version);
  });

  app.setNotFoundHandler((request, reply) =>
    sendGraphError(reply, 400, { message: `Unknown path components: ${request.url.split('?')[0]}`, code: 2500 }),
  );

  // ---- Login dialog and token endpoint ----

  app.get('/:version/dialog/oauth', async (request, reply) => {
    const { version } = request.params as { version: string };
    const query = request.query as Record<string, string | undefined>;
    if (!SUPPORTED_GRAPH_VERSIONS.includes(version)) {
      return dialogError(reply, 'Unsupported version', `Graph ${version} is not available.`);
    }
    if (query.client_id !== CREDENTIALS.clientId) {
      return dialogError(reply, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
    }
    if (!isAbsoluteHttpUrl(query.redirect_uri)) {
      const detail = "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.";
      return dialogError(reply, 'URL blocked', detail);
    }
    if ((query.response_type ?? 'code') !== 'code') {
      const detail = 'The sandbox emulates the server-side code flow only (response_type=code).';
      return dialogError(reply, 'Unsupported response_type', detail);
    }
    if (!query.state) {
      // Meta only recommends state; the sandbox insists, since an app without it is open to login CSRF.
      return dialogError(reply, 'Missing state', 'Send a state parameter and check it on the callback.');
    }
    const scopes = (query.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const invalid = scopes.filter((scope) => !KNOWN_PERMISSIONS.includes(scope));
    if (invalid.length > 0) {
      return dialogError(reply, 'Invalid Scopes', `Invalid Scopes: ${invalid.join(', ')}. This message is only shown to developers.`);
    }
    const method = query.code_challenge ? (query.code_challenge_method ?? 'S256') : undefined;
    if (method && method !== 'S256' && method !== 'plain') {
      return dialogError(reply, 'Invalid code_challenge_method', 'code_challenge_method must be S256 or plain.');
    }
    return ctx.showConsent(request, reply, {
      platform: PLATFORM,
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      state: query.state,
      scope: scopes.join(','),
      codeChallenge: query.code_challenge,
      codeChallengeMethod: method,
      denyParams: DENY_PARAMS,
    });
  });

  const tokenEndpoint = async (request: FastifyRequest, reply: FastifyReply) => {
    const { version } = request.params as { version: string };
    if (!SUPPORTED_GRAPH_VERSIONS.includes(version)) return deprecatedVersion(reply, version);
    const params = graphParams(request);
    if (!params.client_id) return sendGraphError(reply, 400, { message: 'Missing client_id parameter.', code: 101 });
    if (params.client_id !== CREDENTIALS.clientId) {
      return sendGraphError(reply, 400, { message: 'Error validating application. Invalid application ID.', code: 101 });
    }
    const secretRequired = !params.code_verifier;
    if (secretRequired && !params.client_secret) return invalidParameter(reply, 'Missing client_secret parameter.');
    if (params.client_secret !== undefined && params.client_secret !== CREDENTIALS.clientSecret) {
      return sendGraphError(reply, 400, { message: 'Error validating client secret.', code: 1 });
    }
    const issued = (grant: Grant, seconds: number) => ({
      access_token: grants.issueAccess(grant, seconds),
      token_type: 'bearer',
      expires_in: seconds,
    });

    if (params.grant_type === 'fb_exchange_token') {
      if (!params.fb_exchange_token) return invalidParameter(reply, 'Missing fb_exchange_token parameter.');
      const check = grants.checkAccess(PLATFORM, params.fb_exchange_token);
      if (!check.ok) return tokenError(reply, check.reason, ctx.now());
      return reply.send(issued(check.grant, LONG_LIVED_TOKEN_SECONDS));
    }
    if (params.grant_type !== undefined) {
      return invalidParameter(reply, `grant_type ${params.grant_type} is not emulated by the sandbox (use code or fb_exchange_token)`);
    }
    if (!params.redirect_uri) return invalidParameter(reply, 'Missing redirect_uri parameter.');
    if (!params.code) return invalidParameter(reply, 'Missing code parameter.');
    const redeemed = grants.redeemCode(PLATFORM, params.code, {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeVerifier: params.code_verifier,
    });
    if (!redeemed.ok) return sendGraphError(reply, 400, codeError(redeemed.description));
    return reply.send(issued(redeemed.grant, SHORT_LIVED_TOKEN_SECONDS));
  };
  app.get('/:version/oauth/access_token', tokenEndpoint);
  app.post('/:version/oauth/access_token', tokenEndpoint);

  // ---- The user: permissions (read, revoke) and ad accounts ----

  app.get('/:version/me', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    if (await ctx.fault(PLATFORM, request, reply, faultRenderer())) return reply;
    return { id: `1000${parseInt(grant.id.slice(0, 10), 16)}`, name: 'Sandbox User' };
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

  // ---- Ad account edges: campaigns and insights ----

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
    const nodes = account.campaigns.map((campaign) => pick(campaignNode(account, campaign), fields));
    return sendPage(reply, nodes, params, selfUrl(request, version, `${node}/campaigns`));
  });

  app.get('/:version/:node/insights', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { version, node } = request.params as { version: string; node: string };
    const params = graphParams(request);
    const run = runs.get(node);
    if (run) {
      if (!(await admit(request, reply, grant, 'read', run.account, 'ads_insights'))) return reply;
      if (!isDone(run)) return invalidParameter(reply, 'The report run has not completed; poll its async_status until "Job Completed"');
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
        subcode: 99,
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
    for (const [runId, old] of runs) if (createdAt.getTime() - old.createdAt.getTime() > REPORT_RUN_TTL_MS) runs.delete(runId);
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
      return sendNode(reply, 'AdReportRun', fieldList(params.fields, REPORT_RUN_FIELDS), REPORT_RUN_FIELDS, runNode(run));
    }
    const found = world.campaign(PLATFORM, node);
    if (found) {
      if (!(await admit(request, reply, grant, 'read', found.account, 'ads_management'))) return reply;
      const fields = fieldList(params.fields, ['id', 'name']);
      return sendNode(reply, 'Campaign', fields, CAMPAIGN_FIELDS, campaignNode(found.account, found.campaign));
    }
    const account = adAccount(node);
    if (account) {
      if (!(await admit(request, reply, grant, 'read', account, 'ads_management'))) return reply;
      return sendNode(reply, 'AdAccount', fieldList(params.fields, ['account_id', 'id']), ACCOUNT_FIELDS, accountNode(account));
    }
    return unsupportedRequest(reply, 'GET', node);
  });

  app.post('/:version/:node', async (request, reply) => {
    const grant = authenticate(request, reply);
    if (!grant) return reply;
    const { node } = request.params as { node: string };
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
      if (!/^\d+$/.test(params.daily_budget)) return invalidParameter(reply, 'Param daily_budget must be a non-negative integer');
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

export const metaSandbox: SandboxPlatform = {
  platform: PLATFORM,
  routes,
};
