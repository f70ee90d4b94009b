import { API_BASE_URL } from '@client/lib/config';
import type {
  ConnectedAdAccount,
  DeleteConnectedAccountResult,
  GenerateOtpResult,
  VerifyOtpResult,
} from '@shared/api/adAccounts';
import type { AccountInfo } from '@shared/api/auth';
import type { BudgetList } from '@shared/api/budgets';
import {
  type AdRow,
  type CampaignAds,
  type CampaignPage,
  type CampaignRow,
  type CampaignStatusResult,
  type ConnectionSync,
  type DashboardAccount,
  type DashboardSettings,
  type DashboardView,
  type DisplayCurrency,
  type PlatformPerformance,
  previousRange,
  type SeriesPoint,
  type SyncStatus,
  type Totals,
  weekdayLabel,
} from '@shared/api/dashboard';
import type { NewsletterStatusReply } from '@shared/api/newsletter';
import type { RuleList } from '@shared/api/rules';
import type { UserInfo } from '@shared/api/userInfo';
import { JOB_OPENINGS } from '@shared/careers';
import { type Platform, PLATFORMS, RESEND_LOCK_SECONDS } from '@shared/constants';
import { addDays, DAY_MS, daysInRange, type IsoDay } from '@shared/days';
import { derive } from '@shared/metrics';
import { PUBLIC_PAGES } from '@shared/search/pages';
import { searchSite } from '@shared/search/search';
import { syncSettingsSchema } from '@shared/validation/dashboard';
import { http, HttpResponse } from 'msw';

/** The absolute URL msw should match for an API path, e.g. `api('user-info/')`. */
export function api(path: string): string {
  return new URL(path, API_BASE_URL).toString();
}

/** A user-info body; by default a user whose trial is not started. */
export function userInfoBody(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    fullName: 'Asha Rao',
    username: 'asha@example.com',
    is_trial: false,
    trial: { is_trial: false, trial_ends_at: null },
    gamification: { points: 0, streak: 0 },
    ...overrides,
  };
}

/** A user-info body of a user whose trial ends in a day. */
export function activeTrialBody(): UserInfo {
  const trial_ends_at = new Date(Date.now() + DAY_MS).toISOString();
  return userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at } });
}

/** An account-info body. */
export function accountInfoBody(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    memberSince: '2030-01-01T00:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    newsletter: true,
    ...overrides,
  };
}

/** Handlers for calls any screen may make; tests override them per case. */
export const defaultHandlers = [
  http.get(api('user-info/'), () => HttpResponse.json(userInfoBody())),
  http.get(api('account-info/'), () => HttpResponse.json(accountInfoBody())),
  http.post(api('analytics/:beacon'), () => new HttpResponse(null, { status: 204 })),
  // The site search over the real pages and roles (no articles), and an empty blog.
  http.get(api('search/'), ({ request }) =>
    HttpResponse.json(
      searchSite(new URL(request.url).searchParams.get('q') ?? '', {
        pages: PUBLIC_PAGES,
        posts: [],
        roles: JOB_OPENINGS,
      }),
    ),
  ),
  http.get(api('blog/'), () => HttpResponse.json([])),
  // The footer's newsletter box asks a signed-in user's subscription status.
  http.get(api('newsletter/'), () =>
    HttpResponse.json({ status: 'none', email: 'asha@example.com' } satisfies NewsletterStatusReply),
  ),
  // A user with nothing connected yet, so a dashboard rendered by another screen's test asks nothing else.
  http.get(api('dashboard/'), () => HttpResponse.json(dashboardViewBody({ accounts: [] }))),
  http.get(api('dashboard/campaigns/'), () =>
    HttpResponse.json({ items: [], total: 0, page: 1, page_size: 25, currency: 'INR' } satisfies CampaignPage),
  ),
  // The rules page of another screen's test (the router's): no rules yet, nothing waiting (fakes: rules.handlers.ts).
  http.get(api('rules/'), () => HttpResponse.json({ rules: [], pending: [] } satisfies RuleList)),
  // The budgets page of another screen's test (the router's): no budget yet (fakes: budgets.handlers.ts).
  http.get(api('budgets/'), () => HttpResponse.json({ budgets: [] } satisfies BudgetList)),
];

