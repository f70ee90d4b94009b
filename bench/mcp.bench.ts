/**
 * The MCP performance tool over the 1,000,000-row workspace of bench/dashboard.bench.ts (5
 * platforms × 4 accounts × 35 campaigns × 4 ads × the 365 days ending today): get_performance
 * called through the MCP endpoint (POST /api/mcp, JSON-RPC tools/call with a bearer token, a
 * fresh MCP server per request as in production; app.inject, no socket), for the 7-day and the
 * 365-day range at account and campaign level. Prints p50/p95 per case and, last, the target line
 * for the worst case on PostgreSQL (PGlite when PostgreSQL is unreachable). Figures, not a test.
 *
 *   npx tsx bench/mcp.bench.ts     (same BENCH_* settings as the dashboard bench; BENCH_ONLY=postgres|pglite)
 */
import { addDays, isoDay } from '@shared/days';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { Db } from '../src/server/db/connect';
import { mintMcpGrant } from '../src/server/test/mcp';
import { describeWorld, type MetricsWorld, seededUser, seedMetrics } from './seedMetrics';
import { benchSettings, ms, postgresUnreachable, stats, timeRuns, withBenchApp } from './support';

const { pgUrl: PG_URL, runs: RUNS, warmup: WARMUP, only: ONLY, keep: KEEP } = benchSettings({ runs: 50, warmup: 5 });
/** p95 target for the performance tool, ms. */
const TARGET_MS = 100;
const DAYS = 365;
const TODAY = isoDay(new Date());
const FROM_365 = addDays(TODAY, -(DAYS - 1));
const FROM_7 = addDays(TODAY, -6);
const WORLD: MetricsWorld = {
  accountsPerPlatform: 4,
  campaignsPerAccount: 35,
  adsPerCampaign: 4,
  from: FROM_365,
  days: DAYS,
};

const CASES = [
  { name: '7d account', args: { from: FROM_7, to: TODAY, currency: 'INR', level: 'account' } },
  { name: '7d campaign', args: { from: FROM_7, to: TODAY, currency: 'INR', level: 'campaign', limit: 25 } },
  { name: '365d account', args: { from: FROM_365, to: TODAY, currency: 'INR', level: 'account' } },
  { name: '365d campaign', args: { from: FROM_365, to: TODAY, currency: 'INR', level: 'campaign', limit: 25 } },
  {
    name: '30d account daily',
    args: { from: addDays(TODAY, -29), to: TODAY, currency: 'INR', level: 'account', breakdown: 'day' },
  },
];

async function seed(db: Db, userId: string, workspaceId: string) {
  await db.execute(
    sql`update users set plan = 'agency', time_zone = 'UTC', display_currency = 'INR' where id = ${userId}::uuid`,
  );
  await seedMetrics(db, workspaceId, WORLD);
  await db.execute(sql`analyze`);
}

/** One tools/call of get_performance through the endpoint; throws unless it answers a result without isError. */
async function callPerformance(app: FastifyInstance, token: string, args: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_performance', arguments: args },
    }),
  });
  if (res.statusCode !== 200) throw new Error(`/api/mcp answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const body = res.json() as { result?: { isError?: boolean; content?: { text: string }[] }; error?: unknown };
  if (!body.result || body.result.isError)
    throw new Error(`get_performance failed: ${JSON.stringify(body).slice(0, 300)}`);
}

function benchOne(kind: 'postgres' | 'pglite') {
  return withBenchApp(kind, PG_URL, KEEP, async (app) => {
    const { userId, workspaceId, seedMs } = await seededUser(app, seed);
    console.log(`${kind.padEnd(9)} seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const results: { name: string; p50: number; p95: number; n: number }[] = [];
    for (const c of CASES) {
      // A grant per case: each stays well inside the per-grant budget of 120 requests a minute.
      const grant = await mintMcpGrant(app, { userId, workspaceId, access: 'read', clientName: 'bench' });
      const samples = await timeRuns(() => callPerformance(app, grant.tokens.access_token, c.args), WARMUP, RUNS);
      const figures = stats(samples);
      results.push({ name: c.name, ...figures });
      console.log(
        `${kind.padEnd(9)} get_performance ${c.name.padEnd(18)} p50 ${ms(figures.p50).padStart(9)}   p95 ${ms(figures.p95).padStart(9)}   n=${figures.n}`,
      );
    }
    const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    return [
      `${kind.padEnd(9)} mcp get_performance p95 ${worst.p95.toFixed(1)} ms (worst case: ${worst.name}; target < ${TARGET_MS} ms${kind === 'postgres' ? `: ${worst.p95 < TARGET_MS ? 'met' : 'MISSED'}` : ', on PostgreSQL'})`,
    ];
  });
}

async function main() {
  console.log(
    `mcp bench: get_performance through POST /api/mcp over ${describeWorld(WORLD)}; ${WARMUP} warm-up then ${RUNS} runs per case, display currency INR`,
  );
  const summary: string[] = [];
  const postgres = ONLY === 'pglite' ? 'skipped' : await postgresUnreachable(PG_URL);
  if (postgres === undefined) summary.push(...(await benchOne('postgres')));
  else console.log(`postgres  skipped: ${postgres === 'skipped' ? 'BENCH_ONLY=pglite' : `unreachable (${postgres})`}`);
  if (ONLY !== 'postgres') summary.push(...(await benchOne('pglite')));
  console.log('\nsummary');
  for (const line of summary) console.log(line);
  // The last line: the target line of the first database measured (PostgreSQL when it answered).
  const [first] = summary;
  if (first) console.log(first.replace(/^\S+\s+/, ''));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
