import { randomUUID } from 'node:crypto';

import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { type Action, ACTIONS, type Role, roleCan, ROLES } from '@shared/access/policy';
import { ACTION_MESSAGES } from '@shared/api/actions';
import { ALERT_MESSAGES } from '@shared/api/alerts';
import { BRANDING_MESSAGES, BRANDING_TEXT_COLOUR } from '@shared/api/branding';
import { BUDGET_MESSAGES } from '@shared/api/budgets';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { POST_LAUNCH_MESSAGES } from '@shared/api/creativePostLaunch';
import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import {
  FIRST_PARTY_KEY_HEADER,
  FIRST_PARTY_MESSAGES,
  FIRST_PARTY_SIGNATURE_HEADER,
  FIRST_PARTY_TIMESTAMP_HEADER,
} from '@shared/api/firstParty';
import { REPORT_MESSAGES } from '@shared/api/reports';
import { SCHEDULE_MESSAGES } from '@shared/api/reportSchedules';
import { RULE_MESSAGES, RULE_PRESETS } from '@shared/api/rules';
import { SUGGESTION_MESSAGES } from '@shared/api/suggestions';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { contrastRatio } from '@shared/contrast';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import {
  actions,
  ads,
  alertPreferences,
  alertReads,
  alertWebhooks,
  budgets,
  campaigns,
  connectedAdAccounts,
  creativeAnalyses,
  creativeShares,
  creativeWorkspaceModels,
  firstPartyDays,
  firstPartyKeys,
  newsletterSubscriptions,
  oauthStates,
  otpCodes,
  outbox,
  platformConnections,
  refreshTokens,
  reportDeliveries,
  reports,
  reportSchedules,
  reportShares,
  ruleActions,
  rules,
  suggestions,
  syncState,
  users,
  workspaceBranding,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from './db/schema';
import { AD_ACCOUNT_MESSAGES } from './modules/adAccounts/adAccounts.service';
import { addAccount, bringIn, call, joinAs } from './modules/workspaces/workspaces.fixtures';
import { sandboxSettings } from './platforms/settings';
import { plantAdvice, type PlantedAdvice } from './test/advice';
import { buildTestApp, type TestApp } from './test/buildTestApp';
import { callbackResponse, connectVia, TestBrowser, userIdOf, workspaceIdOf } from './test/connect';
import { signUp, type TestUser } from './test/factories';
import { mintMcpGrant } from './test/mcp';
import { consent, recordingRuntime } from './test/platforms';
import { rowsJson, selectParts } from './test/stateSnapshot';
import { SYNCED_SETUP_TIMEOUT_MS, type Tenant } from './test/tenants';
import { startConnectionIn, type SyncedWorkspace, syncedWorkspace, withVerifiedCode } from './test/workspaceTenants';

/**
 * The authorization matrix. An agency: one owner with two client workspaces, A and B, each with a
 * sandbox account connected and synced; A also has a manager, a viewer and a client, B nobody but
 * the owner. Two proofs, both over every route the app registers (a route added without an entry
 * fails until someone says how it is scoped):
 *
 * 1. A stranger with a workspace of their own calls every route with the agency's ids, in their
 *    own workspace and naming the agency's (X-Workspace-Id): 0 reads, 0 writes.
 * 2. Each member of A calls every route that works in a workspace, in A (the policy decides,
 *    route by route, role by role), in B (not theirs: 404, as if it did not exist), and from A at
 *    B's things (nothing of B's is found): every refusal changes nothing, nothing of B's shows.
 */

/** A member of the agency's workspace A (its owner owns B too). */
interface Member {
  role: Role;
  user: TestUser;
  id: string;
}

/** One of the agency's workspaces, with its team. */
interface Space extends SyncedWorkspace {
  members: Member[];
  /** A suggestion to apply, dismiss or snooze, and an action to undo, on ads of its account. */
  advice: PlantedAdvice;
  /** A saved Creative Analyzer result and a share link to it. */
  creative: PlantedCreative;
  /** A client report, a share link to it, and a scheduled run of it that was sent. */
  report: PlantedReport;
}

interface PlantedReport {
  reportId: string;
  shareId: string;
  deliveryId: string;
}

/**
 * A report of the workspace (every section, last week, in USD) and a link to it, made by its owner
 * through the API; and a sent run of it with its PDF (straight into the table: runs are the schedule job's).
 */
async function plantReport(owner: TestUser, workspace: string): Promise<PlantedReport> {
  const payload = {
    name: 'Planted report',
    sections: ['headline', 'chart', 'platforms', 'campaigns', 'ads', 'pacing', 'alerts', 'actions'],
    period: 'last_week',
    currency: 'USD',
  };
  const made = await call(t.app, owner, 'POST', 'reports/', { workspace, payload });
  if (made.statusCode !== 201) throw new Error(`reports answered ${made.statusCode}: ${made.body}`);
  const reportId = made.json().id as string;
  const shared = await call(t.app, owner, 'POST', `reports/${reportId}/share/`, { workspace, payload: {} });
  if (shared.statusCode !== 201) throw new Error(`report share answered ${shared.statusCode}: ${shared.body}`);
  const now = t.app.ctx.clock.now();
  const [delivery] = await t.app.ctx.db
    .insert(reportDeliveries)
    .values({
      workspaceId: workspace,
      reportId,
      reportName: payload.name,
      periodKind: 'last_week',
      periodFrom: '2030-01-07',
      periodTo: '2030-01-13',
      status: 'sent',
      review: false,
      recipients: ['client@example.com'],
      pdf: Buffer.from('%PDF-1.4 planted'),
      pdfFileName: 'planted-report.pdf',
      createdAt: now,
      sentAt: now,
    })
    .returning({ id: reportDeliveries.id });
  return { reportId, shareId: shared.json().id as string, deliveryId: delivery.id };
}

interface PlantedCreative {
  analysisId: string;
  shareId: string;
}

/** A saved analysis in the workspace, and a link to it, made by its owner through the API. */
async function plantCreative(owner: TestUser, workspace: string): Promise<PlantedCreative> {
  const analysed = await call(t.app, owner, 'POST', 'creative/analyze/', {
    workspace,
    payload: { placement: 'meta_feed', headlines: ['Planted headline'] },
  });
  if (analysed.statusCode !== 200) throw new Error(`analyze answered ${analysed.statusCode}: ${analysed.body}`);
  const analysisId = analysed.json().id as string;
  const shared = await call(t.app, owner, 'POST', `creative/analyses/${analysisId}/share/`, { workspace, payload: {} });
  if (shared.statusCode !== 201) throw new Error(`share answered ${shared.statusCode}: ${shared.body}`);
  return { analysisId, shareId: shared.json().id as string };
}

interface Agency {
  owner: Member;
  A: Space;
  B: Space;
}

let t: TestApp;
let sandbox: RunningSandbox;
let agency: Agency;

beforeAll(async () => {
  // Four accounts per platform: A's, B's, one the owner starts connecting, the stranger's.
  sandbox = await startSandbox({ seed: 23, sleep: async () => {}, accountsPerPlatform: 4 });
  t = await buildTestApp({
    workers: false,
    platformRuntime: recordingRuntime(),
    config: {
      platforms: sandboxSettings(sandbox.url),
      sandbox: { mode: 'external', url: sandbox.url },
      metricsToken: 'operators-only-metrics-token',
    },
  });
  const olga = await signUp(t.app, { fullName: 'Olga Owner' });
  const trial = await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: olga.auth, payload: {} });
  if (trial.statusCode !== 200) throw new Error(`start-trial answered ${trial.statusCode}: ${trial.body}`);
  const owner: Member = { role: 'owner', user: olga, id: await userIdOf(t.app, olga) };
  // The only two syncs of this file: one account in each workspace, each distinguishable from the other.
  const A = await syncedWorkspace(t, sandbox, olga, 'Acme Shoes', 'google', 0);
  const B = await syncedWorkspace(t, sandbox, olga, 'Bolt Bikes', 'google', 1);
  const team = [owner];
  for (const [role, fullName] of [
    ['manager', 'Manu Manager'],
    ['viewer', 'Vera Viewer'],
    ['client', 'Cleo Client'],
  ] as const) {
    const user = await joinAs(t.app, olga, A.id, role, fullName);
    team.push({ role, user, id: await userIdOf(t.app, user) });
  }
  agency = {
    owner,
    A: {
      ...A,
      members: team,
      advice: await plantAdvice(t.app, sandbox, A),
      creative: await plantCreative(olga, A.id),
      report: await plantReport(olga, A.id),
    },
    B: {
      ...B,
      members: [owner],
      advice: await plantAdvice(t.app, sandbox, B),
      creative: await plantCreative(olga, B.id),
      report: await plantReport(olga, B.id),
    },
  };
}, SYNCED_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/**
 * Everything of a workspace's a route could read or change, in the database and at the platform,
 * one JSON text per part (so a difference can be named).
 */
async function workspaceState(space: Space): Promise<Record<string, string>> {
  const id = space.id;
  // Every column of every row, each part as one JSON text, all read in one statement (test/stateSnapshot.ts).
  const count = (table: 'metrics_daily' | 'account_daily' | 'ads') =>
    sql`(select count(*) from ${sql.identifier(table)} x join connected_ad_accounts a on a.id = x.account_ref where a.workspace_id = ${id}::uuid)::int`;
  const read = await selectParts(t.app.ctx.db, `workspace ${id}, alert ${space.advice.alertId}`, () => ({
    workspace: rowsJson(workspaces, eq(workspaces.id, id)),
    members: rowsJson(workspaceMembers, eq(workspaceMembers.workspaceId, id), workspaceMembers.userId),
    invitations: rowsJson(workspaceInvitations, eq(workspaceInvitations.workspaceId, id), workspaceInvitations.id),
    connections: rowsJson(platformConnections, eq(platformConnections.workspaceId, id), platformConnections.id),
    pendingConnections: rowsJson(oauthStates, eq(oauthStates.workspaceId, id), oauthStates.stateHash),
    accounts: rowsJson(connectedAdAccounts, eq(connectedAdAccounts.workspaceId, id), connectedAdAccounts.id),
    campaigns: rowsJson(campaigns, eq(campaigns.workspaceId, id), campaigns.id),
    syncState: rowsJson(syncState, eq(syncState.workspaceId, id), syncState.connectionId),
    metrics: count('metrics_daily'),
    days: count('account_daily'),
    ads: count('ads'),
    suggestions: rowsJson(suggestions, eq(suggestions.workspaceId, id), suggestions.id),
    actions: rowsJson(actions, eq(actions.workspaceId, id), actions.id),
    alertReads: rowsJson(alertReads, eq(alertReads.alertId, space.advice.alertId)),
    alertWebhook: rowsJson(alertWebhooks, eq(alertWebhooks.workspaceId, id)),
    rules: rowsJson(rules, eq(rules.workspaceId, id), rules.id),
    budgets: rowsJson(budgets, eq(budgets.workspaceId, id), budgets.id),
    ruleActions: rowsJson(ruleActions, eq(ruleActions.workspaceId, id), ruleActions.id),
    creativeAnalyses: rowsJson(creativeAnalyses, eq(creativeAnalyses.workspaceId, id), creativeAnalyses.id),
    creativeShares: rowsJson(creativeShares, eq(creativeShares.workspaceId, id), creativeShares.id),
    creativeModel: rowsJson(creativeWorkspaceModels, eq(creativeWorkspaceModels.workspaceId, id)),
    branding: rowsJson(workspaceBranding, eq(workspaceBranding.workspaceId, id)),
    reports: rowsJson(reports, eq(reports.workspaceId, id), reports.id),
    reportShares: rowsJson(reportShares, eq(reportShares.workspaceId, id), reportShares.id),
    reportSchedules: rowsJson(reportSchedules, eq(reportSchedules.workspaceId, id), reportSchedules.id),
    reportDeliveries: rowsJson(reportDeliveries, eq(reportDeliveries.workspaceId, id), reportDeliveries.id),
    firstPartyDays: rowsJson(firstPartyDays, eq(firstPartyDays.workspaceId, id), firstPartyDays.day),
    firstPartyKey: rowsJson(firstPartyKeys, eq(firstPartyKeys.workspaceId, id)),
  }));
  const parts = {
    workspace: read.workspace,
    members: read.members,
    invitations: read.invitations,
    connections: read.connections,
    pendingConnections: read.pendingConnections,
    accounts: read.accounts,
    campaigns: read.campaigns,
    syncState: read.syncState,
    rows: JSON.stringify({ metrics: Number(read.metrics), days: Number(read.days), ads: Number(read.ads) }),
    atThePlatform: JSON.stringify(sandbox.world.status(space.platform, space.platformCampaignId)),
    suggestions: read.suggestions,
    actions: read.actions,
    alertReads: read.alertReads,
    alertWebhook: read.alertWebhook,
    rules: read.rules,
    budgets: read.budgets,
    ruleActions: read.ruleActions,
    adsAtThePlatform: JSON.stringify(
      [space.advice.suggestedAd, space.advice.pausedAd].map((ad) => sandbox.world.adStatus(space.platform, ad)),
    ),
    creativeAnalyses: read.creativeAnalyses,
    creativeShares: read.creativeShares,
    creativeModel: read.creativeModel,
    branding: read.branding,
    reports: read.reports,
    reportShares: read.reportShares,
    reportSchedules: read.reportSchedules,
    reportDeliveries: read.reportDeliveries,
    firstPartyDays: read.firstPartyDays,
    firstPartyKey: read.firstPartyKey,
  };
  return Object.fromEntries(Object.entries(parts).map(([part, value]) => [part, String(value)]));
}

