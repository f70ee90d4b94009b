import type { McpAccess } from '@shared/api/mcp';
import { and, desc, eq, exists, gt, isNull, lt, or } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { mcpAuthCodes, mcpClients, mcpGrants, mcpTokens, workspaceMembers, workspaces } from '../../db/schema';

/**
 * MCP grants (a user's consent for a client in one workspace), their authorization codes and
 * their access and refresh tokens. Codes and tokens are only ever looked up by their SHA-256 hash.
 */

/** The grant's user is (still) a member of the grant's workspace: the join that keeps a removed member out. */
const grantHolderIsMember = () =>
  and(eq(workspaceMembers.workspaceId, mcpGrants.workspaceId), eq(workspaceMembers.userId, mcpGrants.userId));

export type McpTokenRow = typeof mcpTokens.$inferSelect;
export type NewMcpTokenRow = typeof mcpTokens.$inferInsert;

export async function insertTokens(db: DbOrTx, tokens: NewMcpTokenRow[]): Promise<void> {
  await db.insert(mcpTokens).values(tokens);
}

/**
 * The live access token with this hash, with its grant (not revoked), client and the grant user's
 * role in the grant's workspace now (no membership, no row).
 */
export async function accessTokenCaller(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      grantId: mcpGrants.id,
      userId: mcpGrants.userId,
      workspaceId: mcpGrants.workspaceId,
      access: mcpGrants.access,
      lastUsedAt: mcpGrants.lastUsedAt,
      clientId: mcpClients.id,
      clientName: mcpClients.name,
      role: workspaceMembers.role,
      resource: mcpTokens.resource,
    })
    .from(mcpTokens)
    .innerJoin(mcpGrants, eq(mcpGrants.id, mcpTokens.grantId))
    .innerJoin(mcpClients, eq(mcpClients.id, mcpGrants.clientId))
    // The membership as it is now: removed from the workspace, no row, no access.
    .innerJoin(workspaceMembers, grantHolderIsMember())
    .where(
      and(
        eq(mcpTokens.tokenHash, tokenHash),
        eq(mcpTokens.kind, 'access'),
        isNull(mcpTokens.revokedAt),
        gt(mcpTokens.expiresAt, now),
        isNull(mcpGrants.revokedAt),
      ),
    );
  return row;
}

/** Sets the grant's "last used" to `now` unless another request moved it within `resolutionMs`. */
export async function touchGrant(db: DbOrTx, grantId: string, now: Date, resolutionMs: number): Promise<void> {
  await db
    .update(mcpGrants)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(mcpGrants.id, grantId),
        or(isNull(mcpGrants.lastUsedAt), lt(mcpGrants.lastUsedAt, new Date(now.getTime() - resolutionMs))),
      ),
    );
}

/** Ends every token of a grant not yet revoked. */
export async function revokeGrantTokens(db: DbOrTx, grantId: string, now: Date): Promise<void> {
  await db
    .update(mcpTokens)
    .set({ revokedAt: now })
    .where(and(eq(mcpTokens.grantId, grantId), isNull(mcpTokens.revokedAt)));
}

export async function grantById(db: DbOrTx, grantId: string) {
  const [row] = await db.select().from(mcpGrants).where(eq(mcpGrants.id, grantId));
  return row;
}

/** The client a grant was issued to. */
export async function grantClientId(db: DbOrTx, grantId: string) {
  const [row] = await db.select({ clientId: mcpGrants.clientId }).from(mcpGrants).where(eq(mcpGrants.id, grantId));
  return row;
}

