import type { AlertSensitivity } from '@shared/api/alerts';
import type { AlertQueryInput } from '@shared/validation/alerts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, max, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db/connect';
import { alertReads, alerts, connectedAdAccounts, workspaceMembers, workspaces } from '../../db/schema';

/** Alerts, each user's read state of them, and the workspace's alert sensitivity; every query is scoped to one workspace. */

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = typeof alerts.$inferInsert;

/** The caller's role in a workspace, as a statement prepared once (every open stream asks it at every look). */
export function prepareMemberRole(db: Db) {
  return db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
        eq(workspaceMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('alert_stream_role_of');
}

/** Stores the alerts, skipping any whose key was raised already (it stays as first raised); returns the new ones. */
export async function insertNewAlerts(db: DbOrTx, rows: NewAlert[]): Promise<AlertRow[]> {
  return db.insert(alerts).values(rows).onConflictDoNothing().returning();
}

export async function connectionAccounts(db: DbOrTx, connectionId: string) {
  return db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.connectionId, connectionId));
}

export async function isWorkspaceAccount(db: DbOrTx, workspaceId: string, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ id: connectedAdAccounts.id })
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.id, accountId), eq(connectedAdAccounts.workspaceId, workspaceId)));
  return account !== undefined;
}

/** The user's read state of an alert. */
const readBy = (userId: string) => and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, userId));

export async function countUnread(db: DbOrTx, workspaceId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .leftJoin(alertReads, readBy(userId))
    .where(and(eq(alerts.workspaceId, workspaceId), isNull(alertReads.alertId)));
  return Number(row?.n ?? 0);
}

/** The sequence number of the last alert raised in the workspace (0 before any). */
export async function latestAlertSeq(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(alerts.seq) })
    .from(alerts)
    .where(eq(alerts.workspaceId, workspaceId));
  return Number(row?.seq ?? 0);
}

/** Alerts raised in the workspace after `seq`, in order, with their account and the user's read time. */
export async function alertsRaisedAfter(db: DbOrTx, workspaceId: string, userId: string, seq: number, limit: number) {
  return db
    .select({ alert: alerts, account: connectedAdAccounts, readAt: alertReads.readAt })
    .from(alerts)
    .leftJoin(connectedAdAccounts, eq(connectedAdAccounts.id, alerts.accountRef))
    .leftJoin(alertReads, readBy(userId))
    .where(and(eq(alerts.workspaceId, workspaceId), gt(alerts.seq, seq)))
    .orderBy(asc(alerts.seq))
    .limit(limit);
}

export type AlertFilter = Pick<AlertQueryInput, 'kind' | 'severity' | 'account' | 'unread'>;

/** The workspace's alerts the filter keeps, read state as the user's (to be joined with readBy). */
const filtered = (workspaceId: string, filter: AlertFilter) =>
  and(
    eq(alerts.workspaceId, workspaceId),
    filter.kind ? eq(alerts.kind, filter.kind) : undefined,
    filter.severity ? eq(alerts.severity, filter.severity) : undefined,
    filter.account ? eq(alerts.accountRef, filter.account) : undefined,
    filter.unread === 'true'
      ? isNull(alertReads.alertId)
      : filter.unread === 'false'
        ? sql`${alertReads.alertId} is not null`
        : undefined,
  );

/** One page of the workspace's filtered alerts, newest first, with their account and the user's read time. */
export async function alertPage(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  filter: AlertFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({ alert: alerts, account: connectedAdAccounts, readAt: alertReads.readAt })
    .from(alerts)
    .leftJoin(connectedAdAccounts, eq(connectedAdAccounts.id, alerts.accountRef))
    .leftJoin(alertReads, readBy(userId))
    .where(filtered(workspaceId, filter))
    .orderBy(desc(alerts.createdAt), desc(alerts.day), alerts.id)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAlerts(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  filter: AlertFilter,
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(alerts)
    .leftJoin(alertReads, readBy(userId))
    .where(filtered(workspaceId, filter));
  return Number(total?.n ?? 0);
}

/** The ids of those of the alerts that are the workspace's; all of its alerts when `ids` is undefined. */
export async function workspaceAlertIds(db: DbOrTx, workspaceId: string, ids: string[] | undefined) {
  return db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.workspaceId, workspaceId), ids === undefined ? undefined : inArray(alerts.id, ids)));
}

/** Marks the alerts read by the user at `now` (those read already keep their time); returns the newly marked. */
export async function markAlertsRead(db: DbOrTx, alertIds: string[], userId: string, now: Date) {
  return db
    .insert(alertReads)
    .values(alertIds.map((alertId) => ({ alertId, userId, readAt: now })))
    .onConflictDoNothing()
    .returning({ id: alertReads.alertId });
}

/** The workspace's anomaly sensitivity; undefined for a workspace that is gone. */
export async function workspaceAlertSensitivity(db: DbOrTx, workspaceId: string) {
  const [space] = await db
    .select({ sensitivity: workspaces.alertSensitivity })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return space?.sensitivity;
}

export async function setWorkspaceAlertSensitivity(db: DbOrTx, workspaceId: string, sensitivity: AlertSensitivity) {
  await db.update(workspaces).set({ alertSensitivity: sensitivity }).where(eq(workspaces.id, workspaceId));
}

export async function countAnomaliesSince(db: DbOrTx, workspaceId: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.workspaceId, workspaceId), eq(alerts.kind, 'anomaly'), gte(alerts.createdAt, since)));
  return Number(recent?.n ?? 0);
}
