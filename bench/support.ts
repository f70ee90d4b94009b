import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/connect';
import { createScratchDatabase, testConfig } from '../src/server/test/buildTestApp';

/** Why PostgreSQL at `url` cannot be used (the bench then skips its PostgreSQL half), or undefined when it answers. */
export async function postgresUnreachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export { createScratchDatabase };

/** The BENCH_* settings the benches read; `runs` and `warmup` are each bench's defaults for BENCH_RUNS and BENCH_WARMUP. */
export function benchSettings(defaults: { runs: number; warmup: number }) {
  return {
    pgUrl: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    runs: Number(process.env.BENCH_RUNS ?? defaults.runs),
    warmup: Number(process.env.BENCH_WARMUP ?? defaults.warmup),
    /** BENCH_ONLY=postgres|pglite: run on that database alone. */
    only: process.env.BENCH_ONLY,
    /** Keep the PostgreSQL scratch database (its name is printed) to look at it afterwards. */
    keep: process.env.BENCH_KEEP === '1',
    /** Print EXPLAIN (ANALYZE, BUFFERS) of the slowest statement on PostgreSQL even when the target is met. */
    explainAlways: process.env.BENCH_EXPLAIN === '1',
  };
}

/**
 * Builds the app (no workers, schedules or mail) on a fresh scratch database of PostgreSQL at
 * `pgUrl` (kind postgres) or on in-memory PGlite, runs `work` with it and the scratch database's
 * url, then closes the app and drops the scratch database (or, with `keep`, prints its url and
 * leaves it). Returns what `work` returns.
 */
export async function withBenchApp<T>(
  kind: 'postgres' | 'pglite',
  pgUrl: string,
  keep: boolean,
  work: (app: FastifyInstance, scratchUrl: string | undefined) => Promise<T>,
): Promise<T> {
  const scratch = kind === 'postgres' ? await createScratchDatabase(pgUrl, 'adwise_bench') : undefined;
  const config = testConfig({
    databaseUrl: scratch?.url,
    pgliteDataDir: 'memory://',
    logLevel: 'silent',
    workers: false,
  });
  const app = await buildApp(config, { workers: false, schedules: false, mailTransport: null });
  await app.ready();
  try {
    return await work(app, scratch?.url);
  } finally {
    await app.close();
    if (scratch && keep) console.log(`postgres  kept the scratch database: ${scratch.url}`);
    else await scratch?.drop();
  }
}

/**
 * Runs a bench on PostgreSQL (when reachable) then PGlite, as BENCH_ONLY allows, and prints the
 * summary lines each run returned. Exits non-zero on an error.
 */
export function runOnBothDatabases(
  pgUrl: string,
  only: string | undefined,
  benchOne: (kind: 'postgres' | 'pglite') => Promise<string[]>,
): void {
  (async () => {
    const summary: string[] = [];
    if (only !== 'pglite') {
      const problem = await postgresUnreachable(pgUrl);
      if (problem) console.log(`postgres  skipped: ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} is unreachable (${problem})`);
      else summary.push(...(await benchOne('postgres')));
    }
    if (only !== 'postgres') summary.push(...(await benchOne('pglite')));
    console.log('\nsummary');
    for (const line of summary) console.log(line);
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** A duration for the printed figures: two decimals under 10 ms, one above. */
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** Median, p95, p99 and max of timings (nearest-rank percentiles). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const mid = sorted.length / 2;
  const p50 = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { p50, p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** Runs `work` `warmup` times untimed, then `runs` times, and returns each timed run's milliseconds. */
export async function timeRuns(work: () => Promise<unknown>, warmup: number, runs: number): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Records the SQL the app sends through db.execute while `work` runs (heavy reads go through executeRows), with the time each took. */
export async function captureStatements(db: Db, work: () => Promise<unknown>) {
  const dialect = new PgDialect();
  const captured: { sql: string; params: unknown[]; ms: number }[] = [];
  const target = db as unknown as { execute: (query: SQL) => Promise<unknown> };
  const original = target.execute;
  target.execute = async function (this: unknown, query: SQL) {
    const started = performance.now();
    try {
      return await original.call(db, query);
    } finally {
      const { sql: text, params } = dialect.sqlToQuery(query);
      captured.push({ sql: text, params, ms: performance.now() - started });
    }
  };
  try {
    await work();
  } finally {
    target.execute = original;
  }
  return captured;
}

/** Prints EXPLAIN (ANALYZE, BUFFERS) of the slowest statement a GET of `url` sends to PostgreSQL at `databaseUrl`. */
export async function explainSlowest(
  app: FastifyInstance,
  databaseUrl: string,
  url: string,
  auth: Record<string, string>,
  label: string,
) {
  const statements = await captureStatements(app.ctx.db, () => app.inject({ method: 'GET', url, headers: auth }));
  const slowest = statements.sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(`explain (analyze, buffers) ${slowest.sql}`, slowest.params);
    console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS) of ${label} (${ms(slowest.ms)} in the app) ---`);
    console.log(slowest.sql.replace(/\s+/g, ' ').trim());
    console.log(result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    console.log('---');
  } finally {
    await client.end();
  }
}
