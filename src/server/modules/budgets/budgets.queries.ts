import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { budgets, campaigns, connectedAdAccounts } from '../../db/schema';

/** Every query of the workspace's monthly budgets, scoped by workspace. */

export type BudgetRow = typeof budgets.$inferSelect;
export type NewBudget = typeof budgets.$inferInsert;

export async function workspaceAccounts(db: DbOrTx, workspaceId: string) {
  return db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.workspaceId, workspaceId));
}

export async function workspaceBudget(db: DbOrTx, workspaceId: string, id: string): Promise<BudgetRow | null> {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.workspaceId, workspaceId)));
  return row ?? null;
}

/** The workspace's budgets, oldest first. */
export async function workspaceBudgets(db: DbOrTx, workspaceId: string): Promise<BudgetRow[]> {
  return db.select().from(budgets).where(eq(budgets.workspaceId, workspaceId)).orderBy(budgets.createdAt);
}

/** The platform ids of an account's campaigns as last synced. */
export async function campaignIdsOf(db: DbOrTx, accountRef: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: campaigns.campaignId })
    .from(campaigns)
    .where(eq(campaigns.accountRef, accountRef));
  return new Set(rows.map((c) => c.id));
}

export async function insertBudget(db: DbOrTx, values: NewBudget): Promise<BudgetRow> {
  const [row] = await db.insert(budgets).values(values).returning();
  return row;
}

export async function updateBudget(db: DbOrTx, id: string, values: Partial<NewBudget>): Promise<BudgetRow> {
  const [row] = await db.update(budgets).set(values).where(eq(budgets.id, id)).returning();
  return row;
}

export async function deleteBudget(db: DbOrTx, id: string): Promise<void> {
  await db.delete(budgets).where(eq(budgets.id, id));
}
