import { type ConnectionSync, DASHBOARD_MESSAGES, type SyncStatus } from '@shared/api/dashboard';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, localDay } from '@shared/days';
import { SYNC_BACKFILL_DAYS, SYNC_INTERVAL_MINUTES, SYNC_RESTATEMENT_DAYS } from '@shared/platformInfo';
import { number, object, string } from 'yup';

import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/connect';
import { staleBefore, withHeartbeat } from '../../lib/heartbeat';
import { distinctWindows } from '../../platforms/attribution';
import {
  type AttributionWindow,
  type PlatformAccount,
  type PlatformClient,
  PlatformError,
  type ReportLevel,
  type UnifiedMetricRow,
} from '../../platforms/types';
import type { Connections } from '../adAccounts/connections';
import {
  ensureCampaigns,
  recordConversionObservations,
  upsertAds,
  upsertAdStatuses,
  upsertCampaigns,
  writeWindow,
} from './ingest.queries';
import {
  activeConnectionIds,
  activeConnectionSchedules,
  beatSyncLease,
  claimSyncLease,
  connectionAccounts,
  ensureSyncState,
  findConnection,
  findSyncState,
  finishSyncRun,
  markSyncFailed,
  markSyncQueued,
  orphanedSyncJobs,
  recordSyncFailure,
  requeueAbandonedRun,
  saveAccountAttribution,
  setWorkspaceSyncInterval,
  stepSyncProgress,
  type SyncAccountRow,
  type SyncStateRow,
  workspaceConnectionStates,
  workspaceSyncInterval,
} from './sync.queries';

/** Stable id of the job that syncs one connection. */
export const SYNC_JOB = 'sync.connection';
/** Stable id of the job that queues an incremental sync of every connection whose workspace's cadence is due. */
export const SYNC_SCHEDULE_JOB = 'sync.schedule';
/** It looks every 5 minutes (UTC); each workspace's cadence (hourly by default) decides who is due. */
export const SYNC_SCHEDULE_CRON = '*/5 * * * *';
export const SYNC_SCHEDULE_TICK_MINUTES = 5;
/** A new connection backfills this many days, today included (the integrations page states the same figure). */
export const BACKFILL_DAYS = SYNC_BACKFILL_DAYS;
/** Incremental syncs re-read this many days: platforms restate recent days. */
export const RESTATEMENT_DAYS = SYNC_RESTATEMENT_DAYS;
/** Failed tries in a row before a sync gives up until the next scheduled one. */
export const SYNC_MAX_ATTEMPTS = 6;
/** Back-off after the first failure; doubles per try, capped. */
export const SYNC_BACKOFF_BASE_MS = 30_000;
export const SYNC_BACKOFF_MAX_MS = 30 * 60_000;
/** Sync jobs one process runs at once. */
export const SYNC_CONCURRENCY = 4;
/**
 * How often a running sync writes its heartbeat (sync_state.updated_at), besides each step of
 * progress: a step may wait on the platform for minutes.
 */
export const SYNC_HEARTBEAT_MS = 10_000;
/**
 * A run whose heartbeat is older than this is taken to be dead (its process crashed or was
 * killed), and the next run (a Refresh, the schedule, a retry) takes it over. Four missed beats,
 * so a slow query or a long pause of a live process does not hand its run to another.
 */
export const SYNC_LEASE_MS = 45_000;
/**
 * A live run that has made no progress for this long stops its heartbeat, so a run stuck on a
 * call that never returns gives up its lease too (one lease window later) instead of holding it
 * until the process restarts.
 */
export const SYNC_STALL_MS = 15 * 60_000;

/** Progress steps an account counts: its campaigns as listed, its campaign rows, its ad rows. */
const STEPS_PER_ACCOUNT = 3;

export type SyncMode = 'backfill' | 'incremental';

export const syncPayload = object({
  connectionId: string().uuid().required(),
  mode: string()
    .oneOf(['backfill', 'incremental'] as const)
    .default('incremental'),
  attempt: number().integer().min(0).default(0),
});

/**
 * What an account's conversions were counted under, as this sync learnt it: the windows the
 * client listed (per conversion action, rule, ad group or tag) and those the report rows carried
 * (Meta's attribution_setting, whose client lists none). undefined when the client could not
 * say and no row told (a Meta account without delivery in the window): the stored windows are
 * then kept.
 */
