import { daysBetween } from '@shared/days';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import type { PlatformAd, PlatformCampaign, ReportLevel, UnifiedMetricRow } from '../../platforms/types';

/** Rows per INSERT statement (11 array parameters each, whatever the batch size). */
const BATCH_ROWS = 5000;

/** A window of days of one account at one level, as a platform reported it. */
export interface ReportWindow {
  accountRef: string;
  level: ReportLevel;
  /** Inclusive, YYYY-MM-DD. */
  since: string;
  until: string;
}

const entityOf = (row: UnifiedMetricRow, level: ReportLevel) => (level === 'ad' ? (row.adId ?? '') : row.campaignId);

/**
 * Writes one reported window: every row upserted on its natural key (account, level, entity,
 * day), then rows of the window the platform no longer reports (a restated day that went to
 * nothing) removed. Rows are written in key order so two overlapping writers lock in the same
 * order. Call inside a transaction; returns the number of rows written.
 */
export async function writeWindow(tx: DbOrTx, window: ReportWindow, rows: UnifiedMetricRow[]): Promise<number> {
  const { accountRef, level, since, until } = window;
  const byKey = new Map<string, UnifiedMetricRow>();
  for (const row of rows) {
    if (row.date < since || row.date > until) continue;
    if (level === 'ad' && !row.adId) continue;
    // A platform repeating a row (paging overlap) must not make the upsert touch a key twice.
    byKey.set(`${entityOf(row, level)}\u0000${row.date}`, row);
  }
  const ordered = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

  for (let start = 0; start < ordered.length; start += BATCH_ROWS) {
    const batch = ordered.slice(start, start + BATCH_ROWS);
    await tx.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select ${accountRef}::uuid, ${level}, t.entity_id, t.day, t.campaign_id, t.currency, t.spend, t.impressions, t.clicks, t.conversions, t.value
      from unnest(
        ${sql.param(batch.map((row) => entityOf(row, level)))}::text[],
        ${sql.param(batch.map((row) => row.date))}::date[],
        ${sql.param(batch.map((row) => row.campaignId))}::text[],
        ${sql.param(batch.map((row) => row.currency))}::text[],
        ${sql.param(batch.map((row) => row.spendMinor))}::bigint[],
        ${sql.param(batch.map((row) => row.impressions))}::bigint[],
        ${sql.param(batch.map((row) => row.clicks))}::bigint[],
        ${sql.param(batch.map((row) => row.conversions))}::float8[],
        ${sql.param(batch.map((row) => row.conversionValueMinor))}::bigint[]
      ) as t(entity_id, day, campaign_id, currency, spend, impressions, clicks, conversions, value)
      on conflict (account_ref, level, entity_id, day) do update set
        campaign_id = excluded.campaign_id,
        currency = excluded.currency,
        spend_minor = excluded.spend_minor,
        impressions = excluded.impressions,
        clicks = excluded.clicks,
        conversions = excluded.conversions,
        conversion_value_minor = excluded.conversion_value_minor
    `);
  }

  // What the platform stopped reporting inside the window is gone at the platform too.
  await tx.execute(sql`
    delete from metrics_daily m
    where m.account_ref = ${accountRef}::uuid and m.level = ${level} and m.day between ${since}::date and ${until}::date
      and (m.entity_id, m.day) not in (
        select k.entity_id, k.day from unnest(${sql.param(ordered.map((row) => entityOf(row, level)))}::text[], ${sql.param(ordered.map((row) => row.date))}::date[]) as k(entity_id, day)
      )
  `);

  if (level === 'campaign') await rebuildAccountDaily(tx, accountRef, since, until);
  return ordered.length;
}

/** Rebuilds the per-account daily rollup of a window from its campaign rows. */
export async function rebuildAccountDaily(tx: DbOrTx, accountRef: string, since: string, until: string): Promise<void> {
  await tx.execute(
    sql`delete from account_daily where account_ref = ${accountRef}::uuid and day between ${since}::date and ${until}::date`,
  );
  await tx.execute(sql`
    insert into account_daily (account_ref, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
    select account_ref, day, currency, sum(spend_minor), sum(impressions), sum(clicks), sum(conversions), sum(conversion_value_minor)
    from metrics_daily
    where account_ref = ${accountRef}::uuid and level = 'campaign' and day between ${since}::date and ${until}::date
    group by account_ref, day, currency
  `);
}

/** Saves the campaigns as the platform lists them now (name, status, daily budget). */
export async function upsertCampaigns(
  tx: DbOrTx,
  owner: { workspaceId: string; accountRef: string; platform: string },
  list: PlatformCampaign[],
  now: Date,
): Promise<void> {
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency, updated_at)
    select ${owner.workspaceId}::uuid, ${owner.accountRef}::uuid, ${owner.platform}, t.campaign_id, t.name, t.status, t.budget, t.currency, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(list.map((c) => c.id))}::text[],
      ${sql.param(list.map((c) => c.name))}::text[],
      ${sql.param(list.map((c) => c.status))}::text[],
      ${sql.param(list.map((c) => c.dailyBudgetMinor))}::bigint[],
      ${sql.param(list.map((c) => c.currency))}::text[]
    ) as t(campaign_id, name, status, budget, currency)
    on conflict (account_ref, campaign_id) do update set
      name = excluded.name, status = excluded.status, daily_budget_minor = excluded.daily_budget_minor,
      currency = excluded.currency, updated_at = excluded.updated_at
  `);
}

/**
 * Campaigns seen in report rows but missing from the campaign list (removed or archived at the
 * platform since): kept so their history still has a name. Existing campaigns are not touched.
 */
export async function ensureCampaigns(
  tx: DbOrTx,
  owner: { workspaceId: string; accountRef: string; platform: string },
  rows: UnifiedMetricRow[],
  now: Date,
): Promise<void> {
  const seen = new Map<string, UnifiedMetricRow>();
  for (const row of rows) if (!seen.has(row.campaignId)) seen.set(row.campaignId, row);
  if (seen.size === 0) return;
  const list = [...seen.values()];
  await tx.execute(sql`
    insert into campaigns (workspace_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency, updated_at)
    select ${owner.workspaceId}::uuid, ${owner.accountRef}::uuid, ${owner.platform}, t.campaign_id, t.name, 'PAUSED', null, t.currency, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(list.map((row) => row.campaignId))}::text[],
      ${sql.param(list.map((row) => row.campaignName ?? row.campaignId))}::text[],
      ${sql.param(list.map((row) => row.currency))}::text[]
    ) as t(campaign_id, name, currency)
    on conflict (account_ref, campaign_id) do nothing
  `);
}

/** Saves ad names (and their campaign) from ad-level report rows. */
export async function upsertAds(tx: DbOrTx, accountRef: string, rows: UnifiedMetricRow[], now: Date): Promise<void> {
  const seen = new Map<string, UnifiedMetricRow>();
  for (const row of rows) if (row.adId) seen.set(row.adId, row);
  if (seen.size === 0) return;
  const list = [...seen.values()].sort((a, b) => (a.adId! < b.adId! ? -1 : 1));
  await tx.execute(sql`
    insert into ads (account_ref, ad_id, campaign_id, name, updated_at)
    select ${accountRef}::uuid, t.ad_id, t.campaign_id, t.name, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(list.map((row) => row.adId!))}::text[],
      ${sql.param(list.map((row) => row.campaignId))}::text[],
      ${sql.param(list.map((row) => row.adName ?? row.adId!))}::text[]
    ) as t(ad_id, campaign_id, name)
    on conflict (account_ref, ad_id) do update set campaign_id = excluded.campaign_id, name = excluded.name, updated_at = excluded.updated_at
  `);
}

/**
 * Saves each listed ad's status (and name and campaign), so the suggestions judge only live ads,
 * and its creative as the platform listed it: the column mirrors the last listing, so an ad the
 * platform gave no creative for holds null.
 */
export async function upsertAdStatuses(tx: DbOrTx, accountRef: string, list: PlatformAd[], now: Date): Promise<void> {
  if (list.length === 0) return;
  const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  await tx.execute(sql`
    insert into ads (account_ref, ad_id, campaign_id, name, status, creative, updated_at)
    select ${accountRef}::uuid, t.ad_id, t.campaign_id, t.name, t.status, t.creative::jsonb, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(sorted.map((ad) => ad.id))}::text[],
      ${sql.param(sorted.map((ad) => ad.campaignId))}::text[],
      ${sql.param(sorted.map((ad) => ad.name))}::text[],
      ${sql.param(sorted.map((ad) => ad.status))}::text[],
      ${sql.param(sorted.map((ad) => (ad.creative ? JSON.stringify(ad.creative) : null)))}::text[]
    ) as t(ad_id, campaign_id, name, status, creative)
    on conflict (account_ref, ad_id) do update
      set campaign_id = excluded.campaign_id, name = excluded.name, status = excluded.status, creative = excluded.creative, updated_at = excluded.updated_at
  `);
}

/** Ages past the lag horizon (7 days) with room to spare; older reads of a day teach nothing new. */
const OBSERVED_AGES_MAX = 14;

/**
 * Records what this read saw of each day's conversions (all campaigns summed) at the day's age
 * on `today`, the account's current day: the restatements the lag profile is learnt from.
 * A later read at the same age replaces the earlier one.
 */
export async function recordConversionObservations(
  tx: DbOrTx,
  accountRef: string,
  rows: UnifiedMetricRow[],
  today: string,
): Promise<void> {
  const perDay = new Map<string, number>();
  for (const row of rows) if (!row.adId) perDay.set(row.date, (perDay.get(row.date) ?? 0) + row.conversions);
  if (perDay.size === 0) return;
  const days = [...perDay.keys()].sort();
  const ages = days.map((day) => daysBetween(day, today));
  await tx.execute(sql`
    insert into conversion_observations (account_ref, day, age, conversions)
    select ${accountRef}::uuid, t.day, t.age, t.conversions
    from unnest(${sql.param(days)}::date[], ${sql.param(ages)}::int[], ${sql.param(days.map((day) => perDay.get(day)!))}::float8[]) as t(day, age, conversions)
    where t.age between 0 and ${OBSERVED_AGES_MAX}
    on conflict (account_ref, day, age) do update set conversions = excluded.conversions
  `);
}
