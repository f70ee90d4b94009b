import { CAMPAIGN_SORT_KEYS } from '@shared/api/dashboard';
import { sql } from 'drizzle-orm';

import { connectDatabase, type Database } from '../../db/connect';
import { migratedPgliteTemplate } from '../../test/pgliteTemplate';
import {
  budgetsAndSpend,
  dailyTotals,
  entityDailySeries,
  entityKey,
  entityTotals,
  spendByWorkspace,
  withRates,
} from './metrics.queries';
import type { MetricScope } from './metrics.types';

/**
 * The seam against fixture rows: two workspaces, the first with a USD and a EUR account (EUR at
 * 0.5 per USD, so 1 EUR cent is 0.02 USD), the second with one USD account that no scope of the
 * first may read even when asked to.
 */
const W1 = '10000000-0000-4000-8000-000000000001';
const W2 = '10000000-0000-4000-8000-000000000002';
const USD_ACCOUNT = '20000000-0000-4000-8000-000000000001';
const EUR_ACCOUNT = '20000000-0000-4000-8000-000000000002';
const OTHER_ACCOUNT = '20000000-0000-4000-8000-000000000003';
const C1 = '30000000-0000-4000-8000-000000000001';
const C2 = '30000000-0000-4000-8000-000000000002';
const C3 = '30000000-0000-4000-8000-000000000003';
const C4 = '30000000-0000-4000-8000-000000000004';

const usd = { id: USD_ACCOUNT, currency: 'USD' };
const eur = { id: EUR_ACCOUNT, currency: 'EUR' };
const other = { id: OTHER_ACCOUNT, currency: 'USD' };
const window = { from: '2030-01-01', to: '2030-01-03' };
const scope = (accounts = [usd, eur], over = window): MetricScope => ({
  workspaceId: W1,
  accounts,
  currency: 'USD',
  window: over,
});

