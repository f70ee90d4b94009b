import { isUuid } from '@shared/validation/uuid';

import type { DbOrTx } from '../../db/connect';
import { type WorkspaceAccount, workspaceAccountById } from './access.queries';

export type { WorkspaceAccount } from './access.queries';

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
  const account = await workspaceAccountById(db, workspaceId, id);
  if (!account) throw missing;
  return account;
}
