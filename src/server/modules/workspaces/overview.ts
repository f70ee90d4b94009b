import { sql } from 'drizzle-orm';
import type { Role } from '@shared/access/policy';
import { lastDays, percentChange, previousRange, type DisplayCurrency, type IsoDay } from '@shared/api/dashboard';
import type { WorkspaceOverview, WorkspaceOverviewRow } from '@shared/api/workspaces';
import { minorDigits } from '@shared/money';
import { executeRows, type DbOrTx } from '../../db/connect';
import { conversionFactors, factorOf } from '../dashboard/rates';
import { isoOrNull } from './workspaces.presenter';

/**
 * The All clients table: every workspace the user belongs to with its last 7 days' spend against
 * the 7 before, account health and last sync. Set-based on purpose: a fixed number of queries
 * whatever the number of workspaces (the bench runs 50 workspaces × 4 accounts × a year of days).
 */

interface OverviewSqlRow {
  id: string;
  name: string;
  role: Role;
  connected_accounts: number | string | null;
  needs_reconnect: number | string | null;
  last_synced_at: Date | string | null;
  current_spend: number | string | null;
  current_rows: number | string | null;
  current_converted: number | string | null;
  previous_spend: number | string | null;
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/**
 * The overview for `userId` in `currency`, with the 7-day window ending on `today` (the user's
 * local day, today included). Money in account_daily is in minor units of each account's
 * currency; it is converted per day with the dashboard's factors (dashboard/rates) into major
 * units of the display currency, and rounded to its digits.
 */
export async function workspaceOverview(db: DbOrTx, input: { userId: string; currency: DisplayCurrency; today: IsoDay }): Promise<WorkspaceOverview> {
  const { userId, currency } = input;
  const window = lastDays(input.today);
  const before = previousRange(window.from, window.to);

  const sources = await executeRows<{ currency: string }>(
    db,
    sql`
      select distinct a.currency from connected_ad_accounts a
      join workspace_members m on m.workspace_id = a.workspace_id
      where m.user_id = ${userId}::uuid`,
  );
  const factors = await conversionFactors(db, sources.map((row) => row.currency), currency, before.from, window.to);
  // Nothing converts (no accounts, or only currencies without a rate): every factor is null.
  const factor = factors.factors.length > 0 ? factorOf(factors, sql`d.currency`, sql`d.day`) : sql`null::float8`;

  // Spend is summed per account first (the lateral join), so each account reads its own two weeks
  // through account_daily's primary key (account_ref, day, …) however large the table grows.
  const rows = await executeRows<OverviewSqlRow>(
    db,
    sql`
      with mine as (
        select m.workspace_id as id, m.role, w.name, w.created_at
        from workspace_members m
        join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId}::uuid
      ), accounts as (
        select a.workspace_id, count(*) as connected_accounts, count(*) filter (where c.status = 'needs_reconnect') as needs_reconnect
        from connected_ad_accounts a
        join platform_connections c on c.id = a.connection_id
        where a.workspace_id in (select id from mine)
        group by a.workspace_id
      ), synced as (
        select c.workspace_id, max(s.last_synced_at) as last_synced_at
        from platform_connections c
        join sync_state s on s.connection_id = c.id
        where c.workspace_id in (select id from mine)
        group by c.workspace_id
      ), spend as (
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
          where d.account_ref = a.id and d.day between ${before.from}::date and ${window.to}::date
        ) x
        where a.workspace_id in (select id from mine)
        group by a.workspace_id
      )
      select mine.id, mine.name, mine.role, accounts.connected_accounts, accounts.needs_reconnect, synced.last_synced_at,
             spend.current_spend, spend.current_rows, spend.current_converted, spend.previous_spend
      from mine
      left join accounts on accounts.workspace_id = mine.id
      left join synced on synced.workspace_id = mine.id
      left join spend on spend.workspace_id = mine.id
      order by lower(mine.name), mine.created_at, mine.id`,
  );

  const digits = minorDigits(currency);
  return {
    currency,
    from: window.from,
    to: window.to,
    rows: rows.map((row): WorkspaceOverviewRow => {
      // Spend there was, and none of it converts: unknown, not zero.
      const unconvertible = Number(row.current_rows ?? 0) > 0 && Number(row.current_converted ?? 0) === 0;
      const spend = unconvertible ? null : round(Number(row.current_spend ?? 0), digits);
      const previous = round(Number(row.previous_spend ?? 0), digits);
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        spend,
        spend_change: spend === null ? null : percentChange(spend, previous),
        connected_accounts: Number(row.connected_accounts ?? 0),
        needs_reconnect: Number(row.needs_reconnect ?? 0),
        last_synced_at: isoOrNull(row.last_synced_at),
        open_alerts: null,
        open_suggestions: null,
      };
    }),
  };
}
