/**
 * The synthetic ad-metrics world the dashboard and reports benches seed with server-side SQL:
 * platforms × accounts (one currency per account index) × campaigns × ads, with ad-level daily
 * rows over a run of days (campaign rows the sums of their ads, account_daily the rollup of the
 * campaign rows). Figures are deterministic pseudo-random values from a hash of (account, ad, day).
 */
import { addDays } from '@shared/days';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { type Db, executeRows } from '../src/server/db/connect';
import { signUp } from '../src/server/test/factories';
import { PLATFORMS } from '../src/shared/constants';

/** Account currencies by account index; minor units per US dollar for the synthetic money. */
export const CURRENCIES = ['USD', 'INR', 'EUR', 'JPY'] as const;
export type BenchCurrency = (typeof CURRENCIES)[number];
export const MINOR_PER_USD: Record<BenchCurrency, number> = { USD: 100, INR: 8860, EUR: 86.2, JPY: 154 };
/** Days per seeding statement: rows land in the heap interleaved by week and level, as daily syncs would leave them. */
export const SEED_CHUNK_DAYS = 7;

export interface MetricsWorld {
  /** Platforms to connect (one connection each); all of them by default. */
  platforms?: readonly string[];
  accountsPerPlatform: number;
  campaignsPerAccount: number;
  adsPerCampaign: number;
  /** First day of metrics (ISO date) and how many days from it. */
  from: string;
  days: number;
  /** Currencies by account index (at least accountsPerPlatform of them); CURRENCIES by default. */
  currencies?: readonly BenchCurrency[];
  /** Days per metrics statement; SEED_CHUNK_DAYS by default. */
  chunkDays?: number;
}

/** The world in words, for a bench's first line: "5 platforms × 4 accounts × 10 campaigns × 3 ads × 89 days". */
export function describeWorld(world: MetricsWorld) {
  const platforms = world.platforms ?? PLATFORMS;
  return `${platforms.length} platforms × ${world.accountsPerPlatform} accounts × ${world.campaignsPerAccount} campaigns × ${world.adsPerCampaign} ads × ${world.days} days`;
}

/** The user's personal workspace (made at registration): where the data set is seeded and what the routes read without a workspace header. */
export async function personalWorkspace(db: Db, userId: string) {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`select id from workspaces where personal_of = ${userId}::uuid`,
  );
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}

/** Registers a user in UTC, runs `seed` on their personal workspace and returns them with their ids and how long `seed` took (ms). */
export async function seededUser(
  app: FastifyInstance,
  seed: (db: Db, userId: string, workspaceId: string) => Promise<void>,
) {
  const user = await signUp(app, { timeZone: 'UTC' });
  const [me] = await executeRows<{ id: string }>(app.ctx.db, sql`select id from users where email = ${user.email}`);
  const userId = me!.id;
  const workspaceId = await personalWorkspace(app.ctx.db, userId);
  const started = performance.now();
  await seed(app.ctx.db, userId, workspaceId);
  return { user, userId, workspaceId, seedMs: performance.now() - started };
}

/**
 * Seeds connections (with sync_state), ad accounts, campaigns, ads, metrics_daily (ad and campaign
 * rows) and account_daily into `workspaceId`. Does not touch the user and does not ANALYZE.
 */
