import {
  IP_FAILURES_BEFORE_COOLDOWN,
  LOGIN_COOLDOWN_BASE_SECONDS,
  LOGIN_COOLDOWN_MAX_SECONDS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_COOLDOWN,
} from '@shared/constants';

import type { Db } from '../../db/connect';
import {
  deleteEmptyThrottleRows,
  deleteThrottleRow,
  giveBackFailure,
  lockThrottleRow,
  type ThrottleRow,
  updateThrottleRow,
} from './throttle.queries';

/**
 * Login throttling, kept in the database so it holds across replicas. Three keys per attempt:
 * - `account:<email>`: every failure on the account, from anywhere. From the 3rd failure on the
 *   account cools down (30 s, doubling per further failure, capped at 15 min).
 * - `ip:<address>`: every failure from the client address, on any account (cooldown from the 10th).
 * - `account-ip:<email> <address>`: this client's failures on this account. It has no cooldown of
 *   its own; it decides how much of the account's cooldown applies to the client. A client with
 *   failures on the account waits out the whole (growing) cooldown. A client without any is only
 *   held during the first 30 s of the account's current run of failures, so strangers who fail on
 *   purpose cannot keep the owner out for longer than that.
 *
 * An attempt is reserved before its password is checked: in one short transaction the keys' rows
 * are locked, the attempt is refused if a cooldown applies, and otherwise it is counted as a
 * failure at once. Parallel attempts therefore queue on the row locks and each one sees the
 * failures counted before it. The password check runs after the commit (no transaction stays
 * open across argon2); a right password then clears the account and takes its count back off
 * the address.
 */

/** Throttled keys for one login attempt: the account, this client on the account, and the client's address. */
export interface ThrottleKeys {
  account: string;
  client: string;
  ip: string;
}

export const accountKey = (email: string) => `account:${email}`;
export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  account: accountKey(email),
  // A space cannot occur in a validated e-mail address or in an IP address.
  client: `account-ip:${email} ${ip}`,
  ip: `ip:${ip}`,
});

/** Thresholds per kind of key (the client key never cools down by itself). */
export const THRESHOLDS = {
  account: LOGIN_FAILURES_BEFORE_COOLDOWN,
  ip: IP_FAILURES_BEFORE_COOLDOWN,
  client: Infinity,
} as const;

/** Seconds of cooldown after `failures` failures, when `threshold` failures start it (30 s, doubling, capped). */
export function cooldownSeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(LOGIN_COOLDOWN_BASE_SECONDS * 2 ** (failures - threshold), LOGIN_COOLDOWN_MAX_SECONDS);
}

/** Failures of a row that still count (none once the last one is older than the window). */
const liveFailures = (row: ThrottleRow, now: Date) =>
  row.failures > 0 && now.getTime() - row.updatedAt.getTime() <= LOGIN_FAILURE_WINDOW_MS ? row.failures : 0;

/** Whole seconds until `until`; 0 when it has passed. */
const secondsUntil = (until: Date | null, now: Date) =>
  until && until.getTime() > now.getTime() ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0;

/** Seconds the account's cooldown holds this client back (see the module comment). */
function accountWait(account: ThrottleRow, client: ThrottleRow, now: Date): number {
  if (secondsUntil(account.lockedUntil, now) === 0) return 0;
  if (liveFailures(client, now) > 0 || !account.lockStartedAt) return secondsUntil(account.lockedUntil, now);
  const firstWindowEnd = account.lockStartedAt.getTime() + LOGIN_COOLDOWN_BASE_SECONDS * 1000;
  return secondsUntil(new Date(Math.min(account.lockedUntil!.getTime(), firstWindowEnd)), now);
}

/** A row after one more failure: its count, the cooldown that starts, and when the run first reached the threshold. */
function withFailure(row: ThrottleRow, threshold: number, now: Date) {
  const failures = liveFailures(row, now) + 1;
  const seconds = cooldownSeconds(failures, threshold);
  const lockStartedAt = failures < threshold ? null : failures === threshold ? now : (row.lockStartedAt ?? now);
  return {
    failures,
    lockedUntil: seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null,
    lockStartedAt,
    updatedAt: now,
    seconds,
  };
}

/** A reserved attempt, counted as a failure until `loginSucceeded` says otherwise. */
export interface Reserved {
  kind: 'reserved';
  /** The cooldown this attempt starts if its password turns out wrong (0: none). */
  cooldownIfWrong: number;
  /** What the address key looked like before, to take this attempt's count back off it. */
  ip: { setLockedUntil: Date | null; previous: Pick<ThrottleRow, 'lockedUntil' | 'lockStartedAt'> };
}
export type Attempt = Reserved | { kind: 'refused'; seconds: number };

/**
 * Reserves one login attempt: refused while a cooldown applies to this client, otherwise counted
 * as a failure before the password is checked.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKeys, now: Date): Promise<Attempt> {
  // Every attempt locks its rows in the same (code-unit) order, so two attempts never deadlock.
  const ordered = [keys.account, keys.client, keys.ip].sort();
  return db.transaction(async (tx) => {
    const rows = new Map<string, ThrottleRow>();
    for (const key of ordered) {
      rows.set(key, await lockThrottleRow(tx, key, now));
    }
    const account = rows.get(keys.account)!;
    const client = rows.get(keys.client)!;
    const ip = rows.get(keys.ip)!;

    const wait = Math.max(secondsUntil(ip.lockedUntil, now), accountWait(account, client, now));
    if (wait > 0) {
      // A refused attempt counts nothing; rows it only created go again.
      await deleteEmptyThrottleRows(tx, ordered);
      return { kind: 'refused', seconds: wait };
    }

    const next = {
      [keys.account]: withFailure(account, THRESHOLDS.account, now),
      [keys.client]: withFailure(client, THRESHOLDS.client, now),
      [keys.ip]: withFailure(ip, THRESHOLDS.ip, now),
    };
    for (const key of ordered) {
      const { seconds: _seconds, ...values } = next[key];
      await updateThrottleRow(tx, key, values);
    }
    return {
      kind: 'reserved',
      cooldownIfWrong: Math.max(next[keys.account].seconds, next[keys.ip].seconds),
      ip: {
        setLockedUntil: next[keys.ip].lockedUntil,
        previous: { lockedUntil: ip.lockedUntil, lockStartedAt: ip.lockStartedAt },
      },
    };
  });
}

/**
 * The reserved attempt had the right password: the account's count and this client's count on it
 * go, and the address gets this attempt's count back (its other failures stay). Each statement
 * touches one row, so nothing here can deadlock with a reservation.
 */
export async function loginSucceeded(db: Db, keys: ThrottleKeys, attempt: Reserved): Promise<void> {
  for (const key of [keys.client, keys.account]) await deleteThrottleRow(db, key);
  const { setLockedUntil, previous } = attempt.ip;
  // The cooldown this attempt started on the address is undone, unless a later failure replaced it.
  await giveBackFailure(db, keys.ip, setLockedUntil, previous);
}

/** Clears an account's counter (after a password reset). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await deleteThrottleRow(db, key);
}
