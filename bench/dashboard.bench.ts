/**
 * Seeds about 1,000,000 ad-level daily rows (5 platforms × 4 accounts, ~35 campaigns of 4 ads
 * each, the 365 days ending today UTC; campaign rows are the sums of their ads, account_daily the
 * rollup of the campaign rows) into the user's personal workspace (the one requests without an
 * X-Workspace-Id header read) straight into PostgreSQL and into in-memory PGlite, then times the
 * unified dashboard through the real routes (app.inject, auth header, JSON parse): the default
 * 7-day view, a 365-day view and the campaigns page for both, next to one raw SQL query over the
 * ad rows that computes the same summary. Prints median and p95 per case, the PostgreSQL targets
 * (p95 < 50 ms for 7 days, < 200 ms for 365 days) and whether the totals agree. Figures, not a
 * test: nothing asserts on them.
 *
 *   npx tsx bench/dashboard.bench.ts
 *   BENCH_RUNS=50 BENCH_WARMUP=5 BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite
 *   BENCH_KEEP=1      (keep the PostgreSQL scratch database for a closer look; drop it yourself)
 *   BENCH_EXPLAIN=1   (print EXPLAIN (ANALYZE, BUFFERS) of each endpoint's slowest statement on
 *                      PostgreSQL even when the target is met; it is printed anyway when missed)
 *   BENCH_SCALE=10 BENCH_ONLY=postgres   (N times the accounts in the one workspace: 10 gives about
 *                      10,000,000 ad rows, an agency of 200 ad accounts; the targets stay the same)
 */
import { addDays, isoDay } from '@shared/days';
import { type SQL, sql } from 'drizzle-orm';

import { type Db, executeRows } from '../src/server/db/connect';
import { type CampaignPage, type DashboardView } from '../src/shared/api/dashboard';
import { minorDigits } from '../src/shared/money';
import { CURRENCIES, describeWorld, metricsCounts, type MetricsWorld, seededUser, seedMetrics } from './seedMetrics';
import { benchSettings, explainSlowest, ms, runOnBothDatabases, stats, timeRuns, withBenchApp } from './support';

const {
  pgUrl: PG_URL,
  runs: RUNS,
  warmup: WARMUP,
  only: ONLY,
  keep: KEEP,
  explainAlways: EXPLAIN_ALWAYS,
} = benchSettings({ runs: 50, warmup: 5 });
/** A case whose warm-up is slow gets fewer runs so one database stays within this budget per case. */
const CASE_BUDGET_MS = Number(process.env.BENCH_CASE_BUDGET_MS ?? 20_000);
const MIN_RUNS = 10;

const DAYS = 365;
const TODAY = isoDay(new Date());
const FROM_365 = addDays(TODAY, -(DAYS - 1));
const FROM_7 = addDays(TODAY, -6);
/** How many times the 1,000,000-row world to seed (more accounts in the same workspace). */
const SCALE = Math.max(1, Math.round(Number(process.env.BENCH_SCALE ?? 1)));
const ACCOUNTS_PER_PLATFORM = 4 * SCALE;
/** About SCALE × 1,000,000 ad-level daily rows: every platform × 4·SCALE accounts × 35 campaigns × 4 ads × the 365 days ending today. */
const WORLD: MetricsWorld = {
  accountsPerPlatform: ACCOUNTS_PER_PLATFORM,
  campaignsPerAccount: 35,
  adsPerCampaign: 4,
  from: FROM_365,
  days: DAYS,
  currencies: Array.from({ length: ACCOUNTS_PER_PLATFORM }, (_, index) => CURRENCIES[index % CURRENCIES.length]!),
};

type Kind = 'postgres' | 'pglite';

interface Case {
  name: string;
  url: string;
  /** p95 target on PostgreSQL, ms. */
  target: number;
}

const CASES: Case[] = [
  { name: 'dashboard 7d', url: '/api/dashboard/', target: 50 },
  { name: 'dashboard 365d', url: `/api/dashboard/?from=${FROM_365}&to=${TODAY}`, target: 200 },
  { name: 'campaigns 7d', url: '/api/dashboard/campaigns/', target: 50 },
  { name: 'campaigns 365d', url: `/api/dashboard/campaigns/?from=${FROM_365}&to=${TODAY}`, target: 200 },
];

/** Runs `once` WARMUP times, then RUNS times (fewer when it is slow), returning the timings. */
async function measure(once: () => Promise<void>) {
  let slowest = 0;
  for (let i = 0; i < WARMUP; i += 1) {
    const started = performance.now();
    await once();
    slowest = Math.max(slowest, performance.now() - started);
  }
  const runs = Math.max(MIN_RUNS, Math.min(RUNS, Math.floor(CASE_BUDGET_MS / Math.max(slowest, 1))));
  return stats(await timeRuns(once, 0, runs));
}

