import { eq, sql } from 'drizzle-orm';

import type { Db, DbOrTx, Tx } from '../../db/connect';
import { outbox, users } from '../../db/schema';

/** Reads and writes of one user's own row, always by the user's id (or e-mail address where said). */

export type UserRow = typeof users.$inferSelect;

/**
 * The whole user row by id, as a statement prepared once (`users_by_id` on PostgreSQL): user-info
 * and account-info read it on every call. Run it with `.execute({ userId })`.
 */
export function prepareUserById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('users_by_id');
}

export async function userFullName(db: DbOrTx, userId: string): Promise<{ fullName: string } | undefined> {
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row;
}

export async function userEmail(db: DbOrTx, userId: string): Promise<{ email: string } | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/** The id of the account with this exact e-mail address, if any. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row;
}

/** The user's time zone and display currency. */
export async function userDisplaySettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, displayCurrency: users.displayCurrency })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function setUserTimeZone(db: DbOrTx, userId: string, timeZone: string) {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** Locks (FOR UPDATE) the user's row for the account's deletion; undefined when it is gone. */
export async function lockUserForDeletion(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Deletes the user's mail from the outbox (it keeps no foreign key), then the user (the rest cascades). */
export async function eraseUser(tx: Tx, userId: string) {
  await tx.delete(outbox).where(eq(outbox.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/** Creates the account unless one with this e-mail address exists; undefined then. */
export async function insertUserUnlessEmailTaken(
  db: DbOrTx,
  user: { email: string; fullName: string; passwordHash: string; createdAt: Date },
) {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, fullName: users.fullName });
  return row;
}
