import { sql } from 'drizzle-orm';

import { type Db, type DbOrTx, executeRows } from '../db/connect';

/** The shared rate-limit counters: one row per route and client key, with the end of its window. */

export interface RateLimitRow {
  hits: number;
  ttl: number;
}

/**
 * Counts one hit on the key in one statement: a new or ended window starts at 1 for `timeWindow`
 * ms; with `restartPastMax`, a hit past `max` starts the window again. The count and the ms left.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  timeWindow: number,
  max: number,
  restartPastMax: boolean,
): Promise<RateLimitRow[]> {
  const window = sql`(${timeWindow}::float8 * interval '1 millisecond')`;
  const restart = restartPastMax ? sql`rate_limit_hits.hits + 1 > ${max}::int` : sql`false`;
  return executeRows<RateLimitRow>(
    db,
    sql`insert into rate_limit_hits as r (key, hits, window_ends_at) values (${key}, 1, now() + ${window})
            on conflict (key) do update set
              hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
              window_ends_at = case when r.window_ends_at <= now() or ${restart} then now() + ${window} else r.window_ends_at end
            returning hits, greatest(0, extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl`,
  );
}

/** The key's count and ms left while its window runs (no row otherwise). */
export async function currentHits(db: DbOrTx, key: string): Promise<RateLimitRow[]> {
  return executeRows<RateLimitRow>(
    db,
    sql`select hits, extract(epoch from (window_ends_at - now())) * 1000 as ttl
            from rate_limit_hits where key = ${key} and window_ends_at > now()`,
  );
}

/** Deletes up to `limit` rows whose window has ended (SKIP LOCKED); the deleted keys. */
export async function deleteEndedHits(db: Db, limit: number): Promise<{ key: string }[]> {
  return executeRows<{ key: string }>(
    db,
    sql`delete from rate_limit_hits where key in (
          select key from rate_limit_hits where window_ends_at <= now() limit ${limit}::int for update skip locked
        ) returning key`,
  );
}