/** Seeds the data set into the user's personal workspace with server-side SQL. */
async function seed(db: Db, userId: string, workspaceId: string) {
  await db.execute(
    sql`update users set plan = 'agency', time_zone = 'UTC', display_currency = 'INR' where id = ${userId}::uuid`,
  );
  await seedMetrics(db, workspaceId, WORLD);
  await db.execute(sql`analyze`);
}

const counts = (db: Db) =>
  metricsCounts(db, sql`, pg_size_pretty(pg_total_relation_size('metrics_daily')) as metrics_size`);

/** One fixed factor per currency (minor units of the account currency -> major units of the display currency). */
async function fixedFactors(db: Db, display: string) {
  const rates = await executeRows<{ currency: string; per_usd: number }>(
    db,
    sql`select distinct on (currency) currency, per_usd from exchange_rates order by currency, (day <= ${TODAY}::date) desc, day desc`,
  );
  const perUsd = new Map(rates.map((row) => [row.currency, Number(row.per_usd)]));
  return CURRENCIES.map((currency) => ({
    currency,
    factor: perUsd.get(display)! / perUsd.get(currency)! / 10 ** minorDigits(currency),
  }));
}

interface RawTotals {
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

function rawQuery(refs: string[], factors: { currency: string; factor: number }[], from: string, to: string): SQL {
  return sql`
    select sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions, sum(m.clicks) as clicks, sum(m.conversions) as conversions
    from metrics_daily m
    join (select * from unnest(${sql.param(factors.map((f) => f.currency))}::text[], ${sql.param(factors.map((f) => f.factor))}::float8[]) as f(currency, factor))
      as f on f.currency = m.currency
    where m.account_ref = any(${sql.param(refs)}::uuid[]) and m.level = 'ad' and m.day between ${from}::date and ${to}::date`;
}

/** The campaigns page's aggregation as one raw query (campaign rows, fixed factors, top 25 by spend). */
function rawCampaignsQuery(
  refs: string[],
  factors: { currency: string; factor: number }[],
  from: string,
  to: string,
): SQL {
  return sql`
    select m.account_ref, m.campaign_id, sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions, sum(m.clicks) as clicks, sum(m.conversions) as conversions
    from metrics_daily m
    join (select * from unnest(${sql.param(factors.map((f) => f.currency))}::text[], ${sql.param(factors.map((f) => f.factor))}::float8[]) as f(currency, factor))
      as f on f.currency = m.currency
    where m.account_ref = any(${sql.param(refs)}::uuid[]) and m.level = 'campaign' and m.day between ${from}::date and ${to}::date
    group by m.account_ref, m.campaign_id
    order by spend desc
    limit 25`;
}

function benchOne(kind: Kind) {
  return withBenchApp(kind, PG_URL, KEEP, async (app, scratchUrl) => {
    const lines: string[] = [];
    const { user, workspaceId, seedMs } = await seededUser(app, seed);
    const c = await counts(app.ctx.db);
    console.log(
      `${kind.padEnd(9)} seeded in ${(seedMs / 1000).toFixed(1)} s: metrics_daily ${c.ad_rows} ad rows + ${c.campaign_rows} campaign rows (${c.metrics_size}), ` +
        `account_daily ${c.account_daily}, campaigns ${c.campaigns}, ads ${c.ads}, accounts ${c.accounts}; days ${FROM_365} .. ${TODAY}`,
    );

    const results: { c: Case; p50: number; p95: number; n: number; body?: unknown }[] = [];
    for (const bench of CASES) {
      let body: unknown;
      const figures = await measure(async () => {
        const res = await app.inject({ method: 'GET', url: bench.url, headers: user.auth });
        if (res.statusCode !== 200)
          throw new Error(`${bench.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        body = res.json();
      });
      results.push({ c: bench, ...figures, body });
    }

    const refs = (
      await executeRows<{ id: string }>(
        app.ctx.db,
        sql`select id from connected_ad_accounts where workspace_id = ${workspaceId}::uuid`,
      )
    ).map((row) => row.id);
    const factors = await fixedFactors(app.ctx.db, 'INR');
    const raw: Record<string, RawTotals & { p50: number; p95: number; n: number }> = {};
    for (const [label, from] of [
      ['7d', FROM_7],
      ['365d', FROM_365],
    ] as const) {
      let totals: RawTotals = { spend: 0, impressions: 0, clicks: 0, conversions: 0 };
      const figures = await measure(async () => {
        const [row] = await executeRows<Record<keyof RawTotals, string | number>>(
          app.ctx.db,
          rawQuery(refs, factors, from, TODAY),
        );
        totals = {
          spend: Number(row!.spend),
          impressions: Number(row!.impressions),
          clicks: Number(row!.clicks),
          conversions: Number(row!.conversions),
        };
      });
      raw[label] = { ...totals, ...figures };
    }
    const rawCampaigns: Record<string, { p50: number; p95: number; n: number }> = {};
    for (const [label, from] of [
      ['7d', FROM_7],
      ['365d', FROM_365],
    ] as const) {
      rawCampaigns[label] = await measure(async () => {
        await executeRows(app.ctx.db, rawCampaignsQuery(refs, factors, from, TODAY));
      });
    }

    const line = (name: string, f: { p50: number; p95: number; n: number }, target?: number) => {
      const verdict =
        target === undefined
          ? ''
          : kind === 'postgres'
            ? `  (target < ${target} ms: ${f.p95 < target ? 'met' : 'MISSED'})`
            : `  (PostgreSQL target < ${target} ms)`;
      lines.push(
        `${kind.padEnd(9)} ${name.padEnd(22)} p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   n=${String(f.n).padEnd(3)}${verdict}`,
      );
    };
    for (const r of results) line(r.c.name, r, r.c.target);
    line('raw SQL summary 7d', raw['7d']!);
    line('raw SQL summary 365d', raw['365d']!);
    line('raw SQL campaigns 7d', rawCampaigns['7d']!);
    line('raw SQL campaigns 365d', rawCampaigns['365d']!);
    for (const printed of lines) console.log(printed);

    for (const [label, index] of [
      ['7d', 0],
      ['365d', 1],
    ] as const) {
      const summary = (results[index]!.body as DashboardView).summary;
      const r = raw[label]!;
      const same = summary.impressions === r.impressions && summary.clicks === r.clicks;
      const spendDiff = Math.abs(summary.spend - r.spend);
      console.log(
        `${kind.padEnd(9)} totals ${label.padEnd(4)} endpoint impressions ${summary.impressions} clicks ${summary.clicks} spend ${summary.spend} INR | ` +
          `raw SQL impressions ${r.impressions} clicks ${r.clicks} spend ${r.spend.toFixed(2)} INR -> impressions/clicks ${same ? 'equal' : 'DIFFER'}, spend ${spendDiff < 0.05 ? 'equal' : `differs by ${spendDiff.toFixed(2)}`}`,
      );
    }
    const page = results[3]!.body as CampaignPage;
    console.log(
      `${kind.padEnd(9)} campaigns page: ${page.items.length} of ${page.total} campaigns, top spend ${page.items[0]?.spend} ${page.currency}`,
    );
    // The page's top 25 against the raw query's over the campaign rows: the same campaigns in the
    // same order, with the same impressions and (to the cent) the same spend.
    for (const [label, from, index] of [
      ['7d', FROM_7, 2],
      ['365d', FROM_365, 3],
    ] as const) {
      const items = (results[index]!.body as CampaignPage).items;
      const expected = await executeRows<{
        account_ref: string;
        campaign_id: string;
        spend: number;
        impressions: string;
      }>(app.ctx.db, rawCampaignsQuery(refs, factors, from, TODAY));
      const differ = expected.filter((row, i) => {
        const item = items[i];
        return (
          !item ||
          item.account.id !== row.account_ref ||
          item.campaign_id !== row.campaign_id ||
          item.impressions !== Number(row.impressions) ||
          Math.abs(item.spend - Number(row.spend)) >= 0.05
        );
      }).length;
      console.log(
        `${kind.padEnd(9)} campaigns ${label.padEnd(4)} page against raw SQL: ${differ === 0 && items.length === expected.length ? `the same ${items.length} campaigns, impressions and spend` : `${differ} of ${expected.length} rows DIFFER`}`,
      );
    }

    if (kind === 'postgres') {
      for (const r of results) {
        if (EXPLAIN_ALWAYS || r.p95 >= r.c.target)
          await explainSlowest(app, scratchUrl!, r.c.url, user.auth, `the slowest statement of ${r.c.name}`);
      }
    }
    return lines;
  });
}

function main() {
  console.log(
    `dashboard bench: ${describeWorld(WORLD)}; ` +
      `${WARMUP} warm-up then up to ${RUNS} runs per case (fewer when a case is slow), display currency INR`,
  );
  runOnBothDatabases(PG_URL, ONLY, benchOne);
}

main();
