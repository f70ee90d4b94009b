import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { eq, sql } from 'drizzle-orm';

import { executeRows } from '../../db/connect';
import { syncState } from '../../db/schema';
import { jobDefinition } from '../../jobs/registry';
import { manualClock } from '../../lib/clock';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, eventually, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { createSyncService, SYNC_JOB, SYNC_LEASE_MS, SYNC_STALL_MS } from './sync.service';

/**
 * A sync whose process was killed mid-run (kill -9) leaves its lease in sync_state and its
 * queue job active. The next run (a Refresh, the schedule, a direct run) takes it over once the
 * heartbeat is older than the lease window; a run whose heartbeat is fresh is never run twice.
 * No workers run here: `workOnce` is one poll of a sync worker, on the real queue.
 */
describe('a sync whose worker died is taken over', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  const clock = manualClock(SANDBOX_TEST_START);

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 29, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      clock,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const db = () => t.app.ctx.db;
  const sync = () => t.app.services.sync;

  async function stateOf(connectionId: string) {
    const [state] = await db().select().from(syncState).where(eq(syncState.connectionId, connectionId));
    return state;
  }

  /** One poll of a sync worker (jobs/queue.ts): the next job the queue lets run, run and completed. */
  async function workOnce() {
    const boss = t.app.ctx.queue.boss;
    const [job] = await boss.fetch<{ connectionId: string; mode: 'backfill' | 'incremental'; attempt: number }>(
      SYNC_JOB,
    );
    if (!job) return undefined;
    await jobDefinition(t.app.ctx, t.app.services, SYNC_JOB).handler(job.data, {
      jobId: job.id,
      log: t.app.log,
      lastTry: true,
    });
    await boss.complete(SYNC_JOB, job.id);
    return job;
  }

  async function jobsOf(connectionId: string) {
    return executeRows<{ id: string; singleton_key: string; state: string }>(
      db(),
      sql`select id, singleton_key, state from pgboss.job where name = ${SYNC_JOB} and data->>'connectionId' = ${connectionId} order by created_on`,
    );
  }

  /** A trial user with one Google Ads account, backfilled, and an empty sync queue. */
  async function synced(): Promise<{ user: TestUser; connectionId: string }> {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
    const [account] = sandbox.world.accounts('google');
    await connectVia(t.app, user, 'google', { accountIds: [account.id] });
    const connection = await connectionOf(t.app, user, 'google');
    expect(await workOnce()).toMatchObject({ data: { connectionId: connection.id, mode: 'backfill' } });
    expect(await stateOf(connection.id)).toMatchObject({ status: 'idle' });
    await db().execute(sql`delete from pgboss.job where name = ${SYNC_JOB}`);
    return { user, connectionId: connection.id };
  }

  /**
   * What kill -9 leaves of a run: its lease, whose heartbeat last beat `silentMs` ago, and its
   * queue job, active since the run began (2 minutes ago).
   */
  async function runLeftBehind(connectionId: string, silentMs: number): Promise<string> {
    const now = clock.now().getTime();
    await db()
      .update(syncState)
      .set({
        status: 'running',
        startedAt: new Date(now - 2 * 60_000),
        updatedAt: new Date(now - silentMs),
        progressDone: 1,
        progressTotal: 3,
      })
      .where(eq(syncState.connectionId, connectionId));
    // Deferred, so no worker takes it before it is set as the killed worker left it.
    const id = await t.app.ctx.queue.send(
      SYNC_JOB,
      { connectionId, mode: 'incremental', attempt: 0 },
      { singletonKey: connectionId, startAfter: new Date(Date.now() + 3_600_000) },
    );
    await db().execute(
      sql`update pgboss.job set state = 'active', start_after = now() - interval '2 minutes', started_on = now() - interval '2 minutes', heartbeat_on = now() - interval '2 minutes'
          where id = ${id}::uuid`,
    );
    return id!;
  }

  it('a Refresh takes over a run whose heartbeat stopped: its job is one the queue lets run at once', async () => {
    const { user, connectionId } = await synced();
    clock.advance(1_000);
    const deadJob = await runLeftBehind(connectionId, SYNC_LEASE_MS + 15_000);

    // Nobody is syncing any more: the status says so instead of 'running' until a lease runs out.
    const status = await t.app.inject({ method: 'GET', url: '/api/sync/', headers: user.auth });
    expect(status.json()).toMatchObject({
      running: false,
      connections: [
        {
          status: 'retrying',
          last_error: 'The Google Ads sync stopped before it finished; Adwise will run it again shortly.',
        },
      ],
    });

    const refresh = await t.app.inject({ method: 'POST', url: '/api/sync/', headers: user.auth, payload: {} });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({ running: true, connections: [{ status: 'queued' }] });

    // The next poll of a worker takes the new run (under a key of its own), which finishes the work.
    const job = await workOnce();
    expect(job).toMatchObject({ data: { connectionId } });
    const after = await stateOf(connectionId);
    expect(after).toMatchObject({
      status: 'idle',
      lastSyncedAt: clock.now(),
      startedAt: clock.now(),
      progressDone: 3,
      progressTotal: 3,
      lastError: null,
    });
    expect(await sync().status(after.workspaceId)).toMatchObject({
      running: false,
      connections: [{ status: 'idle', last_error: null }],
    });

    // The killed worker's job was failed, so it no longer holds the connection's key either: the
    // next Refresh runs at once instead of queueing behind it until pg-boss expires it.
    const jobs = await jobsOf(connectionId);
    expect(jobs.find((row) => row.id === deadJob)).toMatchObject({ state: 'failed' });
    expect(jobs.find((row) => row.id === job!.id)).toMatchObject({
      state: 'completed',
      singleton_key: expect.not.stringMatching(new RegExp(`^${connectionId}$`)),
    });
    clock.advance(1_000);
    await t.app.inject({ method: 'POST', url: '/api/sync/', headers: user.auth, payload: {} });
    expect(await workOnce()).toMatchObject({ data: { connectionId } });
    expect(await stateOf(connectionId)).toMatchObject({ status: 'idle', lastSyncedAt: clock.now() });
  });

  it('a run with a fresh heartbeat is respected: a Refresh waits behind it and nothing runs it twice', async () => {
    const { user, connectionId } = await synced();
    const liveJob = await runLeftBehind(connectionId, SYNC_LEASE_MS - 15_000);
    const before = await stateOf(connectionId);
    try {
      const status = await t.app.inject({ method: 'GET', url: '/api/sync/', headers: user.auth });
      expect(status.json()).toMatchObject({
        running: true,
        connections: [{ status: 'running', progress: { done: 1, total: 3 } }],
      });

      const refresh = await t.app.inject({ method: 'POST', url: '/api/sync/', headers: user.auth, payload: {} });
      expect(refresh.json()).toMatchObject({ running: true, connections: [{ status: 'running' }] });
      await sync().enqueueDue();
      expect(await workOnce()).toBeUndefined();
      expect(await sync().syncConnection(connectionId)).toEqual({ status: 'skipped', reason: 'running' });

      // The live run is untouched (its lease, its progress, its job), and the Refresh waits under
      // the connection's key behind it, as before.
      expect(await stateOf(connectionId)).toEqual(before);
      const jobs = await jobsOf(connectionId);
      expect(jobs.map((row) => [row.id === liveJob ? 'live' : row.singleton_key, row.state])).toEqual([
        ['live', 'active'],
        [connectionId, 'created'],
      ]);
    } finally {
      // A job queued behind an active one of its key would hold up the sync jobs of the tests after this one.
      await db().execute(sql`delete from pgboss.job where name = ${SYNC_JOB}`);
      await db().update(syncState).set({ status: 'idle' }).where(eq(syncState.connectionId, connectionId));
    }
  });

  it('the next run takes over a dead lease directly, and the schedule restarts one that is not yet due', async () => {
    const { connectionId } = await synced();
    await runLeftBehind(connectionId, SYNC_LEASE_MS + 1_000);
    expect(await sync().syncConnection(connectionId)).toMatchObject({ status: 'done' });
    expect(await stateOf(connectionId)).toMatchObject({ status: 'idle', startedAt: clock.now(), progressDone: 3 });

    // Synced a moment ago, so the hourly cadence is not due: only the dead run brings the schedule to it.
    await db().execute(sql`delete from pgboss.job where name = ${SYNC_JOB}`);
    clock.advance(1_000);
    const deadJob = await runLeftBehind(connectionId, SYNC_LEASE_MS + 1_000);
    await sync().enqueueDue();
    expect(await workOnce()).toMatchObject({ data: { connectionId } });
    expect(await stateOf(connectionId)).toMatchObject({ status: 'idle', lastSyncedAt: clock.now() });
    expect((await jobsOf(connectionId)).find((row) => row.id === deadJob)).toMatchObject({ state: 'failed' });
  });

  it('a live run keeps its lease by heartbeat however long a step takes, and stops writing once taken over', async () => {
    const { connectionId } = await synced();
    // The platform answers only when the test says so: one step that takes minutes.
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let waiting = 0;
    const real = t.app.services.connections;
    const slow: typeof real = {
      ...real,
      async use(id, platform, work) {
        waiting += 1;
        await gate;
        return real.use(id, platform, work);
      },
    };
    const beatingSync = createSyncService(t.app.ctx, slow, { heartbeatMs: 20 });

    const run = beatingSync.syncConnection(connectionId);
    await eventually(async () => (waiting > 0 ? true : undefined));
    const lease = (await stateOf(connectionId)).startedAt!;

    // Past the lease window since the run last made progress; its heartbeat keeps it.
    clock.advance(SYNC_LEASE_MS + 60_000);
    await eventually(async () =>
      (await stateOf(connectionId)).updatedAt.getTime() === clock.now().getTime() ? true : undefined,
    );
    expect(await sync().syncConnection(connectionId)).toEqual({ status: 'skipped', reason: 'running' });
    expect((await sync().status((await stateOf(connectionId)).workspaceId)).connections[0].status).toBe('running');

    // Stuck on one step past the stall bound, the run stops beating (several beats pass here), so
    // one lease window later the next run takes over.
    clock.advance(SYNC_STALL_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock.advance(SYNC_LEASE_MS + 1_000);
    expect(await sync().syncConnection(connectionId)).toMatchObject({ status: 'done' });
    const taken = await stateOf(connectionId);
    expect(taken.startedAt!.getTime()).toBeGreaterThan(lease.getTime());

    // The old run, answered at last, finds its lease gone: it neither records an outcome nor retries,
    // and what it wrote is not kept (each account's writes commit with the progress its lease counts).
    clock.advance(1_000);
    answer();
    expect(await run).toEqual({ status: 'skipped', reason: 'superseded' });
    expect(await stateOf(connectionId)).toEqual(taken);
    const [campaigns] = await executeRows<{ latest: string }>(
      db(),
      sql`select max(c.updated_at) as latest from campaigns c join connected_ad_accounts a on a.id = c.account_ref where a.connection_id = ${connectionId}::uuid`,
    );
    expect(new Date(campaigns.latest).getTime()).toBeLessThan(clock.now().getTime());
    expect((await jobsOf(connectionId)).filter((job) => job.state === 'created' || job.state === 'retry')).toEqual([]);
  });
});
