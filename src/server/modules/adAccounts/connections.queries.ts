import { and, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { platformConnections } from '../../db/schema';

/** Platform connections as the token plumbing reads and writes them: sealed tokens, status, notices given. */

export type ConnectionRow = typeof platformConnections.$inferSelect;

export async function findConnection(db: DbOrTx, connectionId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(platformConnections).where(eq(platformConnections.id, connectionId));
  return row;
}

export async function connectionStatus(db: DbOrTx, connectionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: platformConnections.status })
    .from(platformConnections)
    .where(eq(platformConnections.id, connectionId));
  return row?.status;
}

/** Marks the connection as needing a reconnect; undefined when it is gone, else its workspace, platform and notice time. */
export async function markConnectionNeedsReconnect(db: DbOrTx, connectionId: string, statusReason: string, now: Date) {
  const [row] = await db
    .update(platformConnections)
    .set({ status: 'needs_reconnect', statusReason, updatedAt: now })
    .where(eq(platformConnections.id, connectionId))
    .returning({
      workspaceId: platformConnections.workspaceId,
      platform: platformConnections.platform,
      noticed: platformConnections.reconnectNoticeAt,
    });
  return row;
}

export async function setReconnectNoticeAt(db: DbOrTx, connectionId: string, at: Date): Promise<void> {
  await db.update(platformConnections).set({ reconnectNoticeAt: at }).where(eq(platformConnections.id, connectionId));
}

/**
 * Saves refreshed tokens when the row still holds token version `tokenVersion` (then bumped);
 * false when another process refreshed first.
 */
export async function saveRefreshedTokens(
  db: DbOrTx,
  connectionId: string,
  tokenVersion: number,
  sealed: { sealedTokens: string; accessExpiresAt: Date | null },
  now: Date,
): Promise<boolean> {
  const saved = await db
    .update(platformConnections)
    .set({ ...sealed, tokenVersion: tokenVersion + 1, updatedAt: now })
    .where(and(eq(platformConnections.id, connectionId), eq(platformConnections.tokenVersion, tokenVersion)))
    .returning({ id: platformConnections.id });
  return saved.length > 0;
}

/** Every active connection of every workspace. */
export async function activeConnections(db: DbOrTx) {
  return db
    .select({ id: platformConnections.id, platform: platformConnections.platform })
    .from(platformConnections)
    .where(eq(platformConnections.status, 'active'));
}

/** Every active connection with its sealed tokens and the expiry it last gave notice of. */
export async function activeConnectionExpiries(db: DbOrTx) {
  return db
    .select({
      id: platformConnections.id,
      workspaceId: platformConnections.workspaceId,
      platform: platformConnections.platform,
      sealedTokens: platformConnections.sealedTokens,
      accessExpiresAt: platformConnections.accessExpiresAt,
      noticed: platformConnections.expiryNoticeFor,
    })
    .from(platformConnections)
    .where(eq(platformConnections.status, 'active'));
}

/**
 * Records that notice of `expiresAt` is being given, only if the connection still holds the
 * notice `noticed` read before (null: none): false when another check claimed it first.
 */
export async function claimExpiryNotice(
  db: DbOrTx,
  connectionId: string,
  noticed: Date | null,
  expiresAt: Date,
): Promise<boolean> {
  const [claimed] = await db
    .update(platformConnections)
    .set({ expiryNoticeFor: expiresAt })
    .where(
      and(
        eq(platformConnections.id, connectionId),
        noticed ? eq(platformConnections.expiryNoticeFor, noticed) : isNull(platformConnections.expiryNoticeFor),
      ),
    )
    .returning({ id: platformConnections.id });
  return claimed !== undefined;
}
