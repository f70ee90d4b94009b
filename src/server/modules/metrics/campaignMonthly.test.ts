import { sql } from 'drizzle-orm';

import { connectDatabase, type Database, executeRows } from '../../db/connect';
import { migratedPgliteTemplate } from '../../test/pgliteTemplate';
import { campaignTotalsBesideDays } from './campaignTotals.fixtures';
import { withRates } from './metrics.queries';
import type { MetricScope } from './metrics.types';
import { splitByMonths } from './monthSplit';

/**
 * Campaign totals over long ranges read whole months from campaign_monthly (kept by triggers on
 * metrics_daily, migration 0027): they must stay the sums of the days, converted day by day,
 * whatever writes the rows and however the rates move. The oracle is entityDailySeries, which
 * reads metrics_daily day by day.
 */
const W = '11000000-0000-4000-8000-000000000001';
const USD_ACCOUNT = '21000000-0000-4000-8000-000000000001';
const EUR_ACCOUNT = '21000000-0000-4000-8000-000000000002';
const usd = { id: USD_ACCOUNT, currency: 'USD' };
const eur = { id: EUR_ACCOUNT, currency: 'EUR' };
/** Mid-January to mid-April: two partial months around two whole ones. */
const LONG = { from: '2031-01-15', to: '2031-04-10' };
const scope = (window = LONG): MetricScope => ({ workspaceId: W, accounts: [usd, eur], currency: 'USD', window });

