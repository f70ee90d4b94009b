import type { Role } from '@shared/access/policy';
import { type DisplayCurrency, lastDays, percentChange, previousRange } from '@shared/api/dashboard';
import type { WorkspaceOverview, WorkspaceOverviewRow } from '@shared/api/workspaces';
import type { IsoDay } from '@shared/days';
import { roundTo } from '@shared/metrics';
import { minorDigits } from '@shared/money';
import { sql } from 'drizzle-orm';

import { type DbOrTx, executeRows } from '../../db/connect';
import { spendByWorkspace } from '../metrics/metrics.queries';
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
}

/**
 * The overview for `userId` in `currency`, with the 7-day window ending on `today` (the user's
 * local day, today included). Spend comes converted per day into major units of the display
 * currency from modules/metrics (spendByWorkspace), and is rounded to its digits here.
 */
export async function workspaceOverview(
  db: DbOrTx,
  input: { userId: string; currency: DisplayCurrency; today: IsoDay },
): Promise<WorkspaceOverview> {
  const { userId, currency } = input;
  const window = lastDays(input.today);
  const before = previousRange(window.from, window.to);

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
      )
      select mine.id, mine.name, mine.role, accounts.connected_accounts, accounts.needs_reconnect, synced.last_synced_at
      from mine
      left join accounts on accounts.workspace_id = mine.id
      left join synced on synced.workspace_id = mine.id
      order by lower(mine.name), mine.created_at, mine.id`,
  );

  // Spend of all of them in one set-based read (modules/metrics).
  const spends = await spendByWorkspace(db, {
    workspaceIds: rows.map((row) => row.id),
    currency,
    window,
    previous: before,
  });

  const digits = minorDigits(currency);
  return {
    currency,
    from: window.from,
    to: window.to,
    rows: rows.map((row): WorkspaceOverviewRow => {
      // Spend there was, and none of it converts: unknown, not zero.
      const sums = spends.get(row.id);
      const unconvertible = sums !== undefined && sums.currentRows > 0 && sums.currentConverted === 0;
      const spend = unconvertible ? null : roundTo(sums?.currentSpend ?? 0, digits);
      const previous = roundTo(sums?.previousSpend ?? 0, digits);
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
