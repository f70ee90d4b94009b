import { type ConnectedApp, MCP_MESSAGES } from '@shared/api/mcp';
import { isUuid } from '@shared/validation/dashboard';
import { and, desc, eq, exists, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { mcpClients, mcpGrants, mcpTokens, workspaceMembers, workspaces } from '../../db/schema';
import { notFound } from '../../lib/httpError';
import { effectiveAccess, revokeGrantTokens } from './mcpTokens';

/**
 * "Connected apps": the apps a user let into a workspace, and revoking them. A grant shows once
 * a token was issued for it (a consent whose code was never redeemed connected nothing); its
 * access is what it allows now, under the user's current role.
 */
export function createConnectedAppsService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;

  return {
    async list(userId: string): Promise<ConnectedApp[]> {
      const rows = await db
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
        .innerJoin(
          workspaceMembers,
          and(eq(workspaceMembers.workspaceId, mcpGrants.workspaceId), eq(workspaceMembers.userId, mcpGrants.userId)),
        )
        .where(
          and(
            eq(mcpGrants.userId, userId),
            isNull(mcpGrants.revokedAt),
            exists(db.select({ id: mcpTokens.id }).from(mcpTokens).where(eq(mcpTokens.grantId, mcpGrants.id))),
          ),
        )
        .orderBy(desc(mcpGrants.createdAt), mcpGrants.id);
      return rows.map(({ grant, clientName, clientUri, workspaceName, role }) => ({
        id: grant.id,
        client_name: clientName,
        client_uri: clientUri,
        workspace: { id: grant.workspaceId, name: workspaceName },
        access: effectiveAccess(grant.access, role),
        created_at: grant.createdAt.toISOString(),
        last_used_at: grant.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Disconnects the app: the grant is revoked and every token of it ends at once. Only the user's own grant. */
    async revoke(userId: string, grantId: string): Promise<void> {
      if (!isUuid(grantId)) throw notFound(MCP_MESSAGES.appNotFound);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const revoked = await tx
          .update(mcpGrants)
          .set({ revokedAt: now })
          .where(and(eq(mcpGrants.id, grantId), eq(mcpGrants.userId, userId), isNull(mcpGrants.revokedAt)))
          .returning({ id: mcpGrants.id });
        if (!revoked.length) throw notFound(MCP_MESSAGES.appNotFound);
        await revokeGrantTokens(tx, grantId, now);
      });
    },
  };
}
