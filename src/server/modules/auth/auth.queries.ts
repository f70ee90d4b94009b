import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';

import type { Db, DbOrTx, Tx } from '../../db/connect';
import { passwordResets, refreshTokens, users } from '../../db/schema';

/**
 * Sign-in's reads and writes: accounts by e-mail, token versions, refresh-token families and
 * password-reset links. Tokens and links are only ever looked up by their SHA-256 hash.
 */

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Creates the account unless the e-mail address is taken; undefined then. */
export async function insertUserUnlessEmailTaken(
  db: DbOrTx,
  user: {
    email: string;
    fullName: string;
    passwordHash: string;
    newsletter: boolean;
    timeZone: string;
    createdAt: Date;
  },
) {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, fullName: users.fullName, email: users.email });
  return row;
}

/** The whole account row by e-mail address (the login's password check). */
export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The id and name of the account with this e-mail address. */
export async function userNameByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.email, email));
  return row;
}

/** Locks (FOR UPDATE) the user's row. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Locks (FOR UPDATE) the row of the user the refresh token with this hash belongs to (nothing when
 * the token is unknown). Taken first thing in the transaction: one session change per account at a
 * time, so a rotation cannot slip a new token past a revocation or reset running next to it, and
 * two replays of one family cannot deadlock on its rows.
 */
export async function lockTokenOwner(tx: Tx, tokenHash: string): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(
      eq(
        users.id,
        sql`(select ${refreshTokens.userId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${tokenHash})`,
      ),
    )
    .for('update');
}

/** Sets the user's password hash; the user's id and e-mail address, or undefined when the user is gone. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email });
  return row;
}

/** The user's token version; null when the user is gone. */
export async function tokenVersionOf(db: DbOrTx, userId: string): Promise<number | null> {
  const [user] = await db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return user ? user.version : null;
}

/**
 * The user's token version by id, as a statement prepared once (`token_version_of` on
 * PostgreSQL): the guard reads it on every cache miss. Run it with `.execute({ userId })`.
 */
export function prepareTokenVersionOf(db: Db) {
  return db
    .select({ version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('token_version_of');
}

/**
 * Moves the user's token version on inside `tx`: every access token handed out so far stops
 * working. Call `tokenVersions(db).forget(userId)` once `tx` has committed.
 */
export async function bumpTokenVersion(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** Stores a refresh token (its hash) in its family. */
export async function insertRefreshToken(
  db: DbOrTx,
  token: { userId: string; familyId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** The refresh token with this hash, unlocked. */
export async function refreshTokenByHash(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Locks (FOR UPDATE) the refresh token with this hash. */
export async function lockRefreshToken(tx: Tx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** The family and user of the refresh token with this hash. */
export async function refreshTokenFamily(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Revokes every token of the family (spent ones too) and drops their sealed successors. */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, sealedSuccessor: null })
    .where(eq(refreshTokens.familyId, familyId));
}

/** Revokes the family's tokens not yet revoked and drops their sealed successors. */
export async function revokeLiveFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, sealedSuccessor: null })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of the user not yet revoked (every session ends). */
export async function revokeUserSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, sealedSuccessor: null })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Marks the refresh token spent, keeping its successor sealed for the grace window. */
export async function markTokenUsed(db: DbOrTx, id: string, now: Date, sealedSuccessor: string): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: now, sealedSuccessor }).where(eq(refreshTokens.id, id));
}

/** Drops the sealed successors of the family's other tokens than `id`. */
export async function clearOtherSuccessors(db: DbOrTx, familyId: string, id: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ sealedSuccessor: null })
    .where(
      and(eq(refreshTokens.familyId, familyId), ne(refreshTokens.id, id), isNotNull(refreshTokens.sealedSuccessor)),
    );
}

export async function insertPasswordReset(
  db: DbOrTx,
  reset: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

/** Spends the unused, unexpired reset link with this hash; its user's id, or undefined when there is none. */
export async function spendPasswordReset(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

/** Spends every other unused reset link of the user. */
export async function spendUserPasswordResets(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
