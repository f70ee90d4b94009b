import type { DismissReason, SuggestionType } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, suggestionRuns, suggestions } from '../../db/schema';

/** Every query of the suggestions, scoped by workspace for what a person reads. */

export type SuggestionRow = typeof suggestions.$inferSelect;

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

/** Claims an open (or snoozed) suggestion for an Apply or a Mark as done; false when another request got there first. */
export async function claimOpen(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(suggestions)
    .set({ status: 'applied', updatedAt: now })
    .where(and(eq(suggestions.id, id), inArray(suggestions.status, ['open', 'snoozed'])))
    .returning({ id: suggestions.id });
  return claimed.length > 0;
}

/** An applied suggestion whose change did not happen (or was undone) stands again, until the next run says otherwise. */
export async function reopen(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(suggestions)
    .set({ status: 'open', updatedAt: now })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'applied')));
}

export async function withdrawSuggestion(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(suggestions).set({ status: 'withdrawn', updatedAt: now }).where(eq(suggestions.id, id));
}

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
