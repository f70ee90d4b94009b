import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { outbox, reportDeliveries, reports, reportSchedules, users, workspaceMembers } from '../../db/schema';

/** Report schedules and their deliveries; every query a route reaches is scoped to one workspace. */

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type NewScheduleRow = typeof reportSchedules.$inferInsert;
export type DeliveryRow = typeof reportDeliveries.$inferSelect;
export type NewDeliveryRow = typeof reportDeliveries.$inferInsert;

/** A delivery without its heavy columns (the draft's data and PDF), for lists. */
const deliverySummary = {
  id: reportDeliveries.id,
  workspaceId: reportDeliveries.workspaceId,
  scheduleId: reportDeliveries.scheduleId,
  reportId: reportDeliveries.reportId,
  reportName: reportDeliveries.reportName,
  periodKind: reportDeliveries.periodKind,
  periodFrom: reportDeliveries.periodFrom,
  periodTo: reportDeliveries.periodTo,
  status: reportDeliveries.status,
  review: reportDeliveries.review,
  reviewerId: reportDeliveries.reviewerId,
  recipients: reportDeliveries.recipients,
  comment: reportDeliveries.comment,
  reviewedBy: reportDeliveries.reviewedBy,
  reviewedAt: reportDeliveries.reviewedAt,
  outboxIds: reportDeliveries.outboxIds,
  lastError: reportDeliveries.lastError,
  createdAt: reportDeliveries.createdAt,
  sentAt: reportDeliveries.sentAt,
  hasPdf: sql<boolean>`${reportDeliveries.pdf} is not null`,
};
export type DeliverySummary = {
  [K in keyof typeof deliverySummary]: K extends 'hasPdf' ? boolean : DeliveryRow[K & keyof DeliveryRow];
};

export async function scheduleOf(db: DbOrTx, workspaceId: string, reportId: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.reportId, reportId)));
  return row;
}

/** Creates or replaces the report's schedule (one per report). */
export async function upsertSchedule(db: DbOrTx, row: NewScheduleRow): Promise<ScheduleRow> {
  const { reportId: _reportId, workspaceId: _workspaceId, ...changes } = row;
  const [saved] = await db
    .insert(reportSchedules)
    .values(row)
    .onConflictDoUpdate({ target: reportSchedules.reportId, set: changes })
    .returning();
  return saved;
}

export async function deleteSchedule(db: DbOrTx, workspaceId: string, reportId: string): Promise<boolean> {
  const deleted = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.reportId, reportId)))
    .returning({ id: reportSchedules.id });
  return deleted.length > 0;
}

/** Schedules whose next run is due at `now`, oldest first (a run's job takes them over). */
export async function dueSchedules(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ schedule: reportSchedules, report: reports })
    .from(reportSchedules)
    .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
    .where(
      and(eq(reportSchedules.enabled, true), isNotNull(reportSchedules.nextRunAt), lte(reportSchedules.nextRunAt, now)),
    )
    .orderBy(reportSchedules.nextRunAt)
    .limit(limit);
}

/** Moves a schedule on from the run it was at; false when another worker already did. */
export async function advanceSchedule(db: DbOrTx, id: string, from: Date, to: Date): Promise<boolean> {
  const moved = await db
    .update(reportSchedules)
    .set({ nextRunAt: to })
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.nextRunAt, from)))
    .returning({ id: reportSchedules.id });
  return moved.length > 0;
}

/** The workspace's members among `userIds`: their names and current addresses. */
export async function membersAmong(db: DbOrTx, workspaceId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.fullName, email: users.email, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)));
}

/** Names of users by id, in one query. */
export async function userNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function userById(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Makes the run of a schedule over a period, unless it was made already (then undefined). */
export async function insertDelivery(db: DbOrTx, row: NewDeliveryRow): Promise<DeliveryRow | undefined> {
  const [saved] = await db.insert(reportDeliveries).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function deliveryById(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(reportDeliveries).where(eq(reportDeliveries.id, id));
  return row;
}

export async function deliveryOf(db: DbOrTx, workspaceId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.workspaceId, workspaceId), eq(reportDeliveries.id, id)));
  return row;
}

export async function listDeliveries(db: DbOrTx, workspaceId: string, limit: number): Promise<DeliverySummary[]> {
  return db
    .select(deliverySummary)
    .from(reportDeliveries)
    .where(eq(reportDeliveries.workspaceId, workspaceId))
    .orderBy(desc(reportDeliveries.createdAt), desc(reportDeliveries.id))
    .limit(limit);
}

/**
 * Moves a delivery from one of `from` to a new state with `changes`, only if it is still in one of
 * them: the compare-and-set that keeps a retried job or a second click from acting twice.
 */
export async function moveDelivery(
  db: DbOrTx,
  id: string,
  from: DeliveryRow['status'][],
  changes: Partial<NewDeliveryRow>,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(reportDeliveries)
    .set(changes)
    .where(and(eq(reportDeliveries.id, id), inArray(reportDeliveries.status, from)))
    .returning();
  return row;
}

export async function saveDraft(
  db: DbOrTx,
  id: string,
  draft: Pick<NewDeliveryRow, 'data' | 'pdf' | 'pdfFileName'>,
): Promise<void> {
  await db.update(reportDeliveries).set(draft).where(eq(reportDeliveries.id, id));
}

/** Where each outbox message of some deliveries stands, by id. */
export async function outboxStatuses(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { address: string; status: string }>();
  const rows = await db
    .select({ id: outbox.id, address: outbox.toAddress, status: outbox.status })
    .from(outbox)
    .where(inArray(outbox.id, ids));
  return new Map(rows.map((row) => [row.id, { address: row.address, status: row.status }]));
}
