import { type Role, roleCan } from '@shared/access/policy';
import { MCP_ACCESS_TOKEN_TTL_SECONDS, MCP_REFRESH_TOKEN_TTL_DAYS, MCP_SCOPES, type McpAccess } from '@shared/api/mcp';
import { DAY_MS } from '@shared/days';

import type { DbOrTx } from '../../db/connect';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { accessTokenCaller, insertTokens, touchGrant } from './grants.queries';

export { revokeGrantTokens } from './grants.queries';

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
  await insertTokens(db, [
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
  const row = await accessTokenCaller(db, hashToken(token), now);
  if (!row || row.resource !== resource) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchGrant(db, row.grantId, now, LAST_USED_RESOLUTION_MS);
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