/** The parts of a workspace's state that differ. */
const changedParts = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((part) => before[part] !== after[part]);

/** A workspace's identifiers that no one outside it may see (its invitation's token included). */
const identifiersOf = (space: Space) => [
  space.id,
  space.accountUuid,
  space.connectionId,
  space.campaignUuid,
  space.platformCampaignId,
  space.platformAccountId,
  space.invitation.id,
  space.invitation.token,
  space.advice.suggestionId,
  space.advice.taskId,
  space.advice.actionId,
  space.advice.alertId,
  space.advice.ruleId,
  space.advice.ruleActionId,
  space.advice.budgetId,
  space.advice.followedPlanId,
  space.creative.analysisId,
  space.creative.shareId,
  space.report.reportId,
  space.report.shareId,
  space.report.deliveryId,
];

// ————————————————————————————————————————————————————————————————————————————————————————————
// 1. A stranger against the agency
// ————————————————————————————————————————————————————————————————————————————————————————————

/** What the attacker knows of the victim (the agency's owner, in workspace B), and the victim's things the attacker tries to reach. */
interface Victim {
  tenant: Tenant;
  userId: string;
  workspaceId: string;
  workspaceName: string;
  accountUuid: string;
  connectionId: string;
  campaignUuid: string;
  platformCampaignId: string;
  suggestionId: string;
  taskId: string;
  actionId: string;
  partialActionId: string;
  alertId: string;
  ruleId: string;
  ruleActionId: string;
  budgetId: string;
  followedPlanId: string;
  creativeAnalysisId: string;
  creativeShareId: string;
  reportId: string;
  reportShareId: string;
  reportDeliveryId: string;
  refresh: string;
  /** A pending invitation to the victim's workspace, and the token its mail carried (the attacker got hold of it). */
  invitationId: string;
  invitationToken: string;
  /** An OTP code mailed to the victim (the attacker got hold of it somehow). */
  otp: string;
  /** A state of an OAuth flow the victim started (the attacker got the consent link). */
  oauthQuery: Record<string, string>;
  /** The browser the victim started that flow in. */
  browser: TestBrowser;
}

/** The stranger: a user on a trial with an account connected in their own (personal) workspace. */
interface Attacker extends Tenant {
  userId: string;
  /** An MCP access token the attacker granted an app of theirs, for their own workspace. */
  mcpToken: string;
}

interface Probe {
  /** Why the route cannot leak or change another tenant's data. */
  scope: 'public' | 'own' | 'operator';
  requests: (victim: Victim, attacker: Attacker) => InjectOptions[];
}

const own = (requests: Probe['requests']): Probe => ({ scope: 'own', requests });
/** A rule of the attacker's that names the victim's account in its scope. */
const strangersRule = (v: Victim) => {
  const rule = RULE_PRESETS[0].definition('UTC');
  return { ...rule, name: `Mallory's rule ${randomUUID()}`, scope: { ...rule.scope, accounts: [v.accountUuid] } };
};
const publicRoute = (requests: Probe['requests']): Probe => ({ scope: 'public', requests });

const json = (
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object,
  auth?: Record<string, string>,
): InjectOptions => ({
  method,
  url,
  payload,
  headers: { 'content-type': 'application/json', ...auth },
});

/**
 * One entry per `METHOD url` the app registers under /api. Every signed-in request is made three
 * times: as written (in the attacker's own workspace), and naming each of the agency's workspaces
 * in X-Workspace-Id.
 */
