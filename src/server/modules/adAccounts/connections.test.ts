import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { Platform } from '@shared/constants';
import { eq } from 'drizzle-orm';

import { outbox, platformConnections } from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { EXPIRED_TOKEN_STRIKES } from './connections';

/** An app on its own sandbox, for connection bookkeeping that reads every active connection. */
async function startApp(seed: number): Promise<{ t: TestApp; sandbox: RunningSandbox }> {
  const sandbox = await startSandbox({ seed, sleep: async () => {} });
  const t = await buildTestApp({
    workers: false,
    config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
  });
  return { t, sandbox };
}

describe('expired tokens and the "needs reconnect" mark', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    ({ t, sandbox } = await startApp(31));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  afterEach(() => sandbox.faults.clear());

  async function connected(platform: Platform): Promise<{ user: TestUser; connectionId: string }> {
    const user = await signUp(t.app);
    await connectVia(t.app, user, platform);
    return { user, connectionId: (await connectionOf(t.app, user, platform)).id };
  }

  const listAccounts = (connectionId: string, platform: Platform) =>
    t.app.services.connections.use(connectionId, platform, (client) => client.listAccounts());

  async function statusOf(connectionId: string) {
    const [row] = await t.app.ctx.db
      .select({ status: platformConnections.status })
      .from(platformConnections)
      .where(eq(platformConnections.id, connectionId));
    return row.status;
  }

  async function reconnectNotices(user: TestUser) {
    return (await t.app.ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email))).filter((mail) =>
      mail.subject.startsWith('Reconnect your'),
    );
  }

  /** One use of a Google connection whose token is called expired before and after the refresh. */
  async function expiredGoogleUse(connectionId: string) {
    sandbox.faults.add({ platform: 'google', kind: 'expired_token', times: 2 });
    await expect(listAccounts(connectionId, 'google')).rejects.toMatchObject({ kind: 'auth_expired' });
  }

  it('keeps a connection whose token outlived the refresh once, and marks it when that repeats on separate uses', async () => {
    const { user, connectionId } = await connected('google');
    for (let use = 1; use < EXPIRED_TOKEN_STRIKES; use += 1) {
      await expiredGoogleUse(connectionId);
      expect(await statusOf(connectionId)).toBe('active');
    }
    expect(await reconnectNotices(user)).toHaveLength(0);

    await expiredGoogleUse(connectionId);
    expect(await statusOf(connectionId)).toBe('needs_reconnect');
    expect(await reconnectNotices(user)).toHaveLength(1);
  });

  it('starts counting again after a use that works', async () => {
    const { connectionId } = await connected('google');
    for (let use = 1; use < EXPIRED_TOKEN_STRIKES; use += 1) await expiredGoogleUse(connectionId);
    await expect(listAccounts(connectionId, 'google')).resolves.toEqual(expect.any(Array));
    for (let use = 1; use < EXPIRED_TOKEN_STRIKES; use += 1) await expiredGoogleUse(connectionId);
    expect(await statusOf(connectionId)).toBe('active');
  });

  it('does not end a TikTok connection (no refresh there) on one expired-token answer', async () => {
    const { user, connectionId } = await connected('tiktok');
    sandbox.grants.expireAccessTokens('tiktok');
    // A sync's calls run side by side: failing on the same token, they are one strike.
    const parallel = await Promise.allSettled([1, 2, 3].map(() => listAccounts(connectionId, 'tiktok')));
    expect(parallel.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect(listAccounts(connectionId, 'tiktok')).rejects.toMatchObject({ code: '40102' });
    expect(await statusOf(connectionId)).toBe('active');

    for (let use = 3; use <= EXPIRED_TOKEN_STRIKES; use += 1)
      await expect(listAccounts(connectionId, 'tiktok')).rejects.toMatchObject({ code: '40102' });
    expect(await statusOf(connectionId)).toBe('needs_reconnect');
    expect(await reconnectNotices(user)).toHaveLength(1);
  });

  it('marks a connection at once when the refresh says the grant is gone', async () => {
    const { user, connectionId } = await connected('google');
    sandbox.grants.revokeAll('google');
    await expect(listAccounts(connectionId, 'google')).rejects.toMatchObject({ kind: 'revoked', needsReconnect: true });
    expect(await statusOf(connectionId)).toBe('needs_reconnect');
    expect(await reconnectNotices(user)).toHaveLength(1);
  });
});

describe('the daily connection check', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    ({ t, sandbox } = await startApp(37));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('counts a connection with an expired token as broken only once it is marked', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'tiktok');
    const checkAll = () => t.app.services.connections.checkAll();
    expect(await checkAll()).toBe(0);

    sandbox.grants.expireAccessTokens('tiktok');
    for (let run = 1; run < EXPIRED_TOKEN_STRIKES; run += 1) expect(await checkAll()).toBe(0);
    expect((await connectionOf(t.app, user, 'tiktok')).status).toBe('active');
    expect(await checkAll()).toBe(1);
    expect((await connectionOf(t.app, user, 'tiktok')).status).toBe('needs_reconnect');
  });
});
