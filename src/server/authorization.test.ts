import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startSandbox, type RunningSandbox } from '@sandbox/sandbox';
import { campaigns, connectedAdAccounts, newsletterSubscriptions, otpCodes, outbox, platformConnections, refreshTokens, syncState, users } from './db/schema';
import { executeRows } from './db/connect';
import { sandboxSettings } from './platforms/settings';
import { buildTestApp, type TestApp } from './test/buildTestApp';
import { consent, recordingRuntime } from './test/platforms';
import { callbackResponse, startConnection, TestBrowser, userIdOf, workspaceIdOf } from './test/connect';
import { signUp } from './test/factories';
import { syncedTenant, type Tenant } from './test/tenants';

/**
 * The authorization matrix: two tenants, and every registered route called by one of them with
 * the other's ids. The test asks Fastify for the routes, so a route added without an entry here
 * fails until someone says how it is scoped. For each call: no 5xx, nothing of the victim's in
 * the reply (0 reads), and after all of them the victim's rows and platform state are exactly as
 * before (0 writes).
 */

/** What the attacker knows of the victim, and the victim's things the attacker tries to reach. */
interface Victim {
  tenant: Tenant;
  userId: string;
  workspaceId: string;
  accountUuid: string;
  connectionId: string;
  campaignUuid: string;
  platformCampaignId: string;
  refresh: string;
  /** An OTP code mailed to the victim (the attacker got hold of it somehow). */
  otp: string;
  /** A state of an OAuth flow the victim started (the attacker got the consent link). */
  oauthQuery: Record<string, string>;
  /** The browser the victim started that flow in. */
  browser: TestBrowser;
}

interface Probe {
  /** Why the route cannot leak or change another tenant's data. */
  scope: 'public' | 'own' | 'operator';
  requests: (victim: Victim, attacker: Tenant) => InjectOptions[];
}

const own = (requests: Probe['requests']): Probe => ({ scope: 'own', requests });
const publicRoute = (requests: Probe['requests']): Probe => ({ scope: 'public', requests });

const json = (method: 'POST' | 'PUT', url: string, payload: object, auth?: Record<string, string>): InjectOptions => ({
  method,
  url,
  payload,
  headers: { 'content-type': 'application/json', ...auth },
});

