/**
 * Issue 17's requirement: "a monthly report for a workspace with 20 accounts renders in < 3 s".
 * Seeds 20 ad accounts (5 platforms × 4 accounts, billing in USD, INR, EUR and JPY) with 10
 * campaigns of 3 ads each and ad-level daily rows (campaign rows the sums of their ads,
 * account_daily the rollup of the campaign rows) over every day from the start of last month's
 * previous period (the report compares last month with the same number of days before it) to
 * today UTC, plus a few monthly budgets, alerts and actions of last month, into a user's personal
 * workspace, straight into PostgreSQL and into in-memory PGlite. Then makes a report through the
 * real API (POST reports/: every section, last month, USD) and times, through app.inject with the
 * auth header, GET reports/<id>/preview/ (the data from the metrics seam, JSON) and GET
 * reports/<id>/pdf/ (the same data and its PDF). Prints median, p95 and max per case, the first
 * (cold) run of each, the PDF's size and page count (read back with unpdf), and whether the PDF's
 * p95 meets the 3000 ms target. Figures, not a test: nothing asserts on them.
 *
 *   npx tsx bench/reports.bench.ts
 *   BENCH_RUNS=10 BENCH_WARMUP=2 BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite
 *   BENCH_KEEP=1      (keep the PostgreSQL scratch database for a closer look; drop it yourself)
 *
 * Each request comes from an address of its own so the PDF route's own limit (20 a minute per
 * client) does not answer 429 when BENCH_RUNS is raised.
 */
import { createScratchDatabase, ms, runOnBothDatabases, stats } from './support';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { addDays, daysBetween, isoDay, previousRange } from '../src/shared/api/dashboard';
import { REPORT_SECTIONS, type Report, type ReportData } from '../src/shared/api/reports';
import { PLATFORMS } from '../src/shared/constants';
import { buildApp } from '../src/server/app';
import { executeRows, type Db } from '../src/server/db/connect';
import { resolvePeriod } from '../src/server/modules/reports/report.period';
import { testConfig } from '../src/server/test/buildTestApp';
import { signUp } from '../src/server/test/factories';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY = process.env.BENCH_ONLY;
/** Keep the PostgreSQL scratch database (its name is printed) to look at it afterwards. */
const KEEP = process.env.BENCH_KEEP === '1';
/** Issue 17: the monthly report renders (data and PDF) in under 3 s. */
const TARGET_MS = 3000;

const ACCOUNTS_PER_PLATFORM = 4;
const CAMPAIGNS_PER_ACCOUNT = 10;
const ADS_PER_CAMPAIGN = 3;
/** Days per seeding statement: rows land in the heap interleaved by week and level, as daily syncs would leave them. */
const SEED_CHUNK_DAYS = 7;
/** Account currencies by account index; minor units per US dollar for the synthetic money. */
const CURRENCIES = ['USD', 'INR', 'EUR', 'JPY'] as const;
const MINOR_PER_USD: Record<(typeof CURRENCIES)[number], number> = { USD: 100, INR: 8860, EUR: 86.2, JPY: 154 };

/** The user is in UTC, so the report's "last month" is counted from today UTC. */
const TODAY = isoDay(new Date());
const PERIOD = resolvePeriod('last_month', { from: null, to: null }, TODAY);
const PREVIOUS = previousRange(PERIOD.from, PERIOD.to);
const FROM = PREVIOUS.from;
const DAYS = daysBetween(FROM, TODAY);

const REPORT_INPUT = { name: 'Monthly', sections: [...REPORT_SECTIONS], period: 'last_month', currency: 'USD' };

type Kind = 'postgres' | 'pglite';

