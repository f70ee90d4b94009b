import { isUuid } from '@shared/validation/dashboard';
import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts } from '../../db/schema';

export type WorkspaceAccount = typeof connectedAdAccounts.$inferSelect;

/**
 * A connected ad account of the caller's workspace, by the product's id; `missing` (each
 * feature's own 404) for a malformed id, another workspace's account, or none at all, so
 * nobody learns which.
 */
export async function workspaceAccount(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  missing: Error,
): Promise<WorkspaceAccount> {
  if (!isUuid(id)) throw missing;
  const [account] = await db
    .select()
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.id, id), eq(connectedAdAccounts.workspaceId, workspaceId)));
  if (!account) throw missing;
  return account;
}
