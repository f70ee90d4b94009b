import type { ActionOutcome, ActionStatus } from '@shared/api/actions';
import type { IsoDay } from '@shared/days';
import { addDays, dayStartMs } from '@shared/days';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { actions, ads, campaigns, connectedAdAccounts, users } from '../../db/schema';
import type { JournalStep, StepAt } from './actions.steps';

/**
 * Every query of the actions log, always scoped: by workspace for what a person reads, by id for
 * the journal's own writes. Only modules/actions writes these rows (the seam test and the lint
 * hold that); reports read their period through changesOfPeriod.
 */

export type ActionRow = typeof actions.$inferSelect;
export type AccountRow = typeof connectedAdAccounts.$inferSelect;
export type NewAction = typeof actions.$inferInsert;

/** The statuses of a run under way: a row in one of them has a heartbeat. */
export const RUNNING: ActionStatus[] = ['applying', 'undoing'];

/** Records the intent of a change before any platform call (in the caller's write-ahead transaction). */
export async function insertAction(tx: DbOrTx, values: NewAction): Promise<ActionRow> {
  const [row] = await tx.insert(actions).values(values).returning();
  return row;
}

/**
 * Starts a run over an existing action (undo, retry) if it is still in one of `from`: the run's
 * status, its journal with each step's starting place, and a fresh heartbeat. Null when another
 * request got there first.
 */
export async function claimRun(
  db: DbOrTx,
  id: string,
  from: ActionStatus[],
  to: ActionStatus,
  steps: JournalStep[],
  now: Date,
): Promise<ActionRow | null> {
  const [row] = await db
    .update(actions)
    .set({ status: to, steps, heartbeatAt: now, problem: null, note: null })
    .where(and(eq(actions.id, id), inArray(actions.status, from)))
    .returning();
  return row ?? null;
}

/** The journal as it stands after a step landed or failed. */
export async function saveSteps(db: DbOrTx, id: string, steps: JournalStep[]): Promise<void> {
  await db.update(actions).set({ steps }).where(eq(actions.id, id));
}

/** Adwise's own copy of a campaign or ad, set to what a write left at the platform. */
export async function recordStepState(
  db: DbOrTx,
  account: AccountRow,
  step: JournalStep,
  at: Extract<StepAt, 'from' | 'to'>,
  now: Date,
): Promise<void> {
  const value = at === 'to' ? step.to : step.from;
  if (step.kind === 'ad_status') {
    await db
      .update(ads)
      .set({ status: value as 'ACTIVE' | 'PAUSED', updatedAt: now })
      .where(and(eq(ads.accountRef, account.id), eq(ads.adId, step.entity_id)));
  } else if (step.kind === 'campaign_status') {
    await db
      .update(campaigns)
      .set({ status: value as 'ACTIVE' | 'PAUSED', updatedAt: now })
      .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, step.entity_id)));
  } else {
    await db
      .update(campaigns)
      .set({ dailyBudgetMinor: value as number, updatedAt: now })
      .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, step.entity_id)));
  }
}

/** Adwise's own copy of a campaign's status and budget, as the platform holds them now. */
export async function recordCampaign(
  db: DbOrTx,
  account: AccountRow,
  campaign: { id: string; status: 'ACTIVE' | 'PAUSED'; dailyBudgetMinor: number | null },
  now: Date,
): Promise<void> {
  await db
    .update(campaigns)
    .set({ status: campaign.status, dailyBudgetMinor: campaign.dailyBudgetMinor, updatedAt: now })
    .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.campaignId, campaign.id)));
}

/** Adwise's own copy of an ad's status, as the platform holds it now. */
export async function recordAd(
  db: DbOrTx,
  account: AccountRow,
  ad: { id: string; status: 'ACTIVE' | 'PAUSED' },
  now: Date,
): Promise<void> {
  await db
    .update(ads)
    .set({ status: ad.status, updatedAt: now })
    .where(and(eq(ads.accountRef, account.id), eq(ads.adId, ad.id)));
}

/** Ends a run: the status it ends in, with everything that goes with it. Only a row still in `running` is ended. */
export async function settleRow(
  db: DbOrTx,
  id: string,
  running: ActionStatus,
  values: Partial<NewAction>,
): Promise<ActionRow | null> {
  const [row] = await db
    .update(actions)
    .set({ ...values, heartbeatAt: null })
    .where(and(eq(actions.id, id), eq(actions.status, running)))
    .returning();
  return row ?? null;
}

/** The heartbeat of a run this process is making; false once the run is no longer under way. */
export async function beat(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(actions)
    .set({ heartbeatAt: now })
    .where(and(eq(actions.id, id), inArray(actions.status, RUNNING)))
    .returning({ id: actions.id });
  return rows.length > 0;
}

/** Leaves a run for the reconciler: its heartbeat cleared, so the next look takes it at once. */
export async function leaveForReconciler(
  db: DbOrTx,
  id: string,
  steps: JournalStep[],
  problem: string,
): Promise<ActionRow | null> {
  const [row] = await db
    .update(actions)
    .set({ steps, problem, heartbeatAt: null })
    .where(and(eq(actions.id, id), inArray(actions.status, RUNNING)))
    .returning();
  return row ?? null;
}