/** A fresh client address per request (see the header). */
let requestNumber = 0;
const nextAddress = () => {
  requestNumber += 1;
  return `10.${(requestNumber >> 16) & 255}.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;
};

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

  // Agency: the plan a workspace of 20 accounts is on; it also gives the dashboard access the report needs.
  await db.execute(sql`update users set plan = 'agency', time_zone = 'UTC' where id = ${userId}::uuid`);
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
    const since = addDays(FROM, start);
    const until = addDays(FROM, Math.min(DAYS - 1, start + SEED_CHUNK_DAYS - 1));
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

  // Pacing: monthly budgets near what the data spends (about $17,000 a day): one for the workspace, one per platform, in USD.
  await db.execute(sql`
    insert into budgets (workspace_id, scope, platform, account_ref, amount_minor, currency, created_by, created_at, updated_at)
    values (${workspaceId}::uuid, 'workspace', null, null, 55000000, 'USD', ${userId}::uuid, now(), now())`);
  await db.execute(sql`
    insert into budgets (workspace_id, scope, platform, account_ref, amount_minor, currency, created_by, created_at, updated_at)
    select ${workspaceId}::uuid, 'platform', p.platform, null, 11000000, 'USD', ${userId}::uuid, now(), now()
    from unnest(${sql.param([...PLATFORMS])}::text[]) as p(platform)`);

  // Alerts and actions of last month: 30 of each (the report lists 20 and counts the rest).
  await db.execute(sql`
    insert into alerts (workspace_id, account_ref, platform, key, kind, severity, metric, direction, level, entity_id, entity_name, day, headline, observed, expected, low, high, created_at)
    select ${workspaceId}::uuid, c.account_ref, c.platform, 'bench:' || c.campaign_id, 'anomaly', case when c.rn % 3 = 0 then 'critical' else 'warning' end,
           'spend', 'up', 'campaign', c.campaign_id, c.name, ${PERIOD.from}::date + (c.rn::int % ${PERIOD.days}::int),
           'Spend on “' || c.name || '” was unusually high', 50000, 20000, 15000, 25000, now()
    from (select *, row_number() over (order by account_ref, campaign_id) as rn from campaigns where workspace_id = ${workspaceId}::uuid) c
    where c.rn <= 30`);
  await db.execute(sql`
    insert into actions (workspace_id, account_ref, platform, type, headline, change, campaign_id, forecast, applied_by, applied_at, undo_until, status, horizon_days, outcome, measured_at)
    select ${workspaceId}::uuid, c.account_ref, c.platform, 'budget', 'Raise the daily budget of “' || c.name || '” by 20%',
           '{}'::jsonb, c.campaign_id, '{"mid": 4, "low": 1, "high": 7}'::jsonb, ${userId}::uuid,
           (${PERIOD.from}::date + (c.rn::int % ${PERIOD.days}::int))::timestamptz + interval '10 hours',
           (${PERIOD.from}::date + (c.rn::int % ${PERIOD.days}::int))::timestamptz + interval '34 hours',
           case when c.rn % 7 = 0 then 'undone' else 'applied' end, 14,
           case when c.rn % 2 = 0 then jsonb_build_object('observed', '{"mid": 3, "low": 0.5, "high": 6}'::jsonb, 'verdict', 'worked', 'measured_at', now()) end,
           case when c.rn % 2 = 0 then now() end
    from (select *, row_number() over (order by account_ref desc, campaign_id) as rn from campaigns where workspace_id = ${workspaceId}::uuid) c
    where c.rn <= 30`);
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
               (select count(*) from budgets) as budgets,
               (select count(*) from alerts) as alerts,
               (select count(*) from actions) as actions`,
  );
  return row!;
}

