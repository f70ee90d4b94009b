import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { object, string } from 'yup';
import { AUTH_MESSAGES, cooldownMessage, type RegisteredUser, type SessionPayload, type TokenPair } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { PASSWORD_RESET_TTL_MS, REFRESH_TOKEN_TTL_MS } from '@shared/constants';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '@shared/validation/auth';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { passwordResets, refreshTokens, users } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import { HttpError } from '../../lib/httpError';
import { normalizeTimeZone } from '../gamification/localDay';
import { hashPassword, verifyPassword } from './passwords';
import { clearFailures, recordFailure, secondsLocked, THRESHOLDS, throttleKeys } from './throttle';
import { hashToken, newOpaqueToken } from './tokens';
import type { NewsletterService } from '../newsletter/newsletter.service';

/** Stable id of the job that looks up an e-mail and sends its reset link (off the request path). */
export const PASSWORD_RESET_JOB = 'auth.password-reset.send';

const expired = () => new HttpError(401, AUTH_MESSAGES.sessionExpired, ErrorCode.Unauthorized);

/** Account sign-up, sign-in, token rotation, sign-out and password reset. */
/** `newsletter`: where a registration with the newsletter box on starts its double opt-in. */
export function createAuthService(ctx: AppContext, newsletter?: NewsletterService) {
  const { db, clock, tokens, mailer, queue, config, log } = ctx;

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
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  const passwordResetJob = defineJob({
    id: PASSWORD_RESET_JOB,
    payload: object({ email: string().required() }),
    retryLimit: 2,
    async handler({ email }) {
      const now = clock.now();
      const token = newOpaqueToken();
      const sent = await db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.email, email));
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
      log.info({ sent }, 'password reset request handled');
    },
  });

  return {
    passwordResetJob,

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
        // The box only asks: the address joins the newsletter once its owner confirms the e-mailed link.
        if (input.newsletter) await newsletter?.subscribe({ source: 'register', userId: user.id }, tx);
        return user;
      });
    },

    async login(input: LoginInput, ip: string): Promise<SessionPayload> {
      const now = clock.now();
      const keys = throttleKeys(input.username, ip);
      const locked = await secondsLocked(db, [keys.account, keys.ip], now);
      if (locked > 0) throw new HttpError(429, cooldownMessage(locked), ErrorCode.RateLimited);

      const [user] = await db.select().from(users).where(eq(users.email, input.username));
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) {
        const [accountCooldown, ipCooldown] = await Promise.all([
          recordFailure(db, keys.account, THRESHOLDS.account, now),
          recordFailure(db, keys.ip, THRESHOLDS.ip, now),
        ]);
        const cooldown = Math.max(accountCooldown, ipCooldown);
        if (cooldown > 0) throw new HttpError(429, cooldownMessage(cooldown), ErrorCode.RateLimited);
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, ErrorCode.Unauthorized);
      }

      await clearFailures(db, keys.account);
      const refresh = await db.transaction((tx) => startFamily(tx, user.id, now));
      return { access: await tokens.sign(user.id, now), refresh, fullName: user.fullName, username: user.email };
    },

    /**
     * Rotates a refresh token: the presented one is spent and a new one of the same family (and the
     * same absolute expiry) comes back. A token presented twice means it leaked: the family dies.
     */
    async refresh(refresh: string): Promise<TokenPair> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refresh))).for('update');
        if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'expired' as const };
        if (row.usedAt) {
          await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, row.familyId));
          return { kind: 'reused' as const, userId: row.userId };
        }
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
        const next = newOpaqueToken();
        await tx.insert(refreshTokens).values({
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hashToken(next),
          createdAt: now,
          expiresAt: row.expiresAt,
        });
        return { kind: 'rotated' as const, userId: row.userId, refresh: next };
      });
      if (outcome.kind === 'reused') log.warn({ userId: outcome.userId }, 'refresh token reused: session family revoked');
      if (outcome.kind !== 'rotated') throw expired();
      return { access: await tokens.sign(outcome.userId, now), refresh: outcome.refresh };
    },

    /** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
    async logout(refresh: string): Promise<void> {
      const now = clock.now();
      const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refresh)));
      if (row) {
        await db
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      }
    },

    /**
     * Queues the reset e-mail and answers at once, the same way for every address: neither the reply
     * nor its timing says whether the e-mail is registered.
     */
    async forgotPassword(email: string): Promise<void> {
      await queue.send(PASSWORD_RESET_JOB, { email });
    },

    /** Spends a reset link: new password, every session ended, cooldown cleared. */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const reset = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ userId: passwordResets.userId });
        if (!row) return null;
        const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).returning({ email: users.email });
        await revokeAllSessions(tx, row.userId, now);
        return user;
      });
      if (!reset) throw new HttpError(400, AUTH_MESSAGES.resetInvalid, ErrorCode.ValidationFailed, 'token');
      await clearFailures(db, throttleKeys(reset.email, '').account);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
