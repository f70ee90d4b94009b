import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { CONNECT_FAILURE_REASONS } from '@shared/api/adAccounts';
import { PLATFORMS } from '@shared/constants';
import { OTP_MESSAGE } from '@shared/validation/otp';
import { eq } from 'drizzle-orm';

import { connectedAdAccounts, oauthStates, outbox, platformConnections, syncState, users } from '../../db/schema';
import { createSecretBox, SecretBoxError } from '../../lib/secretBox';
import { sandboxSettings } from '../../platforms/settings';
import { PlatformError } from '../../platforms/types';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import {
  callbackResponse,
  connectVia as connectViaSandbox,
  followCallback,
  startConnection,
  TestBrowser,
  workspaceIdOf,
} from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { consent, recordingRuntime } from '../../test/platforms';
import { AD_ACCOUNT_MESSAGES } from './adAccounts.service';
import { browserCookieName, browserCookieOptions, browserHash } from './browserBinding';

describe('connecting ad accounts through the platforms (sandbox)', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 11 });
    t = await buildTestApp({
      workers: false,
      // Platform retries do not wait (fault injection below would otherwise sleep through back-offs).
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const userId = async (user: TestUser) =>
    (await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0].id;
  const workspaceId = (user: TestUser) => workspaceIdOf(t.app, user);

  const connectVia = (
    user: TestUser,
    platform: string,
    choice: { accountIds?: string[]; deny?: boolean } = {},
    browser?: TestBrowser,
  ) => connectViaSandbox(t.app, user, platform, choice, browser);
  const callback = (platform: string, query: Record<string, string> | string, browser: TestBrowser) =>
    followCallback(t.app, platform, query, browser);
  const start = (user: TestUser, platform: string, browser: TestBrowser) =>
    startConnection(t.app, user, platform, browser);
  const startTrial = (user: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
  const injectFaults = (rule: object) =>
    sandbox.admin('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rule),
    });
  const clearFaults = () => sandbox.admin('/faults', { method: 'DELETE' });

  it('connects the accounts the user ticked and lists them', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
    const [first, second] = sandbox.world.accounts('google');
    const outcome = await connectVia(user, 'google', { accountIds: [first.id, second.id] });
    expect(outcome).toEqual({ invite_status: 'ALREADY_LINKED', platform: 'google', connected: '2' });

    const list = (await get('ad-accounts/', user)).json();
    expect(list.map((a: { platform: string; account_id: string }) => [a.platform, a.account_id])).toEqual([
      ['google', first.id],
      ['google', second.id],
    ]);
    expect(list[0]).toMatchObject({ name: first.name, currency: first.currency, status: 'active' });
    // The first connection earns its points once.
    expect((await get('user-info/', user)).json().gamification.points).toBeGreaterThanOrEqual(50);
  });

  it('keeps tokens sealed: no token in the database, unreadable without the key', async () => {
    const user = await signUp(t.app);
    await connectVia(user, 'tiktok');
    const [row] = await t.app.ctx.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.workspaceId, await workspaceId(user)));
    const tokens = t.app.services.connections.open(row.id, row.sealedTokens);
    expect(tokens.accessToken).toMatch(/^tiktok-at-/);
    expect(row.sealedTokens).not.toContain(tokens.accessToken);
    const otherKey = createSecretBox(Buffer.alloc(32, 7));
    expect(() => otherKey.open(row.sealedTokens, `connection:${row.id}`)).toThrow(SecretBoxError);
    // Bound to its row: the same ciphertext does not open as another connection.
    expect(() => t.app.services.connections.open('00000000-0000-0000-0000-000000000000', row.sealedTokens)).toThrow(
      SecretBoxError,
    );
  });

  it('rejects a replayed, unknown or foreign state, and a denial', async () => {
    const user = await signUp(t.app);
    await startTrial(user);
    const browser = new TestBrowser();
    const started = await start(user, 'google', browser);
    const query = await consent(started.auth_url);
    expect((await callback('google', query, browser)).invite_status).toBe('ALREADY_LINKED');
    expect(await callback('google', query, browser)).toEqual({
      invite_status: 'FAILED',
      platform: 'google',
      reason: 'expired_state',
    });
    expect(await callback('google', { ...query, state: 'made-up' }, browser)).toMatchObject({
      reason: 'expired_state',
    });

    // A state issued for one platform does not complete another.
    const tiktokStart = await start(user, 'tiktok', browser);
    const tiktokQuery = await consent(tiktokStart.auth_url);
    expect(await callback('google', tiktokQuery, browser)).toMatchObject({
      invite_status: 'FAILED',
      reason: 'expired_state',
    });

    const denied = await connectVia(user, 'google', { deny: true });
    expect(denied).toEqual({ invite_status: 'FAILED', platform: 'google', reason: 'denied' });
  });

  it('rejects a wrong PKCE verifier at the platform', async () => {
    const user = await signUp(t.app);
    const browser = new TestBrowser();
    const started = await start(user, 'google', browser);
    const query = await consent(started.auth_url);
    // Swap the stored verifier for another one, sealed the same way.
    const box = createSecretBox(t.config.encryptionKey);
    const [state] = await t.app.ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.userId, await userId(user)));
    await t.app.ctx.db
      .update(oauthStates)
      .set({ sealedVerifier: box.seal('x'.repeat(64), `oauth-state:${state.stateHash}`) })
      .where(eq(oauthStates.stateHash, state.stateHash));
    expect(await callback('google', query, browser)).toEqual({
      invite_status: 'FAILED',
      platform: 'google',
      reason: 'platform_error',
    });
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
  });

  it('holds the Starter plan to one account, before and after the consent page', async () => {
    const user = await signUp(t.app);
    const [first, second] = sandbox.world.accounts('google');
    const grantsBefore = sandbox.grants.liveGrants('google').length;
    const tooMany = await connectVia(user, 'google', { accountIds: [first.id, second.id] });
    expect(tooMany).toEqual({
      invite_status: 'FAILED',
      platform: 'google',
      reason: 'plan_limit',
      plan: 'starter',
      limit: '1',
    });
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
    // The grant it did not use was withdrawn at the platform.
    expect(sandbox.grants.liveGrants('google').length).toBe(grantsBefore);

    expect((await connectVia(user, 'google')).invite_status).toBe('ALREADY_LINKED');
    // The same platform may still be reconnected at the limit; another may not.
    expect((await get('auth/google/', user)).statusCode).toBe(200);
    const refused = await get('auth/tiktok/', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(AD_ACCOUNT_MESSAGES.planLimit('starter', 1));
    expect(refused.json().detail).toBe(
      'Your Starter plan allows 1 connected ad account. Disconnect one or upgrade to connect more.',
    );
  });

  it('marks a connection the platform revoked as needing a reconnect, keeps its accounts, tells the user once, and reconnects', async () => {
    const user = await signUp(t.app);
    await connectVia(user, 'tiktok');
    const [connection] = await t.app.ctx.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.workspaceId, await workspaceId(user)));
    sandbox.grants.revokeAll('tiktok');

    const use = () => t.app.services.connections.use(connection.id, 'tiktok', (client) => client.listAccounts());
    await expect(use()).rejects.toMatchObject({ kind: 'revoked' });
    await expect(use()).rejects.toBeInstanceOf(PlatformError);
    const list = (await get('ad-accounts/', user)).json();
    expect(list).toHaveLength(1);
    expect(list[0].status).toBe('needs_reconnect');
    const notices = (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).filter((m) =>
      m.subject.startsWith('Reconnect your TikTok'),
    );
    expect(notices).toHaveLength(1);

    expect((await connectVia(user, 'tiktok')).invite_status).toBe('ALREADY_LINKED');
    const after = (await get('ad-accounts/', user)).json();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: list[0].id, status: 'active' });
    const connections = await t.app.ctx.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.workspaceId, await workspaceId(user)));
    expect(connections.map((c) => c.status)).toEqual(['active']);
  });

  it('finds withdrawn grants in the daily connection check', async () => {
    const user = await signUp(t.app);
    await connectVia(user, 'google');
    // (Connections of earlier tests whose grants were withdrawn are found broken too.)
    await t.app.services.connections.checkAll();
    expect((await get('ad-accounts/', user)).json()[0].status).toBe('active');
    sandbox.grants.revokeAll('google');
    expect(await t.app.services.connections.checkAll()).toBeGreaterThanOrEqual(1);
    expect((await get('ad-accounts/', user)).json()[0].status).toBe('needs_reconnect');
  });

  it('revokes the grant at the platform when its last account is disconnected', async () => {
    const user = await signUp(t.app);
    await connectVia(user, 'google');
    const [account] = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.workspaceId, await workspaceId(user)));
    const [connection] = await t.app.ctx.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, account.connectionId));
    const tokens = t.app.services.connections.open(connection.id, connection.sealedTokens);
    expect(sandbox.grants.checkAccess('google', tokens.accessToken).ok).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/generate-otp/', headers: user.auth, payload: {} });
    const [mail] = (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).filter((m) =>
      m.subject.includes('verification code'),
    );
    const otp = /\b(\d{6})\b/.exec(mail.textBody)![1];
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/verify-otp/', headers: user.auth, payload: { otp } }))
        .statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/delete-connected-account/',
      headers: user.auth,
      payload: { accid: account.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
    expect(
      await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.id, connection.id)),
    ).toEqual([]);
    expect(sandbox.grants.checkAccess('google', tokens.accessToken)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('returns the PKCE verifier for X (spec) and nothing like it for the others', async () => {
    const user = await signUp(t.app);
    const x = (await get('auth/x/', user)).json();
    expect(x.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(new URL(x.auth_url).searchParams.get('code_challenge')).toBeTruthy();
    const tiktok = (await get('auth/tiktok/', user)).json();
    expect(tiktok.code_verifier).toBeUndefined();
  });

  it("uses only its own sealed copy of X's verifier: whatever the browser sends back is ignored", async () => {
    const user = await signUp(t.app);
    const browser = new TestBrowser();
    const started = await start(user, 'x', browser);
    const [state] = await t.app.ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.userId, await userId(user)));
    expect(state.sealedVerifier).not.toContain(started.code_verifier);
    const query = await consent(started.auth_url);
    // A verifier in the callback query (as a client might add from localStorage) is not read.
    expect(await callback('x', { ...query, code_verifier: 'x'.repeat(64) }, browser)).toMatchObject({
      invite_status: 'ALREADY_LINKED',
      platform: 'x',
    });
  });

  it('answers unknown platforms and signed-out callers clearly', async () => {
    const user = await signUp(t.app);
    const unknown = await get('auth/myspace/', user);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Unknown ad platform "myspace".');
    expect((await t.app.inject({ method: 'GET', url: '/api/ad-accounts/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/myspace/callback?code=1&state=2' })).statusCode).toBe(
      404,
    );
  });

  it('checks the disconnect and OTP bodies in the route: 400 with the field, 401 first when signed out', async () => {
    const user = await signUp(t.app);
    const post = (url: string, payload: unknown, headers: Record<string, string> = user.auth) =>
      t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });
    for (const body of [
      {},
      { accid: 'nope' },
      { accid: ['0b7c3e1e-3d4f-4c5a-9a1b-2c3d4e5f6a7b'] },
      { accid: { $ne: null } },
    ]) {
      const res = await post('delete-connected-account/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', field: 'accid' });
    }
    expect((await post('delete-connected-account/', {})).json().detail).toBe(AD_ACCOUNT_MESSAGES.pickAccount);
    // A well-formed id that is not the caller's: 404, not a hint that it exists.
    const missing = await post('delete-connected-account/', { accid: '0b7c3e1e-3d4f-4c5a-9a1b-2c3d4e5f6a7b' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(AD_ACCOUNT_MESSAGES.notConnected);
    expect((await post('delete-connected-account/', { accid: ['x'] }, {})).statusCode).toBe(401);

    for (const body of [{}, { otp: '12' }, { otp: ['123456'] }, { otp: 123456 }]) {
      const res = await post('verify-otp/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'otp' });
    }
    expect((await post('verify-otp/', { otp: '12' })).json().detail).toBe(OTP_MESSAGE);
    expect((await post('verify-otp/', { otp: '12' }, {})).statusCode).toBe(401);
    expect((await post('generate-otp/', {}, {})).statusCode).toBe(401);
  });

  describe('the browser binding (audit finding 1)', () => {
    it('sets a signed, HttpOnly, SameSite=Lax cookie for the OAuth callbacks only, and clears it once the flow is over', async () => {
      const user = await signUp(t.app);
      const browser = new TestBrowser();
      const res = await browser.get(t.app, '/api/auth/google/', user.auth);
      expect(res.statusCode).toBe(200);
      const [cookie] = res.cookies;
      expect(cookie).toMatchObject({
        name: browserCookieName('google'),
        path: '/api/oauth/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 600,
      });
      expect(cookie.secure).toBeFalsy();
      // The state keeps a hash of the nonce, never the cookie's value itself.
      const [state] = await t.app.ctx.db
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.userId, await userId(user)));
      const nonce = cookie.value.slice(0, cookie.value.lastIndexOf('.'));
      expect(state.browserHash).toBe(browserHash(nonce));
      expect(state.browserHash).not.toContain(nonce);
      // Only the callbacks get it.
      expect(browser.cookieHeader('/api/ad-accounts/')).toBeUndefined();
      expect(browser.cookieHeader('/api/oauth/google/callback')).toContain(browserCookieName('google'));

      const done = await callbackResponse(t.app, 'google', await consent(res.json().auth_url), browser);
      expect(new URL(done.headers.location as string).searchParams.get('invite_status')).toBe('ALREADY_LINKED');
      expect(done.cookies).toEqual([
        expect.objectContaining({ name: browserCookieName('google'), value: '', path: '/api/oauth/' }),
      ]);
      expect(browser.cookieNames()).toEqual([]);
    });

    it('marks the cookie Secure in production only', () => {
      expect(browserCookieOptions({ apiBase: '/api', env: 'production' })).toEqual({
        path: '/api/oauth/',
        httpOnly: true,
        sameSite: 'lax',
        secure: true,
        signed: true,
      });
      expect(browserCookieOptions({ apiBase: '/api', env: 'development' }).secure).toBe(false);
    });

    it("refuses a consent link finished in another browser: the victim's accounts never reach the attacker", async () => {
      const attacker = await signUp(t.app);
      await startTrial(attacker);
      const attackersBrowser = new TestBrowser();
      const { auth_url } = await start(attacker, 'linkedin', attackersBrowser);
      const grantsBefore = sandbox.grants.liveGrants('linkedin').length;

      // The victim opens the link, consents, and the platform sends their browser (no cookie) back.
      const victimsBrowser = new TestBrowser();
      const query = await consent(auth_url, { accountIds: sandbox.world.accounts('linkedin').map((a) => a.id) });
      expect(await callback('linkedin', query, victimsBrowser)).toEqual({
        invite_status: 'FAILED',
        platform: 'linkedin',
        reason: 'wrong_browser',
      });

      expect((await get('ad-accounts/', attacker)).json()).toEqual([]);
      expect(
        await t.app.ctx.db
          .select()
          .from(platformConnections)
          .where(eq(platformConnections.workspaceId, await workspaceId(attacker))),
      ).toEqual([]);
      // The code was never exchanged: no new grant at the platform.
      expect(sandbox.grants.liveGrants('linkedin').length).toBe(grantsBefore);
      // Refusing spent the state: whoever started the flow cannot finish it later with the victim's
      // callback URL in hand, not even from the browser that holds the right cookie.
      const [state] = await t.app.ctx.db
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.userId, await userId(attacker)));
      expect(state.usedAt).not.toBeNull();
      expect(await callback('linkedin', query, attackersBrowser)).toEqual({
        invite_status: 'FAILED',
        platform: 'linkedin',
        reason: 'expired_state',
      });

      // A cookie the server did not sign, or signed for another flow, is refused the same way.
      const second = await start(attacker, 'linkedin', attackersBrowser);
      const secondQuery = await consent(second.auth_url);
      const forged = `${browserCookieName('linkedin')}=${encodeURIComponent('made-up-nonce.c2lnbmF0dXJl')}`;
      const withForged = await t.app.inject({
        method: 'GET',
        url: `/api/oauth/linkedin/callback?${new URLSearchParams(secondQuery)}`,
        headers: { cookie: forged },
      });
      expect(new URL(withForged.headers.location as string).searchParams.get('reason')).toBe('wrong_browser');
      const third = await start(attacker, 'linkedin', attackersBrowser);
      const thirdQuery = await consent(third.auth_url);
      const otherBrowser = new TestBrowser();
      await start(attacker, 'linkedin', otherBrowser);
      expect(await callback('linkedin', thirdQuery, otherBrowser)).toMatchObject({ reason: 'wrong_browser' });
      expect(sandbox.grants.liveGrants('linkedin').length).toBe(grantsBefore);
      expect((await get('ad-accounts/', attacker)).json()).toEqual([]);
    });

    it('refuses states from before the binding (no browser hash), even with a cookie', async () => {
      const user = await signUp(t.app);
      const browser = new TestBrowser();
      const { auth_url } = await start(user, 'meta', browser);
      await t.app.ctx.db
        .update(oauthStates)
        .set({ browserHash: null })
        .where(eq(oauthStates.userId, await userId(user)));
      expect(await callback('meta', await consent(auth_url), browser)).toEqual({
        invite_status: 'FAILED',
        platform: 'meta',
        reason: 'wrong_browser',
      });
      expect((await get('ad-accounts/', user)).json()).toEqual([]);
    });

    it('runs flows on two platforms side by side in one browser; for one platform the later flow wins', async () => {
      const user = await signUp(t.app);
      await startTrial(user);
      const browser = new TestBrowser();
      const google = await start(user, 'google', browser);
      const tiktok = await start(user, 'tiktok', browser);
      expect(browser.cookieNames().sort()).toEqual([browserCookieName('google'), browserCookieName('tiktok')]);
      const googleQuery = await consent(google.auth_url);
      const tiktokQuery = await consent(tiktok.auth_url);
      expect(await callback('tiktok', tiktokQuery, browser)).toMatchObject({
        invite_status: 'ALREADY_LINKED',
        platform: 'tiktok',
      });
      expect(await callback('google', googleQuery, browser)).toMatchObject({
        invite_status: 'ALREADY_LINKED',
        platform: 'google',
      });

      // Two flows for Meta in one browser (two tabs): the second cookie replaces the first.
      const first = await start(user, 'meta', browser);
      const second = await start(user, 'meta', browser);
      const firstQuery = await consent(first.auth_url);
      const secondQuery = await consent(second.auth_url);
      expect(await callback('meta', firstQuery, browser)).toEqual({
        invite_status: 'FAILED',
        platform: 'meta',
        reason: 'wrong_browser',
      });
      // The refused callback left the cookie for the flow it belongs to.
      expect(await callback('meta', secondQuery, browser)).toMatchObject({
        invite_status: 'ALREADY_LINKED',
        platform: 'meta',
      });
      expect(
        (await get('ad-accounts/', user))
          .json()
          .map((a: { platform: string }) => a.platform)
          .sort(),
      ).toEqual(['google', 'meta', 'tiktok']);
    });
  });

  describe('malformed callback queries', () => {
    it.each(PLATFORMS)(
      '%s: a repeated state (or code, or a NUL) ends on the accounts page as FAILED, never a 400 or 500',
      async (platform) => {
        const browser = new TestBrowser();
        for (const search of [
          'state=a&state=b',
          'state=a&state=b&code=c',
          'state[]=a',
          'state=a%00b&code=c',
          'state=s&code=a&code=b&auth_code=c&auth_code=d',
        ]) {
          const res = await callbackResponse(t.app, platform, search, browser);
          expect(res.statusCode).toBe(302);
          expect(Object.fromEntries(new URL(res.headers.location as string).searchParams)).toEqual({
            invite_status: 'FAILED',
            platform,
            reason: 'expired_state',
          });
          expect(res.headers['cache-control']).toBe('no-store');
        }
      },
    );

    it('does not use up a live state when the query around it is ambiguous', async () => {
      const user = await signUp(t.app);
      const browser = new TestBrowser();
      const { auth_url } = await start(user, 'google', browser);
      const query = await consent(auth_url);
      const doubled = `${new URLSearchParams(query)}&code=other`;
      expect(await callback('google', doubled, browser)).toMatchObject({
        invite_status: 'FAILED',
        reason: 'expired_state',
      });
      expect(await callback('google', query, browser)).toMatchObject({ invite_status: 'ALREADY_LINKED' });
    });

    it('still refuses repeated parameters with a 400 everywhere else', async () => {
      const user = await signUp(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/ad-accounts/?a=1&a=2', headers: user.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'a' });
    });
  });

  it('revokes the new grant when the platform fails after the code exchange', async () => {
    const user = await signUp(t.app);
    const grantsBefore = sandbox.grants.liveGrants('google').length;
    // Every account-list call fails (consent and token endpoints are never faulted).
    expect((await injectFaults({ platform: 'google', kind: 'server_error', times: 50 })).status).toBe(204);
    try {
      expect(await connectVia(user, 'google')).toEqual({
        invite_status: 'FAILED',
        platform: 'google',
        reason: 'platform_error',
      });
    } finally {
      await clearFaults();
    }
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
    expect(sandbox.grants.liveGrants('google').length).toBe(grantsBefore);
  });

  it('survives 20 callbacks for the same account at once (audit 6f): no 500, one account, one connection, its backfill queued', async () => {
    const user = await signUp(t.app);
    await startTrial(user);
    const [account] = sandbox.world.accounts('linkedin');
    // One user, twenty browsers (one browser holds one flow per platform: see browserBinding.ts).
    const browsers = Array.from({ length: 20 }, () => new TestBrowser());
    const queries: Record<string, string>[] = [];
    for (const browser of browsers)
      queries.push(await consent((await start(user, 'linkedin', browser)).auth_url, { accountIds: [account.id] }));

    const responses = await Promise.all(
      browsers.map((browser, i) => callbackResponse(t.app, 'linkedin', queries[i], browser)),
    );
    expect(responses.map((res) => res.statusCode)).toEqual(responses.map(() => 302));
    const outcomes = responses.map((res) => Object.fromEntries(new URL(res.headers.location as string).searchParams));
    for (const outcome of outcomes) {
      if (outcome.invite_status === 'FAILED') expect(CONNECT_FAILURE_REASONS).toContain(outcome.reason);
      else expect(outcome).toEqual({ invite_status: 'ALREADY_LINKED', platform: 'linkedin', connected: '1' });
    }
    expect(outcomes.filter((o) => o.invite_status === 'ALREADY_LINKED').length).toBeGreaterThanOrEqual(1);

    const id = await workspaceId(user);
    const accounts = await t.app.ctx.db
      .select()
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.workspaceId, id));
    const connections = await t.app.ctx.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.workspaceId, id));
    expect(accounts).toHaveLength(1);
    expect(connections).toHaveLength(1);
    expect(accounts[0].connectionId).toBe(connections[0].id);
    const states = await t.app.ctx.db.select().from(syncState).where(eq(syncState.workspaceId, id));
    expect(states).toEqual([expect.objectContaining({ connectionId: connections[0].id, status: 'queued' })]);
  });
});
