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
 */
import { createScratchDatabase, explainSlowest, ms, runOnBothDatabases, stats } from './support';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, isoDay, type CampaignPage, type DashboardView } from '../src/shared/api/dashboard';
import { PLATFORMS } from '../src/shared/constants';
import { minorDigits } from '../src/shared/money';
import { buildApp } from '../src/server/app';
import { executeRows, type Db } from '../src/server/db/connect';
import { testConfig } from '../src/server/test/buildTestApp';
import { signUp } from '../src/server/test/factories';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
/** A case whose warm-up is slow gets fewer runs so one database stays within this budget per case. */
const CASE_BUDGET_MS = Number(process.env.BENCH_CASE_BUDGET_MS ?? 20_000);
const MIN_RUNS = 10;
const ONLY = process.env.BENCH_ONLY;
const EXPLAIN_ALWAYS = process.env.BENCH_EXPLAIN === '1';
/** Keep the PostgreSQL scratch database (its name is printed) to look at it afterwards. */
const KEEP = process.env.BENCH_KEEP === '1';

const ACCOUNTS_PER_PLATFORM = 4;
const CAMPAIGNS_PER_ACCOUNT = 35;
const ADS_PER_CAMPAIGN = 4;
const DAYS = 365;
/** Days per seeding statement: rows land in the heap interleaved by week and level, as daily syncs would leave them. */
const SEED_CHUNK_DAYS = 7;
/** Account currencies by account index; minor units per US dollar for the synthetic money. */
const CURRENCIES = ['USD', 'INR', 'EUR', 'JPY'] as const;
const MINOR_PER_USD: Record<(typeof CURRENCIES)[number], number> = { USD: 100, INR: 8860, EUR: 86.2, JPY: 154 };

const TODAY = isoDay(new Date());
const FROM_365 = addDays(TODAY, -(DAYS - 1));
const FROM_7 = addDays(TODAY, -6);

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
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}


/** The user's personal workspace (made at registration): where the data set is seeded and what the routes read without a workspace header. */
async function personalWorkspace(db: Db, userId: string) {
  const [row] = await executeRows<{ id: string }>(db, sql`select id from workspaces where personal_of = ${userId}::uuid`);
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}

