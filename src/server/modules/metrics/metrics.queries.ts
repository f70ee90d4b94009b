import { type CampaignSortKey, type DisplayCurrency } from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';
import { addDays, daysInRange, type IsoDay } from '@shared/days';
import { EMPTY_SUMS, type MetricSums } from '@shared/metrics';
import { type SQL, sql } from 'drizzle-orm';

import { type DbOrTx, executeRows } from '../../db/connect';
import { containsPattern } from '../../lib/likePattern';
import type {
  AdTotals,
  BudgetRow,
  CampaignTotals,
  DailyPoint,
  DayWindow,
  EntityKey,
  EntityLevel,
  EntityPage,
  EntityQuery,
  EntitySums,
  MetricScope,
  RatedScope,
  WorkspaceSpend,
} from './metrics.types';
import { splitByMonths } from './monthSplit';
import { type ConversionFactors, conversionFactors, factorAt, factorOf, factorsConstant } from './rates';

/**
 * The only reader of metrics_daily, account_daily (besides sync, which writes them) and
 * campaign_monthly (the monthly rollup of campaign rows that triggers keep, migration 0027): plain
 * functions of (db, scope, params). Every query reads the scope's accounts as far as they belong
 * to the scope's workspace, and converts money per row and day into major units of the scope's
 * currency (rates.ts); a currency without a rate converts to null and is left out of the sums.
 */

export const entityKey = (accountRef: string, entityId: string): EntityKey => `${accountRef}:${entityId}`;

/** The scope with its conversion factors loaded (once per request that reads several times). */
export async function withRates(db: DbOrTx, scope: MetricScope): Promise<RatedScope> {
  if ('rates' in scope) return scope as RatedScope;
  const currencies = [...new Set(scope.accounts.map((account) => account.currency))];
  return {
    ...scope,
    rates: await conversionFactors(db, currencies, scope.currency, scope.window.from, scope.window.to),
  };
}

/** The scope's account ids that belong to its workspace, as a SQL array (evaluated once per statement). */
const accountRefs = (scope: MetricScope): SQL =>
  sql`array(select id from connected_ad_accounts where workspace_id = ${scope.workspaceId}::uuid and id = any(${sql.param(scope.accounts.map((account) => account.id))}::uuid[]))`;

const num = (value: number | string | null | undefined) => Number(value ?? 0);

interface SumsSqlRow {
  spend: number | string | null;
  impressions: number | string | null;
  clicks: number | string | null;
  conversions: number | string | null;
  value: number | string | null;
}

const sumsOf = (row: SumsSqlRow): MetricSums => ({
  spend: num(row.spend),
  impressions: num(row.impressions),
  clicks: num(row.clicks),
  conversions: num(row.conversions),
  value: num(row.value),
});

const entitySumsOf = (row: SumsSqlRow): EntitySums => ({
  ...sumsOf(row),
  value: row.value === null ? null : num(row.value),
});

/** Every day of the window, in order. */
function windowDays(window: DayWindow): IsoDay[] {
  const days: IsoDay[] = [];
  for (let index = 0, count = daysInRange(window.from, window.to); index < count; index += 1)
    days.push(addDays(window.from, index));
  return days;
}

/**
 * Every day of the window, with the sums of `byDay` or zeros. Reads filling many series over one
 * window pass its days (`windowDays`) once: spelling out a year's days per series costs more than
 * the query.
 */
function zeroFilled(window: DayWindow | IsoDay[], byDay: Map<string, MetricSums>): DailyPoint[] {
  return (Array.isArray(window) ? window : windowDays(window)).map((day) => ({
    day,
    ...(byDay.get(day) ?? EMPTY_SUMS),
  }));
}

/** Converted sums of the scope's accounts per day over the window, zero-filled (account_daily). */
export async function dailyTotals(db: DbOrTx, scope: MetricScope): Promise<DailyPoint[]> {
  if (scope.accounts.length === 0) return zeroFilled(scope.window, new Map());
  const { rates, window } = await withRates(db, scope);
  const rows = await executeRows<SumsSqlRow & { day: string }>(
    db,
    sql`
      select a.day::text as day, sum(a.spend_minor * f.factor) as spend, sum(a.impressions) as impressions, sum(a.clicks) as clicks,
             sum(a.conversions) as conversions, sum(a.conversion_value_minor * f.factor) as value
      from account_daily a
      cross join lateral (select ${factorOf(rates, sql`a.currency`, sql`a.day`)} as factor) f
      where a.account_ref = any(${accountRefs(scope)}) and a.day between ${window.from}::date and ${window.to}::date
      group by a.day`,
  );
  return zeroFilled(window, new Map(rows.map((row) => [row.day, sumsOf(row)])));
}

