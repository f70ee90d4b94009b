import { ACTION_MESSAGES } from '@shared/api/actions';
import { MAX_DAILY_CAP } from '@shared/api/budgets';
import {
  AD_SEARCH_LIMIT,
  type AdSearchResult,
  type CampaignAds,
  type CampaignBudgetResult,
  type CampaignChangePreview,
  type CampaignPage,
  type CampaignStatusLabel,
  type CampaignStatusResult,
  DASHBOARD_MESSAGES,
  type DashboardAccount,
  type DashboardSettings,
  type DashboardView,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  lastDays,
  percentChange,
  type PlatformFilter,
  type PlatformPerformance,
  previousRange,
} from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import type { EntityStatus, SuggestionChange } from '@shared/api/suggestions';
import { isPlatform, type Platform, PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { daysInRange, type IsoDay, localDay } from '@shared/days';
import { minorDigits } from '@shared/money';
import {
  type AdSearchQuery,
  type CampaignListQuery,
  type DashboardRangeQuery,
  type DashboardViewQuery,
  rangeProblem,
} from '@shared/validation/dashboard';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import { PlatformError } from '../../platforms/types';
import { assertDashboardAccess } from '../access/entitlements';
import type { Principal } from '../access/principal';
import type { ActionsService } from '../actions/actions.service';
import { budgetWords, changeLines } from '../actions/actions.words';
import { platformFailure } from '../adAccounts/platformFailure';
import { campaignCapsOf } from '../budgets/optimizer.queries';
import {
  dailyTotals,
  dailyTotalsByAccount,
  entityDailySeries,
  entityKey,
  entityTotals,
  withRates,
} from '../metrics/metrics.queries';
import type { DailyPoint, MetricScope, RatedScope } from '../metrics/metrics.types';
import type { SyncService } from '../sync/sync.service';
import { presentAttribution } from './dashboard.attribution';
import { toCampaignsCsv } from './dashboard.csv';
import { addSums, presentAd, presentCampaign, presentSeries, presentTotals } from './dashboard.presenter';
import {
  accountAttributions,
  type DashboardAccountRow,
  type DashboardCampaignRow,
  findWorkspaceCampaign,
  searchWorkspaceAds,
  setDisplayCurrency,
  userProfile,
  workspaceAccounts,
} from './dashboard.queries';
import { accountSortValue, type PerformanceQuery, type PerformanceRow, type PerformanceTable } from './dashboard.table';

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

const isCurrency = (value: string): value is DisplayCurrency =>
  (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/**
 * The Unified Ad Intelligence read side (summary, daily series, campaigns, ads, per-platform
 * performance) and its two writes (campaign status at the platform, display currency). Every
 * query is scoped to the signed-in user's own connected accounts.
 */
export function createDashboardService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  actions: ActionsService,
  sync: SyncService,
) {
  const { db, clock } = ctx;

  async function user(userId: string) {
    const row = await userProfile(db, userId);
    if (!row) throw sessionGone();
    return row;
  }

  /** The dashboard needs a running trial or a paid plan of one of the workspace's owners (spec section 6); the profile is the caller's. */
  async function assertAccess(principal: Principal) {
    await assertDashboardAccess(db, principal.workspaceId, clock.now());
    return user(principal.userId);
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

    const allAccounts = await workspaceAccounts(db, principal.workspaceId);
    let accounts = platform === 'all' ? allAccounts : allAccounts.filter((account) => account.platform === platform);
    if (filters.account !== undefined) {
      const chosen = accounts.find((account) => account.id === filters.account);
      if (!chosen) throw badRequest(DASHBOARD_MESSAGES.unknownAccount, 'account');
      accounts = [chosen];
    }
    return { workspaceId: principal.workspaceId, currency, from, to, platform, allAccounts, accounts };
  }

  /** How the scope's platforms count conversions: the windows their accounts last reported. */
  async function attributionOf(s: Scope) {
    if (s.accounts.length === 0) return [];
    const rows = await accountAttributions(
      db,
      s.accounts.map((account) => account.id),
    );
    return presentAttribution(rows);
  }

  /** The metrics scope of a request's scope, over its range or another window. */
  const metricScope = (s: Scope, window = { from: s.from, to: s.to }): MetricScope => ({
    workspaceId: s.workspaceId,
    accounts: s.accounts,
    currency: s.currency,
    window,
  });

  /** A campaign of the workspace's; any other id (malformed included) is not found. */
  async function campaignById(workspaceId: string, id: string) {
    if (!isUuid(id)) throw notFound(DASHBOARD_MESSAGES.campaignNotFound);
    const row = await findWorkspaceCampaign(db, workspaceId, id);
    if (!row) throw notFound(DASHBOARD_MESSAGES.campaignNotFound);
    return row;
  }

  /** What the platform holds now for a change's one campaign step; a campaign gone there is the platform's not-found. */
  async function liveValue(account: DashboardAccountRow, change: SuggestionChange) {
    try {
      const state = await actions.currentState(account, change);
      if (state.values[0] === undefined)
        throw new PlatformError({
          platform: account.platform as Platform,
          kind: 'not_found',
          message: 'The campaign no longer exists.',
        });
      return state.values[0];
    } catch (error) {
      if (error instanceof PlatformError) throw platformFailure(error);
      throw error;
    }
  }

  const campaignView = (campaign: DashboardCampaignRow, account: DashboardAccountRow) => ({
    campaign: { id: campaign.id, campaign_id: campaign.campaignId, name: campaign.name },
    account: { id: account.id, name: account.name, platform: account.platform as Platform, currency: account.currency },
  });

  /** Where a manual change was asked: the dashboard, or a connected app (the actions log names it). */
  const askedThrough = (principal: Principal) =>
    principal.viaClient ? `through ${principal.viaClient}` : 'from the dashboard';

  /**
   * A change a person asked for by hand (the dashboard, or an app acting for them), written through
   * the actions log: recorded, undoable there. Answers the action's id; throws the platform's
   * refusal or a 409 when the campaign is gone.
   */
  async function applyByHand(
    principal: Principal,
    account: Parameters<ActionsService['apply']>[0]['account'],
    change: SuggestionChange,
    headline: string,
  ): Promise<string> {
    const result = await actions.apply({
      account,
      change,
      entry: {
        source: 'dashboard',
        type: 'manual',
        headline: `${headline} ${askedThrough(principal)}`,
        campaignId: change.kind === 'campaign_status' || change.kind === 'campaign_budget' ? change.campaign_id : null,
        forecast: { mid: 0, low: 0, high: 0 },
        appliedBy: principal.userId,
        viaClient: principal.viaClient ?? null,
      },
    });
    if (!result.recorded) throw new HttpError(409, DASHBOARD_MESSAGES.campaignNotFound, ErrorCode.Conflict);
    const refusal = actions.refusalOf(result, 'applied', 'this campaign');
    if (refusal) throw refusal;
    return result.action.id;
  }

  /**
   * The days of the scope's range and, with `withPrevious`, of the period before it: one read of
   * both, with one set of rates. The dashboard's summary and series (with the previous period, for
   * the change), and the MCP performance table's (without: it shows no change), come from here.
   * `metrics` is the scope rated over what was read; `alongside` is another read on the same
   * rates (the performance table's rows), run at the same time, its answer returned as `also`.
   */
  async function periodDays<Also = undefined>(
    s: Scope,
    { withPrevious }: { withPrevious: boolean },
    alongside?: (metrics: RatedScope) => Promise<Also>,
  ) {
    const previous = previousRange(s.from, s.to);
    const metrics = await withRates(db, metricScope(s, { from: withPrevious ? previous.from : s.from, to: s.to }));
    // A read that needs the same rates runs alongside: on PostgreSQL, on a second connection at once.
    const [days, also] = await Promise.all([dailyTotals(db, metrics), alongside?.(metrics)]);
    const split = days.length - daysInRange(s.from, s.to);
    return { previous, metrics, current: days.slice(split), before: days.slice(0, split), also };
  }

  const accountOf = (s: Scope, accountRef: string) => {
    const account = s.accounts.find((one) => one.id === accountRef)!;
    return {
      platform: account.platform,
      account: { id: account.id, account_id: account.account_id, name: account.name, currency: account.currency },
    };
  };

  /** The rows of a performance table's level, one page of them, and how many match; `metrics` is the scope rated over its range. */
  async function performanceRows(
    s: Scope,
    metrics: RatedScope,
    query: PerformanceQuery,
  ): Promise<{ rows: PerformanceRow[]; total: number }> {
    const withDays = query.breakdown === 'day';
    const series = (days: DailyPoint[] | undefined) => (withDays ? presentSeries(days ?? [], s.currency) : null);
    const totalsOf = (sums: {
      spend: number;
      impressions: number;
      clicks: number;
      conversions: number;
      value: number | null;
    }) => presentTotals({ ...sums, value: sums.value ?? 0 }, s.currency);

    if (query.level === 'account') {
      // Each account's days are the dashboard's read filtered to it (one read for all of them).
      const byAccount = await dailyTotalsByAccount(db, metrics);
      const all = s.accounts.map((account) => {
        const days = byAccount.get(account.id) ?? [];
        return {
          level: 'account' as const,
          id: account.id,
          name: account.name,
          ...accountOf(s, account.id),
          campaign_id: null,
          status: null,
          totals: presentTotals(addSums(days), s.currency),
          series: series(days),
        };
      });
      const direction = query.order === 'asc' ? 1 : -1;
      all.sort((a, b) => {
        const x = accountSortValue(a, query.sort);
        const y = accountSortValue(b, query.sort);
        return (x < y ? -1 : x > y ? 1 : 0) * direction || a.id.localeCompare(b.id);
      });
      return { rows: all.slice(query.offset, query.offset + query.limit), total: all.length };
    }

    const paging = { sort: query.sort, order: query.order, limit: query.limit, offset: query.offset, withValue: true };
    if (query.level === 'campaign') {
      const { rows, total } = await entityTotals(db, metrics, { level: 'campaign', ...paging });
      const days = withDays
        ? await entityDailySeries(db, metrics, { level: 'campaign', entityIds: rows.map((row) => row.campaignId) })
        : undefined;
      return {
        total,
        rows: rows.map((row) => {
          const presented = presentCampaign(row, s.currency);
          return {
            level: 'campaign' as const,
            id: row.id,
            name: row.name,
            ...accountOf(s, row.account.id),
            campaign_id: row.campaignId,
            status: presented.status,
            totals: totalsOf(row.sums),
            series: series(days?.get(entityKey(row.account.id, row.campaignId))),
          };
        }),
      };
    }
    const { rows, total } = await entityTotals(db, metrics, { level: 'ad', ...paging });
    const days = withDays
      ? await entityDailySeries(db, metrics, { level: 'ad', entityIds: rows.map((row) => row.adId) })
      : undefined;
    return {
      total,
      rows: rows.map((row) => ({
        level: 'ad' as const,
        id: row.adId,
        name: row.name,
        ...accountOf(s, row.accountRef),
        campaign_id: row.campaignId,
        status: null,
        totals: totalsOf(row.sums),
        series: series(days?.get(entityKey(row.accountRef, row.adId))),
      })),
    };
  }

  const api = {
    /** GET dashboard/: summary with the change against the previous period, daily series, filters, sync state. */
    async view(principal: Principal, query: DashboardViewQuery): Promise<DashboardView> {
      const s = await scope(principal, query);
      const { previous, metrics, current, before: earlier } = await periodDays(s, { withPrevious: true });
      const summary = presentTotals(addSums(current), s.currency);
      const before = presentTotals(addSums(earlier), s.currency);
      const connected = new Set(s.allAccounts.map((account) => account.platform));
      return {
        currency: s.currency,
        range: { from: s.from, to: s.to, days: daysInRange(s.from, s.to) },
        previous_range: previous,
        summary,
        previous: before,
        change: {
          spend: percentChange(summary.spend, before.spend),
          impressions: percentChange(summary.impressions, before.impressions),
          ctr: percentChange(summary.ctr, before.ctr),
          conversions: percentChange(summary.conversions, before.conversions),
        },
        series: presentSeries(current, s.currency),
        platforms: PLATFORMS.filter((platform) => connected.has(platform)),
        accounts: s.allAccounts.map(({ connectionId: _connection, ...account }) => account),
        sync: await sync.status(principal.workspaceId),
        unconverted_currencies: metrics.rates.missing,
        attribution: await attributionOf(s),
      };
    },

    /**
     * What a dashboard query resolves to (access checked, left-out ends and currency filled in):
     * first-party truth reads the same range in the same currency, over every account of the
     * workspace (all ad spend), with the platform filter for its per-platform list.
     */
    async rangeOf(principal: Principal, query: DashboardViewQuery) {
      const s = await scope(principal, query);
      const accounts = s.allAccounts.map((account) => ({
        id: account.id,
        currency: account.currency,
        platform: account.platform,
      }));
      return {
        workspaceId: s.workspaceId,
        currency: s.currency,
        from: s.from,
        to: s.to,
        platform: s.platform,
        accounts,
      };
    },

    /**
     * The MCP get_performance tool: the dashboard's figures for the same filters as a table by
     * account, campaign or ad (totals, or every day), sorted and paged. Totals and series are
     * the view's (periodDays); campaign rows are dashboard/campaigns/'s read.
     */
    async table(principal: Principal, query: PerformanceQuery): Promise<PerformanceTable> {
      const s = await scope(principal, query);
      const {
        metrics,
        current,
        also: page,
      } = await periodDays(s, { withPrevious: false }, (rated) => performanceRows(s, rated, query));
      const { rows, total } = page!;
      return {
        currency: s.currency,
        range: { from: s.from, to: s.to, days: daysInRange(s.from, s.to) },
        level: query.level,
        breakdown: query.breakdown,
        totals: presentTotals(addSums(current), s.currency),
        series: query.breakdown === 'day' ? presentSeries(current, s.currency) : null,
        rows,
        total_rows: total,
        unconverted_currencies: metrics.rates.missing,
        attribution: await attributionOf(s),
      };
    },

    /** GET dashboard/campaigns/: one sorted page. */
    async campaigns(principal: Principal, query: CampaignListQuery): Promise<CampaignPage> {
      const s = await scope(principal, query);
      const { rows, total } = await entityTotals(db, metricScope(s), {
        level: 'campaign',
        sort: query.sort,
        order: query.order,
        q: query.q,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        items: rows.map((row) => presentCampaign(row, s.currency)),
        total,
        page: query.page,
        page_size: query.page_size,
        currency: s.currency,
      };
    },

    /** GET dashboard/campaigns/?format=csv: every matching campaign, in the table's order (paging ignored). */
    async campaignsCsv(principal: Principal, query: CampaignListQuery): Promise<{ filename: string; body: string }> {
      const s = await scope(principal, query);
      const { rows } = await entityTotals(db, metricScope(s), {
        level: 'campaign',
        sort: query.sort,
        order: query.order,
        q: query.q,
        limit: CSV_MAX_ROWS,
      });
      return toCampaignsCsv(
        rows.map((row) => presentCampaign(row, s.currency)),
        s,
        await attributionOf(s),
      );
    },

    /** GET dashboard/campaigns/<id>/ads/: a campaign's ads over the range. */
    async campaignAds(principal: Principal, id: string, query: DashboardRangeQuery): Promise<CampaignAds> {
      const { campaign } = await campaignById(principal.workspaceId, id);
      const s = await scope(principal, { ...query, platform: 'all', account: campaign.accountRef });
      const metrics = await withRates(db, metricScope(s));
      const { rows } = await entityTotals(db, metrics, {
        level: 'campaign',
        sort: 'spend',
        order: 'desc',
        limit: 1,
        campaignId: id,
      });
      const ads = await entityTotals(db, metrics, { level: 'ad', sort: 'spend', order: 'desc', campaignId: id });
      return {
        campaign: presentCampaign(rows[0]!, s.currency),
        items: ads.rows.map((row) => presentAd(row, s.currency)),
        currency: s.currency,
      };
    },

    /**
     * GET dashboard/ads/: the workspace's ads whose name contains `q`, by name, each with the
     * campaign whose drill-down lists it (an ad row knows only the platform's campaign id).
     */
    async searchAds(principal: Principal, query: AdSearchQuery): Promise<AdSearchResult> {
      await assertAccess(principal);
      const rows = await searchWorkspaceAds(db, principal.workspaceId, query.q, AD_SEARCH_LIMIT);
      return {
        items: rows.map(({ ad_id, name, campaignId, campaignName }) => ({
          ad_id,
          name,
          campaign: { id: campaignId, name: campaignName },
        })),
      };
    },

    /**
     * POST dashboard/campaigns/<id>/status/: pauses or resumes at the platform through the actions
     * log (recorded, undoable there), then here. A campaign already so at the platform is only
     * brought up to date here.
     */
    async changeCampaignStatus(
      principal: Principal,
      id: string,
      wanted: CampaignStatusLabel,
    ): Promise<CampaignStatusResult> {
      await assertAccess(principal);
      const { campaign, account } = await campaignById(principal.workspaceId, id);
      const status = wanted === 'Active' ? 'ACTIVE' : 'PAUSED';
      const change: SuggestionChange = {
        kind: 'campaign_status',
        campaign_id: campaign.campaignId,
        campaign_name: campaign.name,
        from: status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE',
        to: status,
      };
      try {
        const state = await actions.currentState(account, change);
        if (state.values[0] === undefined)
          throw new PlatformError({
            platform: account.platform as Platform,
            kind: 'not_found',
            message: 'The campaign no longer exists.',
          });
        if (state.values[0] === status) return { id, status: wanted, action_id: null };
      } catch (error) {
        if (error instanceof PlatformError) throw platformFailure(error);
        throw error;
      }
      const actionId = await applyByHand(
        principal,
        account,
        change,
        `Campaign “${campaign.name}” ${status === 'PAUSED' ? 'paused' : 'resumed'}`,
      );
      return { id, status: wanted, action_id: actionId };
    },

    /**
     * What a pause or resume of a campaign would change, against its status at the platform now
     * (one live read; nothing is written).
     */
    async previewCampaignStatus(
      principal: Principal,
      id: string,
      wanted: CampaignStatusLabel,
    ): Promise<CampaignChangePreview<CampaignStatusLabel>> {
      await assertAccess(principal);
      const { campaign, account } = await campaignById(principal.workspaceId, id);
      const status: EntityStatus = wanted === 'Active' ? 'ACTIVE' : 'PAUSED';
      const probe: SuggestionChange = {
        kind: 'campaign_status',
        campaign_id: campaign.campaignId,
        campaign_name: campaign.name,
        from: status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE',
        to: status,
      };
      const live = (await liveValue(account, probe)) as EntityStatus;
      return {
        ...campaignView(campaign, account),
        from: live === 'ACTIVE' ? 'Active' : 'Paused',
        to: wanted,
        unchanged: live === status,
        change_lines: live === status ? [] : changeLines(account.platform as Platform, probe),
      };
    },

    /**
     * What a new daily budget of a campaign would change, against its budget at the platform now
     * (one live read; nothing is written). Refused: a budget that is not a whole positive number of
     * minor units (or beyond the typo guard), a campaign without a daily budget of its own, or one
     * outside the bounds the account's budget keeps it to (the optimizer's caps).
     */
    async previewCampaignBudget(
      principal: Principal,
      id: string,
      dailyBudget: number,
    ): Promise<CampaignChangePreview<number>> {
      await assertAccess(principal);
      const { campaign, account } = await campaignById(principal.workspaceId, id);
      if (
        !Number.isSafeInteger(dailyBudget) ||
        dailyBudget < 1 ||
        dailyBudget > MAX_DAILY_CAP * 10 ** minorDigits(account.currency)
      )
        throw badRequest(DASHBOARD_MESSAGES.badDailyBudget, 'daily_budget');
      const cap = (await campaignCapsOf(db, account.id)).find((c) => c.campaign_id === campaign.campaignId);
      if (cap && ((cap.min !== null && dailyBudget < cap.min) || (cap.max !== null && dailyBudget > cap.max))) {
        const words = (minor: number) => budgetWords(minor, account.currency);
        const bounds =
          cap.min !== null && cap.max !== null
            ? `between ${words(cap.min)} and ${words(cap.max)}`
            : cap.min !== null
              ? `at ${words(cap.min)} or more`
              : `at ${words(cap.max!)} or less`;
        throw badRequest(DASHBOARD_MESSAGES.outsideCap(bounds), 'daily_budget');
      }
      const probe = {
        kind: 'campaign_budget' as const,
        campaign_id: campaign.campaignId,
        campaign_name: campaign.name,
        currency: account.currency,
        from: campaign.dailyBudgetMinor ?? 0,
        to: dailyBudget,
      };
      const live = await liveValue(account, probe);
      if (typeof live !== 'number') throw new HttpError(409, DASHBOARD_MESSAGES.noOwnBudget, ErrorCode.Conflict);
      const change = { ...probe, from: live };
      return {
        ...campaignView(campaign, account),
        from: live,
        to: dailyBudget,
        unchanged: live === dailyBudget,
        change_lines: live === dailyBudget ? [] : changeLines(account.platform as Platform, change),
      };
    },

    /**
     * A campaign's daily budget, written at its platform through the actions log (recorded,
     * undoable there), validated as previewCampaignBudget does. With `expectedFrom`, refused
     * (409, nothing written) when the platform no longer holds that budget. A budget already so is
     * not written again.
     */
    async changeCampaignBudget(
      principal: Principal,
      id: string,
      dailyBudget: number,
      expectedFrom?: number,
    ): Promise<CampaignBudgetResult> {
      const preview = await api.previewCampaignBudget(principal, id, dailyBudget);
      const { campaign, account } = await campaignById(principal.workspaceId, id);
      const result = { id, daily_budget: dailyBudget, currency: account.currency, action_id: null };
      if (expectedFrom !== undefined && preview.from !== expectedFrom)
        throw new HttpError(
          409,
          ACTION_MESSAGES.changedSince(`“${campaign.name}”: ${budgetWords(preview.from, account.currency)}`),
          ErrorCode.Conflict,
        );
      if (preview.unchanged) return result;
      const change: SuggestionChange = {
        kind: 'campaign_budget',
        campaign_id: campaign.campaignId,
        campaign_name: campaign.name,
        currency: account.currency,
        from: preview.from,
        to: dailyBudget,
      };
      const actionId = await applyByHand(
        principal,
        account,
        change,
        `Daily budget of campaign “${campaign.name}” set to ${budgetWords(dailyBudget, account.currency)}`,
      );
      return { ...result, action_id: actionId };
    },

    /** PUT dashboard/settings/: the display currency. */
    async saveSettings(userId: string, currency: DisplayCurrency): Promise<DashboardSettings> {
      await user(userId);
      await setDisplayCurrency(db, userId, currency);
      return { currency };
    },

    /** GET auth/<platform>/performance/: one platform's normalised performance (an unknown platform is not found). */
    async performance(
      principal: Principal,
      platformName: string,
      query: DashboardRangeQuery,
    ): Promise<PlatformPerformance> {
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
      const metrics = await withRates(db, metricScope(s));
      const days = await dailyTotals(db, metrics);
      const { rows } = await entityTotals(db, metrics, {
        level: 'campaign',
        sort: 'spend',
        order: 'desc',
        limit: PERFORMANCE_TOP_CAMPAIGNS,
      });
      return {
        platform,
        currency: s.currency,
        range: { from: s.from, to: s.to, days: daysInRange(s.from, s.to) },
        summary: presentTotals(addSums(days), s.currency),
        series: presentSeries(days, s.currency),
        accounts: s.accounts.map(({ connectionId: _connection, ...account }) => account),
        campaigns: rows.map((row) => presentCampaign(row, s.currency)),
        sync: state.connections,
      };
    },
  };
  return api;
}
export type DashboardService = ReturnType<typeof createDashboardService>;