/** Seeds the data set into the user's personal workspace with server-side SQL. */
async function seed(db: Db, userId: string, workspaceId: string) {
  const currencyValues = sql.join(
    CURRENCIES.map((currency, index) => sql`(${index}::int, ${currency}::text, ${MINOR_PER_USD[currency]}::float8)`),
    sql`, `,
  );
  const cur = sql`(values ${currencyValues}) as cur(idx, currency, minor_per_usd)`;

  await db.execute(sql`update users set plan = 'agency', time_zone = 'UTC', display_currency = 'INR' where id = ${userId}::uuid`);
  await db.execute(sql`
    insert into platform_connections (id, workspace_id, platform, status, sealed_tokens, created_at)
    select gen_random_uuid(), ${workspaceId}::uuid, p.platform, 'active', 'x', now() + p.ord * interval '1 millisecond'
    from unnest(${sql.param([...PLATFORMS])}::text[]) with ordinality as p(platform, ord)`);
  await db.execute(sql`
    insert into sync_state (connection_id, workspace_id, status, last_synced_at, backfilled_at)
    select id, workspace_id, 'idle', now(), now() from platform_connections where workspace_id = ${workspaceId}::uuid`);
  await db.execute(sql`
    insert into connected_ad_accounts (workspace_id, connection_id, platform, account_id, name, currency, time_zone, created_at)
    select c.workspace_id, c.id, c.platform, c.platform || '-bench-' || cur.idx, initcap(c.platform) || ' bench ' || cur.currency, cur.currency, 'UTC',
           c.created_at + cur.idx * interval '1 microsecond'
    from platform_connections c cross join ${cur}
    where c.workspace_id = ${workspaceId}::uuid and cur.idx < ${ACCOUNTS_PER_PLATFORM}`);
  await db.execute(sql`
    insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency)
    select a.workspace_id, a.id, a.platform, 'cmp-' || n, (array['Brand Search','Prospecting','Retargeting','Lookalike 1%','Spring Sale','Lead Gen','App Installs','Webinar Signups'])[1 + n % 8] || ' ' || n,
           case when n % 5 = 4 then 'PAUSED' else 'ACTIVE' end,
           case when n % 7 = 6 then null else round((20 + (n * 37) % 180) * cur.minor_per_usd)::bigint end, a.currency
    from connected_ad_accounts a join ${cur} on cur.currency = a.currency cross join generate_series(0, ${CAMPAIGNS_PER_ACCOUNT - 1}) n
    where a.workspace_id = ${workspaceId}::uuid`);
  await db.execute(sql`
    insert into ads (account_ref, ad_id, campaign_id, name)
    select c.account_ref, c.campaign_id || '-ad-' || k, c.campaign_id, (array['Hero video','Carousel','Testimonial','Product shot','UGC clip','Offer banner'])[1 + (k + length(c.name)) % 6] || ' ' || (k + 1)
    from campaigns c cross join generate_series(0, ${ADS_PER_CAMPAIGN - 1}) k
    where c.workspace_id = ${workspaceId}::uuid`);

  // Metrics: deterministic pseudo-random figures from a hash of (account, ad, day).
  for (let start = 0; start < DAYS; start += SEED_CHUNK_DAYS) {
    const since = addDays(FROM_365, start);
    const until = addDays(FROM_365, Math.min(DAYS - 1, start + SEED_CHUNK_DAYS - 1));
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select ad.account_ref, 'ad', ad.ad_id, d.day::date, ad.campaign_id, acc.currency,
             round(x.impressions * (4 + x.u3 * 14) / 1000 * cur.minor_per_usd)::bigint,
             x.impressions, x.clicks, x.conversions, round(x.conversions * 60 * cur.minor_per_usd)::bigint
      from ads ad
      join connected_ad_accounts acc on acc.id = ad.account_ref
      join ${cur} on cur.currency = acc.currency
      cross join generate_series(${since}::date, ${until}::date, interval '1 day') as d(day)
      cross join lateral (select hashtext(ad.account_ref::text || ad.ad_id || d.day::date::text) as h) as hh
      cross join lateral (
        select 200 + floor(((hh.h & 1023) / 1023.0) * 4800)::bigint as impressions,
               (((hh.h >> 10) & 1023) / 1023.0) as u2,
               (((hh.h >> 20) & 1023) / 1023.0) as u3
      ) as base
      cross join lateral (
        select base.impressions, floor(base.impressions * (0.005 + base.u2 * 0.03))::bigint as clicks,
               round((floor(base.impressions * (0.005 + base.u2 * 0.03)) * 0.05 * (0.5 + base.u3))::numeric, 2)::float8 as conversions, base.u3
      ) as x
      where acc.workspace_id = ${workspaceId}::uuid`);
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select m.account_ref, 'campaign', m.campaign_id, m.day, m.campaign_id, m.currency, sum(m.spend_minor), sum(m.impressions), sum(m.clicks), sum(m.conversions), sum(m.conversion_value_minor)
      from metrics_daily m join connected_ad_accounts acc on acc.id = m.account_ref
      where acc.workspace_id = ${workspaceId}::uuid and m.level = 'ad' and m.day between ${since}::date and ${until}::date
      group by m.account_ref, m.campaign_id, m.day, m.currency`);
  }
  await db.execute(sql`
    insert into account_daily (account_ref, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
    select m.account_ref, m.day, m.currency, sum(m.spend_minor), sum(m.impressions), sum(m.clicks), sum(m.conversions), sum(m.conversion_value_minor)
    from metrics_daily m join connected_ad_accounts acc on acc.id = m.account_ref
    where acc.workspace_id = ${workspaceId}::uuid and m.level = 'campaign'
    group by m.account_ref, m.day, m.currency`);
  await db.execute(sql`analyze`);
}

async function counts(db: Db) {
  const [row] = await executeRows<Record<string, string>>(
    db,
    sql`select (select count(*) from metrics_daily where level = 'ad') as ad_rows,
               (select count(*) from metrics_daily where level = 'campaign') as campaign_rows,
               (select count(*) from account_daily) as account_daily,
               (select count(*) from campaigns) as campaigns,
               (select count(*) from ads) as ads,
               (select count(*) from connected_ad_accounts) as accounts,
               pg_size_pretty(pg_total_relation_size('metrics_daily')) as metrics_size`,
  );
  return row!;
}

