import { and, desc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { budgets, campaigns, connectedAdAccounts, optimizerPlans, users } from '../../db/schema';

/** Every query of the budget optimizer and its followed plans, scoped by workspace or account. */

export type PlanRow = typeof optimizerPlans.$inferSelect;

/** The account budget's campaign caps. */
export async function campaignCapsOf(db: DbOrTx, accountRef: string) {
  const [row] = await db
    .select({ caps: budgets.campaignCaps })
    .from(budgets)
    .where(and(eq(budgets.accountRef, accountRef), eq(budgets.scope, 'account')));
  return row?.caps ?? [];
}

/** The account's campaigns as last synced (or changed from here since). */
export async function storedCampaigns(db: DbOrTx, accountRef: string) {
  return db.select().from(campaigns).where(eq(campaigns.accountRef, accountRef));
}

export async function insertPlan(db: DbOrTx, values: typeof optimizerPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(optimizerPlans).values(values).returning();
  return row;
}

export async function planById(db: DbOrTx, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(optimizerPlans).where(eq(optimizerPlans.id, id));
  return row ?? null;
}

/** The plan still being followed that took `actionId` as one of its steps (its first step's action carries no plan id: the plan is made after it lands). */
export async function followingPlanOfStep(db: DbOrTx, workspaceId: string, actionId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(optimizerPlans)
    .where(
      and(
        eq(optimizerPlans.workspaceId, workspaceId),
        eq(optimizerPlans.status, 'following'),
        sql`${optimizerPlans.steps} @> ${JSON.stringify([{ action_id: actionId }])}::jsonb`,
      ),
    );
  return row ?? null;
}

export async function workspacePlan(db: DbOrTx, workspaceId: string, id: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(optimizerPlans)
    .where(and(eq(optimizerPlans.id, id), eq(optimizerPlans.workspaceId, workspaceId)));
  return row ?? null;
}

export async function plansOfAccount(
  db: DbOrTx,
  workspaceId: string,
  accountRef: string,
  limit: number,
): Promise<PlanRow[]> {
  return db
    .select()
    .from(optimizerPlans)
    .where(and(eq(optimizerPlans.accountRef, accountRef), eq(optimizerPlans.workspaceId, workspaceId)))
    .orderBy(desc(optimizerPlans.createdAt))
    .limit(limit);
}

/** The followed plans of a connection's accounts, with their accounts. */
export async function followedPlansOfConnection(db: DbOrTx, connectionId: string) {
  return db
    .select({ plan: optimizerPlans, account: connectedAdAccounts })
    .from(optimizerPlans)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, optimizerPlans.accountRef))
    .where(and(eq(connectedAdAccounts.connectionId, connectionId), eq(optimizerPlans.status, 'following')));
}

/** Ends a followed plan, only if it is still followed; the saved plan, or null. */
export async function stopPlan(db: DbOrTx, id: string, reason: string, now: Date): Promise<PlanRow | null> {
  const [row] = await db
    .update(optimizerPlans)
    .set({ status: 'stopped', stopReason: reason, updatedAt: now })
    .where(and(eq(optimizerPlans.id, id), eq(optimizerPlans.status, 'following')))
    .returning();
  return row ?? null;
}

export async function finishPlan(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(optimizerPlans)
    .set({ status: 'done', updatedAt: now })
    .where(and(eq(optimizerPlans.id, id), eq(optimizerPlans.status, 'following')));
}

/**
 * Claims a plan's next step, only if nobody moved the plan on since it was read (a second sync
 * finishing at the same time leaves it); the step is recorded once its budgets are at the platform.
 */
export async function takeStep(db: DbOrTx, row: PlanRow, now: Date): Promise<boolean> {
  const claimed = await db
    .update(optimizerPlans)
    .set({ updatedAt: now })
    .where(
      and(
        eq(optimizerPlans.id, row.id),
        eq(optimizerPlans.status, 'following'),
        eq(optimizerPlans.updatedAt, row.updatedAt),
      ),
    )
    .returning({ id: optimizerPlans.id });
  return claimed.length > 0;
}

/** The account a plan moves budgets of. */
export async function accountById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.id, id));
  return row ?? null;
}

/** A plan's campaigns (their budgets as written at the platform) and steps, as a step left them. */
export async function savePlanProgress(
  db: DbOrTx,
  id: string,
  values: Pick<PlanRow, 'campaigns' | 'steps'>,
  now: Date,
): Promise<void> {
  await db
    .update(optimizerPlans)
    .set({ ...values, updatedAt: now })
    .where(eq(optimizerPlans.id, id));
}

export async function userName(db: DbOrTx, id: string): Promise<string | null> {
  const [user] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, id));
  return user?.name ?? null;
}
