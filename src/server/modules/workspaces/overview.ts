import { type DisplayCurrency, lastDays, percentChange, previousRange } from '@shared/api/dashboard';
import type { WorkspaceOverview, WorkspaceOverviewRow } from '@shared/api/workspaces';
import type { IsoDay } from '@shared/days';
import { roundTo } from '@shared/metrics';
import { minorDigits } from '@shared/money';

import type { DbOrTx } from '../../db/connect';
import { spendByWorkspace } from '../metrics/metrics.queries';
import { isoOrNull } from './workspaces.presenter';
import { overviewRowsOf } from './workspaces.queries';

/**
 * The All clients table: every workspace the user belongs to with its last 7 days' spend against
 * the 7 before, account health and last sync. Set-based on purpose: a fixed number of queries
 * whatever the number of workspaces (the bench runs 50 workspaces × 4 accounts × a year of days).
 */

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

  const rows = await overviewRowsOf(db, userId);

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