/** Runs whose heartbeat stopped (before `staleBefore`, or cleared), oldest first. */
export async function interruptedRuns(db: DbOrTx, staleBefore: Date, limit: number): Promise<ActionRow[]> {
  return db
    .select()
    .from(actions)
    .where(and(inArray(actions.status, RUNNING), or(isNull(actions.heartbeatAt), lt(actions.heartbeatAt, staleBefore))))
    .orderBy(asc(actions.appliedAt))
    .limit(limit);
}

/** The freshest heartbeat of a run under way: when the last of them would go stale. */
export async function latestHeartbeat(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${actions.heartbeatAt})` })
    .from(actions)
    .where(and(inArray(actions.status, RUNNING), isNotNull(actions.heartbeatAt)));
  return row?.at ? new Date(row.at) : null;
}

/** Takes an interrupted run for checking, if nobody else did since it was read (its heartbeat unchanged). */
export async function claimInterrupted(db: DbOrTx, row: ActionRow, now: Date): Promise<ActionRow | null> {
  const [claimed] = await db
    .update(actions)
    .set({ heartbeatAt: now })
    .where(
      and(
        eq(actions.id, row.id),
        eq(actions.status, row.status),
        row.heartbeatAt ? eq(actions.heartbeatAt, row.heartbeatAt) : isNull(actions.heartbeatAt),
      ),
    )
    .returning();
  return claimed ?? null;
}

export async function accountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.id, id));
  return row ?? null;
}

export async function actionById(db: DbOrTx, id: string): Promise<ActionRow | null> {
  const [row] = await db.select().from(actions).where(eq(actions.id, id));
  return row ?? null;
}

/** An action of the workspace, with its account. */
export async function workspaceAction(
  db: DbOrTx,
  workspaceId: string,
  id: string,
): Promise<{ action: ActionRow; account: AccountRow } | null> {
  const [row] = await db
    .select({ action: actions, account: connectedAdAccounts })
    .from(actions)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
    .where(and(eq(actions.id, id), eq(actions.workspaceId, workspaceId)));
  return row ?? null;
}

/** The workspace's actions (all, or those matching `where`) with their account and who applied them, newest first. */
export async function listedActions(db: DbOrTx, workspaceId: string, where?: SQL) {
  return db
    .select({ action: actions, account: connectedAdAccounts, appliedBy: users.fullName })
    .from(actions)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
    .leftJoin(users, eq(users.id, actions.appliedBy))
    .where(and(eq(actions.workspaceId, workspaceId), where))
    .orderBy(desc(actions.appliedAt), desc(actions.id));
}

/** One action of the workspace as the list shows it (with its account and who applied it); undefined when not the workspace's. */
export async function listedAction(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await listedActions(db, workspaceId, eq(actions.id, id));
  return row;
}

/** The newest action made for a suggestion. */
export async function latestOfSuggestion(db: DbOrTx, suggestionId: string): Promise<ActionRow | null> {
  const [row] = await db
    .select()
    .from(actions)
    .where(eq(actions.suggestionId, suggestionId))
    .orderBy(desc(actions.appliedAt))
    .limit(1);
  return row ?? null;
}

/** The actions touching a campaign or ad of an account that are being written or were taken only in part. */
export async function openActionsOn(db: DbOrTx, accountRef: string): Promise<ActionRow[]> {
  return db
    .select()
    .from(actions)
    .where(
      and(eq(actions.accountRef, accountRef), inArray(actions.status, ['applying', 'undoing', 'partially_applied'])),
    );
}

/** Applied actions whose horizon has passed and that are not measured yet (of one workspace, or all). */
export async function dueForMeasure(db: DbOrTx, now: Date, workspaceId?: string) {
  return db
    .select({ action: actions, account: connectedAdAccounts })
    .from(actions)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, actions.accountRef))
    .where(
      and(
        eq(actions.status, 'applied'),
        isNull(actions.outcome),
        lte(sql`${actions.appliedAt} + make_interval(days => ${actions.horizonDays})`, now),
        workspaceId ? eq(actions.workspaceId, workspaceId) : undefined,
      ),
    );
}

export async function saveOutcome(db: DbOrTx, id: string, outcome: ActionOutcome, now: Date): Promise<void> {
  await db
    .update(actions)
    .set({ outcome, measuredAt: now })
    .where(and(eq(actions.id, id), isNull(actions.outcome)));
}

/** Every measured action's type and outcome in the workspace. */
export async function measuredOutcomes(
  db: DbOrTx,
  workspaceId: string,
): Promise<{ type: string; outcome: ActionOutcome }[]> {
  const rows = await db
    .select({ type: actions.type, outcome: actions.outcome })
    .from(actions)
    .where(and(eq(actions.workspaceId, workspaceId), isNotNull(actions.outcome)));
  return rows.map((row) => ({ type: row.type, outcome: row.outcome as ActionOutcome }));
}

/** What changed at the platforms during the period's days (UTC), newest first (at most `limit`), and how many: attempts that changed nothing are left out. */
export async function changesOfPeriod(db: DbOrTx, workspaceId: string, from: IsoDay, to: IsoDay, limit: number) {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(dayStartMs(addDays(to, 1)));
  const where = and(
    eq(actions.workspaceId, workspaceId),
    gte(actions.appliedAt, start),
    lt(actions.appliedAt, end),
    inArray(actions.status, ['applied', 'partially_applied', 'undone']),
  );
  const rows = await db
    .select()
    .from(actions)
    .where(where)
    .orderBy(desc(actions.appliedAt), desc(actions.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(actions).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
