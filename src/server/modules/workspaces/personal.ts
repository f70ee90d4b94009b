import { WORKSPACE_NAME_MAX } from '@shared/api/workspaces';

import type { DbOrTx } from '../../db/connect';
import { insertMember, insertWorkspace, setCurrentWorkspace } from './workspaces.queries';

/** The personal workspace's name: "<full name>’s workspace" (migration 0007 names existing ones the same way). */
export const personalWorkspaceName = (fullName: string) =>
  `${fullName.trim()}’s workspace`.slice(0, WORKSPACE_NAME_MAX);

/**
 * Makes a new user's personal workspace, with them as its owner and as their current workspace.
 * Runs in the transaction that creates the user: there is never a user without one.
 */
export async function createPersonalWorkspace(
  tx: DbOrTx,
  user: { id: string; fullName: string },
  now: Date,
): Promise<string> {
  const workspaceId = await insertWorkspace(tx, {
    name: personalWorkspaceName(user.fullName),
    personalOf: user.id,
    createdBy: user.id,
    createdAt: now,
  });
  await insertMember(tx, { workspaceId, userId: user.id, role: 'owner', createdAt: now });
  await setCurrentWorkspace(tx, user.id, workspaceId);
  return workspaceId;
}
