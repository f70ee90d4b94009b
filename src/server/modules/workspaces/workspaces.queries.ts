import type { Role } from '@shared/access/policy';
import type { Action } from '@shared/access/policy';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';

import { type DbOrTx, executeRows, type Tx } from '../../db/connect';
import { platformConnections, users, workspaceMembers, workspaces } from '../../db/schema';
import { authorize, type Principal, workspaceNotFound } from '../access/principal';
import type { MemberRow, WorkspaceRow } from './workspaces.presenter';

/**
 * Workspace reads, locks and writes as plain functions of (db | tx, params), always scoped to the
 * asking user's memberships or to one workspace. Invitations are in invitations.queries.ts.
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

/** Locks (FOR UPDATE) the workspace row; undefined when it is gone. */
export async function lockWorkspace(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row;
}

/** Locks (FOR UPDATE) the workspaces with these ids, in id order (the order every team change locks in). */
export async function lockWorkspaces(tx: Tx, workspaceIds: string[]) {
  return tx
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(inArray(workspaces.id, workspaceIds))
    .orderBy(asc(workspaces.id))
    .for('update');
}

export async function insertWorkspace(
  db: DbOrTx,
  workspace: { name: string; createdBy: string; createdAt: Date; personalOf?: string },
): Promise<string> {
  const [row] = await db.insert(workspaces).values(workspace).returning({ id: workspaces.id });
  return row.id;
}

export async function renameWorkspace(db: DbOrTx, workspaceId: string, name: string) {
  await db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
}

/** Deletes the workspaces; everything in them goes by cascade. */
export async function deleteWorkspaces(db: DbOrTx, workspaceIds: string[]) {
  await db.delete(workspaces).where(inArray(workspaces.id, workspaceIds));
}

/** Deletes the workspace; everything in it goes by cascade. */
export async function deleteWorkspace(db: DbOrTx, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** Remembers the workspace as the user's current one. */
export async function setCurrentWorkspace(db: DbOrTx, userId: string, workspaceId: string) {
  await db.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
}

export async function insertMember(
  db: DbOrTx,
  member: { workspaceId: string; userId: string; role: Role; createdAt: Date },
) {
  await db.insert(workspaceMembers).values(member);
}

/** Adds the member unless they already belong to the workspace (they keep their role). */
export async function insertMemberUnlessPresent(
  db: DbOrTx,
  member: { workspaceId: string; userId: string; role: Role; createdAt: Date },
) {
  await db
    .insert(workspaceMembers)
    .values(member)
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] });
}

/** The member of the workspace whose account has this e-mail address, if any. */
export async function memberByEmail(db: DbOrTx, workspaceId: string, email: string) {
  const [row] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
  return row;
}

export async function setMemberRole(db: DbOrTx, workspaceId: string, userId: string, role: Role) {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, workspaceId: string, userId: string) {
  await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/** The ids of the workspaces the user owns. */
export async function ownedWorkspaceIds(db: DbOrTx, userId: string) {
  return db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
}

/** The workspace's members other than `userId`, with their addresses, by when they joined. */
export async function otherMembersOf(db: DbOrTx, workspaceId: string, userId: string) {
  return db
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      email: users.email,
      fullName: users.fullName,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.userId, userId)))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

export interface OverviewSqlRow {
  id: string;
  name: string;
  role: Role;
  connected_accounts: number | string | null;
  needs_reconnect: number | string | null;
  last_synced_at: Date | string | null;
}

/**
 * The All clients table's rows without spend: every workspace the user belongs to, with its
 * connected and needs-reconnect account counts and last sync, by name. One set-based query
 * whatever the number of workspaces.
 */
export async function overviewRowsOf(db: DbOrTx, userId: string): Promise<OverviewSqlRow[]> {
  return executeRows<OverviewSqlRow>(
    db,
    sql`
      with mine as (
        select m.workspace_id as id, m.role, w.name, w.created_at
        from workspace_members m
        join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId}::uuid
      ), accounts as (
        select a.workspace_id, count(*) as connected_accounts, count(*) filter (where c.status = 'needs_reconnect') as needs_reconnect
        from connected_ad_accounts a
        join platform_connections c on c.id = a.connection_id
        where a.workspace_id in (select id from mine)
        group by a.workspace_id
      ), synced as (
        select c.workspace_id, max(s.last_synced_at) as last_synced_at
        from platform_connections c
        join sync_state s on s.connection_id = c.id
        where c.workspace_id in (select id from mine)
        group by c.workspace_id
      )
      select mine.id, mine.name, mine.role, accounts.connected_accounts, accounts.needs_reconnect, synced.last_synced_at
      from mine
      left join accounts on accounts.workspace_id = mine.id
      left join synced on synced.workspace_id = mine.id
      order by lower(mine.name), mine.created_at, mine.id`,
  );
}
