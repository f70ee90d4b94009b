import type { RuleDefinition } from '@shared/api/rules';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, ruleActions, ruleRuns, rules, syncState, users } from '../../db/schema';

/** Every query of automated rules, their runs and their actions, scoped by workspace or by the rule. */

export type RuleRow = typeof rules.$inferSelect;
export type RuleActionRow = typeof ruleActions.$inferSelect;
export type NewRuleAction = typeof ruleActions.$inferInsert;
export type RunCountsRow = Pick<
  typeof ruleRuns.$inferInsert,
  'judged' | 'matched' | 'acted' | 'failed' | 'revived' | 'skipped'
>;

export async function ruleById(db: DbOrTx, workspaceId: string, id: string): Promise<RuleRow | null> {
  const [row] = await db
    .select()
    .from(rules)
    .where(and(eq(rules.id, id), eq(rules.workspaceId, workspaceId)));
  return row ?? null;
}

/** How many of `ids` are accounts of the workspace. */
export async function countWorkspaceAccounts(db: DbOrTx, workspaceId: string, ids: string[]): Promise<number> {
  const found = await db
    .select({ id: connectedAdAccounts.id })
    .from(connectedAdAccounts)
    .where(and(eq(connectedAdAccounts.workspaceId, workspaceId), inArray(connectedAdAccounts.id, ids)));
  return found.length;
}

/** Each rule's newest run. */
export async function lastRunsOf(db: DbOrTx, ruleIds: string[]) {
  return db
    .selectDistinctOn([ruleRuns.ruleId])
    .from(ruleRuns)
    .where(inArray(ruleRuns.ruleId, ruleIds))
    .orderBy(ruleRuns.ruleId, desc(ruleRuns.startedAt));
}

export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function accountsByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(connectedAdAccounts).where(inArray(connectedAdAccounts.id, ids));
}

/** Closes the workspace's approvals asked for before `cutoff` (judged on data too old to act on). */
export async function expirePending(db: DbOrTx, workspaceId: string, cutoff: Date, now: Date): Promise<void> {
  await db
    .update(ruleActions)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(ruleActions.workspaceId, workspaceId),
        eq(ruleActions.status, 'pending'),
        sql`${ruleActions.createdAt} < ${cutoff}`,
      ),
    );
}

export async function updateRuleAction(db: DbOrTx, id: string, values: Partial<NewRuleAction>): Promise<RuleActionRow> {
  const [row] = await db.update(ruleActions).set(values).where(eq(ruleActions.id, id)).returning();
  return row;
}

export async function insertRuleAction(db: DbOrTx, values: NewRuleAction): Promise<RuleActionRow> {
  const [row] = await db.insert(ruleActions).values(values).returning();
  return row;
}

/** The rule's action that records an entry of the actions log. */
export async function ruleActionOf(db: DbOrTx, actionId: string): Promise<RuleActionRow | null> {
  const [row] = await db.select().from(ruleActions).where(eq(ruleActions.actionId, actionId));
  return row ?? null;
}

/** Ends the rule's action whose write the actions log just settled (only while it is being written). */
export async function settleRuleAction(
  db: DbOrTx,
  actionId: string,
  values: Pick<NewRuleAction, 'status' | 'error'>,
  now: Date,
): Promise<RuleActionRow | null> {
  const [row] = await db
    .update(ruleActions)
    .set({ ...values, decidedAt: now })
    .where(and(eq(ruleActions.actionId, actionId), eq(ruleActions.status, 'applying')))
    .returning();
  return row ?? null;
}

/** The entities a rule acted on since `since`, or has waiting for approval: its cooldown. */
export async function coolingEntities(db: DbOrTx, ruleId: string, since: Date): Promise<Set<string>> {
  const recent = await db
    .select({ accountRef: ruleActions.accountRef, entityId: ruleActions.entityId })
    .from(ruleActions)
    .where(
      and(
        eq(ruleActions.ruleId, ruleId),
        sql`(${ruleActions.createdAt} > ${since} or ${ruleActions.status} in ('pending', 'applying'))`,
      ),
    );
  return new Set(recent.map((r) => `${r.accountRef}:${r.entityId}`));
}

/** What the rule paused (and saw applied) since `since`. */
export async function appliedPausesSince(db: DbOrTx, ruleId: string, since: Date): Promise<RuleActionRow[]> {
  return db
    .select()
    .from(ruleActions)
    .where(
      and(
        eq(ruleActions.ruleId, ruleId),
        eq(ruleActions.kind, 'pause'),
        eq(ruleActions.status, 'applied'),
        gt(ruleActions.createdAt, since),
      ),
    );
}

/** The rule's revivals since `since`. */
export async function revivalsSince(db: DbOrTx, ruleId: string, since: Date) {
  return db
    .select({ entityId: ruleActions.entityId, createdAt: ruleActions.createdAt })
    .from(ruleActions)
    .where(and(eq(ruleActions.ruleId, ruleId), eq(ruleActions.kind, 'revive'), gt(ruleActions.createdAt, since)));
}