/** One fixed factor per currency (minor units of the account currency -> major units of the display currency). */
async function fixedFactors(db: Db, display: string) {
  const rates = await executeRows<{ currency: string; per_usd: number }>(
    db,
    sql`select distinct on (currency) currency, per_usd from exchange_rates order by currency, (day <= ${TODAY}::date) desc, day desc`,
  );
  const perUsd = new Map(rates.map((row) => [row.currency, Number(row.per_usd)]));
  return CURRENCIES.map((currency) => ({ currency, factor: perUsd.get(display)! / perUsd.get(currency)! / 10 ** minorDigits(currency) }));
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
function rawCampaignsQuery(refs: string[], factors: { currency: string; factor: number }[], from: string, to: string): SQL {
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

async function benchOne(kind: Kind) {
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adwise_bench') : undefined;
  const config = testConfig({ databaseUrl: scratch?.url, pgliteDataDir: 'memory://', logLevel: 'silent', workers: false });
  const app = await buildApp(config, { workers: false, schedules: false, mailTransport: null });
  await app.ready();
  const lines: string[] = [];
  try {
    const user = await signUp(app, { timeZone: 'UTC' });
    const [me] = await executeRows<{ id: string }>(app.ctx.db, sql`select id from users where email = ${user.email}`);
    const userId = me!.id;
    const workspaceId = await personalWorkspace(app.ctx.db, userId);

    const started = performance.now();
    await seed(app.ctx.db, userId, workspaceId);
    const seedMs = performance.now() - started;
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
        if (res.statusCode !== 200) throw new Error(`${bench.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        body = res.json();
      });
      results.push({ c: bench, ...figures, body });
    }

    const refs = (await executeRows<{ id: string }>(app.ctx.db, sql`select id from connected_ad_accounts where workspace_id = ${workspaceId}::uuid`)).map((row) => row.id);
    const factors = await fixedFactors(app.ctx.db, 'INR');
    const raw: Record<string, RawTotals & { p50: number; p95: number; n: number }> = {};
    for (const [label, from] of [
      ['7d', FROM_7],
      ['365d', FROM_365],
    ] as const) {
      let totals: RawTotals = { spend: 0, impressions: 0, clicks: 0, conversions: 0 };
      const figures = await measure(async () => {
        const [row] = await executeRows<Record<keyof RawTotals, string | number>>(app.ctx.db, rawQuery(refs, factors, from, TODAY));
        totals = { spend: Number(row!.spend), impressions: Number(row!.impressions), clicks: Number(row!.clicks), conversions: Number(row!.conversions) };
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
      const verdict = target === undefined ? '' : kind === 'postgres' ? `  (target < ${target} ms: ${f.p95 < target ? 'met' : 'MISSED'})` : `  (PostgreSQL target < ${target} ms)`;
      lines.push(`${kind.padEnd(9)} ${name.padEnd(22)} p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   n=${String(f.n).padEnd(3)}${verdict}`);
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
    console.log(`${kind.padEnd(9)} campaigns page: ${page.items.length} of ${page.total} campaigns, top spend ${page.items[0]?.spend} ${page.currency}`);

    if (kind === 'postgres') {
      for (const r of results) {
        if (EXPLAIN_ALWAYS || r.p95 >= r.c.target) await explainSlowest(app, scratch!.url, r.c.url, user.auth, `the slowest statement of ${r.c.name}`);
      }
    }
  } finally {
    await app.close();
    if (scratch && KEEP) console.log(`postgres  kept the scratch database: ${scratch.url}`);
    else await scratch?.drop();
  }
  return lines;
}

function main() {
  console.log(
    `dashboard bench: ${PLATFORMS.length} platforms × ${ACCOUNTS_PER_PLATFORM} accounts × ${CAMPAIGNS_PER_ACCOUNT} campaigns × ${ADS_PER_CAMPAIGN} ads × ${DAYS} days; ` +
      `${WARMUP} warm-up then up to ${RUNS} runs per case (fewer when a case is slow), display currency INR`,
  );
  runOnBothDatabases(PG_URL, ONLY, benchOne);
}

main();