export function attributionOf(
  listed: AttributionWindow[] | undefined,
  rows: UnifiedMetricRow[],
): AttributionWindow[] | undefined {
  const fromRows = rows.flatMap((row) => (row.attribution ? [row.attribution] : []));
  if (listed === undefined && fromRows.length === 0) return undefined;
  return distinctWindows([...(listed ?? []), ...fromRows]);
}

/** The outcome of one run, for logs and tests. */
export type SyncOutcome =
  | { status: 'done'; rows: number; mode: SyncMode }
  | { status: 'skipped'; reason: 'running' | 'inactive' | 'gone' | 'waiting' | 'superseded' }
  | { status: 'retrying'; error: string; delayMs: number }
  | { status: 'failed'; error: string };

/** Delay before try `attempt + 1`: exponential with full jitter, never shorter than the platform asked. */
export function retryDelayMs(
  attempt: number,
  platformAskedMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(SYNC_BACKOFF_MAX_MS, SYNC_BACKOFF_BASE_MS * 2 ** attempt);
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.max(Math.round(jittered), platformAskedMs ?? 0);
}

/** Words for a sync failure the user may see (no tokens, no URLs). */
function describe(error: unknown): string {
  if (error instanceof PlatformError) {
    const label = PLATFORM_LABELS[error.platform];
    switch (error.kind) {
      case 'rate_limited':
        return `${label} is rate limiting requests; Adwise will try again shortly.`;
      case 'unavailable':
        return `${label} is not answering right now; Adwise will try again shortly.`;
      case 'revoked':
      case 'auth_expired':
        // An expiry alone may be a glitch (the connection stays active until it repeats).
        return error.tokenExpired
          ? `${label} did not accept Adwise's access just now; Adwise will try again. If this keeps happening, reconnect the account.`
          : `${label} ended Adwise's access. Reconnect the account to resume syncing.`;
      case 'permission':
        return `${label} refused access to this account's reports.`;
      default:
        return `${label} rejected a report request (${error.code ?? error.kind}).`;
    }
  }
  return 'An internal error stopped the sync; Adwise will try again shortly.';
}

/** Shown for a run whose worker went away mid-sync, until another run takes it over. */
function interrupted(platform: Platform): string {
  return `The ${PLATFORM_LABELS[platform]} sync stopped before it finished; Adwise will run it again shortly.`;
}

/** A run that says it is running but whose heartbeat stopped: its process is gone. */
function abandoned(state: { status: string; updatedAt: Date }, now: Date): boolean {
  return state.status === 'running' && state.updatedAt < staleBefore(now, SYNC_LEASE_MS);
}

/** Thrown inside a run that finds its lease taken over: it stops writing. */
class LeaseLost extends Error {
  constructor() {
    super('sync lease taken over');
    this.name = 'LeaseLost';
  }
}

/**
 * The sync engine: a job per connection (90-day backfill on connect, then incremental runs that
 * re-read the last days), one run per connection at a time (queue policy plus a lease in
 * sync_state, kept alive by a heartbeat, so a crashed run is taken over within a minute),
 * retries with jittered exponential back-off that honours the platform's own wait, and progress
 * plus last-synced time per connection.
 */