/** One entry per `METHOD url` the app registers under /api. */
const MATRIX: Record<string, Probe> = {
  'GET /api/health': publicRoute(() => [{ method: 'GET', url: '/api/health' }]),
  'GET /api/ready': publicRoute(() => [{ method: 'GET', url: '/api/ready' }]),
  'POST /api/analytics/:name': publicRoute((v) => [json('POST', '/api/analytics/login', { ts: Date.now(), platform: v.tenant.platform })]),
  'POST /api/register/': publicRoute((v) => [
    json('POST', '/api/register/', { fullName: 'Mallory', email: v.tenant.user.email, password: 'mallory-pass-1', confirmPassword: 'mallory-pass-1' }),
  ]),
  // One wrong password for the victim's e-mail: counted by the cooldown (by design), never a session.
  'POST /api/login/': publicRoute((v) => [json('POST', '/api/login/', { username: v.tenant.user.email, password: 'not-the-password' })]),
  'POST /api/token/refresh/': own((_v, a) => [json('POST', '/api/token/refresh/', { refresh: a.user.session.refresh })]),
  'POST /api/logout/': own((v) => [json('POST', '/api/logout/', { refresh: `${v.refresh}x` })]),
  'POST /api/forgot-password/': publicRoute(() => [json('POST', '/api/forgot-password/', { email: 'nobody-here@example.com' })]),
  'POST /api/reset-password/': publicRoute(() => [json('POST', '/api/reset-password/', { token: 'guessed-token', password: 'new-pass-123', confirmPassword: 'new-pass-123' })]),
  'GET /api/user-info/': own((v, a) => [{ method: 'GET', url: `/api/user-info/?userId=${v.userId}`, headers: { ...a.user.auth, 'x-user-email': v.tenant.user.email } }]),
  'GET /api/account-info/': own((v, a) => [{ method: 'GET', url: '/api/account-info/', headers: { ...a.user.auth, 'x-user-email': v.tenant.user.email } }]),
  'POST /api/start-trial/': own((_v, a) => [json('POST', '/api/start-trial/', {}, a.user.auth)]),
  // Probed by a third user at the end (it erases its caller).
  'POST /api/delete-account/': own(() => []),
  'GET /api/ad-accounts/': own((v, a) => [{ method: 'GET', url: `/api/ad-accounts/?userId=${v.userId}`, headers: a.user.auth }]),
  'GET /api/auth/:platform/': own((_v, a) => [{ method: 'GET', url: '/api/auth/google/', headers: a.user.auth }]),
  // The victim's consent link finished in the attacker's browser: refused, nothing saved (audit §1).
  'GET /api/oauth/:platform/callback': publicRoute((v) => [{ method: 'GET', url: `/api/oauth/${v.tenant.platform}/callback?${new URLSearchParams(v.oauthQuery)}` }]),
  'POST /api/generate-otp/': own((_v, a) => [json('POST', '/api/generate-otp/', {}, a.user.auth)]),
  'POST /api/verify-otp/': own((v, a) => [json('POST', '/api/verify-otp/', { otp: v.otp }, a.user.auth)]),
  'POST /api/delete-connected-account/': own((v, a) => [json('POST', '/api/delete-connected-account/', { accid: v.accountUuid }, a.user.auth)]),
  'GET /api/dashboard/': own((v, a) => [{ method: 'GET', url: `/api/dashboard/?account=${v.accountUuid}`, headers: a.user.auth }]),
  'GET /api/dashboard/campaigns/': own((v, a) => [
    { method: 'GET', url: `/api/dashboard/campaigns/?account=${v.accountUuid}`, headers: a.user.auth },
    { method: 'GET', url: `/api/dashboard/campaigns/?account=${v.accountUuid}&format=csv`, headers: a.user.auth },
    { method: 'GET', url: `/api/dashboard/campaigns/?q=${encodeURIComponent(v.platformCampaignId)}`, headers: a.user.auth },
  ]),
  'GET /api/dashboard/campaigns/:id/ads/': own((v, a) => [{ method: 'GET', url: `/api/dashboard/campaigns/${v.campaignUuid}/ads/`, headers: a.user.auth }]),
  'POST /api/dashboard/campaigns/:id/status/': own((v, a) => [json('POST', `/api/dashboard/campaigns/${v.campaignUuid}/status/`, { status: 'Paused' }, a.user.auth)]),
  'PUT /api/dashboard/settings/': own((v, a) => [json('PUT', `/api/dashboard/settings/?userId=${v.userId}`, { currency: 'JPY', userId: v.userId }, a.user.auth)]),
  'GET /api/auth/:platform/performance/': own((v, a) => [{ method: 'GET', url: `/api/auth/${v.tenant.platform}/performance/?account=${v.accountUuid}`, headers: a.user.auth }]),
  'POST /api/sync/': own((v, a) => [json('POST', '/api/sync/', { connectionId: v.connectionId, connection: v.connectionId }, a.user.auth)]),
  'GET /api/sync/': own((v, a) => [{ method: 'GET', url: `/api/sync/?connectionId=${v.connectionId}`, headers: a.user.auth }]),
  'POST /api/get-in-touch/': publicRoute((v) => [
    json('POST', '/api/get-in-touch/', { fullName: 'Mallory', email: v.tenant.user.email, message: 'Hello there, this is a message.', newsletter: false, partnership: false }),
  ]),
  'GET /api/newsletter/': own((_v, a) => [{ method: 'GET', url: '/api/newsletter/', headers: a.user.auth }]),
  // A visitor may ask for any address to be subscribed; it only starts the owner's double opt-in.
  'POST /api/newsletter/subscribe/': publicRoute(() => [json('POST', '/api/newsletter/subscribe/', { email: 'someone-else@example.com', source: 'footer' })]),
  'POST /api/newsletter/confirm/': publicRoute(() => [json('POST', '/api/newsletter/confirm/', { token: 'guessed-token' })]),
  'POST /api/newsletter/unsubscribe/': publicRoute(() => [json('POST', '/api/newsletter/unsubscribe/', { token: 'guessed-token' })]),
  'GET /api/blog/': publicRoute(() => [{ method: 'GET', url: '/api/blog/' }]),
  'GET /api/blog/:slug/': publicRoute(() => [{ method: 'GET', url: '/api/blog/__proto__/' }]),
  'GET /api/search/': publicRoute(() => [{ method: 'GET', url: '/api/search/?q=campaign' }]),
  // Operators only: a user's access token is not the metrics token.
  'GET /api/metrics': { scope: 'operator', requests: (_v, a) => [{ method: 'GET', url: '/api/metrics', headers: a.user.auth }] },
};

