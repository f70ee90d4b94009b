/**
 * The All clients overview of an agency: one user who owns 50 client workspaces (plus their
 * personal one), each with 4 connected ad accounts over 2 connections, every account with a year
 * (365 days ending today UTC) of account_daily rows in USD, EUR or INR (so conversion runs, with
 * a rate every 5 days so it runs per day), a sync_state row per connection and a few connections that
 * need reconnecting. Seeded with set-based SQL into PostgreSQL and into in-memory PGlite, then
 * times GET /api/workspaces/overview/ through the real route (app.inject, bearer token, JSON parse)
 * and prints p50/p95/p99 against the target of issue 12: p95 < 100 ms on PostgreSQL.
 *
 * Before timing, every row of the answer is checked against a direct SQL sum over account_daily
 * (own rate lookup, not the app's factors) and direct counts; the bench throws when a figure is
 * wrong, so a fast wrong answer never reads as a PASS.
 *
 *   npx tsx bench/workspaces.bench.ts
 *   BENCH_RUNS=200 BENCH_WARMUP=20 BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite
 *   BENCH_KEEP=1      (keep the PostgreSQL scratch database for a closer look; drop it yourself)
 *   BENCH_EXPLAIN=1   (print EXPLAIN (ANALYZE, BUFFERS) of the overview's slowest statement on
 *                      PostgreSQL even when the target is met; it is printed anyway when missed)
 */
import { addDays, isoDay } from '@shared/days';
import { type SQL, sql } from 'drizzle-orm';

import { type Db, executeRows } from '../src/server/db/connect';
import { signUp } from '../src/server/test/factories';
import { lastDays, percentChange, previousRange } from '../src/shared/api/dashboard';
import type { WorkspaceOverview } from '../src/shared/api/workspaces';
import { PLATFORMS } from '../src/shared/constants';
import { minorDigits } from '../src/shared/money';
import { benchSettings, explainSlowest, ms, runOnBothDatabases, stats, timeRuns, withBenchApp } from './support';

const {
  pgUrl: PG_URL,
  runs: RUNS,
  warmup: WARMUP,
  only: ONLY,
  keep: KEEP,
  explainAlways: EXPLAIN_ALWAYS,
} = benchSettings({ runs: 200, warmup: 20 });

const URL_OVERVIEW = '/api/workspaces/overview/';
/** p95 target on PostgreSQL, ms (issue 12). */
const TARGET_MS = 100;

const WORKSPACES = 50;
const CONNECTIONS_PER_WORKSPACE = 2;
const ACCOUNTS_PER_CONNECTION = 2;
const ACCOUNTS_PER_WORKSPACE = CONNECTIONS_PER_WORKSPACE * ACCOUNTS_PER_CONNECTION;
const DAYS = 365;
/** Every RECONNECT_EVERY-th connection (by its number over all workspaces) needs reconnecting. */
const RECONNECT_EVERY = 13;
/** Account currencies, round robin over the accounts; minor units per US dollar for the synthetic money. */
const CURRENCIES = ['USD', 'EUR', 'INR'] as const;
const MINOR_PER_USD: Record<(typeof CURRENCIES)[number], number> = { USD: 100, EUR: 86.2, INR: 8860 };
const DISPLAY = 'USD';

const TODAY = isoDay(new Date());
const FROM_365 = addDays(TODAY, -(DAYS - 1));
const WINDOW = lastDays(TODAY);
const BEFORE = previousRange(WINDOW.from, WINDOW.to);

type Kind = 'postgres' | 'pglite';