/**
 * Converted sums of each of the scope's accounts per day over the window, zero-filled: what
 * `dailyTotals` answers for each account alone, in one read. Keys are the accounts' ids; every
 * account of the scope has an entry.
 */
export async function dailyTotalsByAccount(db: DbOrTx, scope: MetricScope): Promise<Map<string, DailyPoint[]>> {
  const result = new Map<string, DailyPoint[]>();
  if (scope.accounts.length === 0) return result;
  const { rates, window } = await withRates(db, scope);
  const rows = await executeRows<SumsSqlRow & { account_ref: string; day: string }>(
    db,
    sql`
      select a.account_ref, a.day::text as day, sum(a.spend_minor * f.factor) as spend, sum(a.impressions) as impressions, sum(a.clicks) as clicks,
             sum(a.conversions) as conversions, sum(a.conversion_value_minor * f.factor) as value
      from account_daily a
      cross join lateral (select ${factorOf(rates, sql`a.currency`, sql`a.day`)} as factor) f
      where a.account_ref = any(${accountRefs(scope)}) and a.day between ${window.from}::date and ${window.to}::date
      group by a.account_ref, a.day`,
  );
  const byAccount = new Map<string, Map<string, MetricSums>>(scope.accounts.map((account) => [account.id, new Map()]));
  for (const row of rows) byAccount.get(row.account_ref)?.set(row.day, sumsOf(row));
  const days = windowDays(window);
  for (const [account, sums] of byAccount) result.set(account, zeroFilled(days, sums));
  return result;
}

/** SQL sort expressions of the derived figures (the SQL twin of @shared/metrics derive, unrounded). */
const SORT_COLUMNS: Record<CampaignSortKey, string> = {
  platform: 'platform',
  name: 'lower(name)',
  status: 'status',
  spend: 'spend',
  impressions: 'impressions',
  clicks: 'clicks',
  ctr: 'ctr',
  cpc: 'cpc',
  conversions: 'conversions',
};

/** Ads have no platform or status column of their own: those sorts fall back to the name. */
const AD_SORT_COLUMNS: Record<CampaignSortKey, string> = {
  ...SORT_COLUMNS,
  platform: 'name',
  status: 'name',
  name: 'name',
};

const DERIVED_SQL = sql.raw(`
  case when coalesce(agg.impressions, 0) > 0 then agg.clicks::float8 * 100 / agg.impressions else 0 end as ctr,
  case when coalesce(agg.clicks, 0) > 0 then agg.spend / agg.clicks else 0 end as cpc`);

const page = (options: EntityQuery) =>
  sql`${options.limit === undefined ? sql`` : sql`limit ${options.limit}`} offset ${options.offset ?? 0}`;

/** Conversion value is a second converted sum over every row (about a quarter of a year-long read), so it is read when asked for. */
const valueSum = (options: EntityQuery) =>
  options.withValue ? sql`sum(m.conversion_value_minor * f.factor)` : sql`null::float8`;

const nameContains = (column: SQL, q: string | undefined) =>
  q ? sql`and ${column} ilike ${containsPattern(q)}` : sql``;

interface CampaignSqlRow extends SumsSqlRow {
  id: string;
  platform: string;
  campaign_id: string;
  name: string;
  status: string;
  daily_budget_minor: number | string | null;
  currency: string;
  account_ref: string;
  account_id: string;
  account_name: string;
  account_currency: string;
  total: number | string;
}

interface AdSqlRow extends SumsSqlRow {
  account_ref: string;
  ad_id: string;
  campaign_id: string;
  name: string;
  total: number | string;
}

/**
 * Entities of a level with their converted totals over the window (metrics_daily; campaigns read
 * whole months from campaign_monthly), every entity of the scope's accounts included (zeros
 * without rows), filtered, sorted and paged in SQL.
 */
