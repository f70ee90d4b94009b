import { randomUUID } from 'node:crypto';

import {
  AUTH_MESSAGES,
  cooldownMessage,
  type RegisteredUser,
  type SessionPayload,
  type TokenPair,
} from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { PASSWORD_RESET_TTL_MS, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS } from '@shared/constants';
import { normalizeTimeZone } from '@shared/days';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '@shared/validation/auth';
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { passwordResets, refreshTokens, users } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { createSecretBox } from '../../lib/secretBox';
import type { NewsletterService } from '../newsletter/newsletter.service';
import { createPersonalWorkspace } from '../workspaces/personal';
import { hashPassword, verifyPassword } from './passwords';
import { accountKey, clearFailures, loginSucceeded, reserveAttempt, throttleKeys } from './throttle';
import { hashToken, newOpaqueToken } from './tokens';
import { bumpTokenVersion, tokenVersions } from './tokenVersions';

/** Stable id of the job that looks up an e-mail and sends its reset link (off the request path). */
export const PASSWORD_RESET_JOB = 'auth.password-reset.send';

const expired = () => new HttpError(401, AUTH_MESSAGES.sessionExpired, ErrorCode.Unauthorized);

/** What a rotated refresh token's sealed successor is bound to: it opens on that row only. */
const successorContext = (rowId: string) => `refresh-successor:${rowId}`;

