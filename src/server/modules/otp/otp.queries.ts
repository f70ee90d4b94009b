import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/connect';
import { otpCodes, users } from '../../db/schema';

/** One user's e-mailed one-time codes (stored as an HMAC, never in clear); every query is scoped to the user. */

/** Locks (FOR UPDATE) the user's row, ordering concurrent sends; their address and name. */
export async function lockOtpUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** When the user's newest code was sent, if ever. */
export async function lastCodeSentAt(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.userId, userId))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

/** When the user's newest `limit` unverified codes sent after `since` were sent, newest first. */
export async function unverifiedCodesSince(db: DbOrTx, userId: string, since: Date, limit: number) {
  return db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.verifiedAt), gt(otpCodes.createdAt, since)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(limit);
}

/** Retires every code of the user not yet used up. */
export async function consumeUserCodes(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)));
}

export async function insertCode(
  db: DbOrTx,
  code: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(otpCodes).values(code);
}

/** Locks (FOR UPDATE) the user's newest code neither used up nor verified. */
export async function lockLiveCode(tx: Tx, userId: string) {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt), isNull(otpCodes.verifiedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function markCodeVerified(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(otpCodes).set({ verifiedAt: now }).where(eq(otpCodes.id, id));
}

/** Counts a wrong try; `consumedAt` set uses the code up. */
export async function recordWrongTry(db: DbOrTx, id: string, attempts: number, consumedAt?: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ attempts, ...(consumedAt ? { consumedAt } : {}) })
    .where(eq(otpCodes.id, id));
}

/**
 * Uses up the user's newest verification if it was verified after `verifiedAfter` and is not
 * used up yet; false when there is none.
 */
export async function consumeFreshVerification(db: DbOrTx, userId: string, now: Date, verifiedAfter: Date) {
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.userId, userId),
        isNull(otpCodes.consumedAt),
        isNotNull(otpCodes.verifiedAt),
        gt(otpCodes.verifiedAt, verifiedAfter),
        sql`${otpCodes.id} = (select id from otp_codes where user_id = ${userId} and consumed_at is null and verified_at is not null order by verified_at desc limit 1)`,
      ),
    )
    .returning({ id: otpCodes.id });
  return used.length > 0;
}
