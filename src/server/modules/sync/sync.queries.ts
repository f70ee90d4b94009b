import type { Platform } from '@shared/constants';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

import { type DbOrTx, executeRows } from '../../db/connect';
import { connectedAdAccounts, platformConnections, syncState, workspaces } from '../../db/schema';
import type { AttributionWindow } from '../../platforms/types';

/**
 * The sync engine's state per connection (sync_state: the run lease, its heartbeat, progress,
 * retries) and what a run reads of the connection, its accounts and its workspace's cadence.
 */

export type SyncStateRow = typeof syncState.$inferSelect;
export type SyncAccountRow = typeof connectedAdAccounts.$inferSelect;

/** Creates the connection's state row if missing. */
export async function ensureSyncState(db: DbOrTx, connectionId: string, workspaceId: string): Promise<void> {
  await db.insert(syncState).values({ connectionId, workspaceId }).onConflictDoNothing();
}

export async function findSyncState(db: DbOrTx, connectionId: string): Promise<SyncStateRow | undefined> {
  const [state] = await db.select().from(syncState).where(eq(syncState.connectionId, connectionId));
  return state;
}

/**
 * Takes the run lease (named by `now`, its start time) when it is free or its heartbeat is older
 * than `staleAt`; false while another run holds a live one.
 */
export async function claimSyncLease(
  db: DbOrTx,
  connectionId: string,
  progressTotal: number,
  now: Date,
  staleAt: Date,
): Promise<boolean> {
  const claimed = await db
    .update(syncState)
    .set({ status: 'running', startedAt: now, progressDone: 0, progressTotal, updatedAt: now })
    .where(
      and(
        eq(syncState.connectionId, connectionId),
        sql`(${syncState.status} <> 'running' or ${syncState.updatedAt} < ${staleAt})`,
      ),
    )
    .returning({ id: syncState.connectionId });
  return claimed.length > 0;
}

/** The row while `lease` is still this connection's: every write of a run goes through it. */
const held = (connectionId: string, lease: Date) =>
  and(eq(syncState.connectionId, connectionId), eq(syncState.status, 'running'), eq(syncState.startedAt, lease));

/** Refreshes the heartbeat of a held lease; false once the lease was taken over. */
export async function beatSyncLease(db: DbOrTx, connectionId: string, lease: Date, now: Date): Promise<boolean> {
  const kept = await db
    .update(syncState)
    .set({ updatedAt: now })
    .where(held(connectionId, lease))
    .returning({ id: syncState.connectionId });
  return kept.length > 0;
}

/** Counts steps of progress of a held lease; false once the lease was taken over. */
export async function stepSyncProgress(
  db: DbOrTx,
  connectionId: string,
  lease: Date,
  now: Date,
  steps = 1,
): Promise<boolean> {
  const kept = await db
    .update(syncState)
    .set({ progressDone: sql`${syncState.progressDone} + ${steps}`, updatedAt: now })
    .where(held(connectionId, lease))
    .returning({ id: syncState.connectionId });
  return kept.length > 0;
}

