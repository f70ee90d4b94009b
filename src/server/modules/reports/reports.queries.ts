import type { IsoDay } from '@shared/days';
import { and, count, desc, eq, gt, gte, isNull, lte } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import {
  alerts,
  campaigns,
  connectedAdAccounts,
  reports,
  reportShares,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/** Reports, their share links, and what their sections read besides the metrics seam; every query is scoped to one workspace. */

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
export type ReportShareRow = typeof reportShares.$inferSelect;

export async function listReports(db: DbOrTx, workspaceId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(eq(reports.workspaceId, workspaceId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

export async function countReports(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function findReport(db: DbOrTx, workspaceId: string, id: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.workspaceId, workspaceId), eq(reports.id, id)));
  return row;
}

export async function insertReport(db: DbOrTx, row: NewReportRow): Promise<ReportRow> {
  const [saved] = await db.insert(reports).values(row).returning();
  return saved;
}

export async function updateReport(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  changes: Partial<NewReportRow>,
): Promise<ReportRow | undefined> {
  const [saved] = await db
    .update(reports)
    .set(changes)
    .where(and(eq(reports.workspaceId, workspaceId), eq(reports.id, id)))
    .returning();
  return saved;
}

/** Deletes a report of the workspace (its links go with it); false when there was none. */
export async function deleteReport(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(reports)
    .where(and(eq(reports.workspaceId, workspaceId), eq(reports.id, id)))
    .returning({ id: reports.id });
  return deleted.length > 0;
}

export async function insertShare(db: DbOrTx, row: typeof reportShares.$inferInsert): Promise<ReportShareRow> {
  const [saved] = await db.insert(reportShares).values(row).returning();
  return saved;
}

/** The report's links that are neither revoked nor expired at `now`, newest first. */
export async function activeShares(
  db: DbOrTx,
  workspaceId: string,
  reportId: string,
  now: Date,
): Promise<ReportShareRow[]> {
  return db
    .select()
    .from(reportShares)
    .where(
      and(
        eq(reportShares.workspaceId, workspaceId),
        eq(reportShares.reportId, reportId),
        isNull(reportShares.revokedAt),
        gt(reportShares.expiresAt, now),
      ),
    )
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id));
}

/** Revokes a link of the workspace (revoking twice keeps the first time); false when there is no such link. */
export async function revokeShare(db: DbOrTx, workspaceId: string, shareId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: reportShares.id, revokedAt: reportShares.revokedAt })
    .from(reportShares)
    .where(and(eq(reportShares.workspaceId, workspaceId), eq(reportShares.id, shareId)));
  if (!row) return false;
  if (!row.revokedAt)
    await db
      .update(reportShares)
      .set({ revokedAt: now })
      .where(and(eq(reportShares.id, shareId), isNull(reportShares.revokedAt)));
  return true;
}

/** A link by its id (from a verified token), with its report: the public view's one read. */
export async function findShared(db: DbOrTx, shareId: string) {
  const [row] = await db
    .select({ share: reportShares, report: reports })
    .from(reportShares)
    .innerJoin(reports, and(eq(reports.id, reportShares.reportId), eq(reports.workspaceId, reportShares.workspaceId)))
    .where(eq(reportShares.id, shareId));
  return row;
}

/**
 * The time zone a workspace's periods are counted in: its creator's, else an owner's, else UTC
 * (workspaces have no time zone of their own yet; schedules will want one).
 */
export async function workspaceTimeZone(db: DbOrTx, workspaceId: string): Promise<string> {
  const [creator] = await db
    .select({ timeZone: users.timeZone })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.createdBy))
    .where(eq(workspaces.id, workspaceId));
  if (creator) return creator.timeZone;
  const [owner] = await db
    .select({ timeZone: users.timeZone })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .orderBy(users.id)
    .limit(1);
  return owner?.timeZone ?? 'UTC';
}

/** The workspace's connected accounts, in the dashboard's order. */
export async function workspaceAccounts(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      id: connectedAdAccounts.id,
      platform: connectedAdAccounts.platform,
      currency: connectedAdAccounts.currency,
      account_id: connectedAdAccounts.accountId,
      attribution: connectedAdAccounts.attribution,
      attributionUpdatedAt: connectedAdAccounts.attributionUpdatedAt,
    })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId))
    .orderBy(connectedAdAccounts.createdAt, connectedAdAccounts.accountId);
}

/** Names of the workspace's campaigns by (account, platform campaign id). */
export async function campaignNames(db: DbOrTx, workspaceId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ accountRef: campaigns.accountRef, campaignId: campaigns.campaignId, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.workspaceId, workspaceId));
  return new Map(rows.map((row) => [`${row.accountRef}:${row.campaignId}`, row.name]));
}

/** The newest alerts raised about days of the period (at most `limit`), and how many there are. */
export async function alertsOfPeriod(db: DbOrTx, workspaceId: string, from: IsoDay, to: IsoDay, limit: number) {
  const where = and(eq(alerts.workspaceId, workspaceId), gte(alerts.day, from), lte(alerts.day, to));
  const rows = await db.select().from(alerts).where(where).orderBy(desc(alerts.day), desc(alerts.seq)).limit(limit);
  const [total] = await db.select({ n: count() }).from(alerts).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** What changed at the platforms during the period, through the actions log's own query (the write seam owns the table). */
export { changesOfPeriod as actionsOfPeriod } from '../actions/actions.queries';
