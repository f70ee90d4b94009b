import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, creativeWorkspaceModels } from '../../db/schema';

/** Each workspace's refit Creative Analyzer weights (one row per workspace) and the accounts they are fitted from. */

export type ModelRow = typeof creativeWorkspaceModels.$inferSelect;

export async function workspaceAccounts(db: DbOrTx, workspaceId: string) {
  return db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, workspaceId));
}

export async function findWorkspaceModel(db: DbOrTx, workspaceId: string): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(creativeWorkspaceModels)
    .where(eq(creativeWorkspaceModels.workspaceId, workspaceId));
  return row;
}

/** Saves the workspace's model, replacing the one it had. */
export async function saveWorkspaceModel(db: DbOrTx, row: ModelRow): Promise<void> {
  await db
    .insert(creativeWorkspaceModels)
    .values(row)
    .onConflictDoUpdate({
      target: creativeWorkspaceModels.workspaceId,
      set: {
        fittedAt: row.fittedAt,
        state: row.state,
        ads: row.ads,
        campaigns: row.campaigns,
        weights: row.weights,
        evaluation: row.evaluation,
        applied: row.applied,
      },
    });
}
