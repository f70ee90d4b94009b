import { LONG_LIVED_TOKEN_SECONDS } from '@sandbox/platforms/meta/oauth';
import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { ConnectedAdAccount } from '@shared/api/adAccounts';
import { and, eq, like } from 'drizzle-orm';

import { outbox, platformConnections } from '../../db/schema';
import { jobDefinition } from '../../jobs/registry';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectVia, workspaceIdOf } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { CONNECTION_CHECK_JOB } from './connections';

/**
 * Connections that end soon unless someone reconnects them: GET ad-accounts/ says when and
 * whether that is within a week, and the daily check e-mails the people who may reconnect, once
 * per expiry date. Tokens come from the sandbox's real OAuth flows; the end is moved by writing
 * access_expires_at, the column the rule reads.
 */
describe('expiring connections', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 13 });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const list = async (user: TestUser): Promise<ConnectedAdAccount[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/ad-accounts/', headers: user.auth })).json();
  const connectionOf = async (user: TestUser, platform: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(platformConnections)
        .where(eq(platformConnections.workspaceId, await workspaceIdOf(t.app, user)))
    ).find((c) => c.platform === platform)!;
  const endIn = async (connectionId: string, ms: number) => {
    const at = new Date(Date.now() + ms);
    await t.app.ctx.db
      .update(platformConnections)
      .set({ accessExpiresAt: at })
      .where(eq(platformConnections.id, connectionId));
    return at;
  };
  const DAY = 86_400_000;

  it("reports a Meta connection's 60-day end from the token exchange, not yet expiring", async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'meta');
    const [account] = await list(user);
    expect(account.expiring).toBe(false);
    const days = (Date.parse(account.expires_at!) - Date.now()) / DAY;
    expect(days).toBeCloseTo(LONG_LIVED_TOKEN_SECONDS / 86_400, 0);
  });

  it('reports a Meta connection ending within 7 days as expiring, with its date', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'meta');
    const at = await endIn((await connectionOf(user, 'meta')).id, 3 * DAY);
    const [account] = await list(user);
    expect(account).toMatchObject({ platform: 'meta', status: 'active', expiring: true, expires_at: at.toISOString() });
  });

  it('never reports a refreshable Google connection as expiring, even an hour before its access token ends', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'google');
    await endIn((await connectionOf(user, 'google')).id, 3_600_000);
    const [account] = await list(user);
    expect(account).toMatchObject({ platform: 'google', expiring: false, expires_at: null });
  });

  it('does not call a connection that already needs reconnecting expiring', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'meta');
    const connection = await connectionOf(user, 'meta');
    await endIn(connection.id, DAY);
    await t.app.ctx.db
      .update(platformConnections)
      .set({ status: 'needs_reconnect' })
      .where(eq(platformConnections.id, connection.id));
    expect((await list(user))[0]).toMatchObject({ status: 'needs_reconnect', expiring: false });
  });

  it('e-mails the owner once per expiry date, and again for a new date', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'meta');
    const connection = await connectionOf(user, 'meta');
    const notices = async () =>
      t.app.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, user.email), like(outbox.subject, 'Reconnect Meta before %')));

    await t.app.services.connections.sendExpiryNotices();
    expect(await notices()).toHaveLength(0);

    const first = await endIn(connection.id, 5 * DAY);
    await t.app.services.connections.sendExpiryNotices();
    await t.app.services.connections.sendExpiryNotices();
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain(first.toISOString().slice(0, 10));
    expect(sent[0].textBody).toContain('/connected-accounts');

    await endIn(connection.id, 6 * DAY);
    await t.app.services.connections.sendExpiryNotices();
    expect(await notices()).toHaveLength(2);
  });

  it('sends one notice when two checks run at once (the connection is claimed before the mail)', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'meta');
    const connection = await connectionOf(user, 'meta');
    await endIn(connection.id, 4 * DAY);
    await Promise.all([t.app.services.connections.sendExpiryNotices(), t.app.services.connections.sendExpiryNotices()]);
    const sent = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user.email), like(outbox.subject, 'Reconnect Meta before %')));
    expect(sent).toHaveLength(1);
  });

  it('the daily connection check sends the notice for a TikTok-like connection nothing renews', async () => {
    const user = await signUp(t.app);
    await connectVia(t.app, user, 'tiktok');
    const connection = await connectionOf(user, 'tiktok');
    // TikTok's advertiser tokens carry no expiry; one given an end is renewed by nothing, so it stays expiring.
    const at = await endIn(connection.id, 2 * DAY);
    await jobDefinition(t.app.ctx, t.app.services, CONNECTION_CHECK_JOB).handler(
      {},
      { jobId: 'test', log: t.app.log, lastTry: false },
    );
    const sent = await t.app.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user.email), like(outbox.subject, 'Reconnect TikTok before %')));
    expect(sent.map((m) => m.subject)).toEqual([expect.stringContaining(at.toISOString().slice(0, 10))]);
    expect((await list(user))[0]).toMatchObject({ status: 'active', expiring: true });
  });
});