describe('modules/metrics queries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase({ pgliteDataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() });
    const { db } = database;
    await db.execute(sql`insert into exchange_rates (currency, day, per_usd) values ('EUR', '2030-01-01', 0.5), ('USD', '2030-01-01', 1)
      on conflict (currency, day) do update set per_usd = excluded.per_usd`);
    await db.execute(sql`insert into workspaces (id, name) values (${W1}, 'One'), (${W2}, 'Two')`);
    await db.execute(sql`insert into platform_connections (id, workspace_id, platform, sealed_tokens) values
      ('40000000-0000-4000-8000-000000000001', ${W1}, 'meta', 'x'), ('40000000-0000-4000-8000-000000000002', ${W2}, 'meta', 'x')`);
    await db.execute(sql`insert into connected_ad_accounts (id, workspace_id, connection_id, platform, account_id, name, currency, time_zone) values
      (${USD_ACCOUNT}, ${W1}, '40000000-0000-4000-8000-000000000001', 'meta', 'act_1', 'Dollars', 'USD', 'UTC'),
      (${EUR_ACCOUNT}, ${W1}, '40000000-0000-4000-8000-000000000001', 'meta', 'act_2', 'Euros', 'EUR', 'UTC'),
      (${OTHER_ACCOUNT}, ${W2}, '40000000-0000-4000-8000-000000000002', 'meta', 'act_3', 'Theirs', 'USD', 'UTC')`);
    await db.execute(sql`insert into campaigns (id, workspace_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency) values
      (${C1}, ${W1}, ${USD_ACCOUNT}, 'meta', 'c1', 'Alpha', 'ACTIVE', 5000, 'USD'),
      (${C2}, ${W1}, ${USD_ACCOUNT}, 'meta', 'c2', 'Beta', 'PAUSED', null, 'USD'),
      (${C3}, ${W1}, ${EUR_ACCOUNT}, 'meta', 'c3', 'Gamma', 'ACTIVE', 1000, 'EUR'),
      (${C4}, ${W2}, ${OTHER_ACCOUNT}, 'meta', 'c4', 'Theirs', 'ACTIVE', 100, 'USD')`);
    await db.execute(sql`insert into ads (account_ref, ad_id, campaign_id, name) values
      (${USD_ACCOUNT}, 'a1', 'c1', 'Ad one'), (${USD_ACCOUNT}, 'a2', 'c1', 'Ad two'), (${USD_ACCOUNT}, 'a9', 'c2', 'Other campaign'),
      (${EUR_ACCOUNT}, 'a3', 'c3', 'Ad three')`);
    // metrics_daily (account, level, entity, campaign, day, currency, spend, impressions, clicks, conversions, value)
    const rows: [string, string, string, string, string, string, number, number, number, number, number][] = [
      [USD_ACCOUNT, 'campaign', 'c1', 'c1', '2030-01-01', 'USD', 1000, 1000, 10, 1, 3000],
      [USD_ACCOUNT, 'campaign', 'c1', 'c1', '2030-01-02', 'USD', 2000, 1000, 30, 2, 0],
      [USD_ACCOUNT, 'ad', 'a1', 'c1', '2030-01-01', 'USD', 600, 600, 6, 1, 3000],
      [USD_ACCOUNT, 'ad', 'a2', 'c1', '2030-01-01', 'USD', 400, 400, 4, 0, 0],
      [USD_ACCOUNT, 'ad', 'a1', 'c1', '2030-01-02', 'USD', 2000, 1000, 30, 2, 0],
      [EUR_ACCOUNT, 'campaign', 'c3', 'c3', '2030-01-03', 'EUR', 500, 100, 5, 0, 0],
      [EUR_ACCOUNT, 'ad', 'a3', 'c3', '2030-01-03', 'EUR', 500, 100, 5, 0, 0],
      [OTHER_ACCOUNT, 'campaign', 'c4', 'c4', '2030-01-01', 'USD', 99900, 9, 9, 9, 9],
    ];
    for (const [
      account,
      level,
      entity,
      campaign,
      day,
      currency,
      spend,
      impressions,
      clicks,
      conversions,
      value,
    ] of rows) {
      await db.execute(sql`insert into metrics_daily (account_ref, level, entity_id, campaign_id, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
        values (${account}, ${level}, ${entity}, ${campaign}, ${day}, ${currency}, ${spend}, ${impressions}, ${clicks}, ${conversions}, ${value})`);
    }
    await db.execute(sql`insert into account_daily (account_ref, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select account_ref, day, currency, sum(spend_minor), sum(impressions), sum(clicks), sum(conversions), sum(conversion_value_minor)
      from metrics_daily where level = 'campaign' group by account_ref, day, currency`);
  });
  afterAll(() => database.close());

  it('dailyTotals: converted sums per day, zero-filled, of the workspace’s accounts only', async () => {
    const days = await dailyTotals(database.db, scope([usd, eur, other]));
    expect(days).toEqual([
      { day: '2030-01-01', spend: 10, impressions: 1000, clicks: 10, conversions: 1, value: 30 },
      { day: '2030-01-02', spend: 20, impressions: 1000, clicks: 30, conversions: 2, value: 0 },
      { day: '2030-01-03', spend: 10, impressions: 100, clicks: 5, conversions: 0, value: 0 },
    ]);
    expect(await dailyTotals(database.db, scope([other]))).toEqual(
      days.map(({ day }) => ({ day, spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0 })),
    );
  });

  it('withRates loads the factors once and names currencies without a rate', async () => {
    const rated = await withRates(database.db, scope([usd, { id: EUR_ACCOUNT, currency: 'XYZ' }]));
    expect(rated.rates.missing).toEqual(['XYZ']);
    expect(await withRates(database.db, rated)).toBe(rated);
  });

  it('entityTotals (campaign): every campaign of the scope with totals and converted budget, sorted, paged and searched', async () => {
    const page = await entityTotals(database.db, scope([usd, eur, other]), {
      level: 'campaign',
      sort: 'spend',
      order: 'desc',
      limit: 2,
    });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.name, row.sums.spend, row.dailyBudget])).toEqual([
      ['Alpha', 30, 50],
      ['Gamma', 10, 20],
    ]);
    expect(page.rows[0]).toMatchObject({
      id: C1,
      platform: 'meta',
      campaignId: 'c1',
      status: 'ACTIVE',
      account: { id: USD_ACCOUNT, accountId: 'act_1', name: 'Dollars', currency: 'USD' },
    });
    expect(page.rows[0]!.sums).toEqual({ spend: 30, impressions: 2000, clicks: 40, conversions: 3, value: null });
    const valued = await entityTotals(database.db, scope(), {
      level: 'campaign',
      sort: 'spend',
      order: 'desc',
      limit: 1,
      withValue: true,
    });
    expect(valued.rows[0]!.sums).toEqual({ spend: 30, impressions: 2000, clicks: 40, conversions: 3, value: 30 });
    const rest = await entityTotals(database.db, scope(), {
      level: 'campaign',
      sort: 'spend',
      order: 'desc',
      limit: 2,
      offset: 2,
    });
    expect(rest.rows.map((row) => [row.name, row.sums.spend, row.dailyBudget])).toEqual([['Beta', 0, null]]);
    const byCtr = await entityTotals(database.db, scope(), { level: 'campaign', sort: 'ctr', order: 'asc' });
    expect(byCtr.rows.map((row) => row.name)).toEqual(['Beta', 'Alpha', 'Gamma']);
    const searched = await entityTotals(database.db, scope(), {
      level: 'campaign',
      sort: 'name',
      order: 'asc',
      q: 'amm',
    });
    expect(searched.rows.map((row) => row.name)).toEqual(['Gamma']);
    const theirs = await entityTotals(database.db, scope([usd, eur, other]), {
      level: 'campaign',
      sort: 'name',
      order: 'asc',
      campaignId: C4,
    });
    expect(theirs).toEqual({ rows: [], total: 0 });
  });

  it('entityTotals (campaign): every sort key, both ways, pages through the same order as the whole list', async () => {
    for (const sort of CAMPAIGN_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = await entityTotals(database.db, scope(), { level: 'campaign', sort, order });
        expect(whole.total).toBe(3);
        const paged = [];
        for (let offset = 0; offset < whole.total; offset += 2) {
          const page = await entityTotals(database.db, scope(), { level: 'campaign', sort, order, limit: 2, offset });
          expect(page.total).toBe(whole.total);
          paged.push(...page.rows);
        }
        expect(paged).toEqual(whole.rows);
      }
    }
    const byName = await entityTotals(database.db, scope(), { level: 'campaign', sort: 'name', order: 'desc' });
    expect(byName.rows.map((row) => row.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
    const byStatus = await entityTotals(database.db, scope(), { level: 'campaign', sort: 'status', order: 'asc' });
    expect(byStatus.rows.map((row) => row.status)).toEqual(['ACTIVE', 'ACTIVE', 'PAUSED']);
  });

  it('entityTotals (ad): a campaign’s ads with their totals, or every ad of the scope', async () => {
    const ads = await entityTotals(database.db, scope(), {
      level: 'ad',
      sort: 'spend',
      order: 'desc',
      campaignId: C1,
      withValue: true,
    });
    expect(ads.total).toBe(2);
    expect(ads.rows).toEqual([
      {
        accountRef: USD_ACCOUNT,
        adId: 'a1',
        campaignId: 'c1',
        name: 'Ad one',
        sums: { spend: 26, impressions: 1600, clicks: 36, conversions: 3, value: 30 },
      },
      {
        accountRef: USD_ACCOUNT,
        adId: 'a2',
        campaignId: 'c1',
        name: 'Ad two',
        sums: { spend: 4, impressions: 400, clicks: 4, conversions: 0, value: 0 },
      },
    ]);
    const all = await entityTotals(database.db, scope(), { level: 'ad', sort: 'spend', order: 'desc' });
    expect(all.rows.map((row) => [row.adId, row.sums.spend])).toEqual([
      ['a1', 26],
      ['a3', 10],
      ['a2', 4],
      ['a9', 0],
    ]);
    expect(
      (await entityTotals(database.db, scope(), { level: 'ad', sort: 'spend', order: 'desc', campaignId: C4 })).total,
    ).toBe(0);
  });

  it('entityDailySeries: per entity, converted and zero-filled over the window', async () => {
    const series = await entityDailySeries(database.db, scope([usd, eur, other]), { level: 'campaign' });
    expect([...series.keys()].sort()).toEqual([entityKey(USD_ACCOUNT, 'c1'), entityKey(EUR_ACCOUNT, 'c3')].sort());
    expect(series.get(entityKey(USD_ACCOUNT, 'c1'))!.map((point) => [point.day, point.spend, point.clicks])).toEqual([
      ['2030-01-01', 10, 10],
      ['2030-01-02', 20, 30],
      ['2030-01-03', 0, 0],
    ]);
    expect(series.get(entityKey(EUR_ACCOUNT, 'c3'))!.map((point) => point.spend)).toEqual([0, 0, 10]);
    const ads = await entityDailySeries(database.db, scope(), { level: 'ad', entityIds: ['a2'] });
    expect([...ads.keys()]).toEqual([entityKey(USD_ACCOUNT, 'a2')]);
    expect(ads.get(entityKey(USD_ACCOUNT, 'a2'))!.map((point) => point.impressions)).toEqual([400, 0, 0]);
    expect((await entityDailySeries(database.db, scope(), { level: 'ad', entityIds: [] })).size).toBe(0);
  });

  it('budgetsAndSpend: each campaign’s converted budget against its spend on the day', async () => {
    const rows = await budgetsAndSpend(database.db, scope([usd, eur, other]), { day: '2030-01-03' });
    expect(rows.map((row) => [row.name, row.status, row.dailyBudget, row.spend])).toEqual([
      ['Alpha', 'ACTIVE', 50, 0],
      ['Beta', 'PAUSED', null, 0],
      ['Gamma', 'ACTIVE', 20, 10],
    ]);
    const first = await budgetsAndSpend(database.db, scope([usd]), { day: '2030-01-01' });
    expect(first.map((row) => [row.id, row.campaignId, row.spend])).toEqual([
      [C1, 'c1', 10],
      [C2, 'c2', 0],
    ]);
  });

  it('spendByWorkspace: converted spend of the window and the one before, per workspace', async () => {
    const spend = await spendByWorkspace(database.db, {
      workspaceIds: [W1, W2],
      currency: 'USD',
      window: { from: '2030-01-02', to: '2030-01-03' },
      previous: { from: '2029-12-31', to: '2030-01-01' },
    });
    expect(spend.get(W1)).toEqual({ currentSpend: 30, currentRows: 2, currentConverted: 2, previousSpend: 10 });
    expect(spend.get(W2)).toEqual({ currentSpend: 0, currentRows: 0, currentConverted: 0, previousSpend: 999 });
    expect(
      (await spendByWorkspace(database.db, { workspaceIds: [], currency: 'USD', window, previous: window })).size,
    ).toBe(0);
  });
});
