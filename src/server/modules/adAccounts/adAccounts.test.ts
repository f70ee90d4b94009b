import { eq } from 'drizzle-orm';
import { startSandbox, type RunningSandbox } from '@sandbox/sandbox';
import { AD_ACCOUNT_MESSAGES } from './adAccounts.service';
import { connectedAdAccounts, oauthStates, outbox, platformConnections, users } from '../../db/schema';
import { createSecretBox, SecretBoxError } from '../../lib/secretBox';
import { consent } from '../../platforms/testing';
import { sandboxSettings } from '../../platforms/settings';
import { PlatformError } from '../../platforms/types';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { connectVia as connectViaSandbox, followCallback } from '../../test/connect';

describe('connecting ad accounts through the platforms (sandbox)', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 11 });
    t = await buildTestApp({
      workers: false,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url, seed: 11, faults: [] } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const userId = async (user: TestUser) =>
    (await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0].id;

  const connectVia = (user: TestUser, platform: string, choice: { accountIds?: string[]; deny?: boolean } = {}) => connectViaSandbox(t.app, user, platform, choice);
  const callback = (platform: string, query: Record<string, string>) => followCallback(t.app, platform, query);

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
    const [row] = await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.userId, await userId(user)));
    const tokens = t.app.services.connections.open(row.id, row.sealedTokens);
    expect(tokens.accessToken).toMatch(/^tiktok-at-/);
    expect(row.sealedTokens).not.toContain(tokens.accessToken);
    const otherKey = createSecretBox(Buffer.alloc(32, 7));
    expect(() => otherKey.open(row.sealedTokens, `connection:${row.id}`)).toThrow(SecretBoxError);
    // Bound to its row: the same ciphertext does not open as another connection.
    expect(() => t.app.services.connections.open('00000000-0000-0000-0000-000000000000', row.sealedTokens)).toThrow(SecretBoxError);
  });

  it('rejects a replayed, unknown or foreign state, and a denial', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
    const started = await get('auth/google/', user);
    const query = await consent(started.json().auth_url);
    expect((await callback('google', query)).invite_status).toBe('ALREADY_LINKED');
    expect(await callback('google', query)).toEqual({ invite_status: 'FAILED', platform: 'google', reason: 'expired_state' });
    expect(await callback('google', { ...query, state: 'made-up' })).toMatchObject({ reason: 'expired_state' });

    // A state issued for one platform does not complete another.
    const metaStart = await get('auth/tiktok/', user);
    const metaQuery = await consent(metaStart.json().auth_url);
    expect(await callback('google', metaQuery)).toMatchObject({ invite_status: 'FAILED', reason: 'expired_state' });

    const denied = await connectVia(user, 'google', { deny: true });
    expect(denied).toEqual({ invite_status: 'FAILED', platform: 'google', reason: 'denied' });
  });

  it('rejects a wrong PKCE verifier at the platform', async () => {
    const user = await signUp(t.app);
    const started = await get('auth/google/', user);
    const query = await consent(started.json().auth_url);
    // Swap the stored verifier for another one, sealed the same way.
    const box = createSecretBox(t.config.encryptionKey);
    const [state] = await t.app.ctx.db.select().from(oauthStates).where(eq(oauthStates.userId, await userId(user)));
    await t.app.ctx.db
      .update(oauthStates)
      .set({ sealedVerifier: box.seal('x'.repeat(64), `oauth-state:${state.stateHash}`) })
      .where(eq(oauthStates.stateHash, state.stateHash));
    expect(await callback('google', query)).toEqual({ invite_status: 'FAILED', platform: 'google', reason: 'platform_error' });
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
  });

  it('holds the Starter plan to one account, before and after the consent page', async () => {
    const user = await signUp(t.app);
    const [first, second] = sandbox.world.accounts('google');
    const grantsBefore = sandbox.grants.liveGrants('google').length;
    const tooMany = await connectVia(user, 'google', { accountIds: [first.id, second.id] });
    expect(tooMany).toEqual({ invite_status: 'FAILED', platform: 'google', reason: 'plan_limit', plan: 'starter', limit: '1' });
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
    // The grant it did not use was withdrawn at the platform.
    expect(sandbox.grants.liveGrants('google').length).toBe(grantsBefore);

    expect((await connectVia(user, 'google')).invite_status).toBe('ALREADY_LINKED');
    // The same platform may still be reconnected at the limit; another may not.
    expect((await get('auth/google/', user)).statusCode).toBe(200);
    const refused = await get('auth/tiktok/', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(AD_ACCOUNT_MESSAGES.planLimit('starter', 1));
    expect(refused.json().detail).toBe('Your Starter plan allows 1 connected ad account. Disconnect one or upgrade to connect more.');
  });

  it('marks a connection the platform revoked as needing a reconnect, keeps its accounts, tells the user once, and reconnects', async () => {
    const user = await signUp(t.app);
    await connectVia(user, 'tiktok');
    const [connection] = await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.userId, await userId(user)));
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
    const connections = await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.userId, await userId(user)));
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
    const [account] = await t.app.ctx.db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.userId, await userId(user)));
    const [connection] = await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.id, account.connectionId));
    const tokens = t.app.services.connections.open(connection.id, connection.sealedTokens);
    expect(sandbox.grants.checkAccess('google', tokens.accessToken).ok).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/generate-otp/', headers: user.auth, payload: {} });
    const [mail] = (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).filter((m) => m.subject.includes('verification code'));
    const otp = /\b(\d{6})\b/.exec(mail.textBody)![1];
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-otp/', headers: user.auth, payload: { otp } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/delete-connected-account/', headers: user.auth, payload: { accid: account.id } });
    expect(res.statusCode).toBe(200);
    expect((await get('ad-accounts/', user)).json()).toEqual([]);
    expect(await t.app.ctx.db.select().from(platformConnections).where(eq(platformConnections.id, connection.id))).toEqual([]);
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

  it('answers unknown platforms and signed-out callers clearly', async () => {
    const user = await signUp(t.app);
    const unknown = await get('auth/myspace/', user);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Unknown ad platform "myspace".');
    expect((await t.app.inject({ method: 'GET', url: '/api/ad-accounts/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/myspace/callback?code=1&state=2' })).statusCode).toBe(404);
  });
});