describe('authorization matrix: one tenant against another, on every route', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let victim: Victim;
  let attacker: Tenant;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 23, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url }, metricsToken: 'operators-only-metrics-token' },
    });
    // Different accounts on the same platform: every id of the victim's is distinguishable.
    const victimTenant = await syncedTenant(t, sandbox, 'google', 0);
    attacker = await syncedTenant(t, sandbox, 'google', 1);
    const userId = await userIdOf(t.app, victimTenant.user);
    const workspaceId = await workspaceIdOf(t.app, victimTenant.user);
    const [account] = await t.app.ctx.db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, workspaceId));
    const [campaign] = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id)).limit(1);

    // The victim asks for an OTP; the attacker learns the code.
    await t.app.inject(json('POST', '/api/generate-otp/', {}, victimTenant.user.auth));
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, victimTenant.user.email)).orderBy(desc(outbox.createdAt)).limit(1);
    const otp = /\b(\d{6})\b/.exec(mail.textBody)![1];

    // The victim starts connecting another account in their browser and consents; the attacker has the callback link.
    const victimBrowser = new TestBrowser();
    const started = await startConnection(t.app, victimTenant.user, 'google', victimBrowser);
    const oauthQuery = await consent(started.auth_url, { accountIds: [sandbox.world.accounts('google')[2].id] });

    victim = {
      tenant: victimTenant,
      userId,
      workspaceId,
      accountUuid: account.id,
      connectionId: account.connectionId,
      campaignUuid: campaign.id,
      platformCampaignId: campaign.campaignId,
      refresh: victimTenant.user.session.refresh,
      otp,
      oauthQuery,
      browser: victimBrowser,
    };
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  /** Everything of the victim's a route could read or change, in the database and at the platform. */
  async function victimState() {
    const { db } = t.app.ctx;
    const accounts = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, victim.workspaceId));
    const refs = accounts.map((a) => a.id);
    const [metrics] = await executeRows<{ rows: number | string }>(db, sql`select count(*) as rows from metrics_daily where account_ref in ${refs.length ? sql`(${sql.join(refs.map((r) => sql`${r}`), sql`, `)})` : sql`(null)`}`);
    return JSON.stringify({
      user: await db.select().from(users).where(eq(users.id, victim.userId)),
      accounts,
      connections: await db.select().from(platformConnections).where(eq(platformConnections.workspaceId, victim.workspaceId)),
      campaigns: refs.length ? await db.select().from(campaigns).where(inArray(campaigns.accountRef, refs)).orderBy(campaigns.id) : [],
      syncState: await db.select().from(syncState).where(inArray(syncState.connectionId, accounts.map((a) => a.connectionId))),
      sessions: await db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, victim.userId))).orderBy(refreshTokens.id),
      otp: await db.select().from(otpCodes).where(eq(otpCodes.userId, victim.userId)).orderBy(otpCodes.id),
      newsletter: await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, victim.userId)),
      metricRows: Number(metrics.rows),
      atThePlatform: sandbox.world.status('google', victim.platformCampaignId),
    });
  }

  /** The victim's identifiers no reply to the attacker may contain. */
  const secretsOf = (v: Victim) => [v.tenant.user.email, v.userId, v.workspaceId, v.accountUuid, v.connectionId, v.campaignUuid, v.platformCampaignId, v.tenant.platformAccountId, v.refresh];

  it('has an entry for every registered API route, and none for routes that are gone', () => {
    const registered = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/')).map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('lets the attacker read nothing and change nothing of the victim’s', async () => {
    const before = await victimState();
    const attackerBrowser = new TestBrowser();
    for (const [route, probe] of Object.entries(MATRIX)) {
      for (const request of probe.requests(victim, attacker)) {
        const response: LightMyRequestResponse =
          route === 'GET /api/oauth/:platform/callback'
            ? await callbackResponse(t.app, victim.tenant.platform, victim.oauthQuery, attackerBrowser)
            : await t.app.inject({ remoteAddress: attackerBrowser.remoteAddress, ...request });
        const where = `${route} (${probe.scope}) → ${response.statusCode}`;
        expect({ where, serverError: response.statusCode >= 500 }).toEqual({ where, serverError: false });
        const leaked = secretsOf(victim).filter((secret) => response.body.includes(secret));
        expect({ where, leaked }).toEqual({ where, leaked: [] });
      }
    }
    // A third user erases their own account: nothing of the victim's goes with it.
    const third = await signUp(t.app);
    expect((await t.app.inject(json('POST', '/api/delete-account/', {}, third.auth))).statusCode).toBe(204);
    expect(await victimState()).toEqual(before);
  });

  it('kept the victim’s session, OTP and pending consent usable by the victim alone', async () => {
    // The attacker's browser could not finish the victim's flow, and its try spent the link: the
    // victim starts again rather than anyone finishing it with the URL in hand.
    const finished = await callbackResponse(t.app, victim.tenant.platform, victim.oauthQuery, victim.browser);
    expect(Object.fromEntries(new URL(finished.headers.location as string).searchParams)).toMatchObject({ invite_status: 'FAILED', reason: 'expired_state' });
    // The attacker's tries did not use up the victim's OTP: the victim can still verify it.
    const verified = await t.app.inject(json('POST', '/api/verify-otp/', { otp: victim.otp }, victim.tenant.user.auth));
    expect(verified.statusCode).toBe(200);
    const accounts = await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: attacker.user.auth });
    expect(accounts.json().map((a: { account_id: string }) => a.account_id)).toEqual([attacker.platformAccountId]);
  });
});