/** Records a run's success on its held lease (first success marks the backfill done); false once taken over. */
export async function finishSyncRun(db: DbOrTx, connectionId: string, lease: Date, now: Date): Promise<boolean> {
  const kept = await db
    .update(syncState)
    .set({
      status: 'idle',
      lastSyncedAt: now,
      backfilledAt: sql`coalesce(${syncState.backfilledAt}, ${now})`,
      lastError: null,
      attempts: 0,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(held(connectionId, lease))
    .returning({ id: syncState.connectionId });
  return kept.length > 0;
}

/**
 * Records a failed try on its held lease: 'retrying' with the time of the next try, or 'failed'
 * when `nextAttemptAt` is null. False once the lease was taken over.
 */
export async function recordSyncFailure(
  db: DbOrTx,
  connectionId: string,
  lease: Date,
  failure: { lastError: string; attempts: number; nextAttemptAt: Date | null; now: Date },
): Promise<boolean> {
  const { lastError, attempts, nextAttemptAt, now } = failure;
  const kept = await db
    .update(syncState)
    .set({ status: nextAttemptAt ? 'retrying' : 'failed', lastError, attempts, nextAttemptAt, updatedAt: now })
    .where(held(connectionId, lease))
    .returning({ id: syncState.connectionId });
  return kept.length > 0;
}

/** Marks a connection that cannot sync (it needs reconnecting) as failed, lease or not. */
export async function markSyncFailed(db: DbOrTx, connectionId: string, lastError: string, now: Date): Promise<void> {
  await db
    .update(syncState)
    .set({ status: 'failed', lastError, updatedAt: now })
    .where(eq(syncState.connectionId, connectionId));
}

/** Marks a run whose heartbeat is older than `staleAt` as queued again; a run that came back to life keeps its lease. */
export async function requeueAbandonedRun(db: DbOrTx, connectionId: string, now: Date, staleAt: Date): Promise<void> {
  await db
    .update(syncState)
    .set({ status: 'queued', updatedAt: now })
    .where(
      and(eq(syncState.connectionId, connectionId), eq(syncState.status, 'running'), lt(syncState.updatedAt, staleAt)),
    );
}

/** Marks a connection queued unless a run is already queued, running or waiting to retry. */
export async function markSyncQueued(db: DbOrTx, connectionId: string, now: Date): Promise<void> {
  await db
    .update(syncState)
    .set({ status: 'queued', updatedAt: now })
    .where(and(eq(syncState.connectionId, connectionId), inArray(syncState.status, ['idle', 'failed'])));
}

/**
 * Ids of the queue jobs of `jobName` for the connection active for longer than `leaseSeconds`,
 * by the database's own clock (as pg-boss's started_on is); pgboss is the queue's schema (jobs/queue.ts).
 */
export async function orphanedSyncJobs(
  db: DbOrTx,
  jobName: string,
  connectionId: string,
  leaseSeconds: number,
): Promise<{ id: string }[]> {
  return executeRows<{ id: string }>(
    db,
    sql`select id from pgboss.job
        where name = ${jobName} and state = 'active' and data->>'connectionId' = ${connectionId}
          and started_on < now() - make_interval(secs => ${leaseSeconds})`,
  );
}

export async function findConnection(db: DbOrTx, connectionId: string) {
  const [connection] = await db.select().from(platformConnections).where(eq(platformConnections.id, connectionId));
  return connection;
}

export async function connectionAccounts(db: DbOrTx, connectionId: string): Promise<SyncAccountRow[]> {
  return db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.connectionId, connectionId));
}

/** Saves an account's conversion windows as a sync read them. */
export async function saveAccountAttribution(
  db: DbOrTx,
  accountRef: string,
  windows: AttributionWindow[],
  now: Date,
): Promise<void> {
  await db
    .update(connectedAdAccounts)
    .set({ attribution: windows, attributionUpdatedAt: now })
    .where(eq(connectedAdAccounts.id, accountRef));
}

/** Each connection of the workspace (optionally of one platform) with its sync state, oldest connection first. */
export async function workspaceConnectionStates(db: DbOrTx, workspaceId: string, platform?: Platform) {
  return db
    .select({
      connectionId: platformConnections.id,
      platform: platformConnections.platform,
      connectionStatus: platformConnections.status,
      state: syncState,
    })
    .from(platformConnections)
    .leftJoin(syncState, eq(syncState.connectionId, platformConnections.id))

    .where(
      and(
        eq(platformConnections.workspaceId, workspaceId),
        platform ? eq(platformConnections.platform, platform) : undefined,
      ),
    )
    .orderBy(platformConnections.createdAt);
}

/** The workspace's sync cadence in minutes; undefined for a workspace that is gone. */
export async function workspaceSyncInterval(db: DbOrTx, workspaceId: string): Promise<number | undefined> {
  const [space] = await db
    .select({ interval: workspaces.syncIntervalMinutes })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return space?.interval;
}

export async function setWorkspaceSyncInterval(db: DbOrTx, workspaceId: string, minutes: number): Promise<void> {
  await db.update(workspaces).set({ syncIntervalMinutes: minutes }).where(eq(workspaces.id, workspaceId));
}

/** Ids of the workspace's active connections (optionally of one platform). */
export async function activeConnectionIds(db: DbOrTx, workspaceId: string, platform?: Platform) {
  return db
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.workspaceId, workspaceId),
        eq(platformConnections.status, 'active'),
        platform ? eq(platformConnections.platform, platform) : undefined,
      ),
    );
}

/** Every active connection of every workspace, with its workspace's cadence and its sync state. */
export async function activeConnectionSchedules(db: DbOrTx) {
  return db
    .select({
      id: platformConnections.id,
      workspaceId: platformConnections.workspaceId,
      interval: workspaces.syncIntervalMinutes,
      lastSyncedAt: syncState.lastSyncedAt,
      status: syncState.status,
      updatedAt: syncState.updatedAt,
    })
    .from(platformConnections)
    .innerJoin(workspaces, eq(workspaces.id, platformConnections.workspaceId))
    .leftJoin(syncState, eq(syncState.connectionId, platformConnections.id))
    .where(eq(platformConnections.status, 'active'));
}
