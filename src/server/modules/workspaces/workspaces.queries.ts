import type { Role } from '@shared/access/policy';
import type { Action } from '@shared/access/policy';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { type DbOrTx, executeRows, type Tx } from '../../db/connect';
import { platformConnections, users, workspaceMembers, workspaces } from '../../db/schema';
import { authorize, type Principal, workspaceNotFound } from '../access/principal';
import type { MemberRow, WorkspaceRow } from './workspaces.presenter';

/**
 * Workspace reads and locks as plain functions of (db | tx, params), always scoped to the asking
 * user's memberships.
 */

interface WorkspaceSqlRow {
  id: string;
  name: string;
  personal: boolean;
  role: Role;
  connected_accounts: number | string;
  current: boolean;
  dashboard: boolean;
}

/**
 * The workspaces the user belongs to (or the one of them with id `only`), with their role and
 * connected-account count: the user's own personal workspace first, then by name. `current` is
 * the one the user last switched to while still a member of it, else their personal workspace.
 */
export async function workspacesOf(db: DbOrTx, userId: string, now: Date, only?: string): Promise<WorkspaceRow[]> {
  const rows = await executeRows<WorkspaceSqlRow>(
    db,
    sql`
      with cur as (
        select coalesce(
          (select m.workspace_id from users u
             join workspace_members m on m.workspace_id = u.current_workspace_id and m.user_id = u.id
           where u.id = ${userId}::uuid),
          (select w.id from workspaces w
             join workspace_members m on m.workspace_id = w.id and m.user_id = ${userId}::uuid
           where w.personal_of = ${userId}::uuid)
        ) as id
      )
      select w.id, w.name, w.personal_of is not null as personal, m.role,
             (select count(*) from connected_ad_accounts a where a.workspace_id = w.id) as connected_accounts,
             coalesce(w.id = cur.id, false) as current,
             -- entitlements.ts in SQL: an owner with a paid plan or a running trial opens the dashboard.
             exists (select 1 from workspace_members o join users ou on ou.id = o.user_id
                     where o.workspace_id = w.id and o.role = 'owner'
                       and (ou.plan <> 'starter' or ou.trial_ends_at > ${now.toISOString()}::timestamptz)) as dashboard
      from workspace_members m
      join workspaces w on w.id = m.workspace_id
      cross join cur
      where m.user_id = ${userId}::uuid ${only ? sql`and w.id = ${only}::uuid` : sql``}
      order by (w.personal_of is not distinct from ${userId}::uuid) desc, lower(w.name), w.created_at, w.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    personal: row.personal,
    role: row.role,
    connectedAccounts: Number(row.connected_accounts),
    current: row.current,
    dashboard: row.dashboard,
  }));
}

/**
 * Locks the workspace row (FOR UPDATE) for the rest of the transaction, then checks the caller is
 * still a member whose role allows `action`: every change to a workspace's members goes through
 * this lock, so two changes at once are ordered and neither can leave the workspace ownerless.
 * A workspace that is gone, or that the caller left meanwhile, is not found.
 */
export async function lockForAction(tx: Tx, principal: Principal, action: Action | null) {
  const [workspace] = await tx
    .select({ id: workspaces.id, name: workspaces.name, personalOf: workspaces.personalOf })
    .from(workspaces)
    .where(eq(workspaces.id, principal.workspaceId))
    .for('update');
  if (!workspace) throw workspaceNotFound();
  const role = await memberRole(tx, workspace.id, principal.userId);
  if (!role) throw workspaceNotFound();
  if (action) authorize({ role }, action);
  return { ...workspace, role };
}

/** A user's role in a workspace, or undefined. */
export async function memberRole(db: DbOrTx, workspaceId: string, userId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role;
}

/** How many owners a workspace has. */
export async function ownerCount(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return Number(row?.count ?? 0);
}

const ROLE_ORDER = sql`case ${workspaceMembers.role} when 'owner' then 0 when 'manager' then 1 when 'viewer' then 2 else 3 end`;

/** The members of a workspace (or the one with `userId`), owners first, then by when they joined. */
export async function membersOf(db: DbOrTx, workspaceId: string, userId?: string): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), userId ? eq(workspaceMembers.userId, userId) : undefined))
    .orderBy(ROLE_ORDER, asc(workspaceMembers.createdAt), asc(users.id));
}

/** The platform grants held by connections of these workspaces (what deleting them must revoke). */
export async function grantsOf(db: DbOrTx, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      id: platformConnections.id,
      platform: platformConnections.platform,
      sealedTokens: platformConnections.sealedTokens,
    })
    .from(platformConnections)
    .where(inArray(platformConnections.workspaceId, workspaceIds));
}
export type Grant = Awaited<ReturnType<typeof grantsOf>>[number];
