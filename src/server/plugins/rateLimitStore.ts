import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../db/connect';
import { countHit, currentHits, deleteEndedHits } from './rateLimit.queries';

/** What a store answers for one hit: hits in the current window and milliseconds until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitCount) => void;

/** The part of @fastify/rate-limit's merged route parameters a child store looks at. */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

export interface RateLimitStoreOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Every how many database hits (per process) ended rows are swept; 500 unless told. */
  sweepEvery?: number;
  /** Most rows one sweep deletes. */
  sweepLimit?: number;
}

/** Keys the in-memory counters keep before dropping the least recently used (the plugin's default). */
const MEMORY_KEYS = 5000;

/**
 * Fixed-window counters in process memory, bounded to the most recently used keys: the global
 * per-client budget (a database write per request would cost too much), and the fallback of a
 * route budget while the database does not answer.
 */
class MemoryCounter {
  private readonly entries = new Map<string, { current: number; startMs: number }>();

  constructor(private readonly continueExceeding = false) {}

  incr(key: string, timeWindow: number, max: number): RateLimitCount {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (!entry || entry.startMs + timeWindow <= now) entry = { current: 1, startMs: now };
    else {
      entry.current += 1;
      if (this.continueExceeding && entry.current > max) entry.startMs = now;
    }
    this.entries.set(key, entry);
    if (this.entries.size > MEMORY_KEYS) this.entries.delete(this.entries.keys().next().value as string);
    return { current: entry.current, ttl: entry.startMs + timeWindow - now };
  }

  read(key: string, timeWindow: number): RateLimitCount {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (!entry || entry.startMs + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: entry.current, ttl: entry.startMs + timeWindow - now };
  }
}

/** The global budget: counted in this process only. Its children are the route budgets. */
class MemoryStore {
  private readonly counter: MemoryCounter;

  constructor(
    private readonly shared: Shared,
    params: { continueExceeding?: boolean },
  ) {
    this.counter = new MemoryCounter(params.continueExceeding);
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    callback(null, this.counter.incr(key, timeWindow, max));
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    callback(null, this.counter.read(key, timeWindow));
  }

  /**
   * A route's own budget lives in the database, keyed by the route (or by its `groupId`, which
   * routes use to share one budget), so two routes never share a count by accident. A limiter made
   * with `app.rateLimit({ ... })` outside a route has no route to key by and counts in memory.
   */
  child(params: ChildParams): DatabaseStore | MemoryStore {
    if (params.exponentialBackoff) throw new Error('The database rate-limit store does not support exponentialBackoff');
    const method = params.routeInfo?.method;
    const url = params.routeInfo?.url;
    if (params.groupId)
      return new DatabaseStore(this.shared, `group ${params.groupId}`, params.continueExceeding ?? false);
    if (!url) return new MemoryStore(this.shared, params);
    return new DatabaseStore(
      this.shared,
      `${Array.isArray(method) ? method.join(',') : method} ${url}`,
      params.continueExceeding ?? false,
    );
  }
}

interface Shared extends Required<Pick<RateLimitStoreOptions, 'db' | 'log' | 'sweepEvery' | 'sweepLimit'>> {
  hits: number;
}

/**
 * One route's budget in `rate_limit_hits`, so it holds across replicas: one atomic upsert per hit
 * counts it and starts a new window once the old one has ended (database time, the same for every
 * replica). When the database fails, the hit is counted in memory instead and a warning logged.
 */
class DatabaseStore {
  private readonly fallback: MemoryCounter;
  private readonly queues = new Map<string, Promise<void>>();
  private degraded = false;

  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
    private readonly continueExceeding: boolean,
  ) {
    this.fallback = new MemoryCounter(continueExceeding);
  }

  /**
   * Hits on one key from this process go to the database one after another, in the order they
   * came: a burst from one client holds one pooled connection instead of all of them waiting on
   * the same row lock, and its requests reach their handlers in the order they arrived.
   */
  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const fullKey = `${this.prefix}|${key}`;
    const previous = this.queues.get(fullKey) ?? Promise.resolve();
    const result = previous.then(() => this.hit(fullKey, timeWindow, max));
    result.then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(fullKey, tail);
    void tail.then(() => {
      if (this.queues.get(fullKey) === tail) this.queues.delete(fullKey);
    });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    this.peek(`${this.prefix}|${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): never {
    throw new Error('A route rate-limit store has no children');
  }

  private async hit(key: string, timeWindow: number, max: number): Promise<RateLimitCount> {
    const { db } = this.shared;
    let rows: { hits: number; ttl: number }[];
    try {
      rows = await countHit(db, key, timeWindow, max, this.continueExceeding);
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.shared.log.warn(
          { err: error, route: this.prefix },
          'rate limit database unavailable; counting this route in memory',
        );
      }
      return this.fallback.incr(key, timeWindow, max);
    }
    if (this.degraded) {
      this.degraded = false;
      this.shared.log.info({ route: this.prefix }, 'rate limit database answers again');
    }
    this.maybeSweep();
    return { current: Number(rows[0].hits), ttl: Math.ceil(Number(rows[0].ttl)) };
  }

  private async peek(key: string, timeWindow: number): Promise<RateLimitCount> {
    try {
      const rows = await currentHits(this.shared.db, key);
      return rows[0] ? { current: Number(rows[0].hits), ttl: Math.ceil(Number(rows[0].ttl)) } : { current: 0, ttl: 0 };
    } catch {
      return this.fallback.read(key, timeWindow);
    }
  }

  /** Every `sweepEvery`-th hit of this process deletes up to `sweepLimit` ended rows, in the background. */
  private maybeSweep(): void {
    const shared = this.shared;
    shared.hits += 1;
    if (shared.hits % shared.sweepEvery !== 0) return;
    void sweepRateLimitHits(shared.db, shared.sweepLimit).catch((error: unknown) => {
      shared.log.warn({ err: error }, 'rate limit sweep failed');
    });
  }
}

/** Deletes up to `limit` rows whose window has ended (a later hit would count from 1 anyway). */
export async function sweepRateLimitHits(db: Db, limit = 1000): Promise<number> {
  const rows = await deleteEndedHits(db, limit);
  return rows.length;
}

/**
 * The `store` for @fastify/rate-limit, bound to the app's database: the global budget in memory,
 * every route's own `config.rateLimit` budget in the database.
 */
export function rateLimitStore(options: RateLimitStoreOptions): FastifyRateLimitStoreCtor {
  const shared: Shared = {
    db: options.db,
    log: options.log,
    sweepEvery: options.sweepEvery ?? 500,
    sweepLimit: options.sweepLimit ?? 1000,
    hits: 0,
  };
  return class BoundRateLimitStore extends MemoryStore {
    constructor(params: { continueExceeding?: boolean }) {
      super(shared, params);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
