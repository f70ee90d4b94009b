import type { DismissReason, SuggestionType } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';
import { and, eq, inArray, like, lte, ne, notInArray, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, suggestionRuns, suggestions } from '../../db/schema';

/** Every query of the suggestions, scoped by workspace for what a person reads. */

export type SuggestionRow = typeof suggestions.$inferSelect;
export type NewSuggestion = typeof suggestions.$inferInsert;

export async function suggestionById(db: DbOrTx, workspaceId: string, id: string): Promise<SuggestionRow | null> {
  const [row] = await db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.id, id), eq(suggestions.workspaceId, workspaceId)));
  return row ?? null;
}

/** The workspace's open suggestions (open, or snoozed with the snooze run out) with their accounts, filtered. */
export async function openSuggestions(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  filters: { type?: SuggestionType; platform?: Platform; account?: string },
) {
  return db
    .select({ suggestion: suggestions, account: connectedAdAccounts })
    .from(suggestions)
    .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, suggestions.accountRef))
    .where(
      and(
        eq(suggestions.workspaceId, workspaceId),
        or(eq(suggestions.status, 'open'), and(eq(suggestions.status, 'snoozed'), lte(suggestions.snoozedUntil, now))),
        filters.type ? eq(suggestions.type, filters.type) : undefined,
        filters.platform ? eq(suggestions.platform, filters.platform) : undefined,
        filters.account ? eq(suggestions.accountRef, filters.account) : undefined,
      ),
    );
}

/** When suggestions were last computed for the workspace (or one account), and how much is still learning. */
export async function lastRun(
  db: DbOrTx,
  workspaceId: string,
  accountRef?: string,
): Promise<{ computedAt: Date | null; learning: number }> {
  const [run] = await db
    .select({
      computedAt: sql<Date | string | null>`max(${suggestionRuns.computedAt})`,
      learning: sql<number>`coalesce(sum(${suggestionRuns.learning}), 0)`,
    })
    .from(suggestionRuns)
    .where(
      and(
        eq(suggestionRuns.workspaceId, workspaceId),
        accountRef ? eq(suggestionRuns.accountRef, accountRef) : undefined,
      ),
    );
  return { computedAt: run?.computedAt ? new Date(run.computedAt) : null, learning: Number(run?.learning ?? 0) };
}

/** The accounts of a connection. */
export async function accountsOfConnection(db: DbOrTx, connectionId: string) {
  return db.select().from(connectedAdAccounts).where(eq(connectedAdAccounts.connectionId, connectionId));
}

/**
 * Moves a suggestion that still stands (open, or snoozed) to `status` in one compare-and-set;
 * false when another request settled it first.
 */
async function settleStanding(db: DbOrTx, id: string, status: 'applied' | 'withdrawn', now: Date): Promise<boolean> {
  const settled = await db
    .update(suggestions)
    .set({ status, updatedAt: now })
    .where(and(eq(suggestions.id, id), inArray(suggestions.status, ['open', 'snoozed'])))
    .returning({ id: suggestions.id });
  return settled.length > 0;
}

/** Claims an open (or snoozed) suggestion for an Apply or a Mark as done; false when another request got there first. */
export const claimOpen = (db: DbOrTx, id: string, now: Date) => settleStanding(db, id, 'applied', now);

/** An applied suggestion whose change did not happen (or was undone) stands again, until the next run says otherwise. */
export async function reopen(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(suggestions)
    .set({ status: 'open', updatedAt: now })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'applied')));
}

/** Withdraws advice still standing; false when something else settled it first (an Apply's claim, a dismissal). */
export const withdrawSuggestion = (db: DbOrTx, id: string, now: Date) => settleStanding(db, id, 'withdrawn', now);

export async function dismissSuggestion(
  db: DbOrTx,
  id: string,
  reason: DismissReason,
  note: string | null,
  now: Date,
): Promise<SuggestionRow> {
  const [row] = await db
    .update(suggestions)
    .set({ status: 'dismissed', dismissReason: reason, dismissNote: note, updatedAt: now })
    .where(eq(suggestions.id, id))
    .returning();
  return row;
}

export async function snoozeSuggestion(db: DbOrTx, id: string, until: Date, now: Date): Promise<SuggestionRow> {
  const [row] = await db
    .update(suggestions)
    .set({ status: 'snoozed', snoozedUntil: until, updatedAt: now })
    .where(eq(suggestions.id, id))
    .returning();
  return row;
}

/** The platforms the workspace has accounts on (each once). */
export async function workspacePlatforms(db: DbOrTx, workspaceId: string) {
  return db
    .selectDistinct({ platform: connectedAdAccounts.platform })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId));
}

/** Every stored suggestion of the account: its key, status and last update. */
export async function accountSuggestionStates(db: DbOrTx, accountRef: string) {
  return db
    .select({
      id: suggestions.id,
      key: suggestions.key,
      status: suggestions.status,
      updatedAt: suggestions.updatedAt,
    })
    .from(suggestions)
    .where(eq(suggestions.accountRef, accountRef));
}

/** The account's suggestion of that key, if there is one (its id, status and last update). */
export async function suggestionOfKey(db: DbOrTx, accountRef: string, key: string) {
  const [existing] = await db
    .select({ id: suggestions.id, status: suggestions.status, updatedAt: suggestions.updatedAt })
    .from(suggestions)
    .where(and(eq(suggestions.accountRef, accountRef), eq(suggestions.key, key)));
  return existing;
}

export async function insertSuggestion(db: DbOrTx, values: NewSuggestion): Promise<void> {
  await db.insert(suggestions).values(values);
}

export async function updateSuggestion(db: DbOrTx, id: string, values: Partial<NewSuggestion>): Promise<void> {
  await db.update(suggestions).set(values).where(eq(suggestions.id, id));
}

/**
 * Withdraws the account's open or snoozed advice whose key is not in `keep`, except the budget
 * pacing advice (the pacing check's to keep or withdraw, budgets/pacingSuggestions).
 */
export async function withdrawAccountAdviceExcept(db: DbOrTx, accountRef: string, keep: string[], now: Date) {
  await db
    .update(suggestions)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(
      and(
        eq(suggestions.accountRef, accountRef),
        inArray(suggestions.status, ['open', 'snoozed']),
        ne(suggestions.type, 'pace_budget'),
        keep.length ? notInArray(suggestions.key, keep) : undefined,
      ),
    );
}

/** Records when the account's suggestions were last computed and how many findings are still learning. */
export async function recordSuggestionRun(
  db: DbOrTx,
  run: { accountRef: string; workspaceId: string; computedAt: Date; learning: number },
): Promise<void> {
  await db
    .insert(suggestionRuns)
    .values(run)
    .onConflictDoUpdate({
      target: suggestionRuns.accountRef,
      set: { computedAt: run.computedAt, learning: run.learning },
    });
}

/** The workspace's open or snoozed suggestions of `type` (keys `<type>:…`), with their keys. */
export async function openSuggestionsOfType(db: DbOrTx, workspaceId: string, type: string) {
  return db
    .select({ id: suggestions.id, key: suggestions.key })
    .from(suggestions)
    .where(
      and(
        eq(suggestions.workspaceId, workspaceId),
        eq(suggestions.type, type),
        inArray(suggestions.status, ['open', 'snoozed']),
        like(suggestions.key, `${type}:%`),
      ),
    );
}

export async function withdrawSuggestions(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  await db.update(suggestions).set({ status: 'withdrawn', updatedAt: now }).where(inArray(suggestions.id, ids));
}