/** Runs `once` WARMUP times untimed (the first one's time is kept: the cold run), then RUNS times. */
async function measure(once: () => Promise<void>) {
  let cold = 0;
  for (let i = 0; i < WARMUP; i += 1) {
    const started = performance.now();
    await once();
    if (i === 0) cold = performance.now() - started;
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return { ...stats(samples), cold };
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
      `${kind.padEnd(9)} seeded in ${(seedMs / 1000).toFixed(1)} s: metrics_daily ${c.ad_rows} ad rows + ${c.campaign_rows} campaign rows, account_daily ${c.account_daily}, ` +
        `campaigns ${c.campaigns}, ads ${c.ads}, accounts ${c.accounts}, budgets ${c.budgets}, alerts ${c.alerts}, actions ${c.actions}; days ${FROM} .. ${TODAY}`,
    );

    const created = await app.inject({ method: 'POST', url: '/api/reports/', headers: user.auth, payload: REPORT_INPUT, remoteAddress: nextAddress() });
    if (created.statusCode !== 201) throw new Error(`POST reports/ answered ${created.statusCode}: ${created.body.slice(0, 300)}`);
    const report = created.json() as Report;

    let data: ReportData | undefined;
    const preview = await measure(async () => {
      const res = await app.inject({ method: 'GET', url: `/api/reports/${report.id}/preview/`, headers: user.auth, remoteAddress: nextAddress() });
      if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      data = res.json() as ReportData;
    });
    let pdf: Buffer | undefined;
    const pdfFigures = await measure(async () => {
      const res = await app.inject({ method: 'GET', url: `/api/reports/${report.id}/pdf/`, headers: user.auth, remoteAddress: nextAddress() });
      if (res.statusCode !== 200) throw new Error(`pdf answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      pdf = res.rawPayload;
    });
    const { totalPages } = await extractText(new Uint8Array(pdf!), { mergePages: true });

    const line = (name: string, f: { p50: number; p95: number; max: number; n: number; cold: number }, verdict = '') =>
      lines.push(
        `${kind.padEnd(9)} ${name.padEnd(22)} p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   max ${ms(f.max).padStart(9)}   n=${String(f.n).padEnd(3)} first (cold) ${ms(f.cold).padStart(9)}${verdict}`,
      );
    line('preview (data)', preview);
    line('pdf (data + PDF)', pdfFigures, `  (target < ${TARGET_MS} ms: ${pdfFigures.p95 < TARGET_MS ? 'met' : 'NOT met'})`);
    lines.push(`${kind.padEnd(9)} pdf ${(pdf!.length / 1024).toFixed(1)} KB, ${totalPages} page${totalPages === 1 ? '' : 's'}; PDF alone ≈ pdf p50 − preview p50 = ${ms(pdfFigures.p50 - preview.p50)}`);
    for (const printed of lines) console.log(printed);

    const d = data!;
    const headline = d.sections.find((s) => s.key === 'headline');
    const sizes = d.sections.map((s) => {
      if (s.key === 'chart') return `chart ${s.series.length} days`;
      if (s.key === 'platforms' || s.key === 'pacing') return `${s.key} ${s.rows.length}`;
      if (s.key === 'campaigns' || s.key === 'ads') return `${s.key} ${s.top.length}+${s.bottom.length}`;
      if (s.key === 'alerts' || s.key === 'actions') return `${s.key} ${s.rows.length} of ${s.total}`;
      return s.key;
    });
    console.log(
      `${kind.padEnd(9)} report: ${d.period.label} (${d.period.from} .. ${d.period.to}, ${d.period.days} days; previous ${d.previous_period.from} .. ${d.previous_period.to}); ` +
        `${headline?.key === 'headline' ? `spend ${headline.summary.spend} ${d.report.currency}, conversions ${headline.summary.conversions}; ` : ''}` +
        `sections: ${sizes.join(', ')}; unconverted currencies: ${d.unconverted_currencies.length ? d.unconverted_currencies.join(', ') : 'none'}`,
    );
  } finally {
    await app.close();
    if (scratch && KEEP) console.log(`postgres  kept the scratch database: ${scratch.url}`);
    else await scratch?.drop();
  }
  return lines;
}

function main() {
  console.log(
    `reports bench: ${PLATFORMS.length} platforms × ${ACCOUNTS_PER_PLATFORM} accounts × ${CAMPAIGNS_PER_ACCOUNT} campaigns × ${ADS_PER_CAMPAIGN} ads × ${DAYS} days; ` +
      `report "${REPORT_INPUT.name}" (${REPORT_INPUT.sections.length} sections, last month ${PERIOD.from} .. ${PERIOD.to}, ${REPORT_INPUT.currency}); ` +
      `${WARMUP} warm-up then ${RUNS} runs per case`,
  );
  runOnBothDatabases(PG_URL, ONLY, benchOne);
}

main();