export async function insertGrant(
  db: DbOrTx,
  grant: { userId: string; workspaceId: string; clientId: string; access: McpAccess; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(mcpGrants).values(grant).returning({ id: mcpGrants.id });
  return row.id;
}

/** Revokes the grant unless it already was. */
export async function revokeGrant(db: DbOrTx, grantId: string, now: Date): Promise<void> {
  await db
    .update(mcpGrants)
    .set({ revokedAt: now })
    .where(and(eq(mcpGrants.id, grantId), isNull(mcpGrants.revokedAt)));
}

/** Revokes the user's own grant unless it already was; false when there was none. */
export async function revokeUserGrant(db: DbOrTx, userId: string, grantId: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(mcpGrants)
    .set({ revokedAt: now })
    .where(and(eq(mcpGrants.id, grantId), eq(mcpGrants.userId, userId), isNull(mcpGrants.revokedAt)))
    .returning({ id: mcpGrants.id });
  return revoked.length > 0;
}

/**
 * The user's grants in force that were ever exchanged for a token, in workspaces they still
 * belong to, with client, workspace name and role; newest first.
 */
export async function connectedAppsOf(db: DbOrTx, userId: string) {
  return (
    db
      .select({
        grant: mcpGrants,
        clientName: mcpClients.name,
        clientUri: mcpClients.clientUri,
        workspaceName: workspaces.name,
        role: workspaceMembers.role,
      })
      .from(mcpGrants)
      .innerJoin(mcpClients, eq(mcpClients.id, mcpGrants.clientId))
      .innerJoin(workspaces, eq(workspaces.id, mcpGrants.workspaceId))
      // No longer a member: the grant gives nothing, so it is not listed as connected.
      .innerJoin(workspaceMembers, grantHolderIsMember())
      .where(
        and(
          eq(mcpGrants.userId, userId),
          isNull(mcpGrants.revokedAt),
          exists(db.select({ id: mcpTokens.id }).from(mcpTokens).where(eq(mcpTokens.grantId, mcpGrants.id))),
        ),
      )
      .orderBy(desc(mcpGrants.createdAt), mcpGrants.id)
  );
}

/** The workspaces the user may grant access to, with their role, by name. */
export async function consentWorkspacesOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(workspaces.name, workspaces.id);
}

export async function insertAuthCode(db: DbOrTx, code: typeof mcpAuthCodes.$inferInsert): Promise<void> {
  await db.insert(mcpAuthCodes).values(code);
}

export async function authCodeByHash(db: DbOrTx, codeHash: string) {
  const [row] = await db.select().from(mcpAuthCodes).where(eq(mcpAuthCodes.codeHash, codeHash));
  return row;
}

/** Spends the code unless it was spent already; false then (of two racing requests, one wins). */
export async function spendAuthCode(db: DbOrTx, codeHash: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(mcpAuthCodes)
    .set({ usedAt: now })
    .where(and(eq(mcpAuthCodes.codeHash, codeHash), isNull(mcpAuthCodes.usedAt)))
    .returning({ grantId: mcpAuthCodes.grantId });
  return spent.length > 0;
}

export async function refreshTokenByHash(db: DbOrTx, tokenHash: string): Promise<McpTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpTokens)
    .where(and(eq(mcpTokens.tokenHash, tokenHash), eq(mcpTokens.kind, 'refresh')));
  return row;
}

/** Spends the refresh token unless it was used or revoked; false then. */
export async function spendRefreshToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(mcpTokens)
    .set({ usedAt: now })
    .where(and(eq(mcpTokens.id, id), isNull(mcpTokens.usedAt), isNull(mcpTokens.revokedAt)))
    .returning({ id: mcpTokens.id });
  return spent.length > 0;
}

/** The token of either kind with this hash, with the client its grant was issued to. */
export async function tokenWithClient(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: mcpTokens.id, kind: mcpTokens.kind, grantId: mcpTokens.grantId, clientId: mcpGrants.clientId })
    .from(mcpTokens)
    .innerJoin(mcpGrants, eq(mcpGrants.id, mcpTokens.grantId))
    .where(eq(mcpTokens.tokenHash, tokenHash));
  return row;
}

/** Revokes the one token unless it already was. */
export async function revokeToken(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mcpTokens)
    .set({ revokedAt: now })
    .where(and(eq(mcpTokens.id, id), isNull(mcpTokens.revokedAt)));
}