/** Seeds the agency's workspaces, connections, accounts, sync state and a year of account_daily with server-side SQL. */
async function seed(db: Db, userId: string) {
  const currencyValues = sql.join(
    CURRENCIES.map((currency, index) => sql`(${index}::int, ${currency}::text, ${MINOR_PER_USD[currency]}::float8)`),
    sql`, `,
  );
  const cur = sql`(values ${currencyValues}) as cur(idx, currency, minor_per_usd)`;

  await db.execute(
    sql`update users set plan = 'agency', time_zone = 'UTC', display_currency = ${DISPLAY} where id = ${userId}::uuid`,
  );
  // A rate every 5 days over the year and a bit, so the 14 days the overview reads always
  // straddle rate changes and conversion is per day, not one factor per currency.
  await db.execute(sql`
    insert into exchange_rates (currency, day, per_usd)
    select r.currency, s.day::date, r.base * (1 + 0.03 * sin(extract(epoch from s.day) / 432000 + r.phase))
    from (values ('EUR', 0.862::float8, 0.0::float8), ('INR', 88.6, 1.3)) as r(currency, base, phase)
    cross join generate_series(${FROM_365}::date - 30, ${TODAY}::date, interval '5 days') as s(day)
    on conflict do nothing`);
  await db.execute(sql`
    insert into workspaces (name, created_by, created_at)
    select 'Client ' || lpad(n::text, 2, '0') || ' ' || (array['Bakery','Fitness','Fashion','Travel','Dental','Realty','Coffee','Software'])[1 + n % 8],
           ${userId}::uuid, now() - (${WORKSPACES} - n) * interval '1 minute'
    from generate_series(1, ${WORKSPACES}) n`);
  await db.execute(sql`
    insert into workspace_members (workspace_id, user_id, role, created_at)
    select w.id, ${userId}::uuid, 'owner', w.created_at from workspaces w
    where w.created_by = ${userId}::uuid and w.personal_of is null`);
  // Connection number k over all workspaces: platform round robin, a few needing reconnect.
  await db.execute(sql`
    insert into platform_connections (id, workspace_id, platform, status, status_reason, sealed_tokens, created_at)
    select gen_random_uuid(), w.id, (${sql.param([...PLATFORMS])}::text[])[1 + (k.n % ${PLATFORMS.length})::int],
           case when k.n % ${RECONNECT_EVERY} = 0 then 'needs_reconnect' else 'active' end,
           case when k.n % ${RECONNECT_EVERY} = 0 then 'invalid_grant: bench' end,
           'x', w.created_at + j * interval '1 millisecond'
    from (select id, created_at, row_number() over (order by created_at, id) - 1 as w_no from workspaces w
          where w.created_by = ${userId}::uuid and w.personal_of is null) w
    cross join generate_series(0, ${CONNECTIONS_PER_WORKSPACE - 1}) j
    cross join lateral (select (w.w_no * ${CONNECTIONS_PER_WORKSPACE} + j)::int as n) k`);
  // Last finished sync between a few minutes and two days ago.
  await db.execute(sql`
    insert into sync_state (connection_id, workspace_id, status, last_synced_at, backfilled_at)
    select c.id, c.workspace_id, case when c.status = 'needs_reconnect' then 'failed' else 'idle' end,
           now() - ((abs(hashtext(c.id::text)) % 2880) + 5) * interval '1 minute', now() - interval '300 days'
    from platform_connections c join workspace_members m on m.workspace_id = c.workspace_id and m.user_id = ${userId}::uuid`);
  await db.execute(sql`
    insert into connected_ad_accounts (workspace_id, connection_id, platform, account_id, name, currency, time_zone, created_at)
    select c.workspace_id, c.id, c.platform, c.platform || '-' || left(c.id::text, 8) || '-' || i, initcap(c.platform) || ' ' || cur.currency || ' ' || i,
           cur.currency, 'UTC', c.created_at + i * interval '1 microsecond'
    from (select c.*, row_number() over (order by c.created_at, c.id) - 1 as c_no from platform_connections c
          join workspace_members m on m.workspace_id = c.workspace_id and m.user_id = ${userId}::uuid) c
    cross join generate_series(0, ${ACCOUNTS_PER_CONNECTION - 1}) i
    join ${cur} on cur.idx = (c.c_no * ${ACCOUNTS_PER_CONNECTION} + i) % ${CURRENCIES.length}`);
  // Deterministic pseudo-random figures from a hash of (account, day); spend about 20-400 USD a day.
  await db.execute(sql`
    insert into account_daily (account_ref, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
    select a.id, d.day::date, a.currency,
           round((20 + x.u1 * 380) * cur.minor_per_usd)::bigint,
           x.impressions, floor(x.impressions * (0.005 + x.u2 * 0.03))::bigint,
           round((x.impressions * 0.0004 * (0.5 + x.u2))::numeric, 2)::float8,
           round(x.impressions * 0.0004 * (0.5 + x.u2) * 60 * cur.minor_per_usd)::bigint
    from connected_ad_accounts a
    join workspace_members m on m.workspace_id = a.workspace_id and m.user_id = ${userId}::uuid
    join ${cur} on cur.currency = a.currency
    cross join generate_series(${FROM_365}::date, ${TODAY}::date, interval '1 day') as d(day)
    cross join lateral (select hashtext(a.id::text || d.day::date::text) as h) as hh
    cross join lateral (
      select (hh.h & 1023) / 1023.0 as u1, ((hh.h >> 10) & 1023) / 1023.0 as u2,
             2000 + floor((((hh.h >> 20) & 1023) / 1023.0) * 40000)::bigint as impressions
    ) as x`);
  await db.execute(sql`analyze`);
}

