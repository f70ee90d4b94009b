import type { Platform } from '@shared/constants';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import {
  connectedAdAccounts,
  oauthStates,
  platformConnections,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import type { PlatformAccount } from '../../platforms/types';

/** Connected ad accounts, their platform grants and the OAuth round trips that make them; scoped by workspace. */

/**
 * Who is told that a connection needs reconnecting, or soon will: the workspace's owners and
 * managers, the roles that may reconnect. With the workspace's name for the mail.
 */
export function reconnectRecipients(db: DbOrTx, workspaceId: string) {
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName, workspace: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, ['owner', 'manager'])));
}

/** The workspace's connected accounts, on one platform or on all. */
export async function countConnectedAccounts(db: DbOrTx, workspaceId: string, platform?: Platform): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(connectedAdAccounts)
    .where(
      and(
        eq(connectedAdAccounts.workspaceId, workspaceId),
        platform ? eq(connectedAdAccounts.platform, platform) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The workspace's connected accounts with their connection's status and sealed tokens, oldest first. */
export async function workspaceAccountsWithConnections(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      account: connectedAdAccounts,
      status: platformConnections.status,
      sealedTokens: platformConnections.sealedTokens,
      accessExpiresAt: platformConnections.accessExpiresAt,
    })
    .from(connectedAdAccounts)
    .innerJoin(platformConnections, eq(platformConnections.id, connectedAdAccounts.connectionId))
    .where(eq(connectedAdAccounts.workspaceId, workspaceId))
    .orderBy(asc(connectedAdAccounts.createdAt), asc(connectedAdAccounts.accountId));
}

/** Deletes the OAuth states that expired before `before`. */
export async function deleteOAuthStatesBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
}

export async function insertOAuthState(db: DbOrTx, values: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/** An OAuth state of the platform that is unused and unexpired at `now`. */
const liveState = (stateHash: string, platform: Platform, now: Date) =>
  and(
    eq(oauthStates.stateHash, stateHash),
    eq(oauthStates.platform, platform),
    sql`${oauthStates.usedAt} is null`,
    sql`${oauthStates.expiresAt} > ${now}`,
  );

/** Spends a live state issued to the browser of `browserHash`; undefined when there is none. */
export async function takeBrowserState(
  db: DbOrTx,
  stateHash: string,
  platform: Platform,
  browserHash: string,
  now: Date,
) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(liveState(stateHash, platform, now), eq(oauthStates.browserHash, browserHash)))
    .returning();
  return row;
}

/** Spends a live state whichever browser it was issued to; false when there is none. */
export async function spendState(db: DbOrTx, stateHash: string, platform: Platform, now: Date): Promise<boolean> {
  const [spent] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(liveState(stateHash, platform, now))
    .returning({ stateHash: oauthStates.stateHash });
  return spent !== undefined;
}

export async function connectionExists(db: DbOrTx, connectionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(eq(platformConnections.id, connectionId));
  return row !== undefined;
}

/**
 * Locks the workspace row FOR NO KEY UPDATE (one connection save per workspace at a time, without
 * blocking rows that merely reference it); false when the workspace is gone.
 */
export async function lockWorkspaceForConnect(tx: DbOrTx, workspaceId: string): Promise<boolean> {
  const [workspace] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
  return workspace !== undefined;
}

/** The platform account ids the workspace has connected on one platform, with their connection. */
export async function workspacePlatformAccounts(db: DbOrTx, workspaceId: string, platform: Platform) {
  return db
    .select({ accountId: connectedAdAccounts.accountId, connectionId: connectedAdAccounts.connectionId })
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.workspaceId, workspaceId), eq(connectedAdAccounts.platform, platform)));
}

export async function insertConnection(db: DbOrTx, values: typeof platformConnections.$inferInsert): Promise<void> {
  await db.insert(platformConnections).values(values);
}

/** Connects an account to the workspace under `connectionId`, or moves it there (with its latest details) if connected already. */
export async function upsertConnectedAccount(
  db: DbOrTx,
  owner: { workspaceId: string; connectionId: string; platform: Platform },
  account: PlatformAccount,
): Promise<void> {
  const { workspaceId, connectionId, platform } = owner;
  await db
    .insert(connectedAdAccounts)
    .values({
      workspaceId,
      connectionId,
      platform,
      accountId: account.id,
      name: account.name,
      currency: account.currency,
      timeZone: account.timeZone,
    })
    .onConflictDoUpdate({
      target: [connectedAdAccounts.workspaceId, connectedAdAccounts.platform, connectedAdAccounts.accountId],
      set: { connectionId, name: account.name, currency: account.currency, timeZone: account.timeZone },
    });
}

/** No connected account points at the connection any more. */
const withoutAccounts = sql`not exists (select 1 from connected_ad_accounts a where a.connection_id = ${platformConnections.id})`;

/** Deletes those of the connections left without accounts; returns them with their sealed tokens for revocation. */
export async function deleteEmptyConnections(db: DbOrTx, connectionIds: string[]) {
  return db
    .delete(platformConnections)
    .where(and(inArray(platformConnections.id, connectionIds), withoutAccounts))
    .returning({ id: platformConnections.id, sealedTokens: platformConnections.sealedTokens });
}

/** Deletes the connection if it has no account left; returns it (sealed tokens, status) when deleted. */
export async function deleteConnectionIfEmpty(db: DbOrTx, connectionId: string) {
  const [emptied] = await db
    .delete(platformConnections)
    .where(and(eq(platformConnections.id, connectionId), withoutAccounts))
    .returning({
      id: platformConnections.id,
      sealedTokens: platformConnections.sealedTokens,
      status: platformConnections.status,
    });
  return emptied;
}

/** Locks FOR UPDATE the workspace's connected account `id`; undefined when the workspace has no such account. */
export async function lockWorkspaceAccount(tx: DbOrTx, workspaceId: string, id: string) {
  const [account] = await tx
    .select()
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.id, id), eq(connectedAdAccounts.workspaceId, workspaceId)))
    .for('update');
  return account;
}

export async function deleteConnectedAccount(db: DbOrTx, id: string): Promise<void> {
  await db.delete(connectedAdAccounts).where(eq(connectedAdAccounts.id, id));
}