export function entityTotals(
  db: DbOrTx,
  scope: MetricScope,
  params: EntityQuery & { level: 'campaign' },
): Promise<EntityPage<CampaignTotals>>;
export function entityTotals(
  db: DbOrTx,
  scope: MetricScope,
  params: EntityQuery & { level: 'ad' },
): Promise<EntityPage<AdTotals>>;
export async function entityTotals(
  db: DbOrTx,
  scope: MetricScope,
  params: EntityQuery & { level: EntityLevel },
): Promise<EntityPage<CampaignTotals> | EntityPage<AdTotals>> {
  if (scope.accounts.length === 0) return { rows: [], total: 0 };
  const rated = await withRates(db, scope);
  return params.level === 'campaign' ? campaignTotals(db, rated, params) : adTotals(db, rated, params);
}

/**
 * The scope's campaign rows over its window, each with the day its money converts at: whole
 * months from the monthly rollup (a month's row converts at its first day, its factor being the
 * same all month), the other days from metrics_daily (see monthSplit.ts). A year then reads a
 * row per campaign and month plus the days of the partial months at its ends, not 365 per campaign.
 */
function campaignRows(scope: RatedScope, refs: SQL): SQL {
  const { months, days } = splitByMonths(scope.window, scope.rates);
  const columns = sql`currency, spend_minor, impressions, clicks, conversions, conversion_value_minor`;
  const parts: SQL[] = [];
  if (months.length > 0)
    parts.push(sql`
      select r.account_ref, r.campaign_id, r.month as day, ${columns}
      from campaign_monthly r
      where r.account_ref = any(${refs}) and r.month = any(${sql.param(months)}::date[])`);
  if (days.length > 0)
    parts.push(sql`
      select m.account_ref, m.campaign_id, m.day, ${columns}
      from metrics_daily m
      where m.account_ref = any(${refs}) and m.level = 'campaign'
        and (${sql.join(
          days.map((run) => sql`m.day between ${run.from}::date and ${run.to}::date`),
          sql` or `,
        )})`);
  return sql.join(parts, sql` union all `);
}

/**
 * Each campaign's converted sums over the window (columns account_ref, campaign_id, spend,
 * impressions, clicks, conversions, value). When every currency converts at one factor through
 * the window, from the running totals: per campaign its sums at the window's end minus its sums
 * the day before its start, so two rows per campaign whatever the window's length. At 10 million
 * ad rows the week's 49,000 campaign rows took 33–40 ms to read and sum (docs/operations.md). A
 * campaign's sums on a day are its campaign_running row that day, from its first row to its last;
 * after its last, its campaign_running_last row; before its first, nothing (zero).
 * Otherwise each day's money converts at its own factor: the campaign rows, whole months from
 * the monthly rollup (campaignRows).
 */
function campaignSums(scope: RatedScope, refs: SQL, options: EntityQuery): SQL {
  const { rates, window } = scope;
  if (factorsConstant(rates, window.from, window.to)) {
    const factor = factorOf(rates, sql`r.currency`, sql`${window.to}::date`);
    const diff = (column: string) => sql.raw(`r.sign * r.${column}`);
    /** The campaigns' sums on `day` (counted with `sign`): running rows that day, and the last rows of campaigns that stopped before it. */
    const sumsOn = (sign: number, day: SQL) => sql`
      select ${sql.raw(String(sign))} as sign, e.campaign_id, e.currency, e.spend_minor, e.impressions, e.clicks, e.conversions, e.conversion_value_minor
      from campaign_running e where e.account_ref = acc.id and e.day = ${day}
      union all
      select ${sql.raw(String(sign))}, l.campaign_id, l.currency, l.spend_minor, l.impressions, l.clicks, l.conversions, l.conversion_value_minor
      from campaign_running_last l where l.account_ref = acc.id and l.day < ${day}`;
    return sql`
      select acc.id as account_ref, d.*
      from unnest(${refs}) as acc(id)
      -- Each account's campaigns summed on their own: a few dozen rows each, where one sort of
      -- every account's 14,000 by account and campaign took a third of the statement. Each end is
      -- read by its own index lookups: written as one day in (…) of the two, PostgreSQL
      -- filtered every row of the account.
      cross join lateral (
        select r.campaign_id, sum(${diff('spend_minor')} * ${factor}) as spend,
               sum(${diff('impressions')}) as impressions, sum(${diff('clicks')}) as clicks,
               sum(${diff('conversions')}) as conversions,
               ${options.withValue ? sql`sum(${diff('conversion_value_minor')} * ${factor})` : sql`null::float8`} as value
        from (${sumsOn(1, sql`${window.to}::date`)} union all ${sumsOn(-1, sql`${addDays(window.from, -1)}::date`)}) r
        group by r.campaign_id
      ) d`;
  }
  return sql`
    select m.account_ref, m.campaign_id, sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions,
           sum(m.clicks) as clicks, sum(m.conversions) as conversions, ${valueSum(options)} as value
    from (${campaignRows(scope, refs)}) m
    cross join lateral (select ${factorOf(rates, sql`m.currency`, sql`m.day`)} as factor) f
    group by m.account_ref, m.campaign_id`;
}