async function counts(db: Db, userId: string) {
  const [row] = await executeRows<Record<string, string>>(
    db,
    sql`select (select count(*) from workspace_members where user_id = ${userId}::uuid) as workspaces,
               (select count(*) from platform_connections) as connections,
               (select count(*) from platform_connections where status = 'needs_reconnect') as needs_reconnect,
               (select count(*) from sync_state) as sync_state,
               (select count(*) from connected_ad_accounts) as accounts,
               (select string_agg(currency || ' ' || n, ', ' order by currency) from (select currency, count(*) as n from connected_ad_accounts group by currency) c) as currencies,
               (select count(*) from account_daily) as account_daily,
               pg_size_pretty(pg_total_relation_size('account_daily')) as account_daily_size`,
  );
  return row!;
}

interface Expected {
  id: string;
  name: string;
  connected_accounts: number;
  needs_reconnect: number;
  last_synced_at: string | null;
  current: number;
  previous: number;
}

/**
 * What every row should say, straight from the tables: spend converted row by row with the rate
 * on or before each row's day (the earliest one when the day predates them all), in plain SQL.
 */
async function expectedRows(db: Db, userId: string): Promise<Map<string, Expected>> {
  const digits = sql.join(
    [...new Set<string>([...CURRENCIES, DISPLAY])].map(
      (currency) => sql`(${currency}::text, ${minorDigits(currency)}::int)`,
    ),
    sql`, `,
  );
  const rateOn = (currency: SQL, day: SQL) => sql`(
    select e.per_usd from exchange_rates e where e.currency = ${currency}
    order by (e.day <= ${day}) desc, case when e.day <= ${day} then e.day end desc nulls last, e.day asc limit 1)`;
  const rows = await executeRows<{
    id: string;
    name: string;
    connected_accounts: string | number;
    needs_reconnect: string | number;
    last_synced_at: Date | string | null;
    current: string | number | null;
    previous: string | number | null;
  }>(
    db,
    sql`
      with spend as (
        select a.workspace_id,
               sum(d.spend_minor / 10 ^ dg.digits * ${rateOn(sql`${DISPLAY}::text`, sql`d.day`)} / ${rateOn(sql`d.currency`, sql`d.day`)})
                 filter (where d.day between ${WINDOW.from}::date and ${WINDOW.to}::date) as current,
               sum(d.spend_minor / 10 ^ dg.digits * ${rateOn(sql`${DISPLAY}::text`, sql`d.day`)} / ${rateOn(sql`d.currency`, sql`d.day`)})
                 filter (where d.day between ${BEFORE.from}::date and ${BEFORE.to}::date) as previous
        from connected_ad_accounts a
        join account_daily d on d.account_ref = a.id
        join (values ${digits}) as dg(currency, digits) on dg.currency = d.currency
        where d.day between ${BEFORE.from}::date and ${WINDOW.to}::date
        group by a.workspace_id
      )
      select w.id, w.name,
             (select count(*) from connected_ad_accounts a where a.workspace_id = w.id) as connected_accounts,
             (select count(*) from connected_ad_accounts a join platform_connections c on c.id = a.connection_id
               where a.workspace_id = w.id and c.status = 'needs_reconnect') as needs_reconnect,
             (select max(s.last_synced_at) from sync_state s where s.workspace_id = w.id) as last_synced_at,
             spend.current, spend.previous
      from workspace_members m join workspaces w on w.id = m.workspace_id
      left join spend on spend.workspace_id = w.id
      where m.user_id = ${userId}::uuid`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        connected_accounts: Number(row.connected_accounts),
        needs_reconnect: Number(row.needs_reconnect),
        last_synced_at: row.last_synced_at === null ? null : new Date(row.last_synced_at).toISOString(),
        current: Number(row.current ?? 0),
        previous: Number(row.previous ?? 0),
      },
    ]),
  );
}

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Compares every row of the answer with the direct SQL; returns a printable sample, throws on any difference. */
function check(kind: Kind, body: WorkspaceOverview, expected: Map<string, Expected>): string[] {
  const problems: string[] = [];
  if (body.currency !== DISPLAY) problems.push(`currency ${body.currency}, expected ${DISPLAY}`);
  if (body.from !== WINDOW.from || body.to !== WINDOW.to)
    problems.push(`window ${body.from}..${body.to}, expected ${WINDOW.from}..${WINDOW.to}`);
  if (body.rows.length !== expected.size)
    problems.push(
      `${body.rows.length} rows, expected ${expected.size} (${WORKSPACES} client workspaces + the personal one)`,
    );
  const digits = minorDigits(DISPLAY);
  for (const row of body.rows) {
    const want = expected.get(row.id);
    if (!want) {
      problems.push(`row ${row.id} (${row.name}) is not a workspace of the user`);
      continue;
    }
    const where = `${row.name}:`;
    if (row.spend === null || Math.abs(row.spend - want.current) > 0.01)
      problems.push(`${where} spend ${row.spend}, direct SQL ${want.current.toFixed(4)}`);
    const change = percentChange(roundTo(want.current, digits), roundTo(want.previous, digits));
    if (
      change === null
        ? row.spend_change !== null
        : row.spend_change === null || Math.abs(row.spend_change - change) > 0.11
    )
      problems.push(`${where} spend_change ${row.spend_change}, direct SQL ${change}`);
    if (row.connected_accounts !== want.connected_accounts)
      problems.push(`${where} connected_accounts ${row.connected_accounts}, direct SQL ${want.connected_accounts}`);
    if (row.needs_reconnect !== want.needs_reconnect)
      problems.push(`${where} needs_reconnect ${row.needs_reconnect}, direct SQL ${want.needs_reconnect}`);
    const synced = row.last_synced_at === null ? null : new Date(row.last_synced_at).toISOString();
    if (synced !== want.last_synced_at)
      problems.push(`${where} last_synced_at ${row.last_synced_at}, direct SQL ${want.last_synced_at}`);
  }
  if (problems.length) {
    throw new Error(
      `${kind}: the overview disagrees with the direct SQL in ${problems.length} place(s):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  }
  // One row shown in full: the first with an account needing reconnect (else the first with spend).
  const sample =
    body.rows.find((row) => row.needs_reconnect > 0) ??
    body.rows.find((row) => row.connected_accounts > 0) ??
    body.rows[0]!;
  const want = expected.get(sample.id)!;
  return [
    `${kind.padEnd(9)} check: all ${body.rows.length} rows agree with the direct SQL (spend within 0.01 ${DISPLAY}, change, accounts, needs reconnect, last synced)`,
    `${kind.padEnd(9)} sample "${sample.name}": spend ${sample.spend} ${DISPLAY} (direct SQL ${want.current.toFixed(4)}), change ${sample.spend_change}% ` +
      `(previous 7 days ${want.previous.toFixed(2)}), accounts ${sample.connected_accounts}, needs reconnect ${sample.needs_reconnect}, last synced ${sample.last_synced_at}`,
  ];
}

function benchOne(kind: Kind) {
  return withBenchApp(kind, PG_URL, KEEP, async (app, scratchUrl) => {
    const lines: string[] = [];
    const user = await signUp(app, { timeZone: 'UTC', fullName: 'Priya Agency' });
    const [me] = await executeRows<{ id: string }>(app.ctx.db, sql`select id from users where email = ${user.email}`);
    const userId = me!.id;

    const started = performance.now();
    await seed(app.ctx.db, userId);
    const seedMs = performance.now() - started;
    const c = await counts(app.ctx.db, userId);
    console.log(
      `${kind.padEnd(9)} seeded in ${(seedMs / 1000).toFixed(1)} s: ${c.workspaces} workspaces of the user, ${c.connections} connections (${c.needs_reconnect} needs_reconnect), ` +
        `sync_state ${c.sync_state}, accounts ${c.accounts} (${c.currencies}), account_daily ${c.account_daily} (${c.account_daily_size}); days ${FROM_365} .. ${TODAY}`,
    );

    const get = async () => {
      const res = await app.inject({ method: 'GET', url: URL_OVERVIEW, headers: user.auth });
      if (res.statusCode !== 200)
        throw new Error(`${URL_OVERVIEW} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json() as WorkspaceOverview;
    };

    // Correctness first: a fast wrong answer is no result.
    const checked = check(kind, await get(), await expectedRows(app.ctx.db, userId));
    for (const printed of checked) console.log(printed);

    const samples = await timeRuns(get, WARMUP, RUNS);
    const f = stats(samples);
    const verdict =
      kind === 'postgres'
        ? `target p95 < ${TARGET_MS} ms on PostgreSQL: ${f.p95 < TARGET_MS ? 'PASS' : 'MISS'}`
        : `(PostgreSQL target p95 < ${TARGET_MS} ms)`;
    lines.push(
      `${kind.padEnd(9)} workspaces overview (${WORKSPACES}×${ACCOUNTS_PER_WORKSPACE}, ${DAYS} d)  p50 ${ms(f.p50).padStart(9)}   p95 ${ms(f.p95).padStart(9)}   ` +
        `p99 ${ms(f.p99).padStart(9)}   max ${ms(f.max).padStart(9)}   n=${f.n}   ${verdict}`,
    );
    lines.push(...checked.slice(0, 1));
    console.log(lines[0]);

    if (kind === 'postgres' && (EXPLAIN_ALWAYS || f.p95 >= TARGET_MS))
      await explainSlowest(app, scratchUrl!, URL_OVERVIEW, user.auth, 'the overview’s slowest statement');
    return lines;
  });
}

function main() {
  console.log(
    `workspaces bench: 1 agency user owning ${WORKSPACES} workspaces × ${ACCOUNTS_PER_WORKSPACE} accounts (${CONNECTIONS_PER_WORKSPACE} connections each) × ${DAYS} days of account_daily, ` +
      `${CURRENCIES.join('/')} accounts shown in ${DISPLAY}; GET ${URL_OVERVIEW} ${WARMUP} warm-up then ${RUNS} timed runs`,
  );
  runOnBothDatabases(PG_URL, ONLY, benchOne);
}

main();
