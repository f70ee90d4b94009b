import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import { ErrorCode } from '@shared/api/errors';
import { OTP_LENGTH, RESEND_LOCK_SECONDS } from '@shared/constants';
import { DAY_MS } from '@shared/days';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { HttpError, tooManyRequests } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import {
  consumeFreshVerification,
  consumeUserCodes,
  insertCode,
  lastCodeSentAt,
  lockLiveCode,
  lockOtpUser,
  markCodeVerified,
  recordWrongTry,
  unverifiedCodesSince,
} from './otp.queries';

/** A code works this long after it is sent. */
export const OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is used up. */
export const OTP_MAX_ATTEMPTS = 5;
/** A verified code allows one disconnect within this window. */
export const OTP_VERIFIED_WINDOW_MS = 5 * 60 * 1000;
/**
 * Codes a user may be sent per rolling OTP_DAILY_WINDOW_MS that did not get verified. Each code
 * allows OTP_MAX_ATTEMPTS guesses at one in 10^6, so someone holding a stolen session gets at
 * most 5 × 5 = 25 guesses a day: a 0.0025 % chance a day (under 1 % a year), against 1.4 % a day
 * with only the resend lock. A code that was verified does not count: it proves the caller reads
 * the mailbox, and one verification allows only one disconnect, so a user removing many accounts
 * in a day is not stopped by the cap.
 */
export const OTP_DAILY_LIMIT = 5;
/** The rolling window OTP_DAILY_LIMIT counts in. */
export const OTP_DAILY_WINDOW_MS = DAY_MS;

/** A wait in words, rounded up to the minute: "1 minute", "3 hours", "23 hours and 5 minutes". */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [hours > 0 ? unit(hours, 'hour') : '', rest > 0 ? unit(rest, 'minute') : ''].filter(Boolean).join(' and ');
}

export const OTP_MESSAGES = {
  invalid: 'Invalid OTP.',
  noCode: 'There is no active OTP. Please send a new one.',
  expired: 'This OTP has expired. Please send a new one.',
  tooManyTries: 'Too many wrong attempts. Please send a new OTP.',
  notVerified: "Please verify it's you with the OTP sent to your email first.",
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting another OTP.`,
  dailyLimit: (seconds: number) =>
    `You have asked for too many codes today. Please try again in ${waitInWords(seconds)}.`,
} as const;

/**
 * E-mailed one-time passwords that guard disconnecting an ad account. Codes are stored as an
 * HMAC under the app secret (never in clear), one live code per user; the resend lock, expiry
 * and attempt count live in the database so they hold across replicas.
 */
export function createOtpService({
  db,
  clock,
  mailer,
  config,
}: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>) {
  const hash = (userId: string, code: string) =>
    createHmac('sha256', config.appSecret).update(`otp:${userId}:${code}`).digest();

  return {
    /**
     * Sends a fresh code (retiring any earlier one), at most once per resend lock and at most
     * OTP_DAILY_LIMIT unverified codes per rolling day; either limit answers 429 with the wait.
     */
    async generate(userId: string): Promise<GenerateOtpResult> {
      const now = clock.now();
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      await db.transaction(async (tx) => {
        // One request per user at a time: the row lock orders concurrent sends.
        const user = await lockOtpUser(tx, userId);
        if (!user) throw sessionGone();
        const last = await lastCodeSentAt(tx, userId);
        const resendWaitMs = last ? last.createdAt.getTime() + RESEND_LOCK_SECONDS * 1000 - now.getTime() : 0;
        // The daily cap: a slot frees up when the OTP_DAILY_LIMIT-th newest unverified code leaves the window.
        const recent = await unverifiedCodesSince(
          tx,
          userId,
          new Date(now.getTime() - OTP_DAILY_WINDOW_MS),
          OTP_DAILY_LIMIT,
        );
        const dailyWaitMs =
          recent.length >= OTP_DAILY_LIMIT
            ? recent[OTP_DAILY_LIMIT - 1].createdAt.getTime() + OTP_DAILY_WINDOW_MS - now.getTime()
            : 0;
        // Name the longer wait, so the user is not told 20 seconds and then a day.
        if (dailyWaitMs > 0 && dailyWaitMs >= resendWaitMs)
          throw tooManyRequests(OTP_MESSAGES.dailyLimit(dailyWaitMs / 1000), dailyWaitMs / 1000);
        if (resendWaitMs > 0)
          throw tooManyRequests(OTP_MESSAGES.wait(Math.ceil(resendWaitMs / 1000)), resendWaitMs / 1000);
        await consumeUserCodes(tx, userId, now);
        await insertCode(tx, {
          userId,
          codeHash: hash(userId, code).toString('base64url'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        await mailer.send(
          {
            to: user.email,
            userId,
            // Never the code itself: subjects show in notifications and lock screens, and reach logs.
            subject: 'Your Adwise verification code',
            text: `Hi ${user.fullName},\n\nYour verification code is ${code}. It works for 10 minutes.\n\nYou asked to disconnect an ad account from Adwise. If that was not you, ignore this e-mail and consider changing your password.\n`,
          },
          tx,
        );
      });
      return { sent: true, resend_after_seconds: RESEND_LOCK_SECONDS, expires_in_seconds: OTP_TTL_MS / 1000 };
    },

    /** Checks a code (already checked against verifyOtpSchema by the route); five wrong tries use it up. */
    async verify(userId: string, otp: string): Promise<VerifyOtpResult> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const code = await lockLiveCode(tx, userId);
        if (!code) return 'noCode' as const;
        if (code.expiresAt <= now) return 'expired' as const;
        const expected = Buffer.from(code.codeHash, 'base64url');
        if (timingSafeEqual(expected, hash(userId, otp))) {
          await markCodeVerified(tx, code.id, now);
          return 'verified' as const;
        }
        const attempts = code.attempts + 1;
        const usedUp = attempts >= OTP_MAX_ATTEMPTS;
        await recordWrongTry(tx, code.id, attempts, usedUp ? now : undefined);
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
      const used = await consumeFreshVerification(tx, userId, now, new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS));
      if (!used) throw new HttpError(403, OTP_MESSAGES.notVerified, ErrorCode.Forbidden);
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
