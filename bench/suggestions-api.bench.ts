/**
 * How fast Smart Suggestions are computed and served. One agency user connects every sandbox
 * account of all five platforms (seed 42, 3 per platform: 15 accounts, 90 days synced by
 * campaign and by ad), then:
 * - the suggestions job runs for each connection (what every successful sync queues): time per
 *   account, from reading its 90 days and restatements to storing its suggestions;
 * - GET /api/suggestions/ (the /suggestions page) and GET /api/suggestions/?limit=3 (the
 *   dashboard's top three) through the real routes, p50/p95/p99.
 * Targets: the list p95 < 100 ms on PostgreSQL (as every dashboard read); a job run under 2 s
 * per account, so it never holds up the next hourly sync.
 *
 *   npx tsx bench/suggestions-api.bench.ts
 *   BENCH_RUNS=200 BENCH_WARMUP=20 BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite
 */
import { eq } from 'drizzle-orm';

import { startSandbox } from '../src/sandbox/sandbox';
import { buildApp } from '../src/server/app';
import { connectedAdAccounts, users } from '../src/server/db/schema';
import { sandboxSettings } from '../src/server/platforms/settings';
import { testConfig } from '../src/server/test/buildTestApp';
import { connectionOf, connectVia } from '../src/server/test/connect';
import { signUp } from '../src/server/test/factories';
import { recordingRuntime } from '../src/server/test/platforms';
import type { SuggestionList } from '../src/shared/api/suggestions';
import { PLATFORMS } from '../src/shared/constants';
import { createScratchDatabase, ms, runOnBothDatabases, stats, timeRuns } from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const ONLY = process.env.BENCH_ONLY;
const LIST_TARGET_MS = 100;
const JOB_TARGET_MS = 2000;

async function benchOne(kind: 'postgres' | 'pglite'): Promise<string[]> {
  const sandbox = await startSandbox({ seed: 42, sleep: async () => {} });
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adwise_bench') : undefined;
  const config = testConfig({
    databaseUrl: scratch?.url,
    pgliteDataDir: 'memory://',
    logLevel: 'silent',
    workers: false,
    platforms: sandboxSettings(sandbox.url),
    sandbox: { mode: 'external', url: sandbox.url },
  });
  const app = await buildApp(config, {
    workers: false,
    schedules: false,
    mailTransport: null,
    platformRuntime: recordingRuntime(),
  });
  await app.ready();
  const lines: string[] = [];
  try {
    const user = await signUp(app, { timeZone: 'UTC' });
    // Fifteen accounts are an agency's (a trial allows five).
    await app.ctx.db.update(users).set({ plan: 'agency' }).where(eq(users.email, user.email));
    const connections: string[] = [];
    for (const platform of PLATFORMS) {
      await connectVia(app, user, platform, { accountIds: sandbox.world.accounts(platform).map((a) => a.id) });
      const connection = await connectionOf(app, user, platform);
      const synced = await app.services.sync.syncConnection(connection.id);
      if (synced.status !== 'done') throw new Error(`sync of ${platform} ended ${JSON.stringify(synced)}`);
      connections.push(connection.id);
    }

    const perAccount: number[] = [];
    let found = 0;
    for (const connectionId of connections) {
      const accounts = await app.ctx.db
        .select()
        .from(connectedAdAccounts)
        .where(eq(connectedAdAccounts.connectionId, connectionId));
      for (const account of accounts) {
        const t0 = performance.now();
        found += await app.services.suggestions.computeAccount(account);
        perAccount.push(performance.now() - t0);
      }
    }
    const job = stats(perAccount);
    lines.push(
      `${kind.padEnd(9)} suggestions job per account  p50 ${ms(job.p50).padStart(9)}   max ${ms(job.max).padStart(9)}   n=${job.n}   ${found} suggestions   ` +
        `target < ${JOB_TARGET_MS} ms: ${job.max < JOB_TARGET_MS ? 'PASS' : 'MISS'}`,
    );

    for (const [label, url] of [
      ['list (all)', '/api/suggestions/'],
      ['dashboard top 3', '/api/suggestions/?limit=3'],
    ] as const) {
      const get = async () => {
        const res = await app.inject({ method: 'GET', url, headers: user.auth });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return res.json() as SuggestionList;
      };
      const first = await get();
      if (first.total !== found) throw new Error(`${url} lists ${first.total} suggestions, the job stored ${found}`);
      const samples = await timeRuns(get, WARMUP, RUNS);
      const f = stats(samples);
      const verdict =
        kind === 'postgres'
          ? `target p95 < ${LIST_TARGET_MS} ms: ${f.p95 < LIST_TARGET_MS ? 'PASS' : 'MISS'}`
          : `(PostgreSQL target p95 < ${LIST_TARGET_MS} ms)`;
      lines.push(
        `${kind.padEnd(9)} GET ${label.padEnd(16)} p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   p99 ${ms(f.p99).padStart(9)}   n=${f.n}   ${verdict}`,
      );
    }
    for (const line of lines) console.log(line);
  } finally {
    await app.close();
    await scratch?.drop();
    await sandbox.close();
  }
  return lines;
}

console.log(
  `suggestions api bench: 15 sandbox accounts (seed 42) synced 90 days; the job per account, then GET /api/suggestions/ ${WARMUP} warm-up and ${RUNS} timed runs`,
);
runOnBothDatabases(PG_URL, ONLY, benchOne);