/** Records the beacons a test sends: `server.use(beacons.handler)`, then read `beacons.sent`. */
export function recordBeacons() {
  const sent: { name: string; body: unknown }[] = [];
  return {
    sent,
    handler: http.post(api('analytics/:beacon'), async ({ request, params }) => {
      sent.push({ name: String(params.beacon), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  };
}

/** A connected ad account body; by default an active Meta account. */
export function adAccountBody(overrides: Partial<ConnectedAdAccount> = {}): ConnectedAdAccount {
  return {
    id: 'conn-1',
    platform: 'meta',
    account_id: 'act_1234567890',
    name: 'Main store',
    currency: 'INR',
    status: 'active',
    connected_at: '2030-01-01T00:00:00.000Z',
    expires_at: null,
    expiring: false,
    ...overrides,
  };
}

/** The OTP the fake ad-accounts server accepts. */
export const FAKE_OTP = '123456';

/**
 * The ad-accounts endpoints as the contract describes them, with state: the list, an OTP
 * that must be verified before a disconnect, and the disconnect itself. Tests add
 * `fake.handlers` with `server.use` and read what was asked of it from `fake.requests`.
 */
export function fakeAdAccountsServer(initial: ConnectedAdAccount[] = []) {
  let accounts = [...initial];
  let verified = false;
  const requests = { listed: 0, otpsSent: 0, verified: [] as unknown[], deleted: [] as unknown[] };
  const handlers = [
    http.get(api('ad-accounts/'), () => {
      requests.listed += 1;
      return HttpResponse.json(accounts);
    }),
    http.post(api('generate-otp/'), () => {
      requests.otpsSent += 1;
      return HttpResponse.json({
        sent: true,
        resend_after_seconds: RESEND_LOCK_SECONDS,
        expires_in_seconds: 600,
      } satisfies GenerateOtpResult);
    }),
    http.post(api('verify-otp/'), async ({ request }) => {
      const body = (await request.json()) as { otp?: unknown };
      requests.verified.push(body);
      if (body.otp !== FAKE_OTP)
        return HttpResponse.json({ detail: 'Invalid OTP.', code: 'validation_failed' }, { status: 400 });
      verified = true;
      return HttpResponse.json({ verified: true, expires_in_seconds: 300 } satisfies VerifyOtpResult);
    }),
    http.post(api('delete-connected-account/'), async ({ request }) => {
      const body = (await request.json()) as { accid?: unknown };
      requests.deleted.push(body);
      if (!verified) return HttpResponse.json({ detail: 'Verify the OTP first.', code: 'forbidden' }, { status: 403 });
      accounts = accounts.filter((account) => account.id !== body.accid);
      verified = false;
      return HttpResponse.json({ deleted: true, id: String(body.accid) } satisfies DeleteConnectedAccountResult);
    }),
  ];
  return { handlers, requests, accounts: () => accounts };
}

/** A dashboard sync state: every connection synced at `last_synced_at`, nothing running. */
export function syncStatusBody(
  overrides: Partial<SyncStatus> = {},
  connections: Partial<ConnectionSync>[] = [],
): SyncStatus {
  const last_synced_at = overrides.last_synced_at === undefined ? '2030-01-07T09:00:00.000Z' : overrides.last_synced_at;
  return {
    running: false,
    interval_minutes: 60,
    last_synced_at,
    connections: connections.map((connection, index) => ({
      connection_id: `sync-${index + 1}`,
      platform: 'meta',
      status: 'idle',
      last_synced_at,
      progress: { done: 1, total: 1 },
      last_error: null,
      next_attempt_at: null,
      backfilled: true,
      ...connection,
    })),
    ...overrides,
  };
}

/** Zero-filled totals with the given figures. */
export function totalsBody(overrides: Partial<Totals> = {}): Totals {
  return {
    spend: 0,
    impressions: 0,
    clicks: 0,
    conversions: 0,
    conversion_value: 0,
    ctr: 0,
    cpc: 0,
    roas: 0,
    ...overrides,
  };
}

/** A connected account as the dashboard lists it; by default the Meta account of adAccountBody. */
export function dashboardAccountBody(overrides: Partial<DashboardAccount> = {}): DashboardAccount {
  return {
    id: 'conn-1',
    platform: 'meta',
    account_id: 'act_1234567890',
    name: 'Main store',
    currency: 'INR',
    ...overrides,
  };
}

/** A daily series over `from`..`to` whose figures grow by the day. */
export function seriesBody(from: IsoDay, to: IsoDay): SeriesPoint[] {
  return Array.from({ length: daysInRange(from, to) }, (_, index) => {
    const date = addDays(from, index);
    const impressions = 1000 + index * 100;
    const clicks = 20 + index;
    const spend = 500 + index * 50;
    const conversions = 2 + index;
    return {
      date,
      day: weekdayLabel(date),
      spend,
      impressions,
      clicks,
      ctr: derive({ spend, impressions, clicks, conversions, value: 0 }).ctr,
      conversions,
    };
  });
}

/**
 * The unified view of a user with a Meta and a Google account over 1–7 Jan 2030, in INR;
 * with `accounts: []` it is the view of a user with nothing connected.
 */
export function dashboardViewBody(overrides: Partial<DashboardView> = {}): DashboardView {
  const from = overrides.range?.from ?? '2030-01-01';
  const to = overrides.range?.to ?? '2030-01-07';
  const accounts = overrides.accounts ?? [
    dashboardAccountBody(),
    dashboardAccountBody({
      id: 'conn-2',
      platform: 'google',
      account_id: '123-456-7890',
      name: 'Brand',
      currency: 'USD',
    }),
  ];
  const platforms =
    overrides.platforms ?? PLATFORMS.filter((platform) => accounts.some((account) => account.platform === platform));
  return {
    currency: 'INR',
    range: { from, to, days: daysInRange(from, to) },
    previous_range: previousRange(from, to),
    summary: totalsBody({ spend: 123456.5, impressions: 1234567, clicks: 24691, conversions: 812, ctr: 2, cpc: 5 }),
    previous: totalsBody({
      spend: 109907.05,
      impressions: 1300000,
      clicks: 26000,
      conversions: 812,
      ctr: 2,
      cpc: 4.23,
    }),
    change: { spend: 12.3, impressions: -5, ctr: null, conversions: 0 },
    series: seriesBody(from, to),
    platforms,
    accounts,
    sync: syncStatusBody(
      {},
      platforms.map((platform) => ({ platform })),
    ),
    unconverted_currencies: [],
    ...overrides,
  };
}

/** A Campaign Overview row; by default an active Meta campaign. */
export function campaignRowBody(overrides: Partial<CampaignRow> = {}): CampaignRow {
  return {
    id: 'cmp-1',
    platform: 'meta',
    campaign_id: '120210000000001',
    name: 'Diwali Sale',
    status: 'Active',
    account: { id: 'conn-1', account_id: 'act_1234567890', name: 'Main store', currency: 'INR' },
    daily_budget: 2000,
    spend: 45000,
    impressions: 300000,
    clicks: 6000,
    conversions: 240,
    ctr: 2,
    cpc: 7.5,
    ...overrides,
  };
}

/** One platform's performance answer, in INR over 1–7 Jan 2030. */
export function platformPerformanceBody(
  platform: Platform,
  overrides: Partial<PlatformPerformance> = {},
): PlatformPerformance {
  return {
    platform,
    currency: 'INR',
    range: { from: '2030-01-01', to: '2030-01-07', days: 7 },
    summary: totalsBody({ spend: 61728.25 }),
    series: seriesBody('2030-01-01', '2030-01-07'),
    accounts: [dashboardAccountBody({ platform })],
    campaigns: [],
    sync: syncStatusBody({}, [{ platform }]).connections,
    ...overrides,
  };
}

/** What the fake dashboard server starts from. */
export interface FakeDashboardOptions {
  view?: DashboardView;
  campaigns?: CampaignRow[];
  ads?: Record<string, AdRow[]>;
}

/**
 * The dashboard endpoints as the contract describes them, with state: the unified view,
 * campaigns with server-side filters, sort and paging, status changes, the display currency,
 * the sync cadence and each platform's performance. Tests add `fake.handlers` with `server.use` (later
 * `server.use` calls answer first) and read what was asked in `fake.requests`.
 */
export function fakeDashboardServer({
  view = dashboardViewBody(),
  campaigns = [],
  ads = {},
}: FakeDashboardOptions = {}) {
  let currency: DisplayCurrency = view.currency;
  let intervalMinutes = view.sync.interval_minutes;
  let rows = [...campaigns];
  const requests = {
    views: [] as URLSearchParams[],
    campaigns: [] as URLSearchParams[],
    performance: [] as { platform: string; params: URLSearchParams }[],
    statusChanges: [] as { id: string; body: unknown }[],
    settings: [] as unknown[],
    syncSettings: [] as unknown[],
    ads: [] as string[],
  };

  function matching(params: URLSearchParams): CampaignRow[] {
    const platform = params.get('platform');
    const q = params.get('q')?.toLowerCase();
    const sort = params.get('sort') as keyof CampaignRow | null;
    const direction = params.get('order') === 'desc' ? -1 : 1;
    const found = rows.filter(
      (row) =>
        (!platform || platform === 'all' || row.platform === platform) && (!q || row.name.toLowerCase().includes(q)),
    );
    return sort
      ? [...found].sort((a, b) => (a[sort]! < b[sort]! ? -direction : a[sort]! > b[sort]! ? direction : 0))
      : found;
  }

  const handlers = [
    http.get(api('dashboard/'), ({ request }) => {
      requests.views.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        ...view,
        currency,
        sync: { ...view.sync, interval_minutes: intervalMinutes },
      } satisfies DashboardView);
    }),
    http.get(api('dashboard/campaigns/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.campaigns.push(params);
      const found = matching(params);
      if (params.get('format') === 'csv') {
        const csv = ['platform,name,status', ...found.map((row) => `${row.platform},${row.name},${row.status}`)].join(
          '\n',
        );
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }
      const page = Number(params.get('page') ?? 1);
      const pageSize = Number(params.get('page_size') ?? 25);
      return HttpResponse.json({
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        page_size: pageSize,
        currency,
      } satisfies CampaignPage);
    }),
    http.get(api('dashboard/campaigns/:id/ads/'), ({ params }) => {
      const id = String(params.id);
      requests.ads.push(id);
      const campaign = rows.find((row) => row.id === id);
      if (!campaign) return HttpResponse.json({ detail: 'Campaign not found.', code: 'not_found' }, { status: 404 });
      return HttpResponse.json({ campaign, items: ads[id] ?? [], currency } satisfies CampaignAds);
    }),
    http.post(api('dashboard/campaigns/:id/status/'), async ({ request, params }) => {
      const id = String(params.id);
      const body = (await request.json()) as { status: CampaignRow['status'] };
      requests.statusChanges.push({ id, body });
      rows = rows.map((row) => (row.id === id ? { ...row, status: body.status } : row));
      return HttpResponse.json({ id, status: body.status, action_id: `action-${id}` } satisfies CampaignStatusResult);
    }),
    http.put(api('dashboard/settings/'), async ({ request }) => {
      const body = (await request.json()) as { currency: DisplayCurrency };
      requests.settings.push(body);
      currency = body.currency;
      return HttpResponse.json({ currency } satisfies DashboardSettings);
    }),
    http.put(api('sync/settings/'), async ({ request }) => {
      const body = await request.json();
      requests.syncSettings.push(body);
      try {
        // The server's detail is the schema's message, SYNC_CADENCE_MESSAGE.
        intervalMinutes = (await syncSettingsSchema.validate(body)).interval_minutes;
      } catch (error) {
        return HttpResponse.json({ detail: (error as Error).message, code: 'validation_failed' }, { status: 400 });
      }
      return HttpResponse.json({ ...view.sync, interval_minutes: intervalMinutes } satisfies SyncStatus);
    }),
    http.get(api('auth/:platform/performance/'), ({ request, params }) => {
      const platform = String(params.platform) as Platform;
      requests.performance.push({ platform, params: new URL(request.url).searchParams });
      return HttpResponse.json({ ...platformPerformanceBody(platform), currency });
    }),
  ];
  return { handlers, requests, campaigns: () => rows, intervalMinutes: () => intervalMinutes };
}
