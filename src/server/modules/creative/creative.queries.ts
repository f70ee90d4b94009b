import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { creativeAnalyses, creativeShares, workspaces } from '../../db/schema';

/** Saved Creative Analyzer results and their share links; every query is scoped to one workspace. */

export type CreativeAnalysisRow = typeof creativeAnalyses.$inferSelect;
export type NewCreativeAnalysisRow = typeof creativeAnalyses.$inferInsert;
export type CreativeShareRow = typeof creativeShares.$inferSelect;

/** The history's order, and the position a cursor stands for. */
export interface HistoryPosition {
  createdAt: Date;
  id: string;
}

const summaryColumns = {
  id: creativeAnalyses.id,
  kind: creativeAnalyses.kind,
  placement: creativeAnalyses.placement,
  title: creativeAnalyses.title,
  result: creativeAnalyses.result,
  createdAt: creativeAnalyses.createdAt,
  input: creativeAnalyses.input,
};

export async function insertAnalysis(db: DbOrTx, row: NewCreativeAnalysisRow): Promise<CreativeAnalysisRow> {
  const [saved] = await db.insert(creativeAnalyses).values(row).returning();
  return saved;
}

/** A page of the workspace's history, newest first, after `after` when given; one more row than asked tells whether another page follows. */
export async function listAnalyses(db: DbOrTx, workspaceId: string, limit: number, after: HistoryPosition | null) {
  const older = after
    ? or(
        lt(creativeAnalyses.createdAt, after.createdAt),
        and(eq(creativeAnalyses.createdAt, after.createdAt), lt(creativeAnalyses.id, after.id)),
      )
    : undefined;
  return db
    .select(summaryColumns)
    .from(creativeAnalyses)
    .where(and(eq(creativeAnalyses.workspaceId, workspaceId), older))
    .orderBy(desc(creativeAnalyses.createdAt), desc(creativeAnalyses.id))
    .limit(limit + 1);
}

export async function findAnalysis(
  db: DbOrTx,
  workspaceId: string,
  id: string,
): Promise<CreativeAnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(creativeAnalyses)
    .where(and(eq(creativeAnalyses.workspaceId, workspaceId), eq(creativeAnalyses.id, id)));
  return row;
}

/** Deletes one analysis of the workspace (its share links go with it); false when there was none. */
export async function deleteAnalysis(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(creativeAnalyses)
    .where(and(eq(creativeAnalyses.workspaceId, workspaceId), eq(creativeAnalyses.id, id)))
    .returning({ id: creativeAnalyses.id });
  return deleted.length > 0;
}

export async function insertShare(db: DbOrTx, row: typeof creativeShares.$inferInsert): Promise<CreativeShareRow> {
  const [saved] = await db.insert(creativeShares).values(row).returning();
  return saved;
}

/** The analysis' links that are neither revoked nor expired at `now`, newest first. */
export async function activeShares(
  db: DbOrTx,
  workspaceId: string,
  analysisId: string,
  now: Date,
): Promise<CreativeShareRow[]> {
  return db
    .select()
    .from(creativeShares)
    .where(
      and(
        eq(creativeShares.workspaceId, workspaceId),
        eq(creativeShares.analysisId, analysisId),
        isNull(creativeShares.revokedAt),
        gt(creativeShares.expiresAt, now),
      ),
    )
    .orderBy(desc(creativeShares.createdAt), desc(creativeShares.id));
}

/** Revokes a link of the workspace (revoking twice keeps the first time); false when there is no such link. */
export async function revokeShare(db: DbOrTx, workspaceId: string, shareId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: creativeShares.id, revokedAt: creativeShares.revokedAt })
    .from(creativeShares)
    .where(and(eq(creativeShares.workspaceId, workspaceId), eq(creativeShares.id, shareId)));
  if (!row) return false;
  if (!row.revokedAt)
    await db
      .update(creativeShares)
      .set({ revokedAt: now })
      .where(and(eq(creativeShares.id, shareId), isNull(creativeShares.revokedAt)));
  return true;
}

/** A link by its id (from a verified token), with its analysis and the workspace's name: the public view's one read. */
export async function findShared(db: DbOrTx, shareId: string) {
  const [row] = await db
    .select({ share: creativeShares, analysis: creativeAnalyses, workspaceName: workspaces.name })
    .from(creativeShares)
    .innerJoin(
      creativeAnalyses,
      and(
        eq(creativeAnalyses.id, creativeShares.analysisId),
        eq(creativeAnalyses.workspaceId, creativeShares.workspaceId),
      ),
    )
    .innerJoin(workspaces, eq(workspaces.id, creativeShares.workspaceId))
    .where(eq(creativeShares.id, shareId));
  return row;
}