export async function seedMetrics(db: Db, workspaceId: string, world: MetricsWorld) {
  const platforms = world.platforms ?? PLATFORMS;
  const currencies = world.currencies ?? CURRENCIES;
  const chunkDays = world.chunkDays ?? SEED_CHUNK_DAYS;
  const { from, days } = world;
  const currencyValues = sql.join(
    currencies.map((currency, index) => sql`(${index}::int, ${currency}::text, ${MINOR_PER_USD[currency]}::float8)`),
    sql`, `,
  );
  const cur = sql`(values ${currencyValues}) as cur(idx, currency, minor_per_usd)`;
  // The joins by currency read each currency once, however many accounts share it.
  const rateValues = sql.join(
    [...new Set(currencies)].map((currency) => sql`(${currency}::text, ${MINOR_PER_USD[currency]}::float8)`),
    sql`, `,
  );
  const rate = sql`(values ${rateValues}) as cur(currency, minor_per_usd)`;

  await db.execute(sql`
    insert into platform_connections (id, workspace_id, platform, status, sealed_tokens, created_at)
    select gen_random_uuid(), ${workspaceId}::uuid, p.platform, 'active', 'x', now() + p.ord * interval '1 millisecond'
    from unnest(${sql.param([...platforms])}::text[]) with ordinality as p(platform, ord)`);
  await db.execute(sql`
    insert into sync_state (connection_id, workspace_id, status, last_synced_at, backfilled_at)
    select id, workspace_id, 'idle', now(), now() from platform_connections where workspace_id = ${workspaceId}::uuid`);
  await db.execute(sql`
    insert into connected_ad_accounts (workspace_id, connection_id, platform, account_id, name, currency, time_zone, created_at)
    select c.workspace_id, c.id, c.platform, c.platform || '-bench-' || cur.idx, initcap(c.platform) || ' bench ' || cur.currency, cur.currency, 'UTC',
           c.created_at + cur.idx * interval '1 microsecond'
    from platform_connections c cross join ${cur}
    where c.workspace_id = ${workspaceId}::uuid and cur.idx < ${world.accountsPerPlatform}`);
  await db.execute(sql`
    insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency)
    select a.workspace_id, a.id, a.platform, 'cmp-' || n, (array['Brand Search','Prospecting','Retargeting','Lookalike 1%','Spring Sale','Lead Gen','App Installs','Webinar Signups'])[1 + n % 8] || ' ' || n,
           case when n % 5 = 4 then 'PAUSED' else 'ACTIVE' end,
           case when n % 7 = 6 then null else round((20 + (n * 37) % 180) * cur.minor_per_usd)::bigint end, a.currency
    from connected_ad_accounts a join ${rate} on cur.currency = a.currency cross join generate_series(0, ${world.campaignsPerAccount - 1}) n
    where a.workspace_id = ${workspaceId}::uuid`);
  await db.execute(sql`
    insert into ads (account_ref, ad_id, campaign_id, name)
    select c.account_ref, c.campaign_id || '-ad-' || k, c.campaign_id, (array['Hero video','Carousel','Testimonial','Product shot','UGC clip','Offer banner'])[1 + (k + length(c.name)) % 6] || ' ' || (k + 1)
    from campaigns c cross join generate_series(0, ${world.adsPerCampaign - 1}) k
    where c.workspace_id = ${workspaceId}::uuid`);

  // Metrics: deterministic pseudo-random figures from a hash of (account, ad, day).
  for (let start = 0; start < days; start += chunkDays) {
    const since = addDays(from, start);
    const until = addDays(from, Math.min(days - 1, start + chunkDays - 1));
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select ad.account_ref, 'ad', ad.ad_id, d.day::date, ad.campaign_id, acc.currency,
             round(x.impressions * (4 + x.u3 * 14) / 1000 * cur.minor_per_usd)::bigint,
             x.impressions, x.clicks, x.conversions, round(x.conversions * 60 * cur.minor_per_usd)::bigint
      from ads ad
      join connected_ad_accounts acc on acc.id = ad.account_ref
      join ${rate} on cur.currency = acc.currency
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
}

/** Row counts of the seeded tables (as strings, as the drivers return count(*)), plus any `extra` select columns. */
export async function metricsCounts(db: Db, extra = sql``) {
  const [row] = await executeRows<Record<string, string>>(
    db,
    sql`select (select count(*) from metrics_daily where level = 'ad') as ad_rows,
               (select count(*) from metrics_daily where level = 'campaign') as campaign_rows,
               (select count(*) from account_daily) as account_daily,
               (select count(*) from campaigns) as campaigns,
               (select count(*) from ads) as ads,
               (select count(*) from connected_ad_accounts) as accounts${extra}`,
  );
  return row!;
}