describe('campaign_monthly, the monthly rollup of campaign rows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase({ pgliteDataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() });
    const { db } = database;
    await db.execute(sql`insert into exchange_rates (currency, day, per_usd) values ('EUR', '2031-01-01', 0.5), ('USD', '2031-01-01', 1)
      on conflict (currency, day) do update set per_usd = excluded.per_usd`);
    await db.execute(sql`insert into workspaces (id, name) values (${W}, 'One')`);
    await db.execute(
      sql`insert into platform_connections (id, workspace_id, platform, sealed_tokens) values ('41000000-0000-4000-8000-000000000001', ${W}, 'meta', 'x')`,
    );
    await db.execute(sql`insert into connected_ad_accounts (id, workspace_id, connection_id, platform, account_id, name, currency, time_zone) values
      (${USD_ACCOUNT}, ${W}, '41000000-0000-4000-8000-000000000001', 'meta', 'act_1', 'Dollars', 'USD', 'UTC'),
      (${EUR_ACCOUNT}, ${W}, '41000000-0000-4000-8000-000000000001', 'meta', 'act_2', 'Euros', 'EUR', 'UTC')`);
    await db.execute(sql`insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, currency) values
      (${W}, ${USD_ACCOUNT}, 'meta', 'c1', 'Alpha', 'ACTIVE', 'USD'), (${W}, ${USD_ACCOUNT}, 'meta', 'c2', 'Beta', 'ACTIVE', 'USD'),
      (${W}, ${EUR_ACCOUNT}, 'meta', 'c3', 'Gamma', 'ACTIVE', 'EUR')`);
    // A row per campaign and day from 2030-12-20 to 2031-05-10 (past both ends of LONG), figures varying by day.
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select c.account_ref, 'campaign', c.campaign_id, c.campaign_id, d::date, c.currency, 100 + (extract(doy from d)::int * 7 + n) % 900, 1000 + n, 10 + n % 5,
             ((extract(doy from d)::int + n) % 7) * 0.25, (extract(doy from d)::int * 13) % 5000
      from campaigns c cross join generate_series('2030-12-20'::date, '2031-05-10'::date, interval '1 day') d
      cross join lateral (select length(c.campaign_id) + ascii(right(c.campaign_id, 1)) as n) k
      where c.workspace_id = ${W}`);
  });
  afterAll(() => database.close());

  /** Each campaign's totals over the window as entityTotals answers, and as the sum of its converted days. */
  const totalsAndDays = (window = LONG) => campaignTotalsBesideDays(database.db, scope(window));

  function expectSameFigures(pairs: Awaited<ReturnType<typeof totalsAndDays>>) {
    expect(pairs).toHaveLength(3);
    for (const { read, days } of pairs) {
      expect(read.impressions).toBe(days.impressions);
      expect(read.clicks).toBe(days.clicks);
      expect(read.spend).toBeCloseTo(days.spend, 6);
      expect(read.conversions).toBeCloseTo(days.conversions, 6);
      expect(read.value).toBeCloseTo(days.value, 6);
      expect(read.spend).toBeGreaterThan(0);
    }
  }

  it('splits a range into its whole months and the runs of days around them', async () => {
    const rated = await withRates(database.db, scope());
    expect(splitByMonths(LONG, rated.rates)).toEqual({
      months: ['2031-02-01', '2031-03-01'],
      days: [
        { from: '2031-01-15', to: '2031-01-31' },
        { from: '2031-04-01', to: '2031-04-10' },
      ],
    });
    // A range inside one month, or of exactly one month, has nothing or everything to roll up.
    expect(splitByMonths({ from: '2031-02-03', to: '2031-02-20' }, rated.rates)).toEqual({
      months: [],
      days: [{ from: '2031-02-03', to: '2031-02-20' }],
    });
    expect(splitByMonths({ from: '2031-02-01', to: '2031-02-28' }, rated.rates)).toEqual({
      months: ['2031-02-01'],
      days: [],
    });
  });

  it('the migration’s triggers keep a row per campaign, month and currency summing its days', async () => {
    const rows = await executeRows<{ months: string; spend: string }>(
      database.db,
      sql`select count(*) as months, sum(spend_minor) as spend from campaign_monthly where account_ref = ${USD_ACCOUNT}::uuid and campaign_id = 'c1'`,
    );
    const days = await executeRows<{ spend: string }>(
      database.db,
      sql`select sum(spend_minor) as spend from metrics_daily where account_ref = ${USD_ACCOUNT}::uuid and level = 'campaign' and campaign_id = 'c1'`,
    );
    // December 2030 to May 2031.
    expect(Number(rows[0]!.months)).toBe(6);
    expect(rows[0]!.spend).toBe(days[0]!.spend);
  });

  it('campaign totals over whole months are the sums of their converted days', async () => {
    expectSameFigures(await totalsAndDays());
    // Ranges ending on a month's last day and starting on a month's first.
    expectSameFigures(await totalsAndDays({ from: '2031-01-01', to: '2031-03-31' }));
  });

  it('follows updates, upserts and deletes of campaign rows', async () => {
    const { db } = database;
    await db.execute(
      sql`update metrics_daily set spend_minor = spend_minor * 3, impressions = impressions + 1 where level = 'campaign' and day between '2031-02-10' and '2031-02-12'`,
    );
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      values (${USD_ACCOUNT}, 'campaign', 'c1', 'c1', '2031-03-05', 'USD', 123456, 5, 5, 5, 5)
      on conflict (account_ref, level, entity_id, day) do update set spend_minor = excluded.spend_minor, impressions = excluded.impressions`);
    await db.execute(
      sql`delete from metrics_daily where level = 'campaign' and campaign_id = 'c2' and day between '2031-03-01' and '2031-03-20'`,
    );
    // Ad rows never touch the rollup.
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      values (${USD_ACCOUNT}, 'ad', 'a1', 'c1', '2031-02-15', 'USD', 999999, 1, 1, 1, 1)`);
    expectSameFigures(await totalsAndDays());
  });

  it('reads a month day by day when a rate changes inside it', async () => {
    await database.db.execute(
      sql`insert into exchange_rates (currency, day, per_usd) values ('EUR', '2031-03-10', 0.25)`,
    );
    const rated = await withRates(database.db, scope());
    expect(splitByMonths(LONG, rated.rates)).toEqual({
      months: ['2031-02-01'],
      days: [
        { from: '2031-01-15', to: '2031-01-31' },
        { from: '2031-03-01', to: '2031-04-10' },
      ],
    });
    expectSameFigures(await totalsAndDays());
  });

  it('is emptied with its account', async () => {
    await database.db.execute(sql`delete from connected_ad_accounts where id = ${EUR_ACCOUNT}::uuid`);
    const rows = await executeRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from campaign_monthly where account_ref = ${EUR_ACCOUNT}::uuid`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