const MATRIX: Record<string, Probe> = {
  'GET /api/health': publicRoute(() => [{ method: 'GET', url: '/api/health' }]),
  'GET /api/ready': publicRoute(() => [{ method: 'GET', url: '/api/ready' }]),
  'POST /api/analytics/:name': publicRoute((v) => [
    json('POST', '/api/analytics/login', { ts: Date.now(), platform: v.tenant.platform }),
  ]),
  'POST /api/register/': publicRoute((v) => [
    json('POST', '/api/register/', {
      fullName: 'Mallory',
      email: v.tenant.user.email,
      password: 'mallory-pass-1',
      confirmPassword: 'mallory-pass-1',
    }),
  ]),
  // One wrong password for the victim's e-mail: counted by the cooldown (by design), never a session.
  'POST /api/login/': publicRoute((v) => [
    json('POST', '/api/login/', { username: v.tenant.user.email, password: 'not-the-password' }),
  ]),
  'POST /api/token/refresh/': own((_v, a) => [
    json('POST', '/api/token/refresh/', { refresh: a.user.session.refresh }),
  ]),
  'POST /api/logout/': own((v) => [json('POST', '/api/logout/', { refresh: `${v.refresh}x` })]),
  'POST /api/forgot-password/': publicRoute(() => [
    json('POST', '/api/forgot-password/', { email: 'nobody-here@example.com' }),
  ]),
  'POST /api/reset-password/': publicRoute(() => [
    json('POST', '/api/reset-password/', {
      token: 'guessed-token',
      password: 'new-pass-123',
      confirmPassword: 'new-pass-123',
    }),
  ]),
  'GET /api/user-info/': own((v, a) => [
    {
      method: 'GET',
      url: `/api/user-info/?userId=${v.userId}`,
      headers: { ...a.user.auth, 'x-user-email': v.tenant.user.email },
    },
  ]),
  'GET /api/account-info/': own((v, a) => [
    { method: 'GET', url: '/api/account-info/', headers: { ...a.user.auth, 'x-user-email': v.tenant.user.email } },
  ]),
  'POST /api/start-trial/': own((_v, a) => [json('POST', '/api/start-trial/', {}, a.user.auth)]),
  // Probed by a third user at the end (it erases its caller).
  'POST /api/delete-account/': own(() => []),
  'GET /api/ad-accounts/': own((v, a) => [
    { method: 'GET', url: `/api/ad-accounts/?userId=${v.userId}`, headers: a.user.auth },
  ]),
  'GET /api/auth/:platform/': own((_v, a) => [{ method: 'GET', url: '/api/auth/google/', headers: a.user.auth }]),
  // The victim's consent link finished in the attacker's browser: refused, nothing saved (audit §1).
  'GET /api/oauth/:platform/callback': publicRoute((v) => [
    { method: 'GET', url: `/api/oauth/${v.tenant.platform}/callback?${new URLSearchParams(v.oauthQuery)}` },
  ]),
  // MCP authorization (Adwise as its own OAuth server): the attacker registers a client of their
  // own and tries it on the victim's workspace; tokens and grants they never got stay unknown.
  'POST /api/oauth/register': publicRoute(() => [
    json('POST', '/api/oauth/register', { client_name: 'Mallory Assistant', redirect_uris: ['http://127.0.0.1:9/cb'] }),
  ]),
  'GET /api/oauth/authorize': own((v, a) => [
    {
      method: 'GET',
      url: `/api/oauth/authorize?response_type=code&client_id=mcp_guessed&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/cb')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&resource=${encodeURIComponent('http://localhost:3000/api/mcp')}&workspace=${v.workspaceId}`,
      headers: a.user.auth,
    },
  ]),
  'POST /api/oauth/authorize': own((v, a) => [
    json(
      'POST',
      `/api/oauth/authorize?response_type=code&client_id=mcp_guessed&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/cb')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&resource=${encodeURIComponent('http://localhost:3000/api/mcp')}`,
      { workspace_id: v.workspaceId, access: 'act', approve: true },
      a.user.auth,
    ),
  ]),
  'POST /api/oauth/token': publicRoute((v) => [
    json('POST', '/api/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'mcp_guessed',
      refresh_token: v.refresh,
    }),
    json('POST', '/api/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'mcp_guessed',
      code: 'guessed-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://127.0.0.1:9/cb',
    }),
  ]),
  'POST /api/oauth/revoke': publicRoute((v) => [
    json('POST', '/api/oauth/revoke', { token: v.refresh, client_id: 'mcp_guessed' }),
  ]),
  // Preflights for MCP clients in a web page: they answer headers only.
  ...Object.fromEntries(
    ['register', 'token', 'revoke'].map((path) => [
      `OPTIONS /api/oauth/${path}`,
      publicRoute(() => [{ method: 'OPTIONS', url: `/api/oauth/${path}` }]),
    ]),
  ),
  'GET /api/users/me/connected-apps/': own((v, a) => [
    { method: 'GET', url: `/api/users/me/connected-apps/?user=${v.userId}`, headers: a.user.auth },
  ]),
  'DELETE /api/users/me/connected-apps/:id/': own((v, a) => [
    {
      method: 'DELETE',
      url: `/api/users/me/connected-apps/${randomUUID()}/?workspace=${v.workspaceId}`,
      headers: a.user.auth,
    },
  ]),
  'POST /api/generate-otp/': own((_v, a) => [json('POST', '/api/generate-otp/', {}, a.user.auth)]),
  'POST /api/verify-otp/': own((v, a) => [json('POST', '/api/verify-otp/', { otp: v.otp }, a.user.auth)]),
  'POST /api/delete-connected-account/': own((v, a) => [
    json('POST', '/api/delete-connected-account/', { accid: v.accountUuid }, a.user.auth),
  ]),
  'GET /api/dashboard/': own((v, a) => [
    { method: 'GET', url: `/api/dashboard/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'GET /api/dashboard/campaigns/': own((v, a) => [
    { method: 'GET', url: `/api/dashboard/campaigns/?account=${v.accountUuid}`, headers: a.user.auth },
    { method: 'GET', url: `/api/dashboard/campaigns/?account=${v.accountUuid}&format=csv`, headers: a.user.auth },
    {
      method: 'GET',
      url: `/api/dashboard/campaigns/?q=${encodeURIComponent(v.platformCampaignId)}`,
      headers: a.user.auth,
    },
  ]),
  'GET /api/dashboard/campaigns/:id/ads/': own((v, a) => [
    { method: 'GET', url: `/api/dashboard/campaigns/${v.campaignUuid}/ads/`, headers: a.user.auth },
  ]),
  'GET /api/dashboard/ads/': own((v, a) => [
    { method: 'GET', url: `/api/dashboard/ads/?q=${encodeURIComponent(v.platformCampaignId)}`, headers: a.user.auth },
    { method: 'GET', url: '/api/dashboard/ads/', headers: a.user.auth },
  ]),
  'POST /api/dashboard/campaigns/:id/status/': own((v, a) => [
    json('POST', `/api/dashboard/campaigns/${v.campaignUuid}/status/`, { status: 'Paused' }, a.user.auth),
  ]),
  'PUT /api/dashboard/settings/': own((v, a) => [
    json('PUT', `/api/dashboard/settings/?userId=${v.userId}`, { currency: 'JPY', userId: v.userId }, a.user.auth),
  ]),
  'GET /api/auth/:platform/performance/': own((v, a) => [
    {
      method: 'GET',
      url: `/api/auth/${v.tenant.platform}/performance/?account=${v.accountUuid}`,
      headers: a.user.auth,
    },
  ]),
  'POST /api/sync/': own((v, a) => [
    json('POST', '/api/sync/', { connectionId: v.connectionId, connection: v.connectionId }, a.user.auth),
  ]),
  'PUT /api/sync/settings/': own((v, a) => [
    json('PUT', `/api/sync/settings/?workspace=${v.workspaceId}`, { interval_minutes: 15 }, a.user.auth),
  ]),
  'GET /api/sync/': own((v, a) => [
    { method: 'GET', url: `/api/sync/?connectionId=${v.connectionId}`, headers: a.user.auth },
  ]),
  'GET /api/suggestions/': own((v, a) => [
    { method: 'GET', url: `/api/suggestions/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'GET /api/suggestions/:id/preview/': own((v, a) => [
    { method: 'GET', url: `/api/suggestions/${v.suggestionId}/preview/`, headers: a.user.auth },
  ]),
  'POST /api/suggestions/:id/apply/': own((v, a) => [
    json('POST', `/api/suggestions/${v.suggestionId}/apply/`, {}, a.user.auth),
  ]),
  'POST /api/suggestions/:id/done/': own((v, a) => [
    json('POST', `/api/suggestions/${v.taskId}/done/`, {}, a.user.auth),
  ]),
  'POST /api/suggestions/:id/dismiss/': own((v, a) => [
    json('POST', `/api/suggestions/${v.suggestionId}/dismiss/`, { reason: 'other' }, a.user.auth),
  ]),
  'POST /api/suggestions/:id/snooze/': own((v, a) => [
    json('POST', `/api/suggestions/${v.suggestionId}/snooze/`, {}, a.user.auth),
  ]),
  'GET /api/actions/': own((v, a) => [
    { method: 'GET', url: `/api/actions/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/actions/:id/undo/': own((v, a) => [json('POST', `/api/actions/${v.actionId}/undo/`, {}, a.user.auth)]),
  'GET /api/actions/:id/': own((v, a) => [{ method: 'GET', url: `/api/actions/${v.actionId}/`, headers: a.user.auth }]),
  'POST /api/actions/:id/retry/': own((v, a) => [
    json('POST', `/api/actions/${v.partialActionId}/retry/`, {}, a.user.auth),
  ]),
  'GET /api/alerts/': own((v, a) => [
    { method: 'GET', url: `/api/alerts/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'GET /api/alerts/stream/': own((v, a) => [
    {
      method: 'GET',
      url: `/api/alerts/stream/?workspace=${v.workspaceId}`,
      headers: { ...a.user.auth, 'last-event-id': '0' },
    },
  ]),
  'GET /api/alerts/webhook/': own((v, a) => [
    { method: 'GET', url: `/api/alerts/webhook/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'PUT /api/alerts/webhook/': own((v, a) => [
    json('PUT', `/api/alerts/webhook/?workspace=${v.workspaceId}`, { url: 'http://127.0.0.1:9/attacker' }, a.user.auth),
  ]),
  'DELETE /api/alerts/webhook/': own((v, a) => [
    { method: 'DELETE', url: `/api/alerts/webhook/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/alerts/webhook/test/': own((v, a) => [
    json('POST', `/api/alerts/webhook/test/?workspace=${v.workspaceId}`, {}, a.user.auth),
  ]),
  'GET /api/alerts/sensitivity/': own((v, a) => [
    { method: 'GET', url: `/api/alerts/sensitivity/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'PUT /api/alerts/sensitivity/': own((v, a) => [
    json(
      'PUT',
      `/api/alerts/sensitivity/?workspace=${v.workspaceId}`,
      { sensitivity: 'more', workspace: v.workspaceId },
      a.user.auth,
    ),
  ]),
  'GET /api/alerts/settings/': own((v, a) => [
    { method: 'GET', url: `/api/alerts/settings/?userId=${v.userId}`, headers: a.user.auth },
  ]),
  'PUT /api/alerts/settings/': own((v, a) => [
    json('PUT', `/api/alerts/settings/?userId=${v.userId}`, { email_critical: false, userId: v.userId }, a.user.auth),
  ]),
  // Stopping the victim's alert mail needs the link their mail carried: a guessed token changes nothing.
  'GET /api/alerts/unsubscribe/': publicRoute((v) => [
    { method: 'GET', url: `/api/alerts/unsubscribe/?user=${v.userId}&token=guessed-token` },
  ]),
  'POST /api/alerts/unsubscribe/': publicRoute((v) => [
    { method: 'POST', url: `/api/alerts/unsubscribe/?user=${v.userId}&token=guessed-token` },
  ]),
  'GET /api/alerts/unread/': own((v, a) => [
    { method: 'GET', url: `/api/alerts/unread/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/alerts/read/': own((v, a) => [json('POST', '/api/alerts/read/', { ids: [v.alertId] }, a.user.auth)]),
  // Rules: the victim's rule and queued change by id, and a rule naming the victim's account.
  'GET /api/rules/': own((v, a) => [
    { method: 'GET', url: `/api/rules/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/rules/': own((v, a) => [json('POST', '/api/rules/', strangersRule(v), a.user.auth)]),
  'POST /api/rules/dry-run/': own((v, a) => [json('POST', '/api/rules/dry-run/', strangersRule(v), a.user.auth)]),
  'GET /api/rules/:id/': own((v, a) => [{ method: 'GET', url: `/api/rules/${v.ruleId}/`, headers: a.user.auth }]),
  'PUT /api/rules/:id/': own((v, a) => [json('PUT', `/api/rules/${v.ruleId}/`, strangersRule(v), a.user.auth)]),
  'PUT /api/rules/:id/enabled/': own((v, a) => [
    json('PUT', `/api/rules/${v.ruleId}/enabled/`, { enabled: false }, a.user.auth),
  ]),
  'DELETE /api/rules/:id/': own((v, a) => [{ method: 'DELETE', url: `/api/rules/${v.ruleId}/`, headers: a.user.auth }]),
  'POST /api/rules/approvals/:id/approve/': own((v, a) => [
    json('POST', `/api/rules/approvals/${v.ruleActionId}/approve/`, {}, a.user.auth),
  ]),
  'POST /api/rules/approvals/:id/reject/': own((v, a) => [
    json('POST', `/api/rules/approvals/${v.ruleActionId}/reject/`, {}, a.user.auth),
  ]),
  // Budgets and the optimizer: the victim's budget by id, the victim's account named.
  'GET /api/budgets/': own((v, a) => [
    { method: 'GET', url: `/api/budgets/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/budgets/': own((v, a) => [
    json(
      'POST',
      '/api/budgets/',
      { scope: 'account', account: v.accountUuid, amount: 100, currency: 'USD' },
      a.user.auth,
    ),
  ]),
  'PUT /api/budgets/:id/': own((v, a) => [
    json('PUT', `/api/budgets/${v.budgetId}/`, { scope: 'workspace', amount: 1, currency: 'USD' }, a.user.auth),
  ]),
  'DELETE /api/budgets/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/budgets/${v.budgetId}/`, headers: a.user.auth },
  ]),
  'GET /api/optimizer/': own((v, a) => [
    { method: 'GET', url: `/api/optimizer/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'POST /api/optimizer/apply/': own((v, a) => [
    json(
      'POST',
      '/api/optimizer/apply/',
      { account: v.accountUuid, changes: [{ campaign_id: v.platformCampaignId, from: 100, to: 0 }] },
      a.user.auth,
    ),
  ]),
  // The Creative Analyzer reads nothing of anyone's: the attacker's own analysis, in the victim's workspace by header.
  'POST /api/creative/analyze/': own((v, a) => [
    json(
      'POST',
      `/api/creative/analyze/?workspace=${v.workspaceId}`,
      { placement: 'meta_feed', headlines: ['Hello'] },
      a.user.auth,
    ),
    json(
      'POST',
      '/api/creative/analyze/',
      { placement: 'meta_feed', headlines: ['Hello'], previous_id: v.creativeAnalysisId },
      a.user.auth,
    ),
  ]),
  // The victim's saved analysis and share link by id; a guessed link (the victim's share id with a forged signature).
  'GET /api/creative/analyses/': own((v, a) => [
    { method: 'GET', url: `/api/creative/analyses/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'GET /api/creative/post-launch/': own((v, a) => [
    { method: 'GET', url: `/api/creative/post-launch/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'GET /api/creative/post-launch/image/': own((v, a) => [
    {
      method: 'GET',
      url: `/api/creative/post-launch/image/?account=${v.accountUuid}&ad=${encodeURIComponent(v.platformCampaignId)}`,
      headers: a.user.auth,
    },
  ]),
  'GET /api/creative/analyses/:id/': own((v, a) => [
    { method: 'GET', url: `/api/creative/analyses/${v.creativeAnalysisId}/`, headers: a.user.auth },
  ]),
  'DELETE /api/creative/analyses/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/creative/analyses/${v.creativeAnalysisId}/`, headers: a.user.auth },
  ]),
  'GET /api/creative/analyses/:id/pdf/': own((v, a) => [
    { method: 'GET', url: `/api/creative/analyses/${v.creativeAnalysisId}/pdf/`, headers: a.user.auth },
  ]),
  'POST /api/creative/analyses/:id/share/': own((v, a) => [
    json('POST', `/api/creative/analyses/${v.creativeAnalysisId}/share/`, { expires_in_days: 90 }, a.user.auth),
  ]),
  'GET /api/creative/analyses/:id/shares/': own((v, a) => [
    { method: 'GET', url: `/api/creative/analyses/${v.creativeAnalysisId}/shares/`, headers: a.user.auth },
  ]),
  'DELETE /api/creative/shares/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/creative/shares/${v.creativeShareId}/`, headers: a.user.auth },
  ]),
  // Reports: the attacker's own, in the victim's workspace by header; the victim's by id; a forged link naming the victim's.
  'GET /api/first-party/': own((v, a) => [
    { method: 'GET', url: `/api/first-party/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'GET /api/first-party/days/': own((v, a) => [
    { method: 'GET', url: `/api/first-party/days/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'GET /api/first-party/basis/': own((v, a) => [
    { method: 'GET', url: `/api/first-party/basis/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'PUT /api/first-party/basis/': own((v, a) => [
    json('PUT', `/api/first-party/basis/?workspace=${v.workspaceId}`, { basis: 'first_party' }, a.user.auth),
  ]),
  'POST /api/first-party/import/': own((_v, a) => [
    {
      method: 'POST',
      url: '/api/first-party/import/',
      payload: 'day,conversions,revenue,currency\n2030-01-01,1,1,USD\n',
      headers: { ...a.user.auth, 'content-type': 'text/csv' },
    },
  ]),
  'GET /api/first-party/key/': own((v, a) => [
    { method: 'GET', url: `/api/first-party/key/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/first-party/key/': own((v, a) => [
    json('POST', `/api/first-party/key/?workspace=${v.workspaceId}`, {}, a.user.auth),
  ]),
  'DELETE /api/first-party/key/': own((v, a) => [
    { method: 'DELETE', url: `/api/first-party/key/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  // Without the victim's secret: a guessed key id (the workspace's id) and a made-up signature.
  'POST /api/first-party/ingest/': publicRoute((v, a) => [
    json(
      'POST',
      '/api/first-party/ingest/',
      { days: [{ day: '2030-01-01', conversions: 1, revenue: 1, currency: 'USD' }] },
      {
        [FIRST_PARTY_KEY_HEADER]: v.workspaceId,
        [FIRST_PARTY_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
        [FIRST_PARTY_SIGNATURE_HEADER]: `v1=${'ab'.repeat(32)}`,
      },
    ),
    json(
      'POST',
      '/api/first-party/ingest/',
      { days: [{ day: '2030-01-01', conversions: 1, revenue: 1, currency: 'USD' }] },
      { ...a.user.auth, [FIRST_PARTY_KEY_HEADER]: v.workspaceId },
    ),
  ]),
  'GET /api/reports/': own((v, a) => [
    { method: 'GET', url: `/api/reports/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/reports/': own((_v, a) => [
    json(
      'POST',
      '/api/reports/',
      { name: 'Mallory report', sections: ['headline'], period: 'last_week', currency: 'USD' },
      a.user.auth,
    ),
  ]),
  'GET /api/reports/:id/': own((v, a) => [{ method: 'GET', url: `/api/reports/${v.reportId}/`, headers: a.user.auth }]),
  'PUT /api/reports/:id/': own((v, a) => [
    json(
      'PUT',
      `/api/reports/${v.reportId}/`,
      { name: 'Taken over', sections: ['headline'], period: 'last_week', currency: 'USD' },
      a.user.auth,
    ),
  ]),
  'DELETE /api/reports/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/reports/${v.reportId}/`, headers: a.user.auth },
  ]),
  'GET /api/reports/:id/preview/': own((v, a) => [
    { method: 'GET', url: `/api/reports/${v.reportId}/preview/`, headers: a.user.auth },
  ]),
  'GET /api/reports/:id/pdf/': own((v, a) => [
    { method: 'GET', url: `/api/reports/${v.reportId}/pdf/`, headers: a.user.auth },
  ]),
  'POST /api/reports/:id/share/': own((v, a) => [
    json('POST', `/api/reports/${v.reportId}/share/`, { expires_in_days: 90 }, a.user.auth),
  ]),
  'GET /api/reports/:id/shares/': own((v, a) => [
    { method: 'GET', url: `/api/reports/${v.reportId}/shares/`, headers: a.user.auth },
  ]),
  'DELETE /api/reports/shares/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/reports/shares/${v.reportShareId}/`, headers: a.user.auth },
  ]),
  // The attacker's unsaved report, previewed in the victim's workspace by header.
  'POST /api/reports/preview/': own((v, a) => [
    json(
      'POST',
      `/api/reports/preview/?workspace=${v.workspaceId}`,
      { name: 'Mallory preview', sections: ['headline'], period: 'last_week', currency: 'USD' },
      a.user.auth,
    ),
  ]),
  // Scheduled reports: the victim's report's schedule by its id (sent to the attacker), the victim's sent runs by id.
  'GET /api/reports/:id/schedule/': own((v, a) => [
    { method: 'GET', url: `/api/reports/${v.reportId}/schedule/`, headers: a.user.auth },
  ]),
  'PUT /api/reports/:id/schedule/': own((v, a) => [
    json(
      'PUT',
      `/api/reports/${v.reportId}/schedule/`,
      {
        frequency: 'weekly',
        weekday: 1,
        hour: 8,
        time_zone: 'UTC',
        members: [],
        emails: [a.user.email],
        review: false,
        enabled: true,
      },
      a.user.auth,
    ),
  ]),
  'DELETE /api/reports/:id/schedule/': own((v, a) => [
    { method: 'DELETE', url: `/api/reports/${v.reportId}/schedule/`, headers: a.user.auth },
  ]),
  'GET /api/reports/deliveries/': own((v, a) => [
    { method: 'GET', url: `/api/reports/deliveries/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'GET /api/reports/deliveries/:id/': own((v, a) => [
    { method: 'GET', url: `/api/reports/deliveries/${v.reportDeliveryId}/`, headers: a.user.auth },
  ]),
  'GET /api/reports/deliveries/:id/pdf/': own((v, a) => [
    { method: 'GET', url: `/api/reports/deliveries/${v.reportDeliveryId}/pdf/`, headers: a.user.auth },
  ]),
  'POST /api/reports/deliveries/:id/approve/': own((v, a) => [
    json(
      'POST',
      `/api/reports/deliveries/${v.reportDeliveryId}/approve/`,
      { comment: 'Approved by Mallory' },
      a.user.auth,
    ),
  ]),
  'POST /api/reports/deliveries/:id/skip/': own((v, a) => [
    json('POST', `/api/reports/deliveries/${v.reportDeliveryId}/skip/`, {}, a.user.auth),
  ]),
  'GET /api/shared/reports/:token/': publicRoute((v) => [
    { method: 'GET', url: `/api/shared/reports/${v.reportShareId}.${'A'.repeat(43)}/` },
    { method: 'GET', url: '/api/shared/reports/guessed-token/' },
  ]),
  'GET /api/shared/creative/:token/': publicRoute((v) => [
    { method: 'GET', url: `/api/shared/creative/${v.creativeShareId}.${'A'.repeat(43)}/` },
    { method: 'GET', url: '/api/shared/creative/guessed-token/' },
  ]),
  'GET /api/creative/feedback/': own((v, a) => [
    { method: 'GET', url: `/api/creative/feedback/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'POST /api/creative/feedback/refit/': own((v, a) => [
    json('POST', `/api/creative/feedback/refit/?workspace=${v.workspaceId}`, {}, a.user.auth),
  ]),
  'POST /api/creative/compare/': own((v, a) => [
    json(
      'POST',
      `/api/creative/compare/?workspace=${v.workspaceId}`,
      { copies: [{ placement: 'meta_feed' }, { placement: 'x_promoted_post' }] },
      a.user.auth,
    ),
  ]),
  'GET /api/optimizer/plans/': own((v, a) => [
    { method: 'GET', url: `/api/optimizer/plans/?account=${v.accountUuid}`, headers: a.user.auth },
  ]),
  'POST /api/optimizer/plans/:id/stop/': own((v, a) => [
    json('POST', `/api/optimizer/plans/${v.followedPlanId}/stop/`, {}, a.user.auth),
  ]),
  // Workspaces: the attacker's own list and switcher, and the victim's workspace, team and invitations.
  'GET /api/workspaces/': own((_v, a) => [{ method: 'GET', url: '/api/workspaces/', headers: a.user.auth }]),
  'POST /api/workspaces/': own((_v, a) => [json('POST', '/api/workspaces/', { name: 'Mallory & Co' }, a.user.auth)]),
  'PUT /api/workspaces/current/': own((v, a) => [
    json('PUT', '/api/workspaces/current/', { workspace_id: v.workspaceId }, a.user.auth),
  ]),
  'GET /api/workspaces/overview/': own((_v, a) => [
    { method: 'GET', url: '/api/workspaces/overview/', headers: a.user.auth },
  ]),
  'GET /api/workspace/': own((_v, a) => [{ method: 'GET', url: '/api/workspace/', headers: a.user.auth }]),
  'PATCH /api/workspace/': own((_v, a) => [json('PATCH', '/api/workspace/', { name: 'Taken over' }, a.user.auth)]),
  'POST /api/workspace/delete/': own((v, a) => [
    json('POST', '/api/workspace/delete/', { name: v.workspaceName }, a.user.auth),
  ]),
  'GET /api/workspace/team/': own((_v, a) => [{ method: 'GET', url: '/api/workspace/team/', headers: a.user.auth }]),
  // Branding: the attacker's own, in the victim's workspace by header; the victim's logo by a forged URL naming it.
  'GET /api/workspace/branding/': own((v, a) => [
    { method: 'GET', url: `/api/workspace/branding/?workspace=${v.workspaceId}`, headers: a.user.auth },
  ]),
  'PUT /api/workspace/branding/': own((_v, a) => [
    json('PUT', '/api/workspace/branding/', { name: 'Mallory & Co', primary_color: '#222222' }, a.user.auth),
  ]),
  'DELETE /api/workspace/branding/logo/': own((_v, a) => [
    { method: 'DELETE', url: '/api/workspace/branding/logo/', headers: a.user.auth },
  ]),
  'GET /api/branding/logo/:token/': publicRoute((v) => [
    { method: 'GET', url: `/api/branding/logo/${v.workspaceId}.${'0'.repeat(16)}.${'A'.repeat(22)}/` },
    { method: 'GET', url: '/api/branding/logo/guessed-token/' },
  ]),
  // The attacker invites themselves, as an owner.
  'POST /api/workspace/invitations/': own((_v, a) => [
    json('POST', '/api/workspace/invitations/', { email: a.user.email, role: 'owner' }, a.user.auth),
  ]),
  'POST /api/workspace/invitations/:id/resend/': own((v, a) => [
    json('POST', `/api/workspace/invitations/${v.invitationId}/resend/`, {}, a.user.auth),
  ]),
  'DELETE /api/workspace/invitations/:id/': own((v, a) => [
    { method: 'DELETE', url: `/api/workspace/invitations/${v.invitationId}/`, headers: a.user.auth },
  ]),
  'PATCH /api/workspace/members/:userId/': own((v, a) => [
    json('PATCH', `/api/workspace/members/${v.userId}/`, { role: 'client' }, a.user.auth),
    json('PATCH', `/api/workspace/members/${a.userId}/`, { role: 'owner' }, a.user.auth),
  ]),
  'DELETE /api/workspace/members/:userId/': own((v, a) => [
    { method: 'DELETE', url: `/api/workspace/members/${v.userId}/`, headers: a.user.auth },
  ]),
  // To the victim (who would gain the attacker's workspace), and to the attacker (who would gain the victim's).
  'POST /api/workspace/transfer/': own((v, a) => [
    json('POST', '/api/workspace/transfer/', { user_id: v.userId }, a.user.auth),
    json('POST', '/api/workspace/transfer/', { user_id: a.userId }, a.user.auth),
  ]),
  'POST /api/workspace/leave/': own((_v, a) => [json('POST', '/api/workspace/leave/', {}, a.user.auth)]),
  // A guessed link, and the victim's (a link shows what it is for to whoever holds it, by design: nothing else).
  'GET /api/invitations/:token/': publicRoute((v) => [
    { method: 'GET', url: '/api/invitations/guessed-token/' },
    { method: 'GET', url: `/api/invitations/${v.invitationToken}/` },
  ]),
  // The victim's link was sent to someone else: it does not let the attacker in.
  'POST /api/invitations/accept/': own((v, a) => [
    json('POST', '/api/invitations/accept/', { token: v.invitationToken }, a.user.auth),
    json('POST', '/api/invitations/accept/', { token: 'guessed-token' }, a.user.auth),
  ]),
  'POST /api/get-in-touch/': publicRoute((v) => [
    json('POST', '/api/get-in-touch/', {
      fullName: 'Mallory',
      email: v.tenant.user.email,
      message: 'Hello there, this is a message.',
      newsletter: false,
      partnership: false,
    }),
  ]),
  'GET /api/newsletter/': own((_v, a) => [{ method: 'GET', url: '/api/newsletter/', headers: a.user.auth }]),
  // A visitor may ask for any address to be subscribed; it only starts the owner's double opt-in.
  'POST /api/newsletter/subscribe/': publicRoute(() => [
    json('POST', '/api/newsletter/subscribe/', { email: 'someone-else@example.com', source: 'footer' }),
  ]),
  'POST /api/newsletter/confirm/': publicRoute(() => [
    json('POST', '/api/newsletter/confirm/', { token: 'guessed-token' }),
  ]),
  'POST /api/newsletter/unsubscribe/': publicRoute(() => [
    json('POST', '/api/newsletter/unsubscribe/', { token: 'guessed-token' }),
  ]),
  'GET /api/blog/': publicRoute(() => [{ method: 'GET', url: '/api/blog/' }]),
  'GET /api/blog/:slug/': publicRoute(() => [{ method: 'GET', url: '/api/blog/__proto__/' }]),
  'GET /api/search/': publicRoute(() => [{ method: 'GET', url: '/api/search/?q=campaign' }]),
  // The MCP server: the workspace is the token's grant's (X-Workspace-Id means nothing to it); the
  // attacker's app, in the attacker's workspace, names the victim's account; a session token is not an MCP token.
  'POST /api/mcp': own((v, a) =>
    [
      { name: 'list_workspaces', arguments: {} },
      { name: 'list_ad_accounts', arguments: {} },
      {
        name: 'get_performance',
        arguments: {
          from: '2025-01-01',
          to: '2025-01-31',
          currency: 'USD',
          account_id: v.accountUuid,
          level: 'campaign',
        },
      },
      { name: 'list_suggestions', arguments: { account_id: v.accountUuid } },
      { name: 'list_alerts', arguments: { account_id: v.accountUuid } },
      { name: 'list_actions', arguments: {} },
      { name: 'get_budgets', arguments: {} },
      { name: 'preview_optimizer_plan', arguments: { account_id: v.accountUuid } },
      { name: 'list_rules', arguments: {} },
      { name: 'dry_run_rule', arguments: { rule_id: v.ruleId } },
      { name: 'dry_run_rule', arguments: { rule: strangersRule(v) } },
      { name: 'list_reports', arguments: {} },
      { name: 'get_report_data', arguments: { report_id: v.reportId } },
      {
        name: 'analyze_ad_copy',
        arguments: { placement: 'meta_feed', headlines: ['Spring sale'], previous_id: v.creativeAnalysisId },
      },
      // The act tools, previews and confirmations alike (the attacker's grant may act, in its own workspace).
      ...[undefined, '00000000-0000-4000-8000-000000000000'].flatMap((confirmation_id) =>
        [
          { name: 'apply_suggestion', arguments: { suggestion_id: v.suggestionId } },
          { name: 'dismiss_suggestion', arguments: { suggestion_id: v.suggestionId, reason: 'other' } },
          { name: 'snooze_suggestion', arguments: { suggestion_id: v.suggestionId } },
          { name: 'set_status', arguments: { campaign_id: v.campaignUuid, status: 'paused' } },
          { name: 'set_daily_budget', arguments: { campaign_id: v.campaignUuid, daily_budget: 100 } },
          { name: 'undo_action', arguments: { action_id: v.actionId } },
          { name: 'approve_rule_action', arguments: { rule_action_id: v.ruleActionId } },
          { name: 'reject_rule_action', arguments: { rule_action_id: v.ruleActionId } },
          { name: 'follow_optimizer_plan', arguments: { account_id: v.accountUuid } },
        ].map((params) => ({
          ...params,
          arguments: { ...params.arguments, ...(confirmation_id ? { confirmation_id } : {}) },
        })),
      ),
    ].flatMap((params, id) =>
      [`Bearer ${a.mcpToken}`, a.user.auth.authorization!].map((authorization) => ({
        method: 'POST' as const,
        url: '/api/mcp',
        payload: { jsonrpc: '2.0', id, method: 'tools/call', params },
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
      })),
    ),
  ),
  'GET /api/mcp': publicRoute(() => [{ method: 'GET', url: '/api/mcp' }]),
  'DELETE /api/mcp': publicRoute(() => [{ method: 'DELETE', url: '/api/mcp' }]),
  // Operators only: a user's access token is not the metrics token.
  'GET /api/metrics': {
    scope: 'operator',
    requests: (_v, a) => [{ method: 'GET', url: '/api/metrics', headers: a.user.auth }],
  },
};

const registeredApiRoutes = () =>
  t.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => `${route.method} ${route.url}`);

describe('authorization matrix: a stranger against the agency, on every route', () => {
  let victim: Victim;
  let attacker: Attacker;

  beforeAll(async () => {
    const { owner, B } = agency;
    const mallory = await signUp(t.app, { fullName: 'Mallory Stranger' });
    await t.app.inject(json('POST', '/api/start-trial/', {}, mallory.auth));
    const strangersAccount = sandbox.world.accounts('google')[3].id;
    const connected = await connectVia(t.app, mallory, 'google', { accountIds: [strangersAccount] });
    if (connected.invite_status !== 'ALREADY_LINKED')
      throw new Error(`connecting failed: ${JSON.stringify(connected)}`);
    const malloryId = await userIdOf(t.app, mallory);
    const malloryGrant = await mintMcpGrant(t.app, {
      userId: malloryId,
      workspaceId: await workspaceIdOf(t.app, mallory),
      access: 'act',
    });
    attacker = {
      user: mallory,
      platform: 'google',
      platformAccountId: strangersAccount,
      userId: malloryId,
      mcpToken: malloryGrant.tokens.access_token,
    };

    // The victim asks for an OTP; the attacker learns the code.
    await t.app.inject(json('POST', '/api/generate-otp/', {}, owner.user.auth));
    const [mail] = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, owner.user.email))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const otp = /\b(\d{6})\b/.exec(mail.textBody)![1];

    // The victim starts connecting another account to B in their browser and consents; the attacker has the callback link.
    const victimBrowser = new TestBrowser();
    const started = await startConnectionIn(t.app, owner.user, B.id, 'google', victimBrowser);
    const oauthQuery = await consent(started.auth_url, { accountIds: [sandbox.world.accounts('google')[2].id] });

    victim = {
      tenant: { user: owner.user, platform: B.platform, platformAccountId: B.platformAccountId },
      userId: owner.id,
      workspaceId: B.id,
      workspaceName: B.name,
      accountUuid: B.accountUuid,
      connectionId: B.connectionId,
      campaignUuid: B.campaignUuid,
      platformCampaignId: B.platformCampaignId,
      suggestionId: B.advice.suggestionId,
      taskId: B.advice.taskId,
      actionId: B.advice.actionId,
      partialActionId: B.advice.partialActionId,
      alertId: B.advice.alertId,
      ruleId: B.advice.ruleId,
      ruleActionId: B.advice.ruleActionId,
      budgetId: B.advice.budgetId,
      followedPlanId: B.advice.followedPlanId,
      creativeAnalysisId: B.creative.analysisId,
      creativeShareId: B.creative.shareId,
      reportId: B.report.reportId,
      reportShareId: B.report.shareId,
      reportDeliveryId: B.report.deliveryId,
      refresh: owner.user.session.refresh,
      invitationId: B.invitation.id,
      invitationToken: B.invitation.token,
      otp,
      oauthQuery,
      browser: victimBrowser,
    };
  });

  /** Everything of the agency's a route could read or change: its owner's account, and both workspaces. */
  async function victimState() {
    const { db } = t.app.ctx;
    // The victim's pending consent is left out: the attacker's try spends it, by design (see the last test).
    const withoutPendingConsent = ({ pendingConnections: _spent, ...state }: Record<string, string>) => state;
    return {
      user: await db.select().from(users).where(eq(users.id, victim.userId)),
      memberships: await db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.userId, victim.userId))
        .orderBy(workspaceMembers.workspaceId),
      sessions: await db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, victim.userId)))
        .orderBy(refreshTokens.id),
      otp: await db.select().from(otpCodes).where(eq(otpCodes.userId, victim.userId)).orderBy(otpCodes.id),
      newsletter: await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.userId, victim.userId)),
      alertMail: await db.select().from(alertPreferences).where(eq(alertPreferences.userId, victim.userId)),
      A: await workspaceState(agency.A),
      B: withoutPendingConsent(await workspaceState(agency.B)),
    };
  }

  /** The agency's identifiers no reply to the attacker may contain: its people's, and both workspaces'. */
  const secretsOf = (v: Victim) => [
    v.tenant.user.email,
    v.userId,
    v.refresh,
    ...identifiersOf(agency.A),
    ...identifiersOf(agency.B),
    ...agency.A.members.flatMap((member) => [member.user.email, member.id]),
  ];

  it('has an entry for every registered API route, and none for routes that are gone', () => {
    const registered = registeredApiRoutes();
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('lets the attacker read nothing and change nothing of the agency’s', async () => {
    const before = await victimState();
    const attackerBrowser = new TestBrowser();
    const namingTheAgency = (request: InjectOptions): InjectOptions[] => {
      const headers = (request.headers ?? {}) as Record<string, string>;
      if (!headers.authorization) return [request];
      return [
        request,
        ...[agency.A.id, agency.B.id].map((id) => ({ ...request, headers: { ...headers, [WORKSPACE_HEADER]: id } })),
      ];
    };
    for (const [route, probe] of Object.entries(MATRIX)) {
      for (const request of probe.requests(victim, attacker).flatMap(namingTheAgency)) {
        const response: LightMyRequestResponse =
          route === 'GET /api/oauth/:platform/callback'
            ? await callbackResponse(t.app, victim.tenant.platform, victim.oauthQuery, attackerBrowser)
            : await t.app.inject({ remoteAddress: attackerBrowser.remoteAddress, ...request });
        const inWorkspace = (request.headers as Record<string, string> | undefined)?.[WORKSPACE_HEADER];
        const where = `${route} (${probe.scope}${inWorkspace ? `, in the agency’s workspace ${inWorkspace === agency.A.id ? 'A' : 'B'}` : ''}) → ${response.statusCode}`;
        expect({ where, serverError: response.statusCode >= 500 }).toEqual({ where, serverError: false });
        const leaked = secretsOf(victim).filter((secret) => response.body.includes(secret));
        expect({ where, leaked }).toEqual({ where, leaked: [] });
      }
    }
    // A third user erases their own account: nothing of the agency's goes with it.
    const third = await signUp(t.app);
    expect((await t.app.inject(json('POST', '/api/delete-account/', {}, third.auth))).statusCode).toBe(204);
    expect(await victimState()).toEqual(before);
  });

  it('kept the victim’s session, OTP and pending consent usable by the victim alone', async () => {
    // The attacker's browser could not finish the victim's flow, and its try spent the link: the
    // victim starts again rather than anyone finishing it with the URL in hand.
    const finished = await callbackResponse(t.app, victim.tenant.platform, victim.oauthQuery, victim.browser);
    expect(Object.fromEntries(new URL(finished.headers.location as string).searchParams)).toMatchObject({
      invite_status: 'FAILED',
      reason: 'expired_state',
    });
    // The attacker's tries did not use up the victim's OTP: the victim can still verify it.
    const verified = await t.app.inject(json('POST', '/api/verify-otp/', { otp: victim.otp }, victim.tenant.user.auth));
    expect(verified.statusCode).toBe(200);
    const accounts = await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: attacker.user.auth });
    expect(accounts.json().map((a: { account_id: string }) => a.account_id)).toEqual([attacker.platformAccountId]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————————————————
// 2. A's members, role by role
// ————————————————————————————————————————————————————————————————————————————————————————————

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who calls (`as`), with which workspace in X-Workspace-Id (`in`), aiming at the things of which (`at`). */
interface Attempt {
  as: Member;
  in: Space;
  at: Space;
}

/** A call under /api/. `tidy` clears away what setting it up left behind, once it has been checked. */
interface Call {
  method: Method;
  url: string;
  payload?: object;
  tidy?: () => Promise<unknown>;
}

/** What a caller gets: a 2xx status, or a refusal by the workspace's own rules (not by the role), in its words. */
type Answer = number | { status: number; detail: string };

interface RoleCase {
  /** Which call of the route, when it has more than one. */
  what?: string;
  /** The policy's action the call needs ('any member': every role may). */
  needs: Action | 'any member';
  /** The call, aimed at real things of `at` and set up so that only the role stands in its way. */
  request: (attempt: Attempt) => Call | Promise<Call>;
  /** What a member of A whose role allows the call gets, in A. */
  allowed: Answer | ((role: Role) => Answer);
  /** Puts A back after a call that went through, so every role meets the same A. */
  restore?: (attempt: Attempt) => Promise<unknown>;
  /** The call names things of `at` (ids, a name): it is also made in A at B's, where a role that may make it gets this. */
  fromAatB?: Answer;
  /** Going through ends A: the allowed roles' calls are made in the last test. */
  endsA?: true;
}

const get = (url: string): Call => ({ method: 'GET', url });
const send = (method: Method, url: string, payload: object = {}): Call => ({ method, url, payload });

/** The member of `space` with that role (B has only its owner). */
const memberOf = (space: Space, role: Role) => space.members.find((member) => member.role === role) ?? agency.owner;
/** A member of `space` whom only the caller's role keeps them from removing: neither the caller nor the owner (in B, only its owner). */
const someoneElseIn = (space: Space, caller: Member) =>
  space.members.find((member) => member.role !== 'owner' && member.id !== caller.id) ?? agency.owner;

/** A call in A that puts it back (by its owner unless said). */
async function inA(method: Method, url: string, payload: object, by: Member = agency.owner) {
  const res = await call(t.app, by.user, method, url, { workspace: agency.A.id, payload });
  if (res.statusCode >= 300) throw new Error(`restoring A: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
}

/** A member who left or was removed comes back the way people do: invited by mail, accepting the link. */
const rejoin = (member: Member) => bringIn(t.app, agency.owner.user, agency.A.id, member.user, member.role);

/** Another account in `space` to disconnect, so the synced one stays (placeholder tokens: revoking them fails quietly). */
async function spareAccount(space: Space) {
  const { connectionId, accountRef } = await addAccount(t.app, space.id);
  return {
    accountRef,
    tidy: () => t.app.ctx.db.delete(platformConnections).where(eq(platformConnections.id, connectionId)),
  };
}

/** Another pending invitation to `space` to revoke, so its own stays (straight into the table: inviting is rate limited). */
async function spareInvitation(space: Space) {
  const now = t.app.ctx.clock.now();
  const [row] = await t.app.ctx.db
    .insert(workspaceInvitations)
    .values({
      workspaceId: space.id,
      email: `spare-${randomUUID()}@example.com`,
      role: 'viewer',
      tokenHash: randomUUID(),
      invitedBy: agency.owner.id,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: workspaceInvitations.id });
  return {
    id: row.id,
    tidy: () => t.app.ctx.db.delete(workspaceInvitations).where(eq(workspaceInvitations.id, row.id)),
  };
}

/** Another budget in `space` to delete, so the planted one stays (straight into the table). */
async function spareBudget(space: Space) {
  const now = t.app.ctx.clock.now();
  const [row] = await t.app.ctx.db
    .insert(budgets)
    .values({
      workspaceId: space.id,
      scope: 'platform',
      platform: 'x',
      amountMinor: 100,
      currency: 'USD',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: budgets.id });
  return { id: row.id, tidy: () => t.app.ctx.db.delete(budgets).where(eq(budgets.id, row.id)) };
}

/** Another saved analysis in `space` to delete, and a link to revoke (straight into the tables). */
async function spareCreative(space: Space) {
  const now = t.app.ctx.clock.now();
  const [analysis] = await t.app.ctx.db
    .insert(creativeAnalyses)
    .values({
      workspaceId: space.id,
      createdAt: now,
      kind: 'analysis',
      placement: 'meta_feed',
      input: {},
      result: {},
      title: 'Spare',
    })
    .returning({ id: creativeAnalyses.id });
  const [share] = await t.app.ctx.db
    .insert(creativeShares)
    .values({
      analysisId: space.creative.analysisId,
      workspaceId: space.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: creativeShares.id });
  return {
    analysisId: analysis.id,
    shareId: share.id,
    tidy: async () => {
      await t.app.ctx.db.delete(creativeAnalyses).where(eq(creativeAnalyses.id, analysis.id));
      await t.app.ctx.db.delete(creativeShares).where(eq(creativeShares.id, share.id));
    },
  };
}

/** Links made by a call, so the planted one stays the only one. */
const forgetSharesBut = (space: Space) =>
  t.app.ctx.db
    .delete(creativeShares)
    .where(and(eq(creativeShares.workspaceId, space.id), ne(creativeShares.id, space.creative.shareId)));

/** Another report in `space` to change or delete, and a link to it to revoke (straight into the tables). */
async function spareReport(space: Space) {
  const now = t.app.ctx.clock.now();
  const [report] = await t.app.ctx.db
    .insert(reports)
    .values({
      workspaceId: space.id,
      name: 'Spare report',
      sections: ['headline'],
      period: 'last_month',
      currency: 'USD',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: reports.id });
  const [share] = await t.app.ctx.db
    .insert(reportShares)
    .values({
      reportId: report.id,
      workspaceId: space.id,
      periodFrom: '2030-01-01',
      periodTo: '2030-01-31',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: reportShares.id });
  return {
    reportId: report.id,
    shareId: share.id,
    tidy: () => t.app.ctx.db.delete(reports).where(eq(reports.id, report.id)),
  };
}

/** Reports and report links made by a call, so the planted ones stay the only ones. */
const forgetReportsBut = async (space: Space) => {
  await t.app.ctx.db
    .delete(reportShares)
    .where(and(eq(reportShares.workspaceId, space.id), ne(reportShares.id, space.report.shareId)));
  await t.app.ctx.db
    .delete(reports)
    .where(and(eq(reports.workspaceId, space.id), ne(reports.id, space.report.reportId)));
};

const REPORT_INPUT = {
  name: 'Acme monthly',
  sections: ['headline', 'campaigns'],
  period: 'last_month',
  currency: 'EUR',
};

const SCHEDULE_INPUT = {
  frequency: 'weekly',
  weekday: 1,
  hour: 8,
  time_zone: 'UTC',
  members: [],
  emails: ['client@example.com'],
  review: true,
  enabled: true,
};

/** The planted report's schedule, made by a call, so the table stays as planted. */
const forgetScheduleOf = (space: Space) =>
  t.app.ctx.db.delete(reportSchedules).where(eq(reportSchedules.reportId, space.report.reportId));

/** Another report in `space` with a schedule to stop (straight into the tables); tidying removes both. */
async function spareSchedule(space: Space) {
  const spare = await spareReport(space);
  await t.app.ctx.db.insert(reportSchedules).values({
    reportId: spare.reportId,
    workspaceId: space.id,
    frequency: 'weekly',
    weekday: 1,
    hour: 8,
    timeZone: 'UTC',
    memberIds: [],
    emails: ['client@example.com'],
    review: true,
    enabled: false,
    updatedAt: t.app.ctx.clock.now(),
  });
  return { reportId: spare.reportId, tidy: spare.tidy };
}

/** Another run of the planted report in `space`, waiting for review, to approve or skip (straight into the table). */
async function spareDelivery(space: Space) {
  const [row] = await t.app.ctx.db
    .insert(reportDeliveries)
    .values({
      workspaceId: space.id,
      reportId: space.report.reportId,
      reportName: 'Planted report',
      periodKind: 'last_week',
      periodFrom: '2030-01-07',
      periodTo: '2030-01-13',
      status: 'awaiting_review',
      review: true,
      recipients: ['client@example.com'],
      createdAt: t.app.ctx.clock.now(),
    })
    .returning({ id: reportDeliveries.id });
  return { id: row.id, tidy: () => t.app.ctx.db.delete(reportDeliveries).where(eq(reportDeliveries.id, row.id)) };
}

/** Another rule in `space` to delete, so the planted one stays (straight into the table). */
async function spareRule(space: Space) {
  const now = t.app.ctx.clock.now();
  const definition = { ...RULE_PRESETS[1].definition('UTC'), name: `Spare rule ${randomUUID()}` };
  const [row] = await t.app.ctx.db
    .insert(rules)
    .values({ workspaceId: space.id, name: definition.name, definition, createdAt: now, updatedAt: now })
    .returning({ id: rules.id });
  return { id: row.id, tidy: () => t.app.ctx.db.delete(rules).where(eq(rules.id, row.id)) };
}

/** A logo in `space`'s branding to remove (straight into the table); tidying removes the branding again. */
async function plantLogo(space: Space) {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
  );
  await t.app.ctx.db.insert(workspaceBranding).values({
    workspaceId: space.id,
    name: 'Planted',
    primaryColor: '#1a4fa0',
    logo: svg,
    logoType: 'image/svg+xml',
    logoSha256: randomUUID().replace(/-/g, ''),
    updatedAt: t.app.ctx.clock.now(),
  });
  return { tidy: () => forgetBrandingOf(space) };
}

const forgetBrandingOf = (space: Space) =>
  t.app.ctx.db.delete(workspaceBranding).where(eq(workspaceBranding.workspaceId, space.id));

const forgetInvitationsTo = (email: string) =>
  t.app.ctx.db.delete(workspaceInvitations).where(eq(workspaceInvitations.email, email));

const lastOwner = { status: 409, detail: WORKSPACE_MESSAGES.lastOwner };

/**
 * Every route that works in a workspace (keyed as in MATRIX), with what it needs of the policy
 * and the call each member makes. Which roles get through is not written here: the policy says.
 */
const ROLE_TABLE: Record<string, RoleCase[]> = {
  'GET /api/ad-accounts/': [{ needs: 'accounts:read', request: () => get('ad-accounts/'), allowed: 200 }],
  'GET /api/auth/:platform/': [{ needs: 'accounts:write', request: () => get('auth/google/'), allowed: 200 }],
  'POST /api/delete-connected-account/': [
    {
      needs: 'accounts:write',
      request: async ({ as, at }) => {
        const spare = await spareAccount(at);
        await withVerifiedCode(t.app, as.id);
        return { ...send('POST', 'delete-connected-account/', { accid: spare.accountRef }), tidy: spare.tidy };
      },
      allowed: 200,
      fromAatB: { status: 404, detail: AD_ACCOUNT_MESSAGES.notConnected },
    },
  ],
  'GET /api/dashboard/': [
    {
      needs: 'dashboard:read',
      request: ({ at }) => get(`dashboard/?account=${at.accountUuid}`),
      allowed: 200,
      fromAatB: { status: 400, detail: DASHBOARD_MESSAGES.unknownAccount },
    },
  ],
  'GET /api/dashboard/campaigns/': [
    {
      what: 'a page',
      needs: 'dashboard:read',
      request: ({ at }) => get(`dashboard/campaigns/?account=${at.accountUuid}`),
      allowed: 200,
      fromAatB: { status: 400, detail: DASHBOARD_MESSAGES.unknownAccount },
    },
    {
      what: 'CSV',
      needs: 'dashboard:read',
      request: ({ at }) => get(`dashboard/campaigns/?account=${at.accountUuid}&format=csv`),
      allowed: 200,
      fromAatB: { status: 400, detail: DASHBOARD_MESSAGES.unknownAccount },
    },
  ],
  'GET /api/dashboard/ads/': [{ needs: 'dashboard:read', request: () => get('dashboard/ads/'), allowed: 200 }],
  'GET /api/dashboard/campaigns/:id/ads/': [
    {
      needs: 'dashboard:read',
      request: ({ at }) => get(`dashboard/campaigns/${at.campaignUuid}/ads/`),
      allowed: 200,
      fromAatB: { status: 404, detail: DASHBOARD_MESSAGES.campaignNotFound },
    },
  ],
  'GET /api/suggestions/': [{ needs: 'suggestions:read', request: () => get('suggestions/'), allowed: 200 }],
  'GET /api/suggestions/:id/preview/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => get(`suggestions/${at.advice.suggestionId}/preview/`),
      allowed: 200,
      fromAatB: { status: 404, detail: SUGGESTION_MESSAGES.notFound },
    },
  ],
  'POST /api/suggestions/:id/apply/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `suggestions/${at.advice.suggestionId}/apply/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: SUGGESTION_MESSAGES.notFound },
    },
  ],
  'POST /api/suggestions/:id/done/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `suggestions/${at.advice.taskId}/done/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: SUGGESTION_MESSAGES.notFound },
    },
  ],
  'POST /api/suggestions/:id/dismiss/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `suggestions/${at.advice.suggestionId}/dismiss/`, { reason: 'not_relevant' }),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: SUGGESTION_MESSAGES.notFound },
    },
  ],
  'POST /api/suggestions/:id/snooze/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `suggestions/${at.advice.suggestionId}/snooze/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: SUGGESTION_MESSAGES.notFound },
    },
  ],
  'GET /api/actions/': [{ needs: 'suggestions:read', request: () => get('actions/'), allowed: 200 }],
  'POST /api/actions/:id/undo/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `actions/${at.advice.actionId}/undo/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: ACTION_MESSAGES.notFound },
    },
  ],
  'GET /api/actions/:id/': [
    {
      needs: 'suggestions:read',
      request: ({ at }) => get(`actions/${at.advice.actionId}/`),
      allowed: 200,
      fromAatB: { status: 404, detail: ACTION_MESSAGES.notFound },
    },
  ],
  'POST /api/actions/:id/retry/': [
    {
      needs: 'suggestions:apply',
      request: ({ at }) => send('POST', `actions/${at.advice.partialActionId}/retry/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: ACTION_MESSAGES.notFound },
    },
  ],
  'GET /api/rules/': [{ needs: 'rules:read', request: () => get('rules/'), allowed: 200 }],
  'POST /api/rules/': [
    {
      needs: 'rules:write',
      request: () => {
        const name = `New rule ${randomUUID()}`;
        return {
          ...send('POST', 'rules/', { ...RULE_PRESETS[0].definition('UTC'), name }),
          tidy: () => t.app.ctx.db.delete(rules).where(eq(rules.name, name)),
        };
      },
      allowed: 201,
    },
  ],
  'POST /api/rules/dry-run/': [
    {
      needs: 'rules:write',
      request: () => send('POST', 'rules/dry-run/', RULE_PRESETS[0].definition('UTC')),
      allowed: 200,
    },
  ],
  'GET /api/rules/:id/': [
    {
      needs: 'rules:read',
      request: ({ at }) => get(`rules/${at.advice.ruleId}/`),
      allowed: 200,
      fromAatB: { status: 404, detail: RULE_MESSAGES.notFound },
    },
  ],
  'PUT /api/rules/:id/': [
    {
      needs: 'rules:write',
      request: ({ at }) =>
        send('PUT', `rules/${at.advice.ruleId}/`, { ...RULE_PRESETS[2].definition('UTC'), name: 'Changed rule' }),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: RULE_MESSAGES.notFound },
    },
  ],
  'PUT /api/rules/:id/enabled/': [
    {
      needs: 'rules:write',
      request: ({ at }) => send('PUT', `rules/${at.advice.ruleId}/enabled/`, { enabled: false }),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: RULE_MESSAGES.notFound },
    },
  ],
  'DELETE /api/rules/:id/': [
    {
      needs: 'rules:write',
      request: async ({ at }) => {
        const spare = await spareRule(at);
        return { method: 'DELETE', url: `rules/${spare.id}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: RULE_MESSAGES.notFound },
    },
  ],
  'POST /api/rules/approvals/:id/approve/': [
    {
      needs: 'rules:write',
      request: ({ at }) => send('POST', `rules/approvals/${at.advice.ruleActionId}/approve/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: RULE_MESSAGES.actionNotFound },
    },
  ],
  'POST /api/rules/approvals/:id/reject/': [
    {
      needs: 'rules:write',
      request: ({ at }) => send('POST', `rules/approvals/${at.advice.ruleActionId}/reject/`),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: RULE_MESSAGES.actionNotFound },
    },
  ],
  'GET /api/budgets/': [{ needs: 'budgets:read', request: () => get('budgets/'), allowed: 200 }],
  'POST /api/budgets/': [
    {
      needs: 'budgets:write',
      request: ({ at }) => ({
        ...send('POST', 'budgets/', { scope: 'platform', platform: 'linkedin', amount: 1_000, currency: 'EUR' }),
        tidy: () =>
          t.app.ctx.db.delete(budgets).where(and(eq(budgets.workspaceId, at.id), eq(budgets.scope, 'platform'))),
      }),
      allowed: 201,
    },
  ],
  'PUT /api/budgets/:id/': [
    {
      needs: 'budgets:write',
      request: ({ at }) =>
        send('PUT', `budgets/${at.advice.budgetId}/`, { scope: 'workspace', amount: 123, currency: 'GBP' }),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.notFound },
    },
  ],
  'DELETE /api/budgets/:id/': [
    {
      needs: 'budgets:write',
      request: async ({ at }) => {
        const spare = await spareBudget(at);
        return { method: 'DELETE', url: `budgets/${spare.id}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.notFound },
    },
  ],
  'GET /api/optimizer/': [
    {
      needs: 'budgets:read',
      request: ({ at }) => get(`optimizer/?account=${at.accountUuid}`),
      allowed: 200,
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.accountNotFound },
    },
  ],
  // A plan that changes nothing: the policy and the account's workspace are what is checked.
  'POST /api/optimizer/apply/': [
    {
      needs: 'budgets:write',
      request: ({ at }) =>
        send('POST', 'optimizer/apply/', {
          account: at.accountUuid,
          changes: [{ campaign_id: at.platformCampaignId, from: 100, to: 100 }],
        }),
      allowed: { status: 400, detail: BUDGET_MESSAGES.nothingToApply },
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.accountNotFound },
    },
  ],
  'GET /api/optimizer/plans/': [
    {
      needs: 'budgets:read',
      request: ({ at }) => get(`optimizer/plans/?account=${at.accountUuid}`),
      allowed: 200,
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.accountNotFound },
    },
  ],
  'POST /api/optimizer/plans/:id/stop/': [
    {
      needs: 'budgets:write',
      request: ({ at }) => send('POST', `optimizer/plans/${at.advice.followedPlanId}/stop/`, {}),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: BUDGET_MESSAGES.planNotFound },
    },
  ],
  'POST /api/creative/analyze/': [
    {
      needs: 'creative:analyze',
      request: () =>
        send('POST', 'creative/analyze/', { placement: 'meta_feed', headlines: ['Save 30% on your first order'] }),
      allowed: 200,
    },
    {
      what: 'again, after a saved one',
      needs: 'creative:analyze',
      request: ({ at }) =>
        send('POST', 'creative/analyze/', {
          placement: 'meta_feed',
          headlines: ['Save 40%'],
          previous_id: at.creative.analysisId,
        }),
      allowed: 200,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'GET /api/creative/analyses/': [
    { needs: 'creative:analyze', request: () => get('creative/analyses/'), allowed: 200 },
  ],
  'GET /api/creative/post-launch/': [
    {
      needs: 'creative:analyze',
      request: ({ at }) => get(`creative/post-launch/?account=${at.accountUuid}`),
      allowed: 200,
      fromAatB: { status: 404, detail: POST_LAUNCH_MESSAGES.accountNotFound },
    },
  ],
  // The accounts here are Google's, whose search ads have no image: a member who may ask reaches that answer.
  'GET /api/creative/post-launch/image/': [
    {
      needs: 'creative:analyze',
      request: async ({ at }) => {
        const [ad] = await t.app.ctx.db
          .select({ adId: ads.adId })
          .from(ads)
          .where(eq(ads.accountRef, at.accountUuid))
          .limit(1);
        return get(`creative/post-launch/image/?account=${at.accountUuid}&ad=${encodeURIComponent(ad.adId)}`);
      },
      allowed: { status: 400, detail: POST_LAUNCH_MESSAGES.noImage },
      fromAatB: { status: 404, detail: POST_LAUNCH_MESSAGES.accountNotFound },
    },
  ],
  'GET /api/creative/analyses/:id/': [
    {
      needs: 'creative:analyze',
      request: ({ at }) => get(`creative/analyses/${at.creative.analysisId}/`),
      allowed: 200,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'GET /api/creative/analyses/:id/pdf/': [
    {
      needs: 'creative:analyze',
      request: ({ at }) => get(`creative/analyses/${at.creative.analysisId}/pdf/`),
      allowed: 200,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'GET /api/creative/analyses/:id/shares/': [
    {
      needs: 'creative:manage',
      request: ({ at }) => get(`creative/analyses/${at.creative.analysisId}/shares/`),
      allowed: 200,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'POST /api/creative/analyses/:id/share/': [
    {
      needs: 'creative:manage',
      request: ({ at }) => ({
        ...send('POST', `creative/analyses/${at.creative.analysisId}/share/`, { expires_in_days: 1 }),
        tidy: () => forgetSharesBut(at),
      }),
      allowed: 201,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'DELETE /api/creative/analyses/:id/': [
    {
      needs: 'creative:manage',
      request: async ({ at }) => {
        const spare = await spareCreative(at);
        return { method: 'DELETE', url: `creative/analyses/${spare.analysisId}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.analysisNotFound },
    },
  ],
  'DELETE /api/creative/shares/:id/': [
    {
      needs: 'creative:manage',
      request: async ({ at }) => {
        const spare = await spareCreative(at);
        return { method: 'DELETE', url: `creative/shares/${spare.shareId}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: CREATIVE_MESSAGES.shareNotFound },
    },
  ],
  'GET /api/creative/feedback/': [
    { needs: 'creative:analyze', request: () => get('creative/feedback/'), allowed: 200 },
  ],
  'POST /api/creative/feedback/refit/': [
    { needs: 'creative:manage', request: () => send('POST', 'creative/feedback/refit/'), allowed: 200 },
  ],
  // Every member reads the first-party figures (as the dashboard); owners and managers import days and manage the ingestion key.
  'GET /api/first-party/': [{ needs: 'dashboard:read', request: () => get('first-party/'), allowed: 200 }],
  'GET /api/first-party/days/': [{ needs: 'dashboard:read', request: () => get('first-party/days/'), allowed: 200 }],
  'GET /api/first-party/basis/': [{ needs: 'dashboard:read', request: () => get('first-party/basis/'), allowed: 200 }],
  // Choosing the platforms' own counts again changes nothing a later case reads.
  'PUT /api/first-party/basis/': [
    {
      needs: 'firstparty:write',
      request: () => send('PUT', 'first-party/basis/', { basis: 'platform' }),
      allowed: 200,
    },
  ],
  // A JSON body gets as far as the role check; a role that may import is then told to send text/csv.
  'POST /api/first-party/import/': [
    {
      needs: 'firstparty:write',
      request: () => send('POST', 'first-party/import/'),
      allowed: { status: 415, detail: FIRST_PARTY_MESSAGES.csvContentType },
    },
  ],
  'GET /api/first-party/key/': [
    {
      needs: 'firstparty:write',
      request: () => get('first-party/key/'),
      allowed: { status: 404, detail: FIRST_PARTY_MESSAGES.noKey },
    },
  ],
  'POST /api/first-party/key/': [
    {
      needs: 'firstparty:write',
      request: ({ at }) => ({
        ...send('POST', 'first-party/key/'),
        tidy: () => t.app.ctx.db.delete(firstPartyKeys).where(eq(firstPartyKeys.workspaceId, at.id)),
      }),
      allowed: 201,
    },
  ],
  'DELETE /api/first-party/key/': [
    {
      needs: 'firstparty:write',
      request: () => send('DELETE', 'first-party/key/'),
      allowed: { status: 404, detail: FIRST_PARTY_MESSAGES.noKey },
    },
  ],
  // Every member reads reports (the client role included); owners and managers make, change, share and delete them.
  'GET /api/reports/': [{ needs: 'reports:read', request: () => get('reports/'), allowed: 200 }],
  'POST /api/reports/': [
    {
      needs: 'reports:write',
      request: ({ at }) => ({ ...send('POST', 'reports/', REPORT_INPUT), tidy: () => forgetReportsBut(at) }),
      allowed: 201,
    },
  ],
  'GET /api/reports/:id/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/${at.report.reportId}/`),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'PUT /api/reports/:id/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareReport(at);
        return { method: 'PUT', url: `reports/${spare.reportId}/`, payload: REPORT_INPUT, tidy: spare.tidy };
      },
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'DELETE /api/reports/:id/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareReport(at);
        return { method: 'DELETE', url: `reports/${spare.reportId}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'GET /api/reports/:id/preview/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/${at.report.reportId}/preview/`),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'GET /api/reports/:id/pdf/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/${at.report.reportId}/pdf/`),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'POST /api/reports/:id/share/': [
    {
      needs: 'reports:write',
      request: ({ at }) => ({
        ...send('POST', `reports/${at.report.reportId}/share/`, { expires_in_days: 1 }),
        tidy: () => forgetReportsBut(at),
      }),
      allowed: 201,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'GET /api/reports/:id/shares/': [
    {
      needs: 'reports:write',
      request: ({ at }) => get(`reports/${at.report.reportId}/shares/`),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'DELETE /api/reports/shares/:id/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareReport(at);
        return { method: 'DELETE', url: `reports/shares/${spare.shareId}/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.shareNotFound },
    },
  ],
  // The live preview of unsaved edits is for those who edit.
  'POST /api/reports/preview/': [
    { needs: 'reports:write', request: () => send('POST', 'reports/preview/', REPORT_INPUT), allowed: 200 },
  ],
  // Scheduled reports: every member reads the schedule and the sent runs; owners and managers schedule and review.
  'GET /api/reports/:id/schedule/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/${at.report.reportId}/schedule/`),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'PUT /api/reports/:id/schedule/': [
    {
      needs: 'reports:write',
      request: ({ at }) => ({
        ...send('PUT', `reports/${at.report.reportId}/schedule/`, SCHEDULE_INPUT),
        tidy: () => forgetScheduleOf(at),
      }),
      allowed: 200,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'DELETE /api/reports/:id/schedule/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareSchedule(at);
        return { method: 'DELETE', url: `reports/${spare.reportId}/schedule/`, tidy: spare.tidy };
      },
      allowed: 204,
      fromAatB: { status: 404, detail: REPORT_MESSAGES.notFound },
    },
  ],
  'GET /api/reports/deliveries/': [{ needs: 'reports:read', request: () => get('reports/deliveries/'), allowed: 200 }],
  'GET /api/reports/deliveries/:id/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/deliveries/${at.report.deliveryId}/`),
      allowed: 200,
      fromAatB: { status: 404, detail: SCHEDULE_MESSAGES.deliveryNotFound },
    },
  ],
  'GET /api/reports/deliveries/:id/pdf/': [
    {
      needs: 'reports:read',
      request: ({ at }) => get(`reports/deliveries/${at.report.deliveryId}/pdf/`),
      allowed: 200,
      fromAatB: { status: 404, detail: SCHEDULE_MESSAGES.deliveryNotFound },
    },
  ],
  // Approving queues the send (no workers here): the spare run is gone before anything sends it.
  'POST /api/reports/deliveries/:id/approve/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareDelivery(at);
        return { ...send('POST', `reports/deliveries/${spare.id}/approve/`, {}), tidy: spare.tidy };
      },
      allowed: 200,
      fromAatB: { status: 404, detail: SCHEDULE_MESSAGES.deliveryNotFound },
    },
  ],
  'POST /api/reports/deliveries/:id/skip/': [
    {
      needs: 'reports:write',
      request: async ({ at }) => {
        const spare = await spareDelivery(at);
        return { ...send('POST', `reports/deliveries/${spare.id}/skip/`), tidy: spare.tidy };
      },
      allowed: 200,
      fromAatB: { status: 404, detail: SCHEDULE_MESSAGES.deliveryNotFound },
    },
  ],
  'POST /api/creative/compare/': [
    {
      needs: 'creative:analyze',
      request: () =>
        send('POST', 'creative/compare/', {
          copies: [
            { placement: 'meta_feed', headlines: ['One'] },
            { placement: 'meta_feed', headlines: ['Two'] },
          ],
        }),
      allowed: 200,
    },
  ],
  'GET /api/alerts/': [{ needs: 'alerts:read', request: () => get('alerts/'), allowed: 200 }],
  'GET /api/alerts/stream/': [{ needs: 'alerts:read', request: () => get('alerts/stream/'), allowed: 200 }],
  'GET /api/alerts/webhook/': [
    {
      needs: 'alerts:manage',
      request: () => get('alerts/webhook/'),
      allowed: { status: 404, detail: ALERT_MESSAGES.noWebhook },
    },
  ],
  'PUT /api/alerts/webhook/': [
    {
      needs: 'alerts:manage',
      request: () => send('PUT', 'alerts/webhook/', { url: 'http://127.0.0.1:9/receiver' }),
      allowed: 200,
      restore: () => inA('DELETE', 'alerts/webhook/', {}),
    },
  ],
  'DELETE /api/alerts/webhook/': [
    {
      needs: 'alerts:manage',
      request: async () => {
        await inA('PUT', 'alerts/webhook/', { url: 'http://127.0.0.1:9/receiver' });
        return { ...send('DELETE', 'alerts/webhook/'), tidy: () => t.app.ctx.db.delete(alertWebhooks) };
      },
      allowed: 204,
    },
  ],
  'GET /api/alerts/sensitivity/': [{ needs: 'alerts:read', request: () => get('alerts/sensitivity/'), allowed: 200 }],
  'PUT /api/alerts/sensitivity/': [
    {
      needs: 'alerts:manage',
      request: () => send('PUT', 'alerts/sensitivity/', { sensitivity: 'more' }),
      allowed: 200,
      restore: () => inA('PUT', 'alerts/sensitivity/', { sensitivity: 'balanced' }),
    },
  ],
  'POST /api/alerts/webhook/test/': [
    {
      needs: 'alerts:manage',
      request: () => send('POST', 'alerts/webhook/test/'),
      allowed: { status: 404, detail: ALERT_MESSAGES.noWebhook },
    },
  ],
  // The caller's own settings: every role that reads alerts, in any workspace of theirs.
  'GET /api/alerts/settings/': [{ needs: 'alerts:read', request: () => get('alerts/settings/'), allowed: 200 }],
  'PUT /api/alerts/settings/': [
    { needs: 'alerts:read', request: () => send('PUT', 'alerts/settings/', { email_digest: true }), allowed: 200 },
  ],
  'GET /api/alerts/unread/': [{ needs: 'alerts:read', request: () => get('alerts/unread/'), allowed: 200 }],
  'POST /api/alerts/read/': [
    {
      needs: 'alerts:read',
      request: ({ at }) => send('POST', 'alerts/read/', { ids: [at.advice.alertId] }),
      allowed: 200,
      restore: () => agency.A.advice.reset(),
      fromAatB: { status: 404, detail: ALERT_MESSAGES.notFound },
    },
  ],
  'POST /api/dashboard/campaigns/:id/status/': [
    {
      needs: 'campaigns:write',
      request: ({ at }) => send('POST', `dashboard/campaigns/${at.campaignUuid}/status/`, { status: 'Paused' }),
      allowed: 200,
      restore: () => inA('POST', `dashboard/campaigns/${agency.A.campaignUuid}/status/`, { status: 'Active' }),
      fromAatB: { status: 404, detail: DASHBOARD_MESSAGES.campaignNotFound },
    },
  ],
  // The caller's own display currency: every member may set it, in any workspace of theirs.
  'PUT /api/dashboard/settings/': [
    { needs: 'any member', request: () => send('PUT', 'dashboard/settings/', { currency: 'EUR' }), allowed: 200 },
  ],
  'GET /api/auth/:platform/performance/': [
    { needs: 'dashboard:read', request: () => get('auth/google/performance/'), allowed: 200 },
  ],
  'POST /api/sync/': [
    { needs: 'sync:run', request: () => send('POST', 'sync/', { platform: 'google' }), allowed: 200 },
  ],
  'PUT /api/sync/settings/': [
    {
      needs: 'accounts:write',
      request: () => send('PUT', 'sync/settings/', { interval_minutes: 30 }),
      allowed: 200,
      restore: () => inA('PUT', 'sync/settings/', { interval_minutes: 60 }),
    },
  ],
  'GET /api/sync/': [{ needs: 'dashboard:read', request: () => get('sync/'), allowed: 200 }],
  'GET /api/workspace/': [{ needs: 'any member', request: () => get('workspace/'), allowed: 200 }],
  'PATCH /api/workspace/': [
    {
      needs: 'workspace:manage',
      request: () => send('PATCH', 'workspace/', { name: 'Taken over' }),
      allowed: 200,
      restore: () => inA('PATCH', 'workspace/', { name: agency.A.name }),
    },
  ],
  // With a verified code and the name typed in: only the role stands in the way.
  'POST /api/workspace/delete/': [
    {
      needs: 'workspace:manage',
      request: async ({ as, at }) => {
        await withVerifiedCode(t.app, as.id);
        return send('POST', 'workspace/delete/', { name: at.name });
      },
      allowed: 200,
      endsA: true,
      fromAatB: { status: 400, detail: WORKSPACE_MESSAGES.nameMismatch },
    },
  ],
  'GET /api/workspace/team/': [{ needs: 'team:read', request: () => get('workspace/team/'), allowed: 200 }],
  // Every member sees the branding (the client role sees the dashboard in it); owners and managers change it.
  'GET /api/workspace/branding/': [
    { needs: 'dashboard:read', request: () => get('workspace/branding/'), allowed: 200 },
  ],
  'PUT /api/workspace/branding/': [
    {
      what: 'a colour white text can be read on',
      needs: 'branding:manage',
      request: ({ at }) => ({
        ...send('PUT', 'workspace/branding/', {
          name: 'Acme reports',
          primary_color: '#1a4fa0',
          reply_to: 'reports@acme.example',
        }),
        tidy: () => forgetBrandingOf(at),
      }),
      allowed: 200,
    },
    {
      what: 'a colour below WCAG AA',
      needs: 'branding:manage',
      request: () => send('PUT', 'workspace/branding/', { name: 'Acme reports', primary_color: '#ffdd00' }),
      allowed: {
        status: 400,
        detail: BRANDING_MESSAGES.contrastTooLow('#ffdd00', contrastRatio('#ffdd00', BRANDING_TEXT_COLOUR)!),
      },
    },
  ],
  'DELETE /api/workspace/branding/logo/': [
    {
      needs: 'branding:manage',
      request: async ({ at }) => ({
        method: 'DELETE',
        url: 'workspace/branding/logo/',
        tidy: (await plantLogo(at)).tidy,
      }),
      allowed: 200,
    },
  ],
  // Someone new, as an owner.
  'POST /api/workspace/invitations/': [
    {
      needs: 'team:manage',
      request: () => {
        const email = `new-${randomUUID()}@example.com`;
        return {
          ...send('POST', 'workspace/invitations/', { email, role: 'owner' }),
          tidy: () => forgetInvitationsTo(email),
        };
      },
      allowed: 201,
    },
  ],
  'POST /api/workspace/invitations/:id/resend/': [
    {
      needs: 'team:manage',
      request: ({ at }) => send('POST', `workspace/invitations/${at.invitation.id}/resend/`),
      allowed: 200,
      fromAatB: { status: 404, detail: WORKSPACE_MESSAGES.invitationNotFound },
    },
  ],
  'DELETE /api/workspace/invitations/:id/': [
    {
      needs: 'team:manage',
      request: async ({ at }) => {
        const spare = await spareInvitation(at);
        return { method: 'DELETE', url: `workspace/invitations/${spare.id}/`, tidy: spare.tidy };
      },
      allowed: 200,
      fromAatB: { status: 404, detail: WORKSPACE_MESSAGES.invitationNotFound },
    },
  ],
  // Each member makes themselves an owner; the owner makes the viewer one (and then a viewer again).
  'PATCH /api/workspace/members/:userId/': [
    {
      needs: 'team:manage',
      request: ({ as, at }) =>
        send('PATCH', `workspace/members/${(as.role === 'owner' ? memberOf(at, 'viewer') : as).id}/`, {
          role: 'owner',
        }),
      allowed: 200,
      restore: () => inA('PATCH', `workspace/members/${memberOf(agency.A, 'viewer').id}/`, { role: 'viewer' }),
    },
  ],
  'DELETE /api/workspace/members/:userId/': [
    {
      what: 'someone else',
      needs: 'team:manage',
      request: ({ as, at }) => ({ method: 'DELETE', url: `workspace/members/${someoneElseIn(at, as).id}/` }),
      allowed: 200,
      restore: ({ as }) => rejoin(someoneElseIn(agency.A, as)),
    },
    {
      what: 'oneself, which is leaving',
      needs: 'any member',
      request: ({ as }) => ({ method: 'DELETE', url: `workspace/members/${as.id}/` }),
      allowed: (role) => (role === 'owner' ? lastOwner : 200),
      restore: ({ as }) => rejoin(as),
    },
  ],
  // Each member hands A to another (and would become a manager); the owner's goes to the manager, who hands it back.
  'POST /api/workspace/transfer/': [
    {
      needs: 'workspace:manage',
      request: ({ as, at }) => send('POST', 'workspace/transfer/', { user_id: someoneElseIn(at, as).id }),
      allowed: 200,
      restore: ({ as }) =>
        inA('POST', 'workspace/transfer/', { user_id: agency.owner.id }, someoneElseIn(agency.A, as)),
    },
  ],
  'POST /api/workspace/leave/': [
    {
      needs: 'any member',
      request: () => send('POST', 'workspace/leave/'),
      allowed: (role) => (role === 'owner' ? lastOwner : 200),
      restore: ({ as }) => rejoin(as),
    },
  ],
};

const REFUSED_BY_ROLE = '403 refused by role';
const NO_SUCH_WORKSPACE = '404 workspace not found';

const allows = (c: RoleCase, role: Role) => c.needs === 'any member' || roleCan(role, c.needs);
const allowedAnswer = (c: RoleCase, role: Role) => (typeof c.allowed === 'function' ? c.allowed(role) : c.allowed);
const say = (answer: Answer) => (typeof answer === 'number' ? String(answer) : `${answer.status} ${answer.detail}`);

const detailOf = (res: LightMyRequestResponse): string | undefined =>
  String(res.headers['content-type']).includes('json') ? (res.json() as { detail?: string }).detail : undefined;

/** A reply in the words the expectations use: the role's refusal and the unknown workspace by name, other refusals with their detail. */
function heard(res: LightMyRequestResponse): string {
  const detail = res.statusCode >= 400 ? detailOf(res) : undefined;
  if (res.statusCode === 403 && detail === WORKSPACE_MESSAGES.notAllowed) return REFUSED_BY_ROLE;
  if (res.statusCode === 404 && detail === WORKSPACE_MESSAGES.notFound) return NO_SUCH_WORKSPACE;
  return detail === undefined ? String(res.statusCode) : `${res.statusCode} ${detail}`;
}

/** What the policy says an attempt gets. */
function expectedAnswer(c: RoleCase, { as, in: inside, at }: Attempt): string {
  if (inside === agency.B) return NO_SUCH_WORKSPACE;
  if (!allows(c, as.role)) return REFUSED_BY_ROLE;
  return say(at === agency.B ? c.fromAatB! : allowedAnswer(c, as.role));
}

/** What a member of A can see of workspace A (its name, team, accounts and campaigns), to compare before and after. */
async function outlineOfA() {
  const { db } = t.app.ctx;
  const id = agency.A.id;
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, id));
  const members = await db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, id));
  const accounts = await db
    .select({ id: connectedAdAccounts.id })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, id));
  const statuses = await db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.workspaceId, id));
  return {
    name: workspace?.name,
    members: members.map((m) => `${m.userId} ${m.role}`).sort(),
    accounts: accounts.map((a) => a.id).sort(),
    campaigns: statuses.map((c) => `${c.id} ${c.status}`).sort(),
    atThePlatform: sandbox.world.status(agency.A.platform, agency.A.platformCampaignId),
  };
}

