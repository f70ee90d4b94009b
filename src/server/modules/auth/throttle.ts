import { eq, inArray } from 'drizzle-orm';
import {
  IP_FAILURES_BEFORE_COOLDOWN,
  LOGIN_COOLDOWN_BASE_SECONDS,
  LOGIN_COOLDOWN_MAX_SECONDS,
  LOGIN_FAILURES_BEFORE_COOLDOWN,
  LOGIN_FAILURE_WINDOW_MS,
} from '@shared/constants';
import type { Db } from '../../db/connect';
import { loginThrottle } from '../../db/schema';

/** Throttled keys for one login attempt: the account, and the client's address. */
export const throttleKeys = (email: string, ip: string) => ({ account: `account:${email}`, ip: `ip:${ip}` });

/** Seconds of cooldown after `failures` failures, when `threshold` failures start it (30 s, doubling, capped). */
export function cooldownSeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(LOGIN_COOLDOWN_BASE_SECONDS * 2 ** (failures - threshold), LOGIN_COOLDOWN_MAX_SECONDS);
}

/** Seconds until the longest running cooldown of these keys ends; 0 when none runs. */
export async function secondsLocked(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const until = Math.max(0, ...rows.map((r) => (r.lockedUntil ? r.lockedUntil.getTime() : 0)));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts one failure for a key and starts or lengthens its cooldown. Runs under a row lock so
 * concurrent failures on several replicas all count. Returns the cooldown it set, in seconds.
 */
export async function recordFailure(db: Db, key: string, threshold: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Make sure the row exists, then lock it: two first failures at once cannot both start from zero.
    await tx.insert(loginThrottle).values({ key, failures: 0, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
    const stale = row.failures === 0 || now.getTime() - row.updatedAt.getTime() > LOGIN_FAILURE_WINDOW_MS;
    const failures = stale ? 1 : row.failures + 1;
    const seconds = cooldownSeconds(failures, threshold);
    await tx
      .update(loginThrottle)
      .set({ failures, lockedUntil: seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null, updatedAt: now })
      .where(eq(loginThrottle.key, key));
    return seconds;
  });
}

/** A successful login clears the account's counter (the address keeps its own). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Thresholds per kind of key. */
export const THRESHOLDS = { account: LOGIN_FAILURES_BEFORE_COOLDOWN, ip: IP_FAILURES_BEFORE_COOLDOWN } as const;