async function campaignTotals(
  db: DbOrTx,
  scope: RatedScope,
  options: EntityQuery,
): Promise<EntityPage<CampaignTotals>> {
  const { rates, window } = scope;
  const refs = accountRefs(scope);
  const direction = options.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const rows = await executeRows<CampaignSqlRow>(
    db,
    sql`
      with agg as (${campaignSums(scope, refs, options)}), rows as (
        select c.id, c.platform, c.campaign_id, c.name, c.status, c.account_ref,
               coalesce(agg.spend, 0) as spend, coalesce(agg.impressions, 0) as impressions, coalesce(agg.clicks, 0) as clicks,
               coalesce(agg.conversions, 0) as conversions, ${options.withValue ? sql`coalesce(agg.value, 0)` : sql`null`} as value,
               ${DERIVED_SQL}
        from campaigns c
        left join agg on agg.account_ref = c.account_ref and agg.campaign_id = c.campaign_id
        where c.account_ref = any(${refs}) and c.workspace_id = ${scope.workspaceId}::uuid
          ${nameContains(sql`c.name`, options.q)}
          ${options.campaignId ? sql`and c.id = ${options.campaignId}::uuid` : sql``}
      ), paged as (
        select * from rows
        order by ${sql.raw(SORT_COLUMNS[options.sort])} ${direction}, id
        ${page(options)}
      )
      -- Only the page's rows are widened with their budget and account, and the total is a count
      -- of the narrow rows: a window's count(*) over () kept every campaign's wide row (7,000 of
      -- them at 10 million ad rows) before the page was cut: 8 of the statement's 53 ms.
      -- (The joined columns are renamed so that the sort's bare column names mean the page's.)
      select p.*, c.daily_budget_minor, c.currency, acc.account_id, acc.account_name, acc.account_currency,
             (select count(*) from rows) as total
      from paged p
      join (select id as campaign_key, daily_budget_minor, currency from campaigns) c on c.campaign_key = p.id
      join (select id as account_key, account_id, name as account_name, currency as account_currency from connected_ad_accounts) acc
        on acc.account_key = p.account_ref
      order by ${sql.raw(SORT_COLUMNS[options.sort])} ${direction}, id`,
  );
  return {
    rows: rows.map((row) => {
      const budgetFactor = factorAt(rates, row.currency, window.to);
      return {
        id: row.id,
        platform: row.platform as Platform,
        campaignId: row.campaign_id,
        name: row.name,
        status: row.status,
        account: {
          id: row.account_ref,
          accountId: row.account_id,
          name: row.account_name,
          currency: row.account_currency,
        },
        dailyBudget:
          row.daily_budget_minor === null || budgetFactor === undefined
            ? null
            : Number(row.daily_budget_minor) * budgetFactor,
        sums: entitySumsOf(row),
      };
    }),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

async function adTotals(db: DbOrTx, scope: RatedScope, options: EntityQuery): Promise<EntityPage<AdTotals>> {
  const { rates, window } = scope;
  const refs = accountRefs(scope);
  const direction = options.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  // With a campaign, its (account, platform campaign id); without, every campaign of the scope.
  const ofCampaign = (account: SQL, campaign: SQL) =>
    options.campaignId
      ? sql`and (${account}, ${campaign}) in (select c.account_ref, c.campaign_id from campaigns c where c.id = ${options.campaignId}::uuid and c.workspace_id = ${scope.workspaceId}::uuid)`
      : sql``;
  const rows = await executeRows<AdSqlRow>(
    db,
    sql`
      with agg as (
        select m.account_ref, m.entity_id, sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions, sum(m.clicks) as clicks,
               sum(m.conversions) as conversions, ${valueSum(options)} as value
        from metrics_daily m
        cross join lateral (select ${factorOf(rates, sql`m.currency`, sql`m.day`)} as factor) f
        where m.account_ref = any(${refs}) and m.level = 'ad' and m.day between ${window.from}::date and ${window.to}::date
          ${ofCampaign(sql`m.account_ref`, sql`m.campaign_id`)}
        group by m.account_ref, m.entity_id
      ), rows as (
        select a.account_ref, a.ad_id, a.campaign_id, a.name,
               coalesce(agg.spend, 0) as spend, coalesce(agg.impressions, 0) as impressions, coalesce(agg.clicks, 0) as clicks,
               coalesce(agg.conversions, 0) as conversions, ${options.withValue ? sql`coalesce(agg.value, 0)` : sql`null`} as value,
               ${DERIVED_SQL}
        from ads a
        left join agg on agg.account_ref = a.account_ref and agg.entity_id = a.ad_id
        where a.account_ref = any(${refs})
          ${ofCampaign(sql`a.account_ref`, sql`a.campaign_id`)}
          ${nameContains(sql`a.name`, options.q)}
      )
      -- Unlike the campaigns page, counting the narrow rows instead gains nothing here: for every
      -- ad of 200 accounts over a week (28,000 ads, 196,000 rows) the aggregate is the time.
      select *, count(*) over () as total from rows
      order by ${sql.raw(AD_SORT_COLUMNS[options.sort])} ${direction}, name, account_ref, ad_id
      ${page(options)}`,
  );
  return {
    rows: rows.map((row) => ({
      accountRef: row.account_ref,
      adId: row.ad_id,
      campaignId: row.campaign_id,
      name: row.name,
      sums: entitySumsOf(row),
    })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

/**
 * Per entity of a level, its converted sums per day over the window, zero-filled (metrics_daily).
 * `entityIds` (the platform's ids) narrows the read; without it every entity with a row in the
 * window is returned. Keys are `entityKey(accountRef, entityId)`.
 */
export async function entityDailySeries(
  db: DbOrTx,
  scope: MetricScope,
  params: { level: EntityLevel; entityIds?: string[] },
): Promise<Map<EntityKey, DailyPoint[]>> {
  const series = new Map<EntityKey, DailyPoint[]>();
  if (scope.accounts.length === 0 || params.entityIds?.length === 0) return series;
  const { rates, window } = await withRates(db, scope);
  const rows = await executeRows<SumsSqlRow & { account_ref: string; entity_id: string; day: string }>(
    db,
    sql`
      select m.account_ref, m.entity_id, m.day::text as day, m.spend_minor * f.factor as spend, m.impressions, m.clicks, m.conversions,
             m.conversion_value_minor * f.factor as value
      from metrics_daily m
      cross join lateral (select ${factorOf(rates, sql`m.currency`, sql`m.day`)} as factor) f
      where m.account_ref = any(${accountRefs(scope)}) and m.level = ${params.level} and m.day between ${window.from}::date and ${window.to}::date
        ${params.entityIds ? sql`and m.entity_id = any(${sql.param(params.entityIds)}::text[])` : sql``}
      order by m.account_ref, m.entity_id, m.day`,
  );
  const byEntity = new Map<EntityKey, Map<string, MetricSums>>();
  for (const row of rows) {
    const key = entityKey(row.account_ref, row.entity_id);
    const days = byEntity.get(key) ?? new Map<string, MetricSums>();
    days.set(row.day, sumsOf(row));
    byEntity.set(key, days);
  }
  const days = windowDays(window);
  for (const [key, sums] of byEntity) series.set(key, zeroFilled(days, sums));
  return series;
}

/**
 * Every campaign of the scope's accounts with its daily budget and its spend on `day` (both
 * converted at that day; the scope's window is not used). For budget pacing.
 */
export async function budgetsAndSpend(db: DbOrTx, scope: MetricScope, params: { day: string }): Promise<BudgetRow[]> {
  if (scope.accounts.length === 0) return [];
  const dayScope = await withRates(db, { ...scope, window: { from: params.day, to: params.day } });
  const { rates } = dayScope;
  const refs = accountRefs(scope);
  const rows = await executeRows<{
    id: string;
    account_ref: string;
    platform: string;
    campaign_id: string;
    name: string;
    status: string;
    daily_budget_minor: number | string | null;
    currency: string;
    spend: number | string | null;
  }>(
    db,
    sql`
      with spent as (
        select m.account_ref, m.campaign_id, sum(m.spend_minor * f.factor) as spend
        from metrics_daily m
        cross join lateral (select ${factorOf(rates, sql`m.currency`, sql`m.day`)} as factor) f
        where m.account_ref = any(${refs}) and m.level = 'campaign' and m.day = ${params.day}::date
        group by m.account_ref, m.campaign_id
      )
      select c.id, c.account_ref, c.platform, c.campaign_id, c.name, c.status, c.daily_budget_minor, c.currency, coalesce(spent.spend, 0) as spend
      from campaigns c
      left join spent on spent.account_ref = c.account_ref and spent.campaign_id = c.campaign_id
      where c.account_ref = any(${refs}) and c.workspace_id = ${scope.workspaceId}::uuid
      order by c.account_ref, c.campaign_id`,
  );
  return rows.map((row) => {
    const factor = factorAt(rates, row.currency, params.day);
    return {
      id: row.id,
      accountRef: row.account_ref,
      platform: row.platform as Platform,
      campaignId: row.campaign_id,
      name: row.name,
      status: row.status,
      dailyBudget:
        row.daily_budget_minor === null || factor === undefined ? null : Number(row.daily_budget_minor) * factor,
      spend: num(row.spend),
    };
  });
}

/**
 * Spend per workspace over `window` and `previous` (the All clients overview): one set-based
 * statement whatever the number of workspaces, each account reading its own days through
 * account_daily's primary key (account_ref, day, …). Workspaces without accounts are absent.
 */
export async function spendByWorkspace(
  db: DbOrTx,
  input: { workspaceIds: string[]; currency: DisplayCurrency; window: DayWindow; previous: DayWindow },
): Promise<Map<string, WorkspaceSpend>> {
  const result = new Map<string, WorkspaceSpend>();
  if (input.workspaceIds.length === 0) return result;
  const { window, previous } = input;
  const ids = sql.param(input.workspaceIds);
  const sources = await executeRows<{ currency: string }>(
    db,
    sql`select distinct currency from connected_ad_accounts where workspace_id = any(${ids}::uuid[])`,
  );
  const rates: ConversionFactors = await conversionFactors(
    db,
    sources.map((row) => row.currency),
    input.currency,
    previous.from,
    window.to,
  );
  // Nothing converts (no accounts, or only currencies without a rate): every factor is null.
  const factor = rates.factors.length > 0 ? factorOf(rates, sql`d.currency`, sql`d.day`) : sql`null::float8`;
  const rows = await executeRows<{
    workspace_id: string;
    current_spend: number | string | null;
    current_rows: number | string | null;
    current_converted: number | string | null;
    previous_spend: number | string | null;
  }>(
    db,
    sql`
      select a.workspace_id, sum(x.current_spend) as current_spend, sum(x.current_rows) as current_rows,
             sum(x.current_converted) as current_converted, sum(x.previous_spend) as previous_spend
      from connected_ad_accounts a
      cross join lateral (
        select sum(d.spend_minor * f.factor) filter (where d.day >= ${window.from}::date) as current_spend,
               count(*) filter (where d.day >= ${window.from}::date) as current_rows,
               count(f.factor) filter (where d.day >= ${window.from}::date) as current_converted,
               sum(d.spend_minor * f.factor) filter (where d.day < ${window.from}::date) as previous_spend
        from account_daily d
        cross join lateral (select ${factor} as factor) f
        where d.account_ref = a.id and d.day between ${previous.from}::date and ${window.to}::date
      ) x
      where a.workspace_id = any(${ids}::uuid[])
      group by a.workspace_id`,
  );
  for (const row of rows) {
    result.set(row.workspace_id, {
      currentSpend: num(row.current_spend),
      currentRows: num(row.current_rows),
      currentConverted: num(row.current_converted),
      previousSpend: num(row.previous_spend),
    });
  }
  return result;
}