/** Account sign-up, sign-in, token rotation, sign-out and password reset. */
/** `newsletter`: where a registration with the newsletter box on starts its double opt-in. */
export function createAuthService(ctx: AppContext, newsletter?: NewsletterService) {
  const { db, clock, tokens, mailer, queue, config, log } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const versions = tokenVersions(db);

  /** Starts a new refresh-token family for a login; returns the token for the client. */
  async function startFamily(tx: Tx, userId: string, now: Date): Promise<string> {
    const refresh = newOpaqueToken();
    await tx.insert(refreshTokens).values({
      userId,
      familyId: randomUUID(),
      tokenHash: hashToken(refresh),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return refresh;
  }

  /** Ends every session of a user (password changed). */
  async function revokeAllSessions(tx: Tx, userId: string, now: Date) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now, sealedSuccessor: null })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** The user's current token version, read inside the transaction that hands out a new access token. */
  /**
   * Takes the lock of the user a refresh token belongs to, first thing in the transaction: one
   * session change per account at a time, so a rotation cannot slip a new token past a revocation
   * or reset running next to it, and two replays of one family cannot deadlock on its rows.
   */
  async function lockTokenOwner(tx: Tx, tokenHash: string): Promise<void> {
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

  async function currentVersion(tx: Tx, userId: string): Promise<number | null> {
    const [user] = await tx.select({ version: users.tokenVersion }).from(users).where(eq(users.id, userId));
    return user ? user.version : null;
  }

  /**
   * For a spent refresh token presented again within the grace window: its successor, when that
   * one is still unused and live (two tabs refreshed at once). Null means the replay is reuse.
   * The successor is only read, not locked: a rotation of it running at the same moment then
   * simply counts as coming after this answer.
   */
  async function graceSuccessor(tx: Tx, row: typeof refreshTokens.$inferSelect, now: Date): Promise<string | null> {
    if (!row.usedAt || !row.sealedSuccessor || now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS)
      return null;
    let successor: string;
    try {
      successor = box.open(row.sealedSuccessor, successorContext(row.id));
    } catch {
      return null;
    }
    const [next] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(successor)));
    const live = next && next.familyId === row.familyId && !next.usedAt && !next.revokedAt && next.expiresAt > now;
    return live ? successor : null;
  }

  /** Sends a reset link to the address when an account has it (run by the password-reset job, so the request's answer never tells). */
  async function sendPasswordReset(email: string): Promise<boolean> {
    const now = clock.now();
    const token = newOpaqueToken();
    const sent = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(eq(users.email, email));
      if (!user) return false;
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
      });
      const link = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
      await mailer.send(
        {
          to: email,
          userId: user.id,
          subject: 'Reset your Adwise password',
          text: `Hi ${user.fullName},\n\nSomeone (hopefully you) asked to reset the password of your Adwise account.\nOpen this link within 30 minutes to choose a new one:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
        },
        tx,
      );
      return true;
    });
    return sent;
  }

  return {
    sendPasswordReset,

    async register(input: RegisterInput): Promise<RegisteredUser> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            fullName: input.fullName,
            passwordHash,
            newsletter: input.newsletter,
            timeZone: normalizeTimeZone(input.timeZone) ?? 'UTC',
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id, fullName: users.fullName, email: users.email });
        if (!user) throw new HttpError(409, AUTH_MESSAGES.emailTaken, ErrorCode.Conflict, 'email');
        await createPersonalWorkspace(tx, user, clock.now());
        // The box only asks: the address joins the newsletter once its owner confirms the e-mailed link.
        if (input.newsletter) await newsletter?.subscribe({ source: 'register', userId: user.id }, tx);
        return user;
      });
    },

    async login(input: LoginInput, ip: string): Promise<SessionPayload> {
      const now = clock.now();
      const keys = throttleKeys(input.username, ip);
      // Counted as a failure before the password is checked, so parallel attempts cannot outrun the cooldown.
      const attempt = await reserveAttempt(db, keys, now);
      if (attempt.kind === 'refused') throw new HttpError(429, cooldownMessage(attempt.seconds), ErrorCode.RateLimited);

      const [user] = await db.select().from(users).where(eq(users.email, input.username));
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) {
        if (attempt.cooldownIfWrong > 0)
          throw new HttpError(429, cooldownMessage(attempt.cooldownIfWrong), ErrorCode.RateLimited);
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, ErrorCode.Unauthorized);
      }

      await loginSucceeded(db, keys, attempt);
      const refresh = await db.transaction((tx) => startFamily(tx, user.id, now));
      return {
        access: await tokens.sign(user.id, user.tokenVersion, now),
        refresh,
        fullName: user.fullName,
        username: user.email,
      };
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new one of the same family (and the
     * same absolute expiry) comes back. The same token presented again within the grace window
     * (two tabs refreshing at once) gets the same successor, while that one is unused. Any other
     * second use means the token leaked: the family dies and the user's access tokens stop working.
     */
    async refresh(refresh: string): Promise<TokenPair> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        await lockTokenOwner(tx, hashToken(refresh));
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
          .for('update');
        if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'expired' as const };
        if (row.usedAt) {
          const successor = await graceSuccessor(tx, row, now);
          const version = successor ? await currentVersion(tx, row.userId) : null;
          if (successor && version !== null)
            return { kind: 'rotated' as const, userId: row.userId, refresh: successor, version, rotated: null };
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now, sealedSuccessor: null })
            .where(eq(refreshTokens.familyId, row.familyId));
          await bumpTokenVersion(tx, row.userId);
          return { kind: 'reused' as const, userId: row.userId };
        }
        const version = await currentVersion(tx, row.userId);
        if (version === null) return { kind: 'expired' as const };
        const next = newOpaqueToken();
        await tx
          .update(refreshTokens)
          .set({ usedAt: now, sealedSuccessor: box.seal(next, successorContext(row.id)) })
          .where(eq(refreshTokens.id, row.id));
        await tx.insert(refreshTokens).values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hashToken(next),
          createdAt: now,
          expiresAt: row.expiresAt,
        });
        return { kind: 'rotated' as const, userId: row.userId, refresh: next, version, rotated: row };
      });
      if (outcome.kind === 'reused') {
        versions.forget(outcome.userId);
        log.warn({ userId: outcome.userId }, 'refresh token reused: session family revoked');
      }
      if (outcome.kind !== 'rotated') throw expired();
      if (outcome.rotated) {
        // The presented token's own successor is spent now: the token before it has nothing left to hand out.
        // (A statement of its own, after the commit: it must not wait for a row lock while holding this one.)
        const { familyId, id } = outcome.rotated;
        await db
          .update(refreshTokens)
          .set({ sealedSuccessor: null })
          .where(
            and(
              eq(refreshTokens.familyId, familyId),
              ne(refreshTokens.id, id),
              isNotNull(refreshTokens.sealedSuccessor),
            ),
          );
      }
      return { access: await tokens.sign(outcome.userId, outcome.version, now), refresh: outcome.refresh };
    },

    /**
     * Ends the session the refresh token belongs to (its whole family) and every access token of the
     * user (their other devices refresh once). Unknown tokens are ignored.
     */
    async logout(refresh: string): Promise<void> {
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        await lockTokenOwner(tx, hashToken(refresh));
        const [row] = await tx
          .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(refresh)));
        if (!row) return null;
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now, sealedSuccessor: null })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        await bumpTokenVersion(tx, row.userId);
        return row.userId;
      });
      if (userId) versions.forget(userId);
    },

    /**
     * Queues the reset e-mail and answers at once, the same way for every address: neither the reply
     * nor its timing says whether the e-mail is registered.
     */
    async forgotPassword(email: string): Promise<void> {
      await queue.send(PASSWORD_RESET_JOB, { email });
    },

    /**
     * Spends a reset link, and with it every other outstanding link of the user: new password, every
     * session and access token ended, cooldown cleared.
     */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const reset = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(input.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!row) return null;
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
        // The user row first, then the sessions: the order refresh and logout take their locks in, so
        // a rotation running next to this reset either finishes before it (and is revoked here) or
        // starts after it (and finds its family revoked).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        await revokeAllSessions(tx, row.userId, now);
        await bumpTokenVersion(tx, row.userId);
        const [user] = await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.id, row.userId))
          .returning({ id: users.id, email: users.email });
        return user;
      });
      if (!reset) throw new HttpError(400, AUTH_MESSAGES.resetInvalid, ErrorCode.ValidationFailed, 'token');
      versions.forget(reset.id);
      await clearFailures(db, accountKey(reset.email));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
