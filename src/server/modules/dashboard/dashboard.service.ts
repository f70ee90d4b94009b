import { and, eq, sql } from 'drizzle-orm';
import {
  DASHBOARD_MESSAGES,
  DISPLAY_CURRENCIES,
  daysBetween,
  lastDays,
  percentChange,
  previousRange,
  weekdayLabel,
  addDays,
  type AdRow,
  type CampaignAds,
  type CampaignPage,
  type CampaignRow,
  type CampaignSortKey,
  type CampaignStatusLabel,
  type CampaignStatusResult,
  type DashboardAccount,
  type DashboardSettings,
  type DashboardView,
  type DisplayCurrency,
  type IsoDay,
  type PlatformFilter,
  type PlatformPerformance,
  type SeriesPoint,
  type Totals,
} from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { isPlatform, PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/constants';
import { minorDigits } from '@shared/money';
import { isUuid, rangeProblem, type CampaignListQuery, type DashboardRangeQuery, type DashboardViewQuery } from '@shared/validation/dashboard';
import type { AppContext } from '../../context';
import { executeRows } from '../../db/connect';
import { campaigns, connectedAdAccounts, users } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/httpError';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { sessionGone } from '../auth/auth.guard';
import { localDay } from '../gamification/localDay';
import type { Connections } from '../adAccounts/connections';
import type { SyncService } from '../sync/sync.service';
import { conversionFactors, factorAt, factorOf, type ConversionFactors } from './rates';

/** Campaigns the platform performance call lists. */
const PERFORMANCE_TOP_CAMPAIGNS = 50;
/** The CSV export stops here (a table of this many campaigns is already beyond reading). */
const CSV_MAX_ROWS = 10_000;

/**
 * A request's filters as the route schemas (@shared/validation/dashboard) pass them on: every
 * value already checked; left-out ends and currency are filled in here from the user's profile.
 */
interface Filters {
  platform: PlatformFilter;
  /** One of the user's accounts (a UUID); whether it is theirs is checked here. */
  account?: string;
  from?: IsoDay;
  to?: IsoDay;
  currency?: DisplayCurrency;
}

/** What a request's filters resolve to, after checking every one of them. */
interface Scope {
  workspaceId: string;
  currency: DisplayCurrency;
  from: IsoDay;
  to: IsoDay;
  platform: Platform | 'all';
  /** Every account the user has (for the filter lists). */
  allAccounts: (DashboardAccount & { connectionId: string })[];
  /** The accounts the filters select. */
  accounts: (DashboardAccount & { connectionId: string })[];
}

const isCurrency = (value: string): value is DisplayCurrency => (DISPLAY_CURRENCIES as readonly string[]).includes(value);

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** Totals from raw sums (money already converted to major units of the display currency). */
function totals(sums: { spend: number; impressions: number; clicks: number; conversions: number; value: number }, currency: string): Totals {
  const digits = minorDigits(currency);
  return {
    spend: round(sums.spend, digits),
    impressions: sums.impressions,
    clicks: sums.clicks,
    conversions: round(sums.conversions, 2),
    conversion_value: round(sums.value, digits),
    ctr: sums.impressions > 0 ? round((sums.clicks / sums.impressions) * 100, 2) : 0,
    cpc: sums.clicks > 0 ? round(sums.spend / sums.clicks, 2) : 0,
    roas: sums.spend > 0 ? round(sums.value / sums.spend, 2) : 0,
  };
}

const EMPTY_SUMS = { spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0 };

interface DayRow {
  day: string;
  spend: number | string | null;
  impressions: number | string;
  clicks: number | string;
  conversions: number | string;
  value: number | string | null;
}

interface CampaignSqlRow {
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
  spend: number | string;
  impressions: number | string;
  clicks: number | string;
  conversions: number | string;
  ctr: number | string;
  cpc: number | string;
  total: number | string;
}

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

function csvCell(value: string | number): string {
  let cell = String(value);
  // Spreadsheet formula injection: a campaign named "=HYPERLINK(...)" stays text.
  if (/^[=+\-@\t\r]/.test(cell) && typeof value === 'string') cell = `'${cell}`;
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Why a platform call on the user's behalf failed, as an HTTP error with the platform named. */
export function platformFailure(error: PlatformError): HttpError {
  const label = PLATFORM_LABELS[error.platform];
  // An expired token that survived the refresh may be a glitch: the connection stays active until
  // it repeats (connections.ts), so the user is asked to try again, not to reconnect.
  if (error.tokenExpired) return new HttpError(502, DASHBOARD_MESSAGES.accessRefused(label), ErrorCode.PlatformFailed);
  if (error.needsReconnect) return new HttpError(409, DASHBOARD_MESSAGES.needsReconnect(label), ErrorCode.NeedsReconnect);
  if (error.kind === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    return new HttpError(503, `${label} is rate limiting requests. Please try again in ${seconds} seconds.`, ErrorCode.PlatformFailed, undefined, seconds);
  }
  if (error.kind === 'unavailable') return new HttpError(502, `${label} is not answering right now. Please try again.`, ErrorCode.PlatformFailed);
  if (error.kind === 'permission') return new HttpError(403, `${label} did not allow the change: ${error.message}`, ErrorCode.PlatformFailed);
  if (error.kind === 'not_found') return new HttpError(404, `${label} no longer has this campaign.`, ErrorCode.PlatformFailed);
  return new HttpError(422, `${label} rejected the change: ${error.message}`, ErrorCode.PlatformFailed);
}

/**
 * The Unified Ad Intelligence read side (summary, daily series, campaigns, ads, per-platform
 * performance) and its two writes (campaign status at the platform, display currency). Every
 * query is scoped to the signed-in user's own connected accounts.
 */
export function createDashboardService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  connections: Connections,
  sync: SyncService,
) {
  const { db, clock } = ctx;

  async function user(userId: string) {
    const [row] = await db
      .select({ timeZone: users.timeZone, displayCurrency: users.displayCurrency })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw sessionGone();
    return row;
  }

  /** The dashboard needs a running trial or a paid plan of one of the workspace's owners (spec section 6); the profile is the caller's. */
  async function assertAccess(principal: Principal) {
    await assertDashboardAccess(db, principal.workspaceId, clock.now());
    return user(principal.userId);
  }

  async function workspaceAccounts(workspaceId: string) {
    const rows = await db
      .select({
        id: connectedAdAccounts.id,
        platform: connectedAdAccounts.platform,
        account_id: connectedAdAccounts.accountId,
        name: connectedAdAccounts.name,
        currency: connectedAdAccounts.currency,
        connectionId: connectedAdAccounts.connectionId,
      })
      .from(connectedAdAccounts)
      .where(eq(connectedAdAccounts.workspaceId, workspaceId))
      .orderBy(connectedAdAccounts.createdAt, connectedAdAccounts.accountId);
    return rows.map((row) => ({ ...row, platform: row.platform as Platform }));
  }

  /** Resolves the (already valid) filters of a request in the principal's workspace. */
  async function scope(principal: Principal, filters: Filters): Promise<Scope> {
    const profile = await assertAccess(principal);
    const { platform } = filters;
    // The saved currency was checked when it was saved; the column's default may not have been.
    const currency = filters.currency ?? profile.displayCurrency.toUpperCase();
    if (!isCurrency(currency)) throw badRequest(DASHBOARD_MESSAGES.unknownCurrency, 'currency');

    // Missing ends default to today and to the default range before `to`. Both ends are within
    // EARLIEST_DAY..LATEST_DAY or today, so the range and its previous period stay well inside
    // the years PostgreSQL's date takes.
    const to = filters.to ?? localDay(clock.now(), profile.timeZone);
    const from = filters.from ?? lastDays(to).from;
    const problem = rangeProblem(from, to);
    if (problem) throw badRequest(problem, 'from');

    const allAccounts = await workspaceAccounts(principal.workspaceId);
    let accounts = platform === 'all' ? allAccounts : allAccounts.filter((account) => account.platform === platform);
    if (filters.account !== undefined) {
      const chosen = accounts.find((account) => account.id === filters.account);
      if (!chosen) throw badRequest(DASHBOARD_MESSAGES.unknownAccount, 'account');
      accounts = [chosen];
    }
    return { workspaceId: principal.workspaceId, currency, from, to, platform, allAccounts, accounts };
  }

  const refsOf = (s: Scope) => sql.param(s.accounts.map((account) => account.id));
  const currenciesOf = (s: Scope) => [...new Set(s.accounts.map((account) => account.currency))];

  /** Converted sums per day over [from, to], zero-filled. */
  async function daily(s: Scope, factors: ConversionFactors, from: IsoDay, to: IsoDay) {
    const rows = s.accounts.length
      ? await executeRows<DayRow>(
          db,
          sql`
            select a.day::text as day, sum(a.spend_minor * f.factor) as spend, sum(a.impressions) as impressions, sum(a.clicks) as clicks,
                   sum(a.conversions) as conversions, sum(a.conversion_value_minor * f.factor) as value
            from account_daily a
            cross join lateral (select ${factorOf(factors, sql`a.currency`, sql`a.day`)} as factor) f
            where a.account_ref = any(${refsOf(s)}::uuid[]) and a.day between ${from}::date and ${to}::date
            group by a.day`,
        )
      : [];
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: { day: IsoDay; sums: typeof EMPTY_SUMS }[] = [];
    for (let index = 0, count = daysBetween(from, to); index < count; index += 1) {
      const day = addDays(from, index);
      const row = byDay.get(day);
      days.push({
        day,
        sums: row
          ? {
              spend: Number(row.spend ?? 0),
              impressions: Number(row.impressions),
              clicks: Number(row.clicks),
              conversions: Number(row.conversions),
              value: Number(row.value ?? 0),
            }
          : EMPTY_SUMS,
      });
    }
    return days;
  }

  const addSums = (list: { sums: typeof EMPTY_SUMS }[]) =>
    list.reduce(
      (acc, { sums }) => ({
        spend: acc.spend + sums.spend,
        impressions: acc.impressions + sums.impressions,
        clicks: acc.clicks + sums.clicks,
        conversions: acc.conversions + sums.conversions,
        value: acc.value + sums.value,
      }),
      EMPTY_SUMS,
    );

  function series(s: Scope, days: { day: IsoDay; sums: typeof EMPTY_SUMS }[]): SeriesPoint[] {
    return days.map(({ day, sums }) => {
      const t = totals(sums, s.currency);
      return { date: day, day: weekdayLabel(day), spend: t.spend, impressions: t.impressions, clicks: t.clicks, ctr: t.ctr, conversions: t.conversions };
    });
  }

  function presentCampaign(row: CampaignSqlRow, s: Scope, factors: ConversionFactors): CampaignRow {
    const digits = minorDigits(s.currency);
    const budgetFactor = factorAt(factors, row.currency, s.to);
    const spend = Number(row.spend);
    const clicks = Number(row.clicks);
    const impressions = Number(row.impressions);
    return {
      id: row.id,
      platform: row.platform as Platform,
      campaign_id: row.campaign_id,
      name: row.name,
      status: row.status === 'ACTIVE' ? 'Active' : 'Paused',
      account: { id: row.account_ref, account_id: row.account_id, name: row.account_name, currency: row.account_currency },
      daily_budget: row.daily_budget_minor === null || budgetFactor === undefined ? null : round(Number(row.daily_budget_minor) * budgetFactor, digits),
      spend: round(spend, digits),
      impressions,
      clicks,
      conversions: round(Number(row.conversions), 2),
      ctr: impressions > 0 ? round((clicks / impressions) * 100, 2) : 0,
      cpc: clicks > 0 ? round(spend / clicks, 2) : 0,
    };
  }

  /** Campaigns of the scope with their converted totals over the range, sorted and paged in SQL. */
  async function campaignRows(
    s: Scope,
    factors: ConversionFactors,
    options: { sort: CampaignSortKey; order: 'asc' | 'desc'; limit: number; offset: number; q?: string; campaignId?: string },
  ) {
    if (s.accounts.length === 0) return { rows: [] as CampaignSqlRow[], total: 0 };
    const direction = options.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
    const rows = await executeRows<CampaignSqlRow>(
      db,
      sql`
        with agg as (
          select m.account_ref, m.campaign_id, sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions,
                 sum(m.clicks) as clicks, sum(m.conversions) as conversions
          from metrics_daily m
          cross join lateral (select ${factorOf(factors, sql`m.currency`, sql`m.day`)} as factor) f
          where m.account_ref = any(${refsOf(s)}::uuid[]) and m.level = 'campaign' and m.day between ${s.from}::date and ${s.to}::date
          group by m.account_ref, m.campaign_id
        ), rows as (
          select c.id, c.platform, c.campaign_id, c.name, c.status, c.daily_budget_minor, c.currency, c.account_ref,
                 acc.account_id, acc.name as account_name, acc.currency as account_currency,
                 coalesce(agg.spend, 0) as spend, coalesce(agg.impressions, 0) as impressions, coalesce(agg.clicks, 0) as clicks,
                 coalesce(agg.conversions, 0) as conversions,
                 case when coalesce(agg.impressions, 0) > 0 then agg.clicks::float8 * 100 / agg.impressions else 0 end as ctr,
                 case when coalesce(agg.clicks, 0) > 0 then agg.spend / agg.clicks else 0 end as cpc
          from campaigns c
          join connected_ad_accounts acc on acc.id = c.account_ref
          left join agg on agg.account_ref = c.account_ref and agg.campaign_id = c.campaign_id
          where c.account_ref = any(${refsOf(s)}::uuid[]) and c.workspace_id = ${s.workspaceId}::uuid
            ${options.q ? sql`and c.name ilike ${`%${options.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}` : sql``}
            ${options.campaignId ? sql`and c.id = ${options.campaignId}::uuid` : sql``}
        )
        select *, count(*) over () as total from rows
        order by ${sql.raw(SORT_COLUMNS[options.sort])} ${direction}, id
        limit ${options.limit} offset ${options.offset}`,
    );
    return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
  }

  async function factorsFor(s: Scope, from: IsoDay) {
    return conversionFactors(db, currenciesOf(s), s.currency, from, s.to);
  }

  /** A campaign of the workspace's; any other id (malformed included) is not found. */
  async function campaignById(workspaceId: string, id: string) {
    if (!isUuid(id)) throw notFound(DASHBOARD_MESSAGES.campaignNotFound);
    const [row] = await db
      .select({ campaign: campaigns, account: connectedAdAccounts })
      .from(campaigns)
      .innerJoin(connectedAdAccounts, eq(connectedAdAccounts.id, campaigns.accountRef))
      .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, workspaceId)));
    if (!row) throw notFound(DASHBOARD_MESSAGES.campaignNotFound);
    return row;
  }

  return {

    /** GET dashboard/: summary with the change against the previous period, daily series, filters, sync state. */
    async view(principal: Principal, query: DashboardViewQuery): Promise<DashboardView> {
      const s = await scope(principal, query);
      const previous = previousRange(s.from, s.to);
      const factors = await factorsFor(s, previous.from);
      const days = await daily(s, factors, previous.from, s.to);
      const split = days.length - daysBetween(s.from, s.to);
      const current = days.slice(split);
      const summary = totals(addSums(current), s.currency);
      const before = totals(addSums(days.slice(0, split)), s.currency);
      const connected = new Set(s.allAccounts.map((account) => account.platform));
      return {
        currency: s.currency,
        range: { from: s.from, to: s.to, days: daysBetween(s.from, s.to) },
        previous_range: previous,
        summary,
        previous: before,
        change: {
          spend: percentChange(summary.spend, before.spend),
          impressions: percentChange(summary.impressions, before.impressions),
          ctr: percentChange(summary.ctr, before.ctr),
          conversions: percentChange(summary.conversions, before.conversions),
        },
        series: series(s, current),
        platforms: PLATFORMS.filter((platform) => connected.has(platform)),
        accounts: s.allAccounts.map(({ connectionId: _connection, ...account }) => account),
        sync: await sync.status(principal.workspaceId),
        unconverted_currencies: factors.missing,
      };
    },

    /** GET dashboard/campaigns/: one sorted page. */
    async campaigns(principal: Principal, query: CampaignListQuery): Promise<CampaignPage> {
      const s = await scope(principal, query);
      const factors = await factorsFor(s, s.from);
      const { rows, total } = await campaignRows(s, factors, {
        sort: query.sort,
        order: query.order,
        q: query.q,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items: rows.map((row) => presentCampaign(row, s, factors)), total, page: query.page, page_size: query.page_size, currency: s.currency };
    },

    /** GET dashboard/campaigns/?format=csv: every matching campaign, in the table's order (paging ignored). */
    async campaignsCsv(principal: Principal, query: CampaignListQuery): Promise<{ filename: string; body: string }> {
      const s = await scope(principal, query);
      const factors = await factorsFor(s, s.from);
      const { rows } = await campaignRows(s, factors, { sort: query.sort, order: query.order, q: query.q, limit: CSV_MAX_ROWS, offset: 0 });
      const header = ['Platform', 'Account', 'Campaign', 'Status', `Spend (${s.currency})`, 'Impressions', 'Clicks', 'CTR (%)', `CPC (${s.currency})`, 'Conversions', `Daily budget (${s.currency})`];
      const lines = rows.map((row) => {
        const c = presentCampaign(row, s, factors);
        return [PLATFORM_LABELS[c.platform], `${c.account.name} (${c.account.account_id})`, c.name, c.status, c.spend, c.impressions, c.clicks, c.ctr, c.cpc, c.conversions, c.daily_budget ?? '']
          .map(csvCell)
          .join(',');
      });
      return { filename: `adwise-campaigns-${s.from}-to-${s.to}.csv`, body: `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n` };
    },

    /** GET dashboard/campaigns/<id>/ads/: a campaign's ads over the range. */
    async campaignAds(principal: Principal, id: string, query: DashboardRangeQuery): Promise<CampaignAds> {
      const { campaign } = await campaignById(principal.workspaceId, id);
      const s = await scope(principal, { ...query, platform: 'all', account: campaign.accountRef });
      const factors = await factorsFor(s, s.from);
      const { rows } = await campaignRows(s, factors, { sort: 'spend', order: 'desc', limit: 1, offset: 0, campaignId: id });
      const digits = minorDigits(s.currency);
      const ads = await executeRows<{ ad_id: string; name: string; spend: number | string; impressions: number | string; clicks: number | string; conversions: number | string }>(
        db,
        sql`
          with agg as (
            select m.entity_id, sum(m.spend_minor * f.factor) as spend, sum(m.impressions) as impressions, sum(m.clicks) as clicks, sum(m.conversions) as conversions
            from metrics_daily m
            cross join lateral (select ${factorOf(factors, sql`m.currency`, sql`m.day`)} as factor) f
            where m.account_ref = ${campaign.accountRef}::uuid and m.level = 'ad' and m.campaign_id = ${campaign.campaignId} and m.day between ${s.from}::date and ${s.to}::date
            group by m.entity_id
          )
          select a.ad_id, a.name, coalesce(agg.spend, 0) as spend, coalesce(agg.impressions, 0) as impressions, coalesce(agg.clicks, 0) as clicks, coalesce(agg.conversions, 0) as conversions
          from ads a left join agg on agg.entity_id = a.ad_id
          where a.account_ref = ${campaign.accountRef}::uuid and a.campaign_id = ${campaign.campaignId}
          order by coalesce(agg.spend, 0) desc, a.name`,
      );
      const items: AdRow[] = ads.map((row) => {
        const spend = Number(row.spend);
        const impressions = Number(row.impressions);
        const clicks = Number(row.clicks);
        return {
          ad_id: row.ad_id,
          name: row.name,
          spend: round(spend, digits),
          impressions,
          clicks,
          conversions: round(Number(row.conversions), 2),
          ctr: impressions > 0 ? round((clicks / impressions) * 100, 2) : 0,
          cpc: clicks > 0 ? round(spend / clicks, 2) : 0,
        };
      });
      return { campaign: presentCampaign(rows[0]!, s, factors), items, currency: s.currency };
    },

    /** POST dashboard/campaigns/<id>/status/: pauses or resumes at the platform, then here. */
    async setCampaignStatus(principal: Principal, id: string, wanted: CampaignStatusLabel): Promise<CampaignStatusResult> {
      await assertAccess(principal);
      const { campaign, account } = await campaignById(principal.workspaceId, id);
      const status = wanted === 'Active' ? 'ACTIVE' : 'PAUSED';
      try {
        await connections.use(account.connectionId, account.platform as Platform, (client) =>
          client.setCampaignStatus({ id: account.accountId, name: account.name, currency: account.currency, timeZone: account.timeZone }, campaign.campaignId, status),
        );
      } catch (error) {
        if (error instanceof PlatformError) throw platformFailure(error);
        throw error;
      }
      await db.update(campaigns).set({ status, updatedAt: clock.now() }).where(eq(campaigns.id, id));
      return { id, status: wanted };
    },

    /** PUT dashboard/settings/: the display currency. */
    async saveSettings(userId: string, currency: DisplayCurrency): Promise<DashboardSettings> {
      await user(userId);
      await db.update(users).set({ displayCurrency: currency }).where(eq(users.id, userId));
      return { currency };
    },

    /** GET auth/<platform>/performance/: one platform's normalised performance (an unknown platform is not found). */
    async performance(principal: Principal, platformName: string, query: DashboardRangeQuery): Promise<PlatformPerformance> {
      if (!isPlatform(platformName)) throw notFound(DASHBOARD_MESSAGES.unknownPlatform);
      const platform = platformName;
      const label = PLATFORM_LABELS[platform];
      const s = await scope(principal, { ...query, platform });
      if (s.accounts.length === 0) throw notFound(`No ${label} account is connected.`);
      const state = await sync.status(principal.workspaceId, platform);
      const healthy = state.connections.filter((c) => c.status !== 'needs_reconnect' && c.status !== 'failed');
      if (healthy.length === 0) {
        const broken = state.connections.find((c) => c.status === 'needs_reconnect');
        if (broken) throw new HttpError(409, DASHBOARD_MESSAGES.needsReconnect(label), ErrorCode.NeedsReconnect);
        const failed = state.connections.find((c) => c.status === 'failed');
        // The same words as the sync state's last_error, so the refresh toast and this one are one.
        throw new HttpError(502, failed?.last_error ?? DASHBOARD_MESSAGES.syncFailed(label), ErrorCode.PlatformFailed);
      }
      const factors = await factorsFor(s, s.from);
      const days = await daily(s, factors, s.from, s.to);
      const { rows } = await campaignRows(s, factors, { sort: 'spend', order: 'desc', limit: PERFORMANCE_TOP_CAMPAIGNS, offset: 0 });
      return {
        platform,
        currency: s.currency,
        range: { from: s.from, to: s.to, days: daysBetween(s.from, s.to) },
        summary: totals(addSums(days), s.currency),
        series: series(s, days),
        accounts: s.accounts.map(({ connectionId: _connection, ...account }) => account),
        campaigns: rows.map((row) => presentCampaign(row, s, factors)),
        sync: state.connections,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