export function createSyncService(
  ctx: Pick<AppContext, 'db' | 'queue' | 'clock' | 'log'>,
  connections: Connections,
  options: {
    random?: () => number;
    /** Work to queue when a sync succeeds, inside the transaction that records its final state. */
    afterSync?: (tx: Tx, synced: { connectionId: string; workspaceId: string }) => Promise<void>;
    /** Time between heartbeats of a running sync (tests shorten it). */
    heartbeatMs?: number;
  } = {},
) {
  const { db, queue, clock, log } = ctx;
  const random = options.random ?? Math.random;
  const heartbeatMs = options.heartbeatMs ?? SYNC_HEARTBEAT_MS;

  /** Creates the state row if missing. */
  async function ensureState(connectionId: string, workspaceId: string) {
    await ensureSyncState(db, connectionId, workspaceId);
  }

  /**
   * Takes the run lease, free or held by a run whose heartbeat stopped. Its start time names the
   * lease (a takeover starts later than the lease it replaces); null while another run holds a
   * live one.
   */
  async function claim(connectionId: string, total: number): Promise<Date | null> {
    const now = clock.now();
    const claimed = await claimSyncLease(db, connectionId, total, now, staleBefore(now, SYNC_LEASE_MS));
    return claimed ? now : null;
  }

  /** Refreshes the heartbeat; false once the lease was taken over. */
  async function beat(connectionId: string, lease: Date): Promise<boolean> {
    return beatSyncLease(db, connectionId, lease, clock.now());
  }

  /** Counts `steps` done, in the transaction that did them: a run whose lease was taken over commits nothing more. */
  async function step(tx: DbOrTx, connectionId: string, lease: Date, steps: number) {
    if (!(await stepSyncProgress(tx, connectionId, lease, clock.now(), steps))) throw new LeaseLost();
  }

  function superseded(connectionId: string): SyncOutcome {
    log.warn({ connectionId }, 'sync lease taken over by another run; this run stops');
    return { status: 'skipped', reason: 'superseded' };
  }

  type AccountRow = SyncAccountRow;

  /** Everything one account's step needs from the platform, asked for at once. */
  async function fetchAccount(connection: { id: string; platform: Platform }, account: AccountRow, days: number) {
    const until = localDay(clock.now(), account.timeZone);
    const since = addDays(until, -(days - 1));
    const platformAccount: PlatformAccount = {
      id: account.accountId,
      name: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
    };
    function call<T>(work: (client: PlatformClient) => Promise<T>): Promise<T> {
      return connections.use(connection.id, connection.platform, work);
    }
    const [list, adList, campaignRows, adRows, windows] = await Promise.all([
      call((client) => client.listCampaigns(platformAccount)),
      call((client) => client.listAds(platformAccount)),
      call((client) => client.report(platformAccount, { level: 'campaign', since, until })),
      call((client) => client.report(platformAccount, { level: 'ad', since, until })),
      // The conversion windows are a label next to the figures: a platform that will not tell
      // them (a missing permission, an outage) must not fail the sync; the last known ones stay.
      call((client) => (client.attribution ? client.attribution(platformAccount) : Promise.resolve(undefined))).catch(
        (error: unknown) => {
          log.warn(
            { err: error, accountId: account.accountId, platform: connection.platform },
            'sync could not read the attribution windows',
          );
          return undefined;
        },
      ),
    ]);
    return {
      account,
      since,
      until,
      list,
      adList,
      campaignRows,
      adRows,
      attribution: attributionOf(windows, campaignRows),
    };
  }

  /** Saves the account's conversion windows as this sync read them; undefined keeps the last known ones. */
  async function saveAttribution(tx: DbOrTx, account: AccountRow, windows: AttributionWindow[] | undefined) {
    if (!windows) return;
    await saveAccountAttribution(tx, account.id, windows, clock.now());
  }

  /** Writes one level of one account's window, in the caller's transaction. */
  async function writeLevel(
    tx: DbOrTx,
    owner: { workspaceId: string; platform: Platform },
    account: AccountRow,
    level: ReportLevel,
    since: string,
    until: string,
    rows: UnifiedMetricRow[],
  ) {
    const now = clock.now();
    const ids = { ...owner, accountRef: account.id };
    await ensureCampaigns(tx, ids, rows, now);
    if (level === 'ad') await upsertAds(tx, account.id, rows, now);
    else await recordConversionObservations(tx, account.id, rows, until);
    return writeWindow(tx, { accountRef: account.id, level, since, until }, rows);
  }

  /**
   * One run over a connection: campaigns (name, status, budget), then campaign rows, then ad
   * rows, account by account. Each account commits in two transactions (its campaigns and
   * campaign rows, then its ads and ad rows), each with the progress it made, so a failure keeps
   * what was done and the retry starts over idempotently, and a run that lost its lease commits
   * nothing more. Two commits an account rather than one a statement: on PostgreSQL every commit
   * waits for the disk, and eight of them an account were a fifth of a backfill's time.
   */
  async function syncConnection(
    connectionId: string,
    mode: SyncMode = 'incremental',
    attempt = 0,
  ): Promise<SyncOutcome> {
    const connection = await findConnection(db, connectionId);
    if (!connection) return { status: 'skipped', reason: 'gone' };
    const platform = connection.platform as Platform;
    await ensureState(connectionId, connection.workspaceId);
    if (connection.status !== 'active') {
      await markSyncFailed(
        db,
        connectionId,
        describe(new PlatformError({ platform, kind: 'revoked', message: 'needs reconnect' })),
        clock.now(),
      );
      return { status: 'skipped', reason: 'inactive' };
    }
    const state = await findSyncState(db, connectionId);
    if (state?.status === 'retrying' && state.nextAttemptAt && state.nextAttemptAt > clock.now()) {
      // The platform asked us to wait: a run that comes early (a Refresh, the hourly run) hands
      // over to one at the agreed time instead of knocking again.
      await queue.send(
        SYNC_JOB,
        { connectionId, mode, attempt: state.attempts },
        { singletonKey: connectionId, startAfter: state.nextAttemptAt },
      );
      return { status: 'skipped', reason: 'waiting' };
    }
    const accounts = await connectionAccounts(db, connectionId);
    const lease = await claim(connectionId, accounts.length * STEPS_PER_ACCOUNT);
    if (!lease) return { status: 'skipped', reason: 'running' };

    const effectiveMode: SyncMode = mode === 'backfill' || !state?.backfilledAt ? 'backfill' : 'incremental';
    const days = effectiveMode === 'backfill' ? BACKFILL_DAYS : RESTATEMENT_DAYS;
    const owner = { id: connectionId, workspaceId: connection.workspaceId, platform };
    let lastProgressAt = lease;
    let stallLogged = false;
    const heartbeat = async () => {
      if (clock.now().getTime() - lastProgressAt.getTime() > SYNC_STALL_MS) {
        if (!stallLogged)
          log.warn({ connectionId, platform }, 'sync made no progress for too long; its lease is left to lapse');
        stallLogged = true;
        return true;
      }
      return beat(connectionId, lease);
    };
    /** One transaction of an account's work, counted as `steps` of progress when it commits. */
    const inStep = async <T>(steps: number, work: (tx: DbOrTx) => Promise<T>): Promise<T> => {
      const done = await db.transaction(async (tx) => {
        const result = await work(tx);
        await step(tx, connectionId, lease, steps);
        return result;
      });
      lastProgressAt = clock.now();
      return done;
    };
    const onError = (error: unknown) => log.warn({ err: error, connectionId }, 'sync heartbeat failed');

    // The heartbeat lasts exactly as long as the run: stopped however the run ends.
    return withHeartbeat(heartbeat, { intervalMs: heartbeatMs, onError }, async () => {
      let rows = 0;
      try {
        // The next account's platform calls run while this one's rows are written.
        let next = accounts.length > 0 ? fetchAccount(owner, accounts[0], days) : undefined;
        for (let index = 0; index < accounts.length; index += 1) {
          const fetched = await next!;
          next = index + 1 < accounts.length ? fetchAccount(owner, accounts[index + 1], days) : undefined;
          // Should a write below fail, the prefetch's own failure must not go unhandled.
          next?.catch(() => undefined);
          const { account, since, until } = fetched;
          // Two steps: the campaigns as listed, and their rows.
          rows += await inStep(2, async (tx) => {
            await upsertCampaigns(
              tx,
              { workspaceId: connection.workspaceId, accountRef: account.id, platform },
              fetched.list,
              clock.now(),
            );
            return writeLevel(tx, owner, account, 'campaign', since, until, fetched.campaignRows);
          });
          rows += await inStep(1, async (tx) => {
            const written = await writeLevel(tx, owner, account, 'ad', since, until, fetched.adRows);
            await upsertAdStatuses(tx, account.id, fetched.adList, clock.now());
            await saveAttribution(tx, account, fetched.attribution);
            return written;
          });
        }
      } catch (error) {
        if (error instanceof LeaseLost) return superseded(connectionId);
        return fail(connectionId, platform, effectiveMode, attempt, error, lease);
      }
      const now = clock.now();
      const finished = await db.transaction(async (tx) => {
        // The run that took over records the outcome (and queues what follows) when it finishes.
        if (!(await finishSyncRun(tx, connectionId, lease, now))) return false;
        // What follows a sync (the suggestions) is queued in the same transaction: it runs exactly
        // when the sync's final state commits, never for a sync that did not finish.
        await options.afterSync?.(tx, { connectionId, workspaceId: connection.workspaceId });
        return true;
      });
      if (!finished) return superseded(connectionId);
      log.info({ connectionId, platform, mode: effectiveMode, rows }, 'sync done');
      return { status: 'done', rows, mode: effectiveMode };
    });
  }

  async function fail(
    connectionId: string,
    platform: Platform,
    mode: SyncMode,
    attempt: number,
    error: unknown,
    lease: Date,
  ): Promise<SyncOutcome> {
    const message = describe(error);
    const now = clock.now();
    const retryable = error instanceof PlatformError ? error.retryable : true;
    if (!(error instanceof PlatformError)) log.error({ err: error, connectionId }, 'sync failed');
    else log.warn({ connectionId, platform, kind: error.kind, code: error.code, attempt }, 'sync failed');

    if (retryable && attempt + 1 < SYNC_MAX_ATTEMPTS) {
      const delayMs = retryDelayMs(attempt, error instanceof PlatformError ? error.retryAfterMs : undefined, random);
      const nextAttemptAt = new Date(now.getTime() + delayMs);
      const kept = await recordSyncFailure(db, connectionId, lease, {
        lastError: message,
        attempts: attempt + 1,
        nextAttemptAt,
        now,
      });
      // A run that lost its lease leaves the retry to the run that took it over.
      if (!kept) return superseded(connectionId);
      await queue.send(
        SYNC_JOB,
        { connectionId, mode, attempt: attempt + 1 },
        { singletonKey: connectionId, startAfter: nextAttemptAt },
      );
      return { status: 'retrying', error: message, delayMs };
    }
    const kept = await recordSyncFailure(db, connectionId, lease, {
      lastError: message,
      attempts: attempt + 1,
      nextAttemptAt: null,
      now,
    });
    if (!kept) return superseded(connectionId);
    return { status: 'failed', error: message };
  }

  /**
   * Fails the queue job of a run whose worker is gone. pg-boss keeps such a job active until its
   * own expiry (15 minutes), and while it does the stately policy holds back the jobs queued under
   * the connection's key. Only jobs active for longer than a lease window are touched: a job
   * fetched a moment ago, about to claim the lease, is left alone. Best effort: pg-boss expires
   * the job on its own in the end, and the takeover does not wait for it.
   */
  async function releaseOrphans(connectionId: string): Promise<void> {
    try {
      const orphans = await orphanedSyncJobs(db, SYNC_JOB, connectionId, SYNC_LEASE_MS / 1000);
      if (orphans.length > 0)
        await queue.boss.fail(
          SYNC_JOB,
          orphans.map((job) => job.id),
          { message: 'The sync worker stopped; another run took over.' },
        );
    } catch (error) {
      log.warn({ err: error, connectionId }, 'could not release the queue job of an abandoned sync');
    }
  }

  /**
   * Restarts a run whose heartbeat stopped: queues it under a key of its own (derived from the
   * dead lease) and marks the connection queued. Not under the connection's key: pg-boss skips a
   * key its workers last saw active until its queue statistics and their cache catch up (a minute
   * each), which would hold the new run back as long. Two processes taking over the same dead run
   * derive the same key, so the queue keeps one job for both; the lease still lets one run at a time.
   * False when the lease is live (or free).
   */
  async function takeOver(connectionId: string, mode: SyncMode): Promise<boolean> {
    const now = clock.now();
    const state = await findSyncState(db, connectionId);
    if (!state || !abandoned(state, now)) return false;
    const deadLease = (state.startedAt ?? state.updatedAt).getTime();
    await queue.send(
      SYNC_JOB,
      { connectionId, mode, attempt: 0 },
      { singletonKey: `${connectionId}:takeover:${deadLease}` },
    );
    // Only if no run came back to life meanwhile; a run that did keeps its lease, and the job just
    // queued finds it taken and skips.
    await requeueAbandonedRun(db, connectionId, now, staleBefore(now, SYNC_LEASE_MS));
    await releaseOrphans(connectionId);
    log.warn(
      { connectionId, heartbeatAt: state.updatedAt },
      'sync run abandoned (no heartbeat); queued a run to take over',
    );
    return true;
  }

  /** Queues a run of one connection; a run already waiting for it absorbs this one, and a dead one is taken over. */
  async function enqueue(connectionId: string, workspaceId: string, mode: SyncMode): Promise<void> {
    await ensureState(connectionId, workspaceId);
    if (await takeOver(connectionId, mode)) return;
    await queue.send(SYNC_JOB, { connectionId, mode, attempt: 0 }, { singletonKey: connectionId });
    await markSyncQueued(db, connectionId, clock.now());
  }

  function present(
    row: {
      connectionId: string;
      platform: string;
      connectionStatus: string;
      state: SyncStateRow | null;
    },
    now: Date,
  ): ConnectionSync {
    const state = row.state;
    // A dead run is no longer running: the next Refresh or scheduled run takes it over.
    const dead = state !== null && abandoned(state, now);
    return {
      connection_id: row.connectionId,
      platform: row.platform as Platform,
      status:
        row.connectionStatus === 'needs_reconnect' ? 'needs_reconnect' : dead ? 'retrying' : (state?.status ?? 'idle'),
      last_synced_at: state?.lastSyncedAt?.toISOString() ?? null,
      progress: { done: state?.progressDone ?? 0, total: state?.progressTotal ?? 0 },
      last_error:
        row.connectionStatus === 'needs_reconnect'
          ? DASHBOARD_MESSAGES.needsReconnect(PLATFORM_LABELS[row.platform as Platform])
          : dead
            ? interrupted(row.platform as Platform)
            : (state?.lastError ?? null),
      next_attempt_at: state?.nextAttemptAt?.toISOString() ?? null,
      backfilled: Boolean(state?.backfilledAt),
    };
  }

  /** Sync state of every connection of a user (optionally of one platform). */
  async function status(workspaceId: string, platform?: Platform): Promise<SyncStatus> {
    const rows = await workspaceConnectionStates(db, workspaceId, platform);
    const now = clock.now();
    const list = rows.map((row) => present(row, now));
    // The stalest of the connections that have synced: how old the oldest figures shown are.
    const times = list.flatMap((c) => (c.status !== 'needs_reconnect' && c.last_synced_at ? [c.last_synced_at] : []));
    const interval = await workspaceSyncInterval(db, workspaceId);
    return {
      running: list.some((c) => c.status === 'queued' || c.status === 'running'),
      interval_minutes: interval ?? SYNC_INTERVAL_MINUTES.default,
      last_synced_at: times.sort()[0] ?? null,
      connections: list,
    };
  }

  const api = {
    syncConnection,
    enqueue,
    status,

    /** Refresh: queues an incremental run of each of the user's active connections (one platform or all). */
    async requestManual(workspaceId: string, platform?: Platform): Promise<SyncStatus> {
      const list = await activeConnectionIds(db, workspaceId, platform);
      for (const connection of list) await enqueue(connection.id, workspaceId, 'incremental');
      return status(workspaceId, platform);
    },

    /** Sets how often the workspace's connections sync on their own. */
    async setInterval(workspaceId: string, minutes: number): Promise<SyncStatus> {
      await setWorkspaceSyncInterval(db, workspaceId, minutes);
      log.info({ workspaceId, minutes }, 'sync cadence set');
      return status(workspaceId);
    },

    /**
     * Queues an incremental run of every active connection whose workspace's cadence has come
     * round since its last successful sync (the schedule, every few minutes), and of every
     * connection whose run died mid-sync, due or not. Half a tick of slack keeps a 15-minute
     * cadence from drifting to 20 on a 5-minute tick.
     */
    async enqueueDue(): Promise<number> {
      const now = clock.now();
      const slackMs = (SYNC_SCHEDULE_TICK_MINUTES / 2) * 60_000;
      const list = await activeConnectionSchedules(db);
      const due = list.filter(
        (c) =>
          !c.lastSyncedAt ||
          c.lastSyncedAt.getTime() <= now.getTime() - c.interval * 60_000 + slackMs ||
          (c.status !== null && c.updatedAt !== null && abandoned({ status: c.status, updatedAt: c.updatedAt }, now)),
      );
      for (const connection of due) await enqueue(connection.id, connection.workspaceId, 'incremental');
      return due.length;
    },
  };
  return api;
}
export type SyncService = ReturnType<typeof createSyncService>;
