import { addDays } from '@shared/days';
import { sql } from 'drizzle-orm';

import { connectDatabase, type Database, executeRows } from '../../db/connect';
import { migratedPgliteTemplate } from '../../test/pgliteTemplate';
import { campaignTotalsBesideDays } from './campaignTotals.fixtures';
import type { DayWindow } from './metrics.types';

/**
 * The campaign table's sums from campaign_running (migrations 0033 and 0034): a window is a
 * campaign's sums at its end minus its sums the day before its start, each its running row that
 * day, or its last row (campaign_running_last) once it has stopped. Campaigns here deliver on some
 * days and not on others, start, stop and start again at different times, and the account's rows
 * arrive as a daily sync writes them (a day at a time, with a gap, with restatements), so every
 * way an end can fall (before a campaign's first row, inside a gap, after its last row, after the
 * account's last day) is read. The oracle is entityDailySeries, which sums metrics_daily day by day.
 */
const W = '12000000-0000-4000-8000-000000000001';
const ACCOUNT = '22000000-0000-4000-8000-000000000001';
const CONNECTION = '42000000-0000-4000-8000-000000000001';
const CAMPAIGNS = ['early', 'gappy', 'late', 'resumed', 'stopped'] as const;

/** Whether a campaign delivered on day `n` (0 = 2032-03-01) of the fixture. */
const delivers: Record<(typeof CAMPAIGNS)[number], (n: number) => boolean> = {
  early: () => true,
  gappy: (n) => n % 3 !== 1,
  late: (n) => n >= 12,
  resumed: (n) => n < 5 || n >= 14,
  stopped: (n) => n < 9,
};
const FIRST = '2032-03-01';

