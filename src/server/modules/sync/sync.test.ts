import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { Platform } from '@shared/constants';
import { addDays, localDay } from '@shared/days';
import { SYNC_CADENCE_MESSAGE } from '@shared/validation/dashboard';
import { and, eq, sql } from 'drizzle-orm';

import { executeRows } from '../../db/connect';
import {
  accountDaily,
  ads,
  campaigns,
  connectedAdAccounts,
  metricsDaily,
  platformConnections,
  syncState,
} from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { upsertAdStatuses, writeWindow } from './ingest.queries';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, retryDelayMs, SYNC_BACKOFF_BASE_MS, SYNC_JOB } from './sync.service';

describe('retryDelayMs', () => {
  it('grows exponentially with jitter between half and all of the ceiling', () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(SYNC_BACKOFF_BASE_MS / 2);
    expect(retryDelayMs(0, undefined, () => 1)).toBe(SYNC_BACKOFF_BASE_MS);
    expect(retryDelayMs(3, undefined, () => 1)).toBe(SYNC_BACKOFF_BASE_MS * 8);
    expect(retryDelayMs(30, undefined, () => 1)).toBe(30 * 60_000);
  });

  it('never waits less than the platform asked', () => {
    expect(retryDelayMs(0, 600_000, () => 0.5)).toBe(600_000);
  });
});

