import { performance } from 'node:perf_hooks';

import type { Db } from '../../db/connect';
import { accessChanges } from '../access/accessChanges';
import { prepareTokenVersionOf } from './auth.queries';

/**
 * How long a process trusts a user's token version it read. Another process's bump (logout,
 * reuse revocation, reset on another replica) reaches this one within that time; a bump in this
 * process drops the entry at once.
 */
export const TOKEN_VERSION_CACHE_MS = 5_000;
/** Most users whose version one process keeps (the oldest entry goes first). */
export const TOKEN_VERSION_CACHE_SIZE = 10_000;

/** The current token version of each user, as the auth guard checks it. */
export interface TokenVersions {
  /** The user's current version, or null when the user no longer exists. */
  current(userId: string): Promise<number | null>;
  /**
   * Drops the cached version and ends, in this process, what is still open on the old one (the
   * alert stream). Call after the transaction that bumped it has committed.
   */
  forget(userId: string): void;
}

/** One cache per database (per app): the guard of every module and the auth service share it. */
const caches = new WeakMap<Db, TokenVersions>();

export function tokenVersions(db: Db): TokenVersions {
  let cache = caches.get(db);
  if (!cache) {
    cache = createTokenVersions(db);
    caches.set(db, cache);
  }
  return cache;
}

function createTokenVersions(
  db: Db,
  ttlMs = TOKEN_VERSION_CACHE_MS,
  maxSize = TOKEN_VERSION_CACHE_SIZE,
): TokenVersions {
  const entries = new Map<string, { version: number | null; until: number }>();
  // Moves on with every forget: a read that was already under way when a version was bumped
  // must not put the old value back into the cache.
  let epoch = 0;
  // Read on every cache miss of every guarded request: built once, a prepared statement on PostgreSQL.
  const versionOf = prepareTokenVersionOf(db);

  return {
    async current(userId) {
      const now = performance.now();
      const hit = entries.get(userId);
      if (hit && hit.until > now) return hit.version;
      const startedAt = epoch;
      const [row] = await versionOf.execute({ userId });
      const version = row ? row.version : null;
      if (startedAt === epoch) {
        entries.delete(userId);
        entries.set(userId, { version, until: performance.now() + ttlMs });
        if (entries.size > maxSize) entries.delete(entries.keys().next().value as string);
      }
      return version;
    },
    forget(userId) {
      epoch++;
      entries.delete(userId);
      accessChanges(db).sessionsEnded(userId);
    },
  };
}
