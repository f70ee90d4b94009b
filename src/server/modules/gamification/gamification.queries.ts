import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { pointEvents, users } from '../../db/schema';

/** Points and streaks: the point events (one per kind and key) and the user's running totals. */

/** Records the point event unless the user already has one of this kind and key; false then. */
export async function insertPointEvent(
  db: DbOrTx,
  event: { userId: string; kind: string; key: string; points: number; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(pointEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ kind: pointEvents.kind });
  return inserted.length > 0;
}

export async function addUserPoints(db: DbOrTx, userId: string, points: number): Promise<void> {
  await db
    .update(users)
    .set({ points: sql`${users.points} + ${points}` })
    .where(eq(users.id, userId));
}

/**
 * Counts `today` as the user's active day unless it already is: the streak goes on from
 * `yesterday` or starts again at 1. False when the day was already counted.
 */
export async function countActiveDay(db: DbOrTx, userId: string, today: string, yesterday: string): Promise<boolean> {
  const counted = await db
    .update(users)
    .set({
      streak: sql`case when ${users.lastActiveDay} = ${yesterday} then ${users.streak} + 1 else 1 end`,
      lastActiveDay: today,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveDay), ne(users.lastActiveDay, today))))
    .returning({ id: users.id });
  return counted.length > 0;
}
