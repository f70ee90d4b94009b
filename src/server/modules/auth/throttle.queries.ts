import { and, eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { loginThrottle } from '../../db/schema';

/** The login throttle's rows (throttle.ts says what they count), one per key. */

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** Inserts the key's row if it is missing, or locks it as it is (the no-op update takes the row lock). */
export async function lockThrottleRow(db: DbOrTx, key: string, now: Date): Promise<ThrottleRow> {
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 0, updatedAt: now })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures: sql`${loginThrottle.failures}` } })
    .returning();
  return row;
}

/** Deletes the rows of these keys that count no failure. */
export async function deleteEmptyThrottleRows(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(and(inArray(loginThrottle.key, keys), eq(loginThrottle.failures, 0)));
}

export async function updateThrottleRow(
  db: DbOrTx,
  key: string,
  values: Pick<ThrottleRow, 'failures' | 'lockedUntil' | 'lockStartedAt' | 'updatedAt'>,
): Promise<void> {
  await db.update(loginThrottle).set(values).where(eq(loginThrottle.key, key));
}

export async function deleteThrottleRow(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

const timestamp = (value: Date | null) => (value ? sql`${value.toISOString()}::timestamptz` : sql`null::timestamptz`);

/**
 * Takes one failure back off the key, in one statement on its row; its cooldown and cooldown start
 * go back to `previous` unless the cooldown is no longer the one `setLockedUntil` (null: none) set.
 */
export async function giveBackFailure(
  db: DbOrTx,
  key: string,
  setLockedUntil: Date | null,
  previous: Pick<ThrottleRow, 'lockedUntil' | 'lockStartedAt'>,
): Promise<void> {
  const ours = setLockedUntil ? sql`${loginThrottle.lockedUntil} = ${timestamp(setLockedUntil)}` : sql`false`;
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${ours} then ${timestamp(previous.lockedUntil)} else ${loginThrottle.lockedUntil} end`,
      lockStartedAt: sql`case when ${ours} then ${timestamp(previous.lockStartedAt)} else ${loginThrottle.lockStartedAt} end`,
    })
    .where(eq(loginThrottle.key, key));
}
