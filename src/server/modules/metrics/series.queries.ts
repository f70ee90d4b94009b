import { sql } from 'drizzle-orm';

import type { DayCounts } from '../../analysis/types';
import { type DbOrTx, executeRows } from '../../db/connect';
import type { DayWindow } from './metrics.types';

/**
 * What the analysis reads: one account's own figures per entity and day, in the account's
 * currency (minor units, never converted: peers are compared within one account), and what
 * each sync saw of its conversions at each age. Both answer nothing for an account outside the
 * workspace.
 */

/** One account of a workspace. */
export interface AccountScope {
  workspaceId: string;
  accountRef: string;
}

export interface EntityDays {
  level: 'campaign' | 'ad';
  /** The platform's id of the entity and of its campaign. */
  entityId: string;
  campaignId: string;
  days: DayCounts[];
}

const num = (value: number | string | null) => Number(value ?? 0);

/** Every campaign's and ad's days with delivery over the window, oldest first. */
export async function accountEntityDays(db: DbOrTx, scope: AccountScope, window: DayWindow): Promise<EntityDays[]> {
  const rows = await executeRows<{
    level: 'campaign' | 'ad';
    entity_id: string;
    campaign_id: string;
    day: string;
    spend_minor: number | string;
    impressions: number | string;
    clicks: number | string;
    conversions: number | string;
    conversion_value_minor: number | string;
  }>(
    db,
    sql`
      select m.level, m.entity_id, m.campaign_id, m.day::text as day, m.spend_minor, m.impressions, m.clicks, m.conversions, m.conversion_value_minor
      from metrics_daily m
      join connected_ad_accounts a on a.id = m.account_ref and a.workspace_id = ${scope.workspaceId}::uuid
      where m.account_ref = ${scope.accountRef}::uuid and m.day between ${window.from}::date and ${window.to}::date
      order by m.level, m.entity_id, m.day`,
  );
  const byEntity = new Map<string, EntityDays>();
  for (const row of rows) {
    const key = `${row.level}\u0000${row.entity_id}`;
    let entity = byEntity.get(key);
    if (!entity) {
      entity = { level: row.level, entityId: row.entity_id, campaignId: row.campaign_id, days: [] };
      byEntity.set(key, entity);
    }
    entity.days.push({
      date: row.day,
      spend: num(row.spend_minor),
      impressions: num(row.impressions),
      clicks: num(row.clicks),
      conversions: num(row.conversions),
      value: num(row.conversion_value_minor),
    });
  }
  return [...byEntity.values()];
}

/** What syncs saw of the account's daily conversions at each age, for days from `since`. */
export async function conversionObservationsOf(
  db: DbOrTx,
  scope: AccountScope,
  since: string,
): Promise<{ date: string; age: number; conversions: number }[]> {
  const rows = await executeRows<{ day: string; age: number; conversions: number | string }>(
    db,
    sql`
      select o.day::text as day, o.age, o.conversions
      from conversion_observations o
      join connected_ad_accounts a on a.id = o.account_ref and a.workspace_id = ${scope.workspaceId}::uuid
      where o.account_ref = ${scope.accountRef}::uuid and o.day >= ${since}::date
      order by o.day, o.age`,
  );
  return rows.map((row) => ({ date: row.day, age: Number(row.age), conversions: num(row.conversions) }));
}

/**
 * The accounts and campaigns of a workspace that delivered (an impression or any spend) on or
 * after `since`: what the anomaly alerts watch, and so how many share its false-alarm budget.
 */
export async function deliveringEntityCount(
  db: DbOrTx,
  workspaceId: string,
  since: string,
): Promise<{ accounts: number; campaigns: number }> {
  const [row] = await executeRows<{ accounts: number | string; campaigns: number | string }>(
    db,
    sql`
      select count(distinct m.account_ref) as accounts, count(distinct (m.account_ref, m.entity_id)) as campaigns
      from metrics_daily m
      join connected_ad_accounts a on a.id = m.account_ref and a.workspace_id = ${workspaceId}::uuid
      where m.level = 'campaign' and m.day >= ${since}::date and (m.impressions > 0 or m.spend_minor > 0)`,
  );
  return { accounts: num(row?.accounts ?? 0), campaigns: num(row?.campaigns ?? 0) };
}