/** The data a sync-triggered run judges: the latest sync of the workspace's connections. */
export async function latestSyncOf(db: DbOrTx, workspaceId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${syncState.lastSyncedAt})` })
    .from(syncState)
    .where(eq(syncState.workspaceId, workspaceId));
  return row?.at ? new Date(row.at) : null;
}

export async function enabledRules(db: DbOrTx, workspaceId: string, ruleIds?: string[]): Promise<RuleRow[]> {
  return db
    .select()
    .from(rules)
    .where(
      and(
        eq(rules.workspaceId, workspaceId),
        eq(rules.enabled, true),
        ruleIds ? inArray(rules.id, ruleIds) : undefined,
      ),
    );
}

/** Claims a run of the rule on a data version; null when one was made already. */
export async function claimRuleRun(db: DbOrTx, values: typeof ruleRuns.$inferInsert): Promise<{ id: string } | null> {
  const [run] = await db
    .insert(ruleRuns)
    .values(values)
    .onConflictDoNothing({ target: [ruleRuns.ruleId, ruleRuns.dataVersion] })
    .returning({ id: ruleRuns.id });
  return run ?? null;
}

export async function finishRuleRun(db: DbOrTx, id: string, counts: RunCountsRow, now: Date): Promise<void> {
  await db
    .update(ruleRuns)
    .set({ ...counts, finishedAt: now })
    .where(eq(ruleRuns.id, id));
}

/** Every enabled rule that runs at set times. */
export async function timedRules(db: DbOrTx) {
  return db
    .select({ id: rules.id, workspaceId: rules.workspaceId, definition: rules.definition })
    .from(rules)
    .where(and(eq(rules.enabled, true), sql`${rules.definition}->'schedule'->>'kind' = 'times'`));
}

export async function workspaceRules(db: DbOrTx, workspaceId: string): Promise<RuleRow[]> {
  return db.select().from(rules).where(eq(rules.workspaceId, workspaceId)).orderBy(rules.name);
}

/** The workspace's changes waiting for a manager's word, newest first (not those approved and being written). */
export async function pendingApprovals(db: DbOrTx, workspaceId: string): Promise<RuleActionRow[]> {
  return db
    .select()
    .from(ruleActions)
    .where(
      and(eq(ruleActions.workspaceId, workspaceId), eq(ruleActions.status, 'pending'), isNull(ruleActions.decidedAt)),
    )
    .orderBy(desc(ruleActions.createdAt));
}

export async function runsOfRule(db: DbOrTx, ruleId: string, limit: number) {
  return db.select().from(ruleRuns).where(eq(ruleRuns.ruleId, ruleId)).orderBy(desc(ruleRuns.startedAt)).limit(limit);
}

export async function actionsOfRule(db: DbOrTx, ruleId: string, limit: number): Promise<RuleActionRow[]> {
  return db
    .select()
    .from(ruleActions)
    .where(eq(ruleActions.ruleId, ruleId))
    .orderBy(desc(ruleActions.createdAt))
    .limit(limit);
}

export async function countRules(db: DbOrTx, workspaceId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(rules).where(eq(rules.workspaceId, workspaceId));
  return Number(n);
}

/** A new rule; null when the workspace already has one of that name. */
export async function insertRule(db: DbOrTx, values: typeof rules.$inferInsert): Promise<RuleRow | null> {
  const [row] = await db
    .insert(rules)
    .values(values)
    .onConflictDoNothing({ target: [rules.workspaceId, rules.name] })
    .returning();
  return row ?? null;
}

/** Another rule of the workspace with the name. */
export async function nameTaken(db: DbOrTx, workspaceId: string, name: string, exceptId: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: rules.id })
    .from(rules)
    .where(and(eq(rules.workspaceId, workspaceId), eq(rules.name, name), sql`${rules.id} <> ${exceptId}`));
  return Boolean(clash);
}

export async function updateRule(
  db: DbOrTx,
  id: string,
  values: { name?: string; definition: RuleDefinition; enabled: boolean; updatedAt: Date },
): Promise<RuleRow> {
  const [row] = await db.update(rules).set(values).where(eq(rules.id, id)).returning();
  return row;
}

/** Deletes a rule, closing what waits for approval; its changes stay in the actions log under its name. */
export async function deleteRule(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(ruleActions)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(ruleActions.ruleId, id), eq(ruleActions.status, 'pending')));
    await tx.delete(rules).where(eq(rules.id, id));
  });
}

export async function workspaceRuleAction(db: DbOrTx, workspaceId: string, id: string): Promise<RuleActionRow | null> {
  const [row] = await db
    .select()
    .from(ruleActions)
    .where(and(eq(ruleActions.id, id), eq(ruleActions.workspaceId, workspaceId)));
  return row ?? null;
}

/** Claims a pending approval for a decision: a second click (or a second manager) finds it decided. */
export async function decidePending(
  db: DbOrTx,
  id: string,
  values: Partial<NewRuleAction>,
): Promise<RuleActionRow | null> {
  const [row] = await db
    .update(ruleActions)
    .set(values)
    .where(and(eq(ruleActions.id, id), eq(ruleActions.status, 'pending'), isNull(ruleActions.decidedAt)))
    .returning();
  return row ?? null;
}

/** The workspace's connected accounts, or only `onlyAccount` of them when given. */
export async function workspaceAccounts(db: DbOrTx, workspaceId: string, onlyAccount?: string) {
  return db
    .select()
    .from(connectedAdAccounts)
    .where(
      and(
        eq(connectedAdAccounts.workspaceId, workspaceId),
        onlyAccount ? eq(connectedAdAccounts.id, onlyAccount) : undefined,
      ),
    );
}
