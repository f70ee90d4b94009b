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

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { HttpError } from '../../lib/httpError';
import { createSecretBox } from '../../lib/secretBox';
import type { NewsletterService } from '../newsletter/newsletter.service';
import { createPersonalWorkspace } from '../workspaces/personal';
import {
  bumpTokenVersion,
  clearOtherSuccessors,
  insertPasswordReset,
  insertRefreshToken,
  insertUserUnlessEmailTaken,
  lockRefreshToken,
  lockTokenOwner,
  lockUser,
  markTokenUsed,
  refreshTokenByHash,
  refreshTokenFamily,
  type RefreshTokenRow,
  revokeFamily,
  revokeLiveFamily,
  revokeUserSessions,
  setPasswordHash,
  spendPasswordReset,
  spendUserPasswordResets,
  tokenVersionOf,
  userByEmail,
  userNameByEmail,
} from './auth.queries';
import { hashPassword, verifyPassword } from './passwords';
import { accountKey, clearFailures, loginSucceeded, reserveAttempt, throttleKeys } from './throttle';
import { hashToken, newOpaqueToken } from './tokens';
import { tokenVersions } from './tokenVersions';

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
    await insertRefreshToken(tx, {
      userId,
      familyId: randomUUID(),
      tokenHash: hashToken(refresh),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return refresh;
  }

  /**
   * For a spent refresh token presented again within the grace window: its successor, when that
   * one is still unused and live (two tabs refreshed at once). Null means the replay is reuse.
   * The successor is only read, not locked: a rotation of it running at the same moment then
   * simply counts as coming after this answer.
   */
  async function graceSuccessor(tx: Tx, row: RefreshTokenRow, now: Date): Promise<string | null> {
    if (!row.usedAt || !row.sealedSuccessor || now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS)
      return null;
    let successor: string;
    try {
      successor = box.open(row.sealedSuccessor, successorContext(row.id));
    } catch {
      return null;
    }
    const next = await refreshTokenByHash(tx, hashToken(successor));
    const live = next && next.familyId === row.familyId && !next.usedAt && !next.revokedAt && next.expiresAt > now;
    return live ? successor : null;
  }

  /** Sends a reset link to the address when an account has it (run by the password-reset job, so the request's answer never tells). */
  async function sendPasswordReset(email: string): Promise<boolean> {
    const now = clock.now();
    const token = newOpaqueToken();
    const sent = await db.transaction(async (tx) => {
      const user = await userNameByEmail(tx, email);
      if (!user) return false;
      await insertPasswordReset(tx, {
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
        const user = await insertUserUnlessEmailTaken(tx, {
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          newsletter: input.newsletter,
          timeZone: normalizeTimeZone(input.timeZone) ?? 'UTC',
          createdAt: clock.now(),
        });
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

      const user = await userByEmail(db, input.username);
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
        const row = await lockRefreshToken(tx, hashToken(refresh));
        if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'expired' as const };
        if (row.usedAt) {
          const successor = await graceSuccessor(tx, row, now);
          const version = successor ? await tokenVersionOf(tx, row.userId) : null;
          if (successor && version !== null)
            return { kind: 'rotated' as const, userId: row.userId, refresh: successor, version, rotated: null };
          await revokeFamily(tx, row.familyId, now);
          await bumpTokenVersion(tx, row.userId);
          return { kind: 'reused' as const, userId: row.userId };
        }
        const version = await tokenVersionOf(tx, row.userId);
        if (version === null) return { kind: 'expired' as const };
        const next = newOpaqueToken();
        await markTokenUsed(tx, row.id, now, box.seal(next, successorContext(row.id)));
        await insertRefreshToken(tx, {
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
        await clearOtherSuccessors(db, familyId, id);
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
        const row = await refreshTokenFamily(tx, hashToken(refresh));
        if (!row) return null;
        await revokeLiveFamily(tx, row.familyId, now);
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
        const row = await spendPasswordReset(tx, hashToken(input.token), now);
        if (!row) return null;
        await spendUserPasswordResets(tx, row.userId, now);
        // The user row first, then the sessions: the order refresh and logout take their locks in, so
        // a rotation running next to this reset either finishes before it (and is revoked here) or
        // starts after it (and finds its family revoked).
        await lockUser(tx, row.userId);
        await revokeUserSessions(tx, row.userId, now);
        await bumpTokenVersion(tx, row.userId);
        return setPasswordHash(tx, row.userId, passwordHash);
      });
      if (!reset) throw new HttpError(400, AUTH_MESSAGES.resetInvalid, ErrorCode.ValidationFailed, 'token');
      versions.forget(reset.id);
      await clearFailures(db, accountKey(reset.email));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
