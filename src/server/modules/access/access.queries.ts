import type { Role } from '@shared/access/policy';
import { and, eq, isNotNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, users, workspaceMembers, workspaces } from '../../db/schema';

/** Who may do what where: memberships, personal workspaces, owners' plans, a workspace's accounts. */

/** The user's role in a workspace, or undefined when they are not a member (or it does not exist). */
export async function membership(db: DbOrTx, userId: string, workspaceId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role;
}

/** The user's personal workspace (made at registration; one per user). */
export async function personalWorkspaceId(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.personalOf, userId), isNotNull(workspaces.personalOf)));
  return row?.id;
}

/** The user's personal workspace and their role in it, in one round trip. */
export async function personalMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: workspaces.id, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(and(eq(workspaces.personalOf, userId), isNotNull(workspaces.personalOf)));
  return row;
}

/** The plan and trial end of each owner of the workspace. */
export async function ownerPlans(db: DbOrTx, workspaceId: string) {
  return db
    .select({ plan: users.plan, trialEndsAt: users.trialEndsAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
}

export type WorkspaceAccount = typeof connectedAdAccounts.$inferSelect;

/** The workspace's connected ad account with this id, if it is the workspace's. */
export async function workspaceAccountById(
  db: DbOrTx,
  workspaceId: string,
  id: string,
): Promise<WorkspaceAccount | undefined> {
  const [row] = await db
    .select()
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.id, id), eq(connectedAdAccounts.workspaceId, workspaceId)));
  return row;
}