describe('authorization matrix: each role of workspace A, on every workspace route, and B out of reach', () => {
  /** B's identifiers (and name), which no reply to a member of A may contain. */
  const secretsOfB = () => [...identifiersOf(agency.B), agency.B.name];

  /**
   * Makes one attempt and says what happened, in the same words as what the policy says should:
   * the answer; that a refusal changed nothing in A or B, and that nothing changed B anyway; and
   * that the reply shows nothing of B's.
   */
  async function attempt(route: string, c: RoleCase, a: Attempt): Promise<{ expected: string; actual: string }> {
    const where = a.in === a.at ? `in ${a.in === agency.A ? 'A' : 'B'}` : 'in A, at B’s';
    const label = `${route}${c.what ? ` (${c.what})` : ''} as ${a.as.role} ${where}`;
    const expected = expectedAnswer(c, a);
    const refusal = !/^2\d\d$/.test(expected);

    const request = await c.request(a);
    const before = { A: await workspaceState(agency.A), B: await workspaceState(agency.B) };
    const res = await call(t.app, a.as.user, request.method, request.url, {
      workspace: a.in.id,
      payload: request.payload,
    });
    const after = { A: await workspaceState(agency.A), B: await workspaceState(agency.B) };
    await request.tidy?.();
    if (res.statusCode < 300) await c.restore?.(a);

    const state = (name: 'A' | 'B') => {
      const changed = changedParts(before[name], after[name]);
      return changed.length ? `${name} changed (${changed.join(', ')})` : `${name} unchanged`;
    };
    const shown = secretsOfB().filter((secret) => res.body.includes(secret));
    return {
      expected: `${label} → ${expected}; ${refusal ? 'A unchanged, ' : ''}B unchanged; nothing of B’s shown`,
      actual: `${label} → ${heard(res)}; ${refusal ? `${state('A')}, ` : ''}${state('B')}; ${shown.length ? `shown: ${shown.join(', ')}` : 'nothing of B’s shown'}`,
    };
  }

  it('checks against the policy as the issue states it', () => {
    // Owners everything; managers all but the team and the workspace; viewers read (and refresh); clients see the dashboard and reports only.
    expect(Object.fromEntries(ROLES.map((role) => [role, ACTIONS.filter((action) => roleCan(role, action))]))).toEqual({
      owner: [...ACTIONS],
      manager: ACTIONS.filter((action) => action !== 'team:manage' && action !== 'workspace:manage'),
      viewer: [
        'dashboard:read',
        'reports:read',
        'accounts:read',
        'team:read',
        'sync:run',
        'suggestions:read',
        'alerts:read',
        'rules:read',
        'budgets:read',
        'creative:analyze',
      ],
      client: ['dashboard:read', 'reports:read'],
    });
  });

  it('has an entry for every route that works in a workspace (answers to X-Workspace-Id), and for no other', async () => {
    // A user of their own (every route runs), naming a workspace that does not exist.
    const outsider = await signUp(t.app);
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));
    // Erasing the caller goes last.
    routes.sort((a, b) => Number(a.url === '/api/delete-account/') - Number(b.url === '/api/delete-account/'));
    const inAWorkspace: string[] = [];
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as InjectOptions['method'],
        url: url.replace(':platform', 'google').replace(/:\w+/g, () => randomUUID()),
        headers: { ...outsider.auth, [WORKSPACE_HEADER]: randomUUID() },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (heard(res) === NO_SUCH_WORKSPACE) inAWorkspace.push(`${method} ${url}`);
    }
    expect(Object.keys(ROLE_TABLE).sort()).toEqual(inAWorkspace.sort());
    expect(Object.keys(ROLE_TABLE).filter((key) => !(key in MATRIX))).toEqual([]);
  });

  it('gives each role of A what the policy says, route by route; in B, A’s members find nothing; from A, nothing of B’s', async () => {
    const { A, B } = agency;
    const outlineBefore = await outlineOfA();
    const expected: string[] = [];
    const actual: string[] = [];
    const note = (outcome: { expected: string; actual: string }) => {
      expected.push(outcome.expected);
      actual.push(outcome.actual);
    };
    for (const [route, cases] of Object.entries(ROLE_TABLE)) {
      for (const c of cases) {
        for (const as of A.members) {
          if (!(c.endsA && allows(c, as.role))) note(await attempt(route, c, { as, in: A, at: A }));
          if (as.role !== 'owner') note(await attempt(route, c, { as, in: B, at: B }));
          if (c.fromAatB) note(await attempt(route, c, { as, in: A, at: B }));
        }
      }
    }
    expect(actual).toEqual(expected);
    // Every change that went through was put back: A is as it was.
    expect(await outlineOfA()).toEqual(outlineBefore);
    // Every route × every role × three places: on a loaded machine it takes more than five minutes.
  }, 600_000);

  it('lists A and never B to A’s members, and does not switch them to B or let them in with B’s link', async () => {
    const { A, B } = agency;
    const before = await workspaceState(B);
    for (const member of A.members.filter((m) => m.role !== 'owner')) {
      const listed = await call(t.app, member.user, 'GET', 'workspaces/');
      const overview = await call(t.app, member.user, 'GET', 'workspaces/overview/');
      const switched = await call(t.app, member.user, 'PUT', 'workspaces/current/', {
        payload: { workspace_id: B.id },
      });
      const accepted = await call(t.app, member.user, 'POST', 'invitations/accept/', {
        payload: { token: B.invitation.token },
      });
      const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
      expect({
        role: member.role,
        listed: { A: ids(listed.json()).includes(A.id), B: ids(listed.json()).includes(B.id) },
        overview: { A: ids(overview.json().rows).includes(A.id), B: ids(overview.json().rows).includes(B.id) },
        switched: heard(switched),
        accepted: heard(accepted),
        shown: secretsOfB().filter((secret) =>
          [listed, overview, switched, accepted].some((res) => res.body.includes(secret)),
        ),
      }).toEqual({
        role: member.role,
        listed: { A: true, B: false },
        overview: { A: true, B: false },
        switched: NO_SUCH_WORKSPACE,
        accepted: `403 ${WORKSPACE_MESSAGES.invitationWrongEmail(B.invitation.email)}`,
        shown: [],
      });
    }
    expect(await workspaceState(B)).toEqual(before);
  });

  it('lets the owner delete A, last as it ends A: A goes with its data, B keeps everything', async () => {
    const { A, B } = agency;
    const before = await workspaceState(B);
    for (const [route, cases] of Object.entries(ROLE_TABLE)) {
      for (const c of cases.filter((one) => one.endsA)) {
        for (const as of A.members.filter((member) => allows(c, member.role))) {
          const request = await c.request({ as, in: A, at: A });
          const res = await call(t.app, as.user, request.method, request.url, {
            workspace: A.id,
            payload: request.payload,
          });
          expect({ route, role: as.role, answer: heard(res) }).toEqual({
            route,
            role: as.role,
            answer: say(allowedAnswer(c, as.role)),
          });
        }
      }
    }
    const left = await workspaceState(A);
    expect([
      left.workspace,
      left.members,
      left.invitations,
      left.connections,
      left.accounts,
      left.campaigns,
      left.syncState,
    ]).toEqual(Array(7).fill('[]'));
    expect(JSON.parse(left.rows)).toEqual({ metrics: 0, days: 0, ads: 0 });
    expect(await workspaceState(B)).toEqual(before);
    for (const member of A.members) {
      const listed = (await call(t.app, member.user, 'GET', 'workspaces/')).json() as { id: string }[];
      expect({ role: member.role, seesA: listed.some((row) => row.id === A.id) }).toEqual({
        role: member.role,
        seesA: false,
      });
    }
  });
});
