import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, isNotNull, sql } from 'drizzle-orm';
import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import { ErrorCode } from '@shared/api/errors';
import { OTP_LENGTH, RESEND_LOCK_SECONDS } from '@shared/constants';
import { verifyOtpSchema } from '@shared/validation/otp';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { otpCodes, users } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/httpError';
import { validate } from '../../lib/validate';
import { sessionGone } from '../auth/auth.guard';

/** A code works this long after it is sent. */
export const OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is used up. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified code allows one disconnect within this window. */
export const OTP_VERIFIED_WINDOW_MS = 5 * 60 * 1000;

export const OTP_MESSAGES = {
  invalid: 'Invalid OTP.',
  noCode: 'There is no active OTP. Please send a new one.',
  expired: 'This OTP has expired. Please send a new one.',
  tooManyTries: 'Too many wrong attempts. Please send a new OTP.',
  notVerified: "Please verify it's you with the OTP sent to your email first.",
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting another OTP.`,
} as const;

/**
 * E-mailed one-time passwords that guard disconnecting an ad account. Codes are stored as an
 * HMAC under the app secret (never in clear), one live code per user; the resend lock, expiry
 * and attempt count live in the database so they hold across replicas.
 */
export function createOtpService({ db, clock, mailer, config }: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>) {
  const hash = (userId: string, code: string) => createHmac('sha256', config.appSecret).update(`otp:${userId}:${code}`).digest();

  return {
    /** Sends a fresh code (retiring any earlier one), at most once per resend lock. */
    async generate(userId: string): Promise<GenerateOtpResult> {
      const now = clock.now();
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      await db.transaction(async (tx) => {
        // One request per user at a time: the row lock orders concurrent sends.
        const [user] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw sessionGone();
        const [last] = await tx
          .select({ createdAt: otpCodes.createdAt })
          .from(otpCodes)
          .where(eq(otpCodes.userId, userId))
          .orderBy(desc(otpCodes.createdAt))
          .limit(1);
        const waitMs = last ? last.createdAt.getTime() + RESEND_LOCK_SECONDS * 1000 - now.getTime() : 0;
        if (waitMs > 0) throw tooManyRequests(OTP_MESSAGES.wait(Math.ceil(waitMs / 1000)), waitMs / 1000);
        await tx.update(otpCodes).set({ consumedAt: now }).where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)));
        await tx.insert(otpCodes).values({
          userId,
          codeHash: hash(userId, code).toString('base64url'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        await mailer.send(
          {
            to: user.email,
            userId,
            subject: `Your Adwise verification code: ${code}`,
            text: `Hi ${user.fullName},\n\nYour verification code is ${code}. It works for 10 minutes.\n\nYou asked to disconnect an ad account from Adwise. If that was not you, ignore this e-mail and consider changing your password.\n`,
          },
          tx,
        );
      });
      return { sent: true, resend_after_seconds: RESEND_LOCK_SECONDS, expires_in_seconds: OTP_TTL_MS / 1000 };
    },

    /** Checks a code; five wrong tries use it up. */
    async verify(userId: string, body: unknown): Promise<VerifyOtpResult> {
      const { otp } = await validate(verifyOtpSchema, body);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const [code] = await tx
          .select()
          .from(otpCodes)
          .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt), isNull(otpCodes.verifiedAt)))
          .orderBy(desc(otpCodes.createdAt))
          .limit(1)
          .for('update');
        if (!code) return 'noCode' as const;
        if (code.expiresAt <= now) return 'expired' as const;
        const expected = Buffer.from(code.codeHash, 'base64url');
        if (timingSafeEqual(expected, hash(userId, otp))) {
          await tx.update(otpCodes).set({ verifiedAt: now }).where(eq(otpCodes.id, code.id));
          return 'verified' as const;
        }
        const attempts = code.attempts + 1;
        const usedUp = attempts >= OTP_MAX_ATTEMPTS;
        await tx
          .update(otpCodes)
          .set({ attempts, ...(usedUp ? { consumedAt: now } : {}) })
          .where(eq(otpCodes.id, code.id));
        return usedUp ? ('tooManyTries' as const) : ('invalid' as const);
      });
      switch (outcome) {
        case 'verified':
          return { verified: true, expires_in_seconds: OTP_VERIFIED_WINDOW_MS / 1000 };
        case 'tooManyTries':
          throw new HttpError(429, OTP_MESSAGES.tooManyTries, ErrorCode.RateLimited, 'otp');
        default:
          throw new HttpError(400, OTP_MESSAGES[outcome], ErrorCode.ValidationFailed, 'otp');
      }
    },

    /**
     * Uses up the user's fresh verification inside the caller's transaction; throws 403 when
     * there is none. One verification allows one disconnect.
     */
    async consumeVerification(tx: Tx, userId: string): Promise<void> {
      const now = clock.now();
      const used = await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.userId, userId),
            isNull(otpCodes.consumedAt),
            isNotNull(otpCodes.verifiedAt),
            gt(otpCodes.verifiedAt, new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS)),
            sql`${otpCodes.id} = (select id from otp_codes where user_id = ${userId} and consumed_at is null and verified_at is not null order by verified_at desc limit 1)`,
          ),
        )
        .returning({ id: otpCodes.id });
      if (used.length === 0) throw new HttpError(403, OTP_MESSAGES.notVerified, ErrorCode.Forbidden);
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