describe('the sync engine against the sandbox', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  const runtime = recordingRuntime();

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 23, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: runtime,
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  afterEach(() => sandbox.faults.clear());

  const db = () => t.app.ctx.db;
  const sync = () => t.app.services.sync;

  async function trialUser(): Promise<TestUser> {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
    return user;
  }

  async function accountsOf(connectionId: string) {
    return db().select().from(connectedAdAccounts).where(eq(connectedAdAccounts.connectionId, connectionId));
  }

  async function stored(accountRef: string, level: 'campaign' | 'ad', since: string, until: string) {
    const [row] = await executeRows<{
      spend: string;
      impressions: string;
      clicks: string;
      conversions: number;
      value: string;
      n: string;
    }>(
      db(),
      sql`select coalesce(sum(spend_minor), 0) as spend, coalesce(sum(impressions), 0) as impressions, coalesce(sum(clicks), 0) as clicks,
                 coalesce(sum(conversions), 0) as conversions, coalesce(sum(conversion_value_minor), 0) as value, count(*) as n
          from metrics_daily where account_ref = ${accountRef}::uuid and level = ${level} and day between ${since}::date and ${until}::date`,
    );
    return {
      spendMinor: Number(row.spend),
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
      conversionValueMinor: Number(row.value),
      rows: Number(row.n),
    };
  }

  /** The 90-day window of an account, as the sync computes it. */
  const window = (timeZone: string, days = BACKFILL_DAYS) => {
    const until = localDay(new Date(), timeZone);
    return { since: addDays(until, -(days - 1)), until };
  };

  async function expectEqualsSandbox(platform: Platform, account: typeof connectedAdAccounts.$inferSelect) {
    const { since, until } = window(account.timeZone);
    const truth = sandbox.world.totals(platform, account.accountId, since, until);
    const { rows: campaignRowCount, ...campaignTotals } = await stored(account.id, 'campaign', since, until);
    const { rows: _adRows, ...adTotals } = await stored(account.id, 'ad', since, until);
    expect(campaignTotals).toEqual(truth);
    expect(adTotals).toEqual(truth);
    expect(campaignRowCount).toBe(sandbox.world.rows(platform, account.accountId, since, until, 'campaign').length);
    const [rollup] = await executeRows<{ spend: string }>(
      db(),
      sql`select coalesce(sum(spend_minor), 0) as spend from account_daily where account_ref = ${account.id}::uuid and day between ${since}::date and ${until}::date`,
    );
    expect(Number(rollup.spend)).toBe(truth.spendMinor);
  }

  it('backfills 90 days by campaign and by ad; the database equals the sandbox exactly', async () => {
    const user = await trialUser();
    const [first, second] = sandbox.world.accounts('google');
    await connectVia(t.app, user, 'google', { accountIds: [first.id, second.id] });
    const connection = await connectionOf(t.app, user, 'google');

    const outcome = await sync().syncConnection(connection.id);
    expect(outcome).toMatchObject({ status: 'done', mode: 'backfill' });
    for (const account of await accountsOf(connection.id)) await expectEqualsSandbox('google', account);

    // Campaigns with their name, status and budget as the platform lists them.
    const [accountRow] = await accountsOf(connection.id);
    const saved = await db().select().from(campaigns).where(eq(campaigns.accountRef, accountRow.id));
    const sandboxAccount = sandbox.world.accounts('google').find((a) => a.id === accountRow.accountId)!;
    expect(saved.length).toBe(sandboxAccount.campaigns.length);
    for (const campaign of saved) {
      const truth = sandboxAccount.campaigns.find((c) => c.id === campaign.campaignId)!;
      expect(campaign.name).toBe(truth.name);
      expect(campaign.status).toBe(sandbox.world.status('google', campaign.campaignId));
      expect(campaign.dailyBudgetMinor).toBe(sandbox.world.dailyBudgetMinor('google', campaign.campaignId));
    }

    const status = await sync().status(
      (await db().select().from(platformConnections).where(eq(platformConnections.id, connection.id)))[0].workspaceId,
    );
    expect(status.running).toBe(false);
    expect(status.connections[0]).toMatchObject({
      status: 'idle',
      backfilled: true,
      progress: { done: 6, total: 6 },
      last_error: null,
    });
    expect(status.last_synced_at).not.toBeNull();
  });

  it('incremental runs re-read the last 3 days: restated days are corrected, older days untouched, vanished rows removed', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'meta');
    const connection = await connectionOf(t.app, user, 'meta');
    await sync().syncConnection(connection.id);
    const [account] = await accountsOf(connection.id);
    const today = localDay(new Date(), account.timeZone);
    const yesterday = addDays(today, -1);
    const old = addDays(today, -(RESTATEMENT_DAYS + 5));

    // The stored copy drifts from the platform: yesterday's numbers and an old day were changed,
    // and a row exists that the platform does not report.
    await db()
      .update(metricsDaily)
      .set({ spendMinor: 1 })
      .where(and(eq(metricsDaily.accountRef, account.id), eq(metricsDaily.day, yesterday)));
    await db()
      .update(metricsDaily)
      .set({ spendMinor: 1 })
      .where(and(eq(metricsDaily.accountRef, account.id), eq(metricsDaily.day, old)));
    await db().insert(metricsDaily).values({
      accountRef: account.id,
      level: 'campaign',
      entityId: 'ghost',
      day: today,
      campaignId: 'ghost',
      currency: account.currency,
      spendMinor: 999,
      impressions: 1,
      clicks: 0,
      conversions: 0,
      conversionValueMinor: 0,
    });

    const outcome = await sync().syncConnection(connection.id);
    expect(outcome).toMatchObject({ status: 'done', mode: 'incremental' });
    const recent = { since: addDays(today, -(RESTATEMENT_DAYS - 1)), until: today };
    const { rows: _n, ...recentTotals } = await stored(account.id, 'campaign', recent.since, recent.until);
    expect(recentTotals).toEqual(sandbox.world.totals('meta', account.accountId, recent.since, recent.until));
    // Outside the window the drift stays: incremental runs do not re-read 90 days.
    const oldRows = await db()
      .select()
      .from(metricsDaily)
      .where(
        and(eq(metricsDaily.accountRef, account.id), eq(metricsDaily.day, old), eq(metricsDaily.level, 'campaign')),
      );
    expect(oldRows.every((row) => row.spendMinor === 1)).toBe(true);
    const rollup = await db()
      .select()
      .from(accountDaily)
      .where(and(eq(accountDaily.accountRef, account.id), eq(accountDaily.day, today)));
    expect(rollup[0]?.spendMinor ?? 0).toBe(sandbox.world.totals('meta', account.accountId, today, today).spendMinor);

    // A backfill puts the old day right again.
    await sync().syncConnection(connection.id, 'backfill');
    await expectEqualsSandbox('meta', account);
  });

  it('overlapping runs neither duplicate nor lose rows', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'linkedin');
    const connection = await connectionOf(t.app, user, 'linkedin');
    const outcomes = await Promise.all([sync().syncConnection(connection.id), sync().syncConnection(connection.id)]);
    // One run per connection at a time: the second finds the lease taken.
    expect(outcomes.map((o) => o.status).sort()).toEqual(['done', 'skipped']);
    const [account] = await accountsOf(connection.id);
    await expectEqualsSandbox('linkedin', account);

    // Two writers of the same window at once (say, a run whose lease was taken over).
    const { since, until } = window(account.timeZone);
    const rows = await t.app.services.connections
      .client(connection.id, 'linkedin')
      .report(
        { id: account.accountId, name: account.name, currency: account.currency, timeZone: account.timeZone },
        { level: 'campaign', since, until },
      );
    await Promise.all(
      [0, 1, 2].map(() =>
        db().transaction((tx) => writeWindow(tx, { accountRef: account.id, level: 'campaign', since, until }, rows)),
      ),
    );
    await expectEqualsSandbox('linkedin', account);
  });

  it('stores each listed ad’s creative (text, button, landing page, image URL) in ads.creative', async () => {
    const user = await trialUser();
    const [first] = sandbox.world.accounts('tiktok');
    await connectVia(t.app, user, 'tiktok', { accountIds: [first.id] });
    const connection = await connectionOf(t.app, user, 'tiktok');
    expect(await sync().syncConnection(connection.id)).toMatchObject({ status: 'done' });

    const [account] = await accountsOf(connection.id);
    const saved = await db().select().from(ads).where(eq(ads.accountRef, account.id));
    const sandboxAds = first.campaigns.flatMap((c) => c.ads);
    expect(saved.length).toBe(sandboxAds.length);
    for (const row of saved) {
      const truth = sandboxAds.find((ad) => ad.id === row.adId)!;
      expect(row.creative).toEqual({
        headlines: [],
        primaryText: truth.copy.primaryText,
        description: null,
        callToAction: truth.copy.callToAction,
        landingUrl: truth.copy.landingUrl,
        imageUrl: expect.stringContaining(truth.copy.image!.key),
      });
    }

    // The column mirrors the last listing: an ad listed without a creative holds null again.
    const [one] = saved;
    await upsertAdStatuses(
      db(),
      account.id,
      [{ id: one.adId, name: one.name, campaignId: one.campaignId, status: 'ACTIVE', creative: null }],
      new Date(),
    );
    const [after] = await db()
      .select()
      .from(ads)
      .where(and(eq(ads.accountRef, account.id), eq(ads.adId, one.adId)));
    expect(after.creative).toBeNull();
  });

  it('a rate limit longer than a request may wait schedules a retry no sooner than the platform asked', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'google');
    const connection = await connectionOf(t.app, user, 'google');
    // This test runs the backfill the connect queued by hand (no workers here).
    await db().execute(sql`delete from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id}`);
    sandbox.faults.add({ platform: 'google', kind: 'rate_limit', times: 50, retryAfterSeconds: 600 });

    const outcome = await sync().syncConnection(connection.id);
    expect(outcome.status).toBe('retrying');
    if (outcome.status === 'retrying') expect(outcome.delayMs).toBeGreaterThanOrEqual(600_000);
    const [state] = await db().select().from(syncState).where(eq(syncState.connectionId, connection.id));
    expect(state).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(state.lastError).toMatch(/Google Ads is rate limiting/);
    expect(+state.nextAttemptAt! - Date.now()).toBeGreaterThan(590_000);
    const [job] = await executeRows<{ start_after: Date; data: { attempt: number } }>(
      db(),
      sql`select start_after, data from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id} and state = 'created'`,
    );
    expect(job.data.attempt).toBe(1);
    expect(+new Date(job.start_after) - Date.now()).toBeGreaterThan(590_000);

    // A run that comes early (a Refresh) does not knock again before the time the platform gave.
    expect(await sync().syncConnection(connection.id)).toEqual({ status: 'skipped', reason: 'waiting' });

    // The retry, once the platform lets us in again, finishes the work.
    sandbox.faults.clear();
    await db()
      .update(syncState)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(syncState.connectionId, connection.id));
    expect(await sync().syncConnection(connection.id, 'backfill', 1)).toMatchObject({ status: 'done' });
    const [account] = await accountsOf(connection.id);
    await expectEqualsSandbox('google', account);
    const [after] = await db().select().from(syncState).where(eq(syncState.connectionId, connection.id));
    expect(after).toMatchObject({ status: 'idle', attempts: 0, lastError: null });
  });

  it('rides out short 5xx and 429 bursts inside the run (backing off as the platform says)', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'x');
    const connection = await connectionOf(t.app, user, 'x');
    sandbox.faults.add({ platform: 'x', kind: 'server_error', times: 2 });
    sandbox.faults.add({ platform: 'x', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    const before = runtime.sleeps.length;
    expect(await sync().syncConnection(connection.id)).toMatchObject({ status: 'done' });
    expect(runtime.sleeps.length - before).toBeGreaterThanOrEqual(3);
    expect(runtime.sleeps.slice(before)).toEqual(expect.arrayContaining([expect.any(Number)]));
    const [account] = await accountsOf(connection.id);
    await expectEqualsSandbox('x', account);
  });

  it('a failing platform does not stop the others', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'meta');
    await connectVia(t.app, user, 'google');
    const meta = await connectionOf(t.app, user, 'meta');
    const google = await connectionOf(t.app, user, 'google');
    sandbox.faults.add({ platform: 'meta', kind: 'server_error', times: 500 });

    const outcomes = await Promise.all([sync().syncConnection(meta.id), sync().syncConnection(google.id)]);
    expect(outcomes[0].status).toBe('retrying');
    expect(outcomes[1].status).toBe('done');
    const [googleAccount] = await accountsOf(google.id);
    await expectEqualsSandbox('google', googleAccount);
    const status = await sync().status(meta.workspaceId);
    const byPlatform = Object.fromEntries(status.connections.map((c) => [c.platform, c]));
    expect(byPlatform.meta).toMatchObject({
      status: 'retrying',
      last_error: expect.stringMatching(/Meta is not answering/),
    });
    expect(byPlatform.google).toMatchObject({ status: 'idle', backfilled: true });
  });

  it('a withdrawn grant fails the sync without retrying and marks the connection for reconnecting', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'linkedin');
    const connection = await connectionOf(t.app, user, 'linkedin');
    sandbox.faults.add({ platform: 'linkedin', kind: 'revoked', times: 5 });
    const outcome = await sync().syncConnection(connection.id);
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/LinkedIn ended Adwise's access/) });
    const [row] = await db().select().from(platformConnections).where(eq(platformConnections.id, connection.id));
    expect(row.status).toBe('needs_reconnect');
    const status = await sync().status(row.workspaceId);
    expect(status.connections[0]).toMatchObject({ status: 'needs_reconnect' });
    expect(await sync().syncConnection(connection.id)).toEqual({ status: 'skipped', reason: 'inactive' });
  });

  it('connecting queues the backfill and a manual sync queues one run per connection', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'google');
    const connection = await connectionOf(t.app, user, 'google');
    const queued = await executeRows<{ data: { mode: string } }>(
      db(),
      sql`select data from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id} and state = 'created'`,
    );
    expect(queued.map((job) => job.data.mode)).toEqual(['backfill']);
    const [state] = await db().select().from(syncState).where(eq(syncState.connectionId, connection.id));
    expect(state.status).toBe('queued');

    // A manual sync while one waits is absorbed by it (stately queue: one waiting, one running).
    const res = await t.app.inject({ method: 'POST', url: '/api/sync/', headers: user.auth, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ running: true, connections: [{ platform: 'google', status: 'queued' }] });
    const after = await executeRows<{ n: string }>(
      db(),
      sql`select count(*) as n from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id} and state = 'created'`,
    );
    expect(Number(after[0].n)).toBe(1);
  });

  it('syncs each workspace at its own cadence: hourly by default, from every 15 minutes to once a day', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'google');
    const connection = await connectionOf(t.app, user, 'google');
    expect(await sync().syncConnection(connection.id)).toMatchObject({ status: 'done' });
    const waiting = async () => {
      const [row] = await executeRows<{ n: string }>(
        db(),
        sql`select count(*) as n from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id} and state = 'created'`,
      );
      return Number(row.n);
    };
    const syncedMinutesAgo = (minutes: number) =>
      db()
        .update(syncState)
        .set({ lastSyncedAt: new Date(Date.now() - minutes * 60_000), status: 'idle' })
        .where(eq(syncState.connectionId, connection.id));
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/sync/settings/', headers: user.auth, payload });
    await db().execute(sql`delete from pgboss.job where name = ${SYNC_JOB} and singleton_key = ${connection.id}`);

    expect((await t.app.inject({ method: 'GET', url: '/api/sync/', headers: user.auth })).json().interval_minutes).toBe(
      60,
    );
    await syncedMinutesAgo(14);
    await sync().enqueueDue();
    expect(await waiting()).toBe(0);

    const set = await put({ interval_minutes: 15 });
    expect(set.statusCode).toBe(200);
    expect(set.json().interval_minutes).toBe(15);
    await sync().enqueueDue();
    expect(await waiting()).toBe(1);

    for (const payload of [
      { interval_minutes: 10 },
      { interval_minutes: 2000 },
      { interval_minutes: '15' },
      { interval_minutes: 15.5 },
      {},
    ]) {
      const res = await put(payload);
      expect({ payload, status: res.statusCode, detail: res.json().detail }).toEqual({
        payload,
        status: 400,
        detail: SYNC_CADENCE_MESSAGE,
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/', headers: user.auth })).json().interval_minutes).toBe(
      15,
    );
  });

  it('sync/ (sync.routes.ts): signed in, dashboard access before anything else, a known platform, never cached', async () => {
    const post = (headers: Record<string, string> | undefined, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/sync/', headers, payload: payload as object });
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/' })).statusCode).toBe(401);
    expect((await post(undefined, { platform: 'myspace' })).statusCode).toBe(401);

    const visitor = await signUp(t.app);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/sync/', headers: visitor.auth }),
      await post(visitor.auth, {}),
      await post(visitor.auth, { platform: 'myspace' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Start your free trial to use the dashboard.');
    }

    const user = await trialUser();
    const status = await t.app.inject({ method: 'GET', url: '/api/sync/', headers: user.auth });
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json()).toEqual({ running: false, interval_minutes: 60, last_synced_at: null, connections: [] });
    for (const payload of [{}, { platform: 'all' }, { platform: null }, { platform: 'meta' }])
      expect((await post(user.auth, payload)).statusCode).toBe(200);
    for (const platform of ['myspace', 5, ['google']]) {
      const bad = await post(user.auth, { platform });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ detail: 'Unknown ad platform.', field: 'platform' });
    }
  });
});
