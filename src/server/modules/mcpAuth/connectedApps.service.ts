import { type ConnectedApp, MCP_MESSAGES } from '@shared/api/mcp';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import { notFound } from '../../lib/httpError';
import { connectedAppsOf, revokeGrantTokens, revokeUserGrant } from './grants.queries';
import { effectiveAccess } from './mcpTokens';

/**
 * "Connected apps": the apps a user let into a workspace, and revoking them. A grant shows once
 * a token was issued for it (a consent whose code was never redeemed connected nothing); its
 * access is what it allows now, under the user's current role.
 */
export function createConnectedAppsService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;

  return {
    async list(userId: string): Promise<ConnectedApp[]> {
      const rows = await connectedAppsOf(db, userId);
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
        const revoked = await revokeUserGrant(tx, userId, grantId, now);
        if (!revoked) throw notFound(MCP_MESSAGES.appNotFound);
        await revokeGrantTokens(tx, grantId, now);
      });
    },
  };
}
