import { RESEND_LOCK_SECONDS } from '@shared/constants';

/**
 * The resend lock every OTP flow shows (disconnect an account, delete a workspace): the server
 * owns the cooldown and says how long it is; these read its answers and word the wait.
 */

/** The lock counts down in whole seconds. */
export const RESEND_TICK_MS = 1000;

/** The wait a 429 from generate-otp/ names in its body (retry_after_seconds), if any. */
export function retryAfterOf(error: unknown): number | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  const seconds =
    typeof data === 'object' && data !== null
      ? Math.ceil(Number((data as { retry_after_seconds?: unknown }).retry_after_seconds))
      : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The lock after an OTP went out: the server's resend_after_seconds, or the spec's value if it says nothing usable. */
export function resendLockSeconds(result: { resend_after_seconds: number }): number {
  const seconds = Math.ceil(Number(result.resend_after_seconds));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : RESEND_LOCK_SECONDS;
}

/** A wait in the largest units that read well: "27s", "5 min", "23 h 58 min" (the daily OTP cap). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** A button label with the time left of the resend lock, e.g. "Resend in 27s". */
export function lockedLabel(label: string, secondsLeft: number): string {
  return secondsLeft > 0 ? `${label} in ${waitText(secondsLeft)}` : label;
}
