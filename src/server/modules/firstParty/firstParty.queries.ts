import type { ConversionBasis, FirstPartyDayInput } from '@shared/api/firstParty';
import type { Platform } from '@shared/constants';
import type { IsoDay } from '@shared/days';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, firstPartyDays, firstPartyKeys, workspaces } from '../../db/schema';

/** First-party days and ingestion keys; every query is scoped to one workspace (a key is found by its id, then names its workspace). */

export type FirstPartyDayRow = typeof firstPartyDays.$inferSelect;
export type FirstPartyKeyRow = typeof firstPartyKeys.$inferSelect;
export type FirstPartySource = FirstPartyDayRow['source'];

/** Rows per insert statement (6 parameters each, well under PostgreSQL's 65,535). */
const CHUNK = 1_000;

/**
 * Adds the days or replaces them whole (one row per workspace and day: a day sent again is
 * replaced, never added to). Answers how many days were saved and how many of them replaced a
 * saved one. Run it in a transaction when the days must all be saved or none.
 */
export async function upsertDays(
  db: DbOrTx,
  workspaceId: string,
  days: FirstPartyDayInput[],
  source: FirstPartySource,
  now: Date,
): Promise<{ saved: number; replaced: number }> {
  let replaced = 0;
  for (let start = 0; start < days.length; start += CHUNK) {
    const chunk = days.slice(start, start + CHUNK);
    const existing = await db
      .select({ day: firstPartyDays.day })
      .from(firstPartyDays)
      .where(
        and(
          eq(firstPartyDays.workspaceId, workspaceId),
          inArray(
            firstPartyDays.day,
            chunk.map((day) => day.day),
          ),
        ),
      );
    replaced += existing.length;
    await db
      .insert(firstPartyDays)
      .values(
        chunk.map((day) => ({
          workspaceId,
          day: day.day,
          conversions: day.conversions,
          revenueMinor: day.revenueMinor,
          currency: day.currency,
          source,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [firstPartyDays.workspaceId, firstPartyDays.day],
        set: {
          conversions: sql`excluded.conversions`,
          revenueMinor: sql`excluded.revenue_minor`,
          currency: sql`excluded.currency`,
          source: sql`excluded.source`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return { saved: days.length, replaced };
}

/** Whether the workspace has any first-party day at all. */
export async function hasDays(db: DbOrTx, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ day: firstPartyDays.day })
    .from(firstPartyDays)
    .where(eq(firstPartyDays.workspaceId, workspaceId))
    .limit(1);
  return row !== undefined;
}

/** The workspace's first-party days from `from` to `to` (both included), by day. */
export async function daysBetween(
  db: DbOrTx,
  workspaceId: string,
  from: IsoDay,
  to: IsoDay,
): Promise<FirstPartyDayRow[]> {
  return db
    .select()
    .from(firstPartyDays)
    .where(and(eq(firstPartyDays.workspaceId, workspaceId), gte(firstPartyDays.day, from), lte(firstPartyDays.day, to)))
    .orderBy(asc(firstPartyDays.day));
}

export async function keyOfWorkspace(db: DbOrTx, workspaceId: string): Promise<FirstPartyKeyRow | undefined> {
  const [row] = await db.select().from(firstPartyKeys).where(eq(firstPartyKeys.workspaceId, workspaceId));
  return row;
}

/** A key by its public id (the ingestion endpoint's lookup; the row names the workspace). */
export async function keyById(db: DbOrTx, id: string): Promise<FirstPartyKeyRow | undefined> {
  const [row] = await db.select().from(firstPartyKeys).where(eq(firstPartyKeys.id, id));
  return row;
}

/** Makes the workspace's key, replacing any key it had (the old one stops working in the same statement's commit). */
export async function replaceKey(
  db: DbOrTx,
  row: { id: string; workspaceId: string; secretSealed: string; createdBy: string; createdAt: Date },
): Promise<FirstPartyKeyRow> {
  await db.delete(firstPartyKeys).where(eq(firstPartyKeys.workspaceId, row.workspaceId));
  const [saved] = await db.insert(firstPartyKeys).values(row).returning();
  return saved;
}

/** Deletes the workspace's key; answers whether there was one. */
export async function deleteKey(db: DbOrTx, workspaceId: string): Promise<boolean> {
  const rows = await db
    .delete(firstPartyKeys)
    .where(eq(firstPartyKeys.workspaceId, workspaceId))
    .returning({ id: firstPartyKeys.id });
  return rows.length > 0;
}

export async function touchKey(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(firstPartyKeys).set({ lastUsedAt: at }).where(eq(firstPartyKeys.id, id));
}

/** The workspace's conversion basis (which conversions suggestions and the optimizer weigh). */
export async function conversionBasisOf(db: DbOrTx, workspaceId: string): Promise<ConversionBasis> {
  const [row] = await db
    .select({ basis: workspaces.conversionBasis })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.basis ?? 'platform';
}

export async function setConversionBasis(db: DbOrTx, workspaceId: string, basis: ConversionBasis): Promise<void> {
  await db.update(workspaces).set({ conversionBasis: basis }).where(eq(workspaces.id, workspaceId));
}

/** The workspace's connected accounts, as first-party figures read them (all ad spend). */
export async function accountsOfWorkspace(
  db: DbOrTx,
  workspaceId: string,
): Promise<{ id: string; currency: string; platform: Platform }[]> {
  const rows = await db
    .select({
      id: connectedAdAccounts.id,
      currency: connectedAdAccounts.currency,
      platform: connectedAdAccounts.platform,
    })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId));
  return rows.map((row) => ({ ...row, platform: row.platform as Platform }));
}
