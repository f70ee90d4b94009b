import { type Role, roleCan } from '@shared/access/policy';
import { MCP_ACCESS_TOKEN_TTL_SECONDS, MCP_REFRESH_TOKEN_TTL_DAYS, MCP_SCOPES, type McpAccess } from '@shared/api/mcp';
import { DAY_MS } from '@shared/days';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { mcpClients, mcpGrants, mcpTokens, workspaceMembers } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../auth/tokens';

/**
 * Who is calling the MCP server: the grant's user in the grant's workspace, with the role they
 * have there now and the access the grant allows within it. Built afresh for every request, so a
 * user demoted or removed loses what the grant gave at once.
 */
export interface McpCaller {
  grantId: string;
  userId: string;
  workspaceId: string;
  role: Role;
  /** 'act' only while the grant allows it and the role can still change campaigns. */
  access: McpAccess;
  clientId: string;
  clientName: string;
}

/** The token response of RFC 6749 section 5.1. */
export interface McpTokenPair {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** The role that may hold "act": the one that may change campaigns at the platforms. */
export const roleMayAct = (role: Role) => roleCan(role, 'campaigns:write');

/** What a grant allows a user of this role now: never more than the role. */
export const effectiveAccess = (granted: McpAccess, role: Role): McpAccess =>
  granted === 'act' && roleMayAct(role) ? 'act' : 'read';

/** A new access token and refresh token for the grant, bound to the resource. */
export async function issueTokenPair(
  db: DbOrTx,
  grant: { id: string; access: McpAccess },
  resource: string,
  now: Date,
): Promise<McpTokenPair> {
  const access = newOpaqueToken();
  const refresh = newOpaqueToken();
  await db.insert(mcpTokens).values([
    {
      grantId: grant.id,
      kind: 'access',
      tokenHash: hashToken(access),
      resource,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MCP_ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
    {
      grantId: grant.id,
      kind: 'refresh',
      tokenHash: hashToken(refresh),
      resource,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MCP_REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: MCP_ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refresh,
    scope: MCP_SCOPES[grant.access],
  };
}

/** How often a grant's "last used" moves: once a minute is enough for the Connected apps list. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The caller an access token stands for, or null: unknown, expired or revoked token, a token
 * issued for another resource (RFC 8707: refused anywhere but where it was meant), a revoked
 * grant, or a user no longer in the grant's workspace.
 */
export async function authenticateMcpToken(
  db: DbOrTx,
  token: string,
  resource: string,
  now: Date,
): Promise<McpCaller | null> {
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
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, mcpGrants.workspaceId), eq(workspaceMembers.userId, mcpGrants.userId)),
    )
    .where(
      and(
        eq(mcpTokens.tokenHash, hashToken(token)),
        eq(mcpTokens.kind, 'access'),
        isNull(mcpTokens.revokedAt),
        gt(mcpTokens.expiresAt, now),
        isNull(mcpGrants.revokedAt),
      ),
    );
  if (!row || row.resource !== resource) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(mcpGrants)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(mcpGrants.id, row.grantId),
          or(isNull(mcpGrants.lastUsedAt), lt(mcpGrants.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
  }
  return {
    grantId: row.grantId,
    userId: row.userId,
    workspaceId: row.workspaceId,
    role: row.role,
    access: effectiveAccess(row.access, row.role),
    clientId: row.clientId,
    clientName: row.clientName,
  };
}

/** Ends every token of a grant (revocation, refresh-token reuse). */
export async function revokeGrantTokens(db: DbOrTx, grantId: string, now: Date): Promise<void> {
  await db
    .update(mcpTokens)
    .set({ revokedAt: now })
    .where(and(eq(mcpTokens.grantId, grantId), isNull(mcpTokens.revokedAt)));
}