describe('campaign_running, the running totals of campaign rows', () => {
  let database: Database;

  /** Writes the campaigns' rows of days `from`..`to` (fixture day numbers) in one statement, as one sync would. */
  async function writeDays(from: number, to: number, scale = 1) {
    const values = [];
    for (let n = from; n <= to; n += 1)
      for (const [index, campaign] of CAMPAIGNS.entries())
        if (delivers[campaign](n))
          values.push(
            sql`(${ACCOUNT}::uuid, 'campaign', ${campaign}, ${campaign}, ${addDays(FIRST, n)}::date, 'USD', ${(100 + n * 7 + index * 13) * scale}, ${1000 + n}, ${10 + ((n + index) % 5)}, ${((n + index) % 4) * 0.5}, ${n * 11})`,
          );
    await database.db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      values ${sql.join(values, sql`, `)}
      on conflict (account_ref, level, entity_id, day) do update set spend_minor = excluded.spend_minor,
        impressions = excluded.impressions, clicks = excluded.clicks, conversions = excluded.conversions,
        conversion_value_minor = excluded.conversion_value_minor`);
  }

  beforeAll(async () => {
    database = await connectDatabase({ pgliteDataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() });
    const { db } = database;
    await db.execute(sql`insert into exchange_rates (currency, day, per_usd) values ('USD', '2032-01-01', 1)
      on conflict (currency, day) do update set per_usd = excluded.per_usd`);
    await db.execute(sql`insert into workspaces (id, name) values (${W}, 'Running')`);
    await db.execute(
      sql`insert into platform_connections (id, workspace_id, platform, sealed_tokens) values (${CONNECTION}, ${W}, 'google', 'x')`,
    );
    await db.execute(sql`insert into connected_ad_accounts (id, workspace_id, connection_id, platform, account_id, name, currency, time_zone)
      values (${ACCOUNT}, ${W}, ${CONNECTION}, 'google', '123', 'Dollars', 'USD', 'UTC')`);
    await db.execute(sql`insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, currency)
      select ${W}, ${ACCOUNT}, 'google', c, initcap(c), 'ACTIVE', 'USD' from unnest(${sql.param([...CAMPAIGNS])}::text[]) c`);
    // A backfill of the first ten days, then daily syncs, each restating the two days before.
    await writeDays(0, 9);
    for (let day = 10; day <= 15; day += 1) await writeDays(day - 2, day);
  });
  afterAll(() => database.close());

  /** Each campaign's totals as the table reads them, beside the sums of its days. */
  const readAndSum = (window: DayWindow) =>
    campaignTotalsBesideDays(database.db, {
      workspaceId: W,
      accounts: [{ id: ACCOUNT, currency: 'USD' }],
      currency: 'USD',
      window,
    });

  async function expectEveryWindowSummed(lastDay: number) {
    // Every window from one day to the whole fixture, starting before the first row and ending past the last.
    for (let start = -2; start <= lastDay + 2; start += 1)
      for (const length of [1, 2, 3, 7, 30]) {
        const window = { from: addDays(FIRST, start), to: addDays(FIRST, start + length - 1) };
        const pairs = await readAndSum(window);
        expect(pairs.map((p) => p.campaign)).toEqual([...CAMPAIGNS]);
        for (const { read, days } of pairs) {
          const where = `${window.from}..${window.to}`;
          expect({ where, impressions: read.impressions, clicks: read.clicks }).toEqual({
            where,
            impressions: days.impressions,
            clicks: days.clicks,
          });
          expect(read.spend).toBeCloseTo(days.spend, 6);
          expect(read.conversions).toBeCloseTo(days.conversions, 6);
          expect(read.value).toBeCloseTo(days.value, 6);
        }
      }
  }

  /** Each campaign's first and last running day and its count of running rows, and the day of its last row. */
  async function runningSpans() {
    const rows = await executeRows<{
      campaign_id: string;
      first: string;
      last: string;
      days: string;
      last_row: string;
    }>(
      database.db,
      sql`select r.campaign_id, min(r.day)::text as first, max(r.day)::text as last, count(*) as days,
                 (select l.day::text from campaign_running_last l
                  where l.account_ref = r.account_ref and l.campaign_id = r.campaign_id) as last_row
          from campaign_running r where r.account_ref = ${ACCOUNT}::uuid
          group by r.account_ref, r.campaign_id order by r.campaign_id`,
    );
    return rows.map((r) => [r.campaign_id, r.first, r.last, Number(r.days), r.last_row]);
  }

  /** runningSpans once the account's last rows are day 15's. */
  const SPANS_TO_DAY_15 = [
    ['early', FIRST, addDays(FIRST, 15), 16, addDays(FIRST, 15)],
    ['gappy', FIRST, addDays(FIRST, 15), 16, addDays(FIRST, 15)],
    ['late', addDays(FIRST, 12), addDays(FIRST, 15), 4, addDays(FIRST, 15)],
    // Stopped from day 5 to 13: the days it did not run are carried once it runs again.
    ['resumed', FIRST, addDays(FIRST, 15), 16, addDays(FIRST, 15)],
    // Stopped after day 8: no row a day after that, however long the account goes on.
    ['stopped', FIRST, addDays(FIRST, 8), 9, addDays(FIRST, 8)],
  ];

  it('keeps a row for every day from each campaign’s first row to its own last, and its last row apart', async () => {
    expect(await runningSpans()).toEqual(SPANS_TO_DAY_15);
  });

  it('reads any window as the sums of its days', async () => {
    await expectEveryWindowSummed(15);
  });

  it('follows a sync after days without any rows, a restatement and deleted rows', async () => {
    // Three days of nothing, then two days at once: the running rows carry across the gap.
    await writeDays(19, 20);
    // A late restatement of an early day doubles its money.
    await writeDays(4, 4, 2);
    await database.db.execute(
      sql`delete from metrics_daily where level = 'campaign' and campaign_id = 'gappy' and day = ${addDays(FIRST, 14)}::date`,
    );
    await expectEveryWindowSummed(20);
  });

  it('cuts a campaign back to its last row when its later rows are deleted, and is emptied with the account', async () => {
    await database.db.execute(
      sql`delete from metrics_daily where level = 'campaign' and day > ${addDays(FIRST, 17)}::date`,
    );
    // Days 16 to 18 never had rows (the gap above): the rows carried across them go as well.
    expect(await runningSpans()).toEqual(SPANS_TO_DAY_15);
    await expectEveryWindowSummed(17);
    // A campaign whose every row goes keeps nothing.
    await database.db.execute(sql`delete from metrics_daily where level = 'campaign' and campaign_id = 'late'`);
    expect((await runningSpans()).map((span) => span[0])).toEqual(['early', 'gappy', 'resumed', 'stopped']);
    await database.db.execute(sql`delete from connected_ad_accounts where id = ${ACCOUNT}::uuid`);
    const left = await executeRows<{ n: string }>(
      database.db,
      sql`select (select count(*) from campaign_running) + (select count(*) from campaign_running_last) as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
