import { and, eq, gt, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { users } from '../../db/schema';

/** The free trial's fields of the user's row: started once, reminded once. */

/**
 * Marks the reminder sent, only while it was not and the trial has not ended at `now`; the
 * user's address, name and trial end then, else undefined.
 */
export async function markTrialReminderSent(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ trialReminderSentAt: now })
    .where(and(eq(users.id, userId), isNull(users.trialReminderSentAt), gt(users.trialEndsAt, now)))
    .returning({ email: users.email, fullName: users.fullName, trialEndsAt: users.trialEndsAt });
  return row;
}

/** Starts the user's trial unless one was ever started; false then. */
export async function startUserTrial(db: DbOrTx, userId: string, now: Date, endsAt: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ trialStartedAt: now, trialEndsAt: endsAt })
    .where(and(eq(users.id, userId), isNull(users.trialStartedAt)))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}
