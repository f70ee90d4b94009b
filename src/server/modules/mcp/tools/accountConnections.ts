import type { DbOrTx } from '../../../db/connect';
import { accountConnectionsOf } from '../mcp.queries';

/**
 * Each connected account's platform connection in the workspace: sync state is kept per
 * connection (GET sync/status/), the accounts list (GET ad-accounts/) does not name it.
 */
export async function connectionIdsOf(db: DbOrTx, workspaceId: string): Promise<Map<string, string>> {
  const rows = await accountConnectionsOf(db, workspaceId);
  return new Map(rows.map((row) => [row.id, row.connectionId]));
}
