import { paths } from '@client/lib/paths';
import { installFakeClock } from '@client/test/fakeClock';
import {
  api,
  campaignRowBody,
  dashboardAccountBody,
  dashboardViewBody,
  type FakeDashboardOptions,
  fakeDashboardServer,
  recordBeacons,
  syncStatusBody,
} from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  fakeSuggestionsServer,
  scaleSuggestionBody,
  suggestionBody,
  taskSuggestionBody,
} from '@client/test/suggestions.handlers';
import type { Role } from '@shared/access/policy';
import type { CampaignRow, SyncStatus } from '@shared/api/dashboard';
import { DASHBOARD_SUGGESTIONS, SUGGESTIONS_NOTE } from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { CONNECT_ACCOUNT_LABEL } from './DashboardNotices';
import { DashboardPage } from './DashboardPage';
import { SYNC_POLL_MS } from './refresh.machine';
import { SMART_SUGGESTIONS } from './SmartSuggestions';
import { SEARCH_DEBOUNCE_MS } from './useCampaignTable';

const DIWALI = campaignRowBody();
const BRAND = campaignRowBody({
  id: 'cmp-2',
  platform: 'google',
  campaign_id: '987',
  name: 'Brand Search',
  status: 'Paused',
  account: { id: 'conn-2', account_id: '123-456-7890', name: 'Brand', currency: 'USD' },
  ctr: 4.5,
  cpc: 12.25,
});

interface SetupOptions extends FakeDashboardOptions {
  route?: string;
  /** Handlers that answer before the fake dashboard server. */
  overrides?: HttpHandler[];
}

/** The page for a signed-in user, against a fake dashboard server with two campaigns by default. */
async function setup({
  route = paths.dashboard,
  overrides = [],
  campaigns = [DIWALI, BRAND],
  ...options
}: SetupOptions = {}) {
  const fake = fakeDashboardServer({ campaigns, ...options });
  const beacons = recordBeacons();
  server.use(...fake.handlers, beacons.handler);
  server.use(...overrides);
  const rendered = renderWithProviders(<DashboardPage />, { route, preloadedState: { session: signedInSession() } });
  expect(screen.getByRole('heading', { level: 1, name: 'Unified Ad Intelligence' })).toBeInTheDocument();
  return { ...rendered, fake, beacons };
}

const card = (title: string) => screen.findByRole('group', { name: title });
const campaignsTable = () => screen.findByRole('table', { name: 'Campaign Overview' });
/** The table row holding a campaign's name. */
async function rowOf(name: string) {
  const table = await campaignsTable();
  const link = await within(table).findByRole('button', { name: `${name} (show ads)` });
  return link.closest('tr') as HTMLElement;
}
/** Every toast (notistack) and inline alert text on screen. */
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

// jsdom has no object URLs; the export test supplies its own.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('DashboardPage: the unified view', () => {
  it('shows skeletons while loading, then the four cards with the view’s figures and changes', async () => {
    await setup();
    expect(screen.getByRole('status', { name: 'Loading summary' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading chart' })).toBeInTheDocument();

    const spend = await card('Total Spend');
    expect(within(spend).getByText('₹1,23,456.50')).toBeInTheDocument();
    expect(within(spend).getByRole('img', { name: 'up 12.3% vs previous 7 days' })).toBeInTheDocument();

    const impressions = await card('Impressions');
    expect(within(impressions).getByText('12,34,567')).toBeInTheDocument();
    expect(within(impressions).getByRole('img', { name: 'down 5.0% vs previous 7 days' })).toBeInTheDocument();

    const ctr = await card('CTR');
    expect(within(ctr).getByText('2.00%')).toBeInTheDocument();
    expect(within(ctr).getByRole('img', { name: 'no data for the previous 7 days' })).toHaveTextContent('—');

    const conversions = await card('Conversions');
    expect(within(conversions).getByText('812')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading summary' })).not.toBeInTheDocument();
  });

  it('draws the chart as an SVG with an accessible summary and a table of the days behind it', async () => {
    await setup();
    const chart = await screen.findByRole('img', {
      name: /^Line chart of daily spend \(INR\), CTR and conversions from 1 Jan 2030 to 7 Jan 2030/,
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    // A week is labelled Mon … Sun.
    for (const day of ['Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon'])
      expect(within(chart).getAllByText(day).length).toBeGreaterThan(0);
    expect(within(chart).getByText('Spend (INR)')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: /^Line chart of daily spend/ });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('rowheader', { name: 'Tue 1 Jan 2030' })).toBeInTheDocument();
  });

  it('asks each connected platform for its performance, in parallel, and shows a card per platform', async () => {
    const { fake } = await setup();
    const platforms = await screen.findByRole('list', { name: 'Platforms' });
    const items = await within(platforms).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(PLATFORM_LABELS.meta);
    expect(items[1]).toHaveAccessibleName(PLATFORM_LABELS.google);
    await waitFor(() => expect(within(items[0]).getByText('₹61,728.25')).toBeInTheDocument());
    expect(within(items[1]).getByText('Synced')).toBeInTheDocument();
    expect(fake.requests.performance.map((request) => request.platform).sort()).toEqual(['google', 'meta']);
    expect(fake.requests.performance[0].params.get('from')).toBe(fake.requests.views[0].get('from'));
  });

  it('toasts a failing platform with its server detail and keeps the rest of the page', async () => {
    await setup({
      overrides: [
        http.get(api('auth/google/performance/'), () =>
          HttpResponse.json(
            { detail: 'Google Ads sync failed: token revoked', code: 'platform_error' },
            { status: 502 },
          ),
        ),
      ],
    });
    await waitFor(() => expect(alerts()).toContain('❌ Google Ads sync failed: token revoked'));
    const platforms = await screen.findByRole('list', { name: 'Platforms' });
    expect(within(platforms).getByText('Unavailable')).toBeInTheDocument();
    expect(await card('Total Spend')).toBeInTheDocument();
  });

  it("falls back to '❌ <platform> API failed' when the platform call says nothing", async () => {
    await setup({
      overrides: [http.get(api('auth/meta/performance/'), () => new HttpResponse(null, { status: 500 }))],
    });
    await waitFor(() => expect(alerts()).toContain('❌ Meta Ads API failed'));
  });

  it("says 'Unified sync error' when the whole view fails, inline and as a toast, and Retry loads it", async () => {
    let fail = true;
    const { user } = await setup({
      overrides: [
        http.get(api('dashboard/'), () =>
          fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(dashboardViewBody()),
        ),
      ],
    });
    // The inline box and the toast.
    await waitFor(() => expect(screen.getAllByText('Unified sync error')).toHaveLength(2));
    expect(screen.queryByRole('group', { name: 'Total Spend' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Total Spend')).toBeInTheDocument();
  });

  it('prefers the server detail under the heading of the whole-view failure', async () => {
    await setup({
      overrides: [
        http.get(api('dashboard/'), () => HttpResponse.json({ detail: 'The metrics store is down.' }, { status: 503 })),
      ],
    });
    await waitFor(() => expect(screen.getAllByText('The metrics store is down.')).toHaveLength(2));
    expect(screen.getByText('Unified sync error')).toBeInTheDocument();
  });

  it('explains a 403 and points to the trial', async () => {
    await setup({
      overrides: [
        http.get(api('dashboard/'), () =>
          HttpResponse.json(
            { detail: 'Start your free trial to use the dashboard.', code: 'forbidden' },
            { status: 403 },
          ),
        ),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Start your free trial' });
    expect(link).toHaveAttribute('href', paths.home);
    expect(screen.getAllByText('Start your free trial to use the dashboard.').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Unified sync error')).not.toBeInTheDocument();
  });

  it('shows a user with nothing connected the way to connect an account', async () => {
    const { fake } = await setup({ view: dashboardViewBody({ accounts: [] }) });
    const link = await screen.findByRole('link', { name: 'Connect an ad account' });
    expect(link).toHaveAttribute('href', paths.connectedAccounts);
    expect(screen.queryByRole('group', { name: 'Total Spend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Campaign Overview' })).not.toBeInTheDocument();
    expect(fake.requests.performance).toEqual([]);
  });
});

describe('DashboardPage: filters', () => {
  it('lists All and every connected platform, and asks again with ?platform= (kept in the address)', async () => {
    const view = dashboardViewBody({
      accounts: [
        dashboardAccountBody(),
        dashboardAccountBody({ id: 'conn-2', platform: 'google', account_id: '123', name: 'Brand' }),
        dashboardAccountBody({ id: 'conn-3', platform: 'linkedin', account_id: 'urn:li:1', name: 'B2B' }),
        dashboardAccountBody({ id: 'conn-4', platform: 'tiktok', account_id: 'tt-1', name: 'Shorts' }),
      ],
    });
    const { user, fake } = await setup({ view });
    await card('Total Spend');

    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      PLATFORM_LABELS.meta,
      PLATFORM_LABELS.google,
      PLATFORM_LABELS.linkedin,
      PLATFORM_LABELS.tiktok,
    ]);

    await user.click(screen.getByRole('option', { name: PLATFORM_LABELS.linkedin }));
    await waitFor(() => expect(fake.requests.views.at(-1)?.get('platform')).toBe('linkedin'));
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('platform')).toBe('linkedin'));
    expect(new URLSearchParams(window.location.search).get('platform')).toBe('linkedin');
    // Only LinkedIn's performance is shown now.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Platforms' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('reads the filters from the address, and narrows the account list to the chosen platform', async () => {
    const { user, fake } = await setup({ route: `${paths.dashboard}?platform=google&from=2030-01-01&to=2030-01-31` });
    await card('Total Spend');
    expect(fake.requests.views[0].get('platform')).toBe('google');
    expect(fake.requests.views[0].get('from')).toBe('2030-01-01');
    expect(fake.requests.views[0].get('to')).toBe('2030-01-31');
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('Custom range');

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All accounts', 'Brand · 123-456-7890']);
    await user.click(screen.getByRole('option', { name: 'Brand · 123-456-7890' }));
    await waitFor(() => expect(fake.requests.views.at(-1)?.get('account')).toBe('conn-2'));
    expect(new URLSearchParams(window.location.search).get('account')).toBe('conn-2');
  });

  it('checks a custom range before asking for it', async () => {
    const { user, fake } = await setup();
    await card('Total Spend');
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Custom range' }));

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2030-02-10');
    await user.clear(to);
    await user.type(to, '2030-02-01');
    expect(
      screen.getByText('Please choose a valid date range (from on or before to, at most 366 days).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.clear(from);
    await user.type(from, '2029-12-01');
    const asked = fake.requests.views.length;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fake.requests.views.length).toBeGreaterThan(asked));
    expect(fake.requests.views.at(-1)?.get('from')).toBe('2029-12-01');
    expect(fake.requests.views.at(-1)?.get('to')).toBe('2030-02-01');
  });

  it('a preset asks for that many days ending today', async () => {
    const { user, fake } = await setup();
    await card('Total Spend');
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Last 30 days' }));
    await waitFor(() => expect(fake.requests.views.length).toBeGreaterThan(1));
    const last = fake.requests.views.at(-1)!;
    expect((Date.parse(last.get('to')!) - Date.parse(last.get('from')!)) / 86_400_000).toBe(29);
  });

  it('saves a new display currency, then asks for every figure again', async () => {
    const { user, fake } = await setup();
    await card('Total Spend');
    const views = fake.requests.views.length;
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'USD' }));
    await waitFor(() => expect(fake.requests.settings).toEqual([{ currency: 'USD' }]));
    await waitFor(() => expect(fake.requests.views.length).toBeGreaterThan(views));
    expect(await within(await card('Total Spend')).findByText('$123,456.50')).toBeInTheDocument();
  });
});

describe('DashboardPage: sync and refresh', () => {
  it('says when the data was last synced, with the exact time in the markup and on hover', async () => {
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    await setup({
      view: dashboardViewBody({ sync: syncStatusBody({ last_synced_at: recent }, [{ platform: 'meta' }]) }),
    });
    const time = await screen.findByText('5 minutes ago');
    expect(time.tagName.toLowerCase()).toBe('time');
    expect(time).toHaveAttribute('dateTime', recent);
    expect(time.closest('span')).toHaveTextContent('Last synced 5 minutes ago');
  });

  it("says 'Syncing…' with its progress while a sync runs", async () => {
    const running: SyncStatus = syncStatusBody({ running: true, last_synced_at: null }, [
      { platform: 'meta', status: 'running', progress: { done: 1, total: 4 } },
    ]);
    await setup({ view: dashboardViewBody({ sync: running }) });
    expect(await screen.findByText('Syncing… 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it("shows 'Not synced yet' when nothing has synced", async () => {
    await setup({ view: dashboardViewBody({ sync: syncStatusBody({ last_synced_at: null }) }) });
    expect(await screen.findByText('Not synced yet')).toBeInTheDocument();
  });

  it('Refresh sends the beacon, syncs, waits for the sync, asks for everything again and says Data refreshed', async () => {
    // The poll comes SYNC_POLL_MS after the start: the test moves the clock rather than waiting on the wall clock.
    installFakeClock();
    let polls = 0;
    const requests = { started: 0 };
    const { user, fake, beacons } = await setup({
      overrides: [
        http.post(api('sync/'), () => {
          requests.started += 1;
          return HttpResponse.json(
            syncStatusBody({ running: true }, [
              { platform: 'meta', status: 'running', progress: { done: 1, total: 2 } },
            ]),
          );
        }),
        http.get(api('sync/'), () => {
          polls += 1;
          return HttpResponse.json(syncStatusBody({ running: false }, [{ platform: 'meta' }, { platform: 'google' }]));
        }),
      ],
    });
    await card('Total Spend');
    await waitFor(() => expect(fake.requests.performance).toHaveLength(2));
    const before = {
      views: fake.requests.views.length,
      campaigns: fake.requests.campaigns.length,
      performance: fake.requests.performance.length,
    };

    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    expect(refresh).toBeDisabled();
    await waitFor(() => expect(beacons.sent).toEqual([{ name: 'manual-sync', body: { ts: expect.any(Number) } }]));
    expect(await screen.findByText('Syncing… 50%')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(SYNC_POLL_MS));
    await waitFor(() => expect(alerts()).toContain('Data refreshed'));
    expect(requests.started).toBe(1);
    expect(polls).toBe(1);
    expect(fake.requests.views.length).toBe(before.views + 1);
    expect(fake.requests.campaigns.length).toBe(before.campaigns + 1);
    expect(fake.requests.performance.length).toBe(before.performance + 2);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it("a refused sync says 'Refresh failed' once (the server's words first) and frees the button", async () => {
    const { user } = await setup({
      overrides: [http.post(api('sync/'), () => new HttpResponse(null, { status: 500 }))],
    });
    await card('Total Spend');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(alerts().filter((text) => text === 'Refresh failed')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(alerts()).not.toContain('Data refreshed');
  });
});

describe('DashboardPage: Campaign Overview', () => {
  it('lists the campaigns: platform, name, status, CTR, CPC and a Pause/Resume naming the campaign', async () => {
    await setup();
    const diwali = await rowOf('Diwali Sale');
    expect(within(diwali).getByText(PLATFORM_LABELS.meta)).toBeInTheDocument();
    expect(within(diwali).getByText('Active')).toBeInTheDocument();
    expect(within(diwali).getByText('2.00%')).toBeInTheDocument();
    expect(within(diwali).getByText('₹7.50')).toBeInTheDocument();
    expect(within(diwali).getByRole('button', { name: 'Pause Diwali Sale' })).toBeInTheDocument();

    const brand = await rowOf('Brand Search');
    expect(within(brand).getByText('Paused')).toBeInTheDocument();
    expect(within(brand).getByRole('button', { name: 'Resume Brand Search' })).toBeInTheDocument();
  });

  it("says 'No campaigns to display.' when nothing matches", async () => {
    await setup({ campaigns: [] });
    const table = await campaignsTable();
    expect(await within(table).findByText('No campaigns to display.')).toBeInTheDocument();
  });

  it('sorts on the server when a header is clicked, flipping on a second click', async () => {
    const { user, fake } = await setup();
    await rowOf('Diwali Sale');
    await user.click(screen.getByRole('button', { name: 'CTR' }));
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('sort')).toBe('ctr'));
    expect(fake.requests.campaigns.at(-1)?.get('order')).toBe('desc');
    expect(within(await campaignsTable()).getByRole('columnheader', { name: /CTR/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^CTR/ }));
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('order')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('sort')).toBe('name'));
    expect(fake.requests.campaigns.at(-1)?.get('order')).toBe('asc');
  });

  it('pages on the server, 25 a page by default', async () => {
    const many: CampaignRow[] = Array.from({ length: 30 }, (_, index) =>
      campaignRowBody({ id: `cmp-${index}`, name: `Campaign ${String(index).padStart(2, '0')}` }),
    );
    const { user, fake } = await setup({ campaigns: many });
    await rowOf('Campaign 00');
    expect(fake.requests.campaigns[0].get('page_size')).toBe('25');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf('Campaign 29');
    expect(fake.requests.campaigns.at(-1)?.get('page')).toBe('2');
  });

  it('keeps sort, page and page size in the address, defaults left out, and Back steps back through them', async () => {
    const many: CampaignRow[] = Array.from({ length: 30 }, (_, index) =>
      campaignRowBody({ id: `cmp-${index}`, name: `Campaign ${String(index).padStart(2, '0')}` }),
    );
    const { user, fake } = await setup({ campaigns: many });
    await rowOf('Campaign 00');
    expect(window.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    await waitFor(() => expect(window.location.search).toBe('?sort=name'));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(window.location.search).toBe('?sort=name&page=2'));
    await rowOf('Campaign 29');
    expect(fake.requests.campaigns.at(-1)?.toString()).toMatch(/sort=name&order=asc&page=2&page_size=25/);

    // A new direction or page size starts again at the first page.
    await user.click(screen.getByRole('button', { name: /^Campaign.*sorted ascending/ }));
    await waitFor(() => expect(window.location.search).toBe('?sort=name&order=desc'));
    expect(within(await campaignsTable()).getByRole('columnheader', { name: /Campaign/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?sort=name&page=2'));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    await rowOf('Campaign 29');
    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?sort=name'));
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await rowOf('Campaign 00');
    act(() => window.history.forward());
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
  });

  it('opens the view a link names, and falls back to the defaults for what it gets wrong', async () => {
    const many: CampaignRow[] = Array.from({ length: 30 }, (_, index) =>
      campaignRowBody({ id: `cmp-${index}`, name: `Campaign ${String(index).padStart(2, '0')}` }),
    );
    const { fake } = await setup({
      campaigns: many,
      route: `${paths.dashboard}?sort=ctr&order=asc&page=3&page_size=10&q=Campaign`,
    });
    await rowOf('Campaign 20');
    const asked = fake.requests.campaigns[0];
    expect(Object.fromEntries(['sort', 'order', 'page', 'page_size', 'q'].map((key) => [key, asked.get(key)]))).toEqual(
      {
        sort: 'ctr',
        order: 'asc',
        page: '3',
        page_size: '10',
        q: 'Campaign',
      },
    );
    expect(screen.getByText('21–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('Campaign');
    expect(within(await campaignsTable()).getByRole('columnheader', { name: /CTR/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('ignores bad table values in a link, and a page past the end shows the last page', async () => {
    const many: CampaignRow[] = Array.from({ length: 30 }, (_, index) =>
      campaignRowBody({ id: `cmp-${index}`, name: `Campaign ${String(index).padStart(2, '0')}` }),
    );
    const { fake } = await setup({
      campaigns: many,
      route: `${paths.dashboard}?sort=budget&order=up&page=-2&page_size=7`,
    });
    await rowOf('Campaign 00');
    const asked = fake.requests.campaigns[0];
    expect([asked.get('sort'), asked.get('order'), asked.get('page'), asked.get('page_size')]).toEqual([
      null,
      null,
      '1',
      '25',
    ]);

    window.history.replaceState({}, '', `${paths.dashboard}?page=9`);
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await rowOf('Campaign 29');
  });

  it('a filter changed puts the table back on its first page and keeps its sort', async () => {
    const many: CampaignRow[] = Array.from({ length: 30 }, (_, index) =>
      campaignRowBody({ id: `cmp-${index}`, name: `Campaign ${String(index).padStart(2, '0')}` }),
    );
    const { user, fake } = await setup({ campaigns: many, route: `${paths.dashboard}?sort=name&page=2` });
    await rowOf('Campaign 29');
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: PLATFORM_LABELS.meta }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('platform')).toBe('meta'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('name');
    expect(new URLSearchParams(window.location.search).has('page')).toBe(false);
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('page')).toBe('1'));
    expect(fake.requests.campaigns.at(-1)?.get('sort')).toBe('name');
  });

  it('keeps the header row in view over a scrolling, keyboard-reachable table', async () => {
    await setup();
    const table = await campaignsTable();
    expect(table).toHaveClass('MuiTable-stickyHeader');
    const frame = screen.getByRole('region', { name: 'Campaigns' });
    expect(frame).toContainElement(table);
    expect(frame).toHaveAttribute('tabindex', '0');
  });

  it('searches campaign names on the server', async () => {
    // The search waits for a pause in typing: the test moves the clock past it rather than racing it.
    installFakeClock();
    const { user, fake } = await setup();
    await rowOf('Diwali Sale');
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'brand');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(fake.requests.campaigns.at(-1)?.get('q')).toBe('brand'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Diwali Sale (show ads)' })).not.toBeInTheDocument(),
    );
    expect(await rowOf('Brand Search')).toBeInTheDocument();
    // The search lives in the address too, in place of the entry it was typed into.
    expect(window.location.search).toBe('?q=brand');
    const length = window.history.length;
    await user.clear(screen.getByRole('searchbox', { name: 'Search campaigns' }));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.history.length).toBe(length);
  });

  it('Pause changes the row at once, and says so once the platform agrees', async () => {
    const { user, fake } = await setup();
    const row = await rowOf('Diwali Sale');
    await user.click(within(row).getByRole('button', { name: 'Pause Diwali Sale' }));
    expect(within(row).getByText('Paused')).toBeInTheDocument();
    await waitFor(() => expect(alerts()).toContain('Campaign paused.'));
    expect(fake.requests.statusChanges).toEqual([{ id: 'cmp-1', body: { status: 'Paused' } }]);
    expect(within(row).getByRole('button', { name: 'Resume Diwali Sale' })).toBeEnabled();
  });

  it('Pause changes the row at once and puts it back, with the toast, when the server answers 502', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user } = await setup({
      overrides: [
        http.post(api('dashboard/campaigns/:id/status/'), async () => {
          await answered;
          return HttpResponse.json(
            { detail: 'Meta Ads refused the change: campaign is under review.', code: 'platform_error' },
            { status: 502 },
          );
        }),
      ],
    });
    const row = await rowOf('Diwali Sale');
    await user.click(within(row).getByRole('button', { name: 'Pause Diwali Sale' }));

    // At once, before the server has answered.
    expect(within(row).getByText('Paused')).toBeInTheDocument();
    expect(within(row).queryByText('Active')).not.toBeInTheDocument();

    answer();
    await waitFor(() => expect(within(row).getByText('Active')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Pause Diwali Sale' })).toBeEnabled();
    await waitFor(() => expect(alerts()).toContain('Meta Ads refused the change: campaign is under review.'));
    expect(alerts()).not.toContain('Campaign paused.');
  });

  it("rolls back with 'Failed to update the campaign.' when the server says nothing", async () => {
    const { user } = await setup({
      overrides: [http.post(api('dashboard/campaigns/:id/status/'), () => new HttpResponse(null, { status: 502 }))],
    });
    const row = await rowOf('Brand Search');
    await user.click(within(row).getByRole('button', { name: 'Resume Brand Search' }));
    await waitFor(() => expect(alerts()).toContain('Failed to update the campaign.'));
    expect(within(row).getByText('Paused')).toBeInTheDocument();
  });

  it('a campaign name opens its ads', async () => {
    const ads = {
      'cmp-1': [
        {
          ad_id: 'ad-1',
          name: 'Lamp carousel',
          spend: 1200.5,
          impressions: 45000,
          clicks: 900,
          conversions: 30,
          ctr: 2,
          cpc: 1.33,
        },
      ],
    };
    const { user } = await setup({ ads });
    const row = await rowOf('Diwali Sale');
    await user.click(within(row).getByRole('button', { name: 'Diwali Sale (show ads)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ads of Diwali Sale' });
    const table = within(dialog).getByRole('table', { name: 'Ads of Diwali Sale' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ad', 'Spend', 'Impressions', 'Clicks', 'CTR', 'CPC', 'Conversions']);
    const adRow = await within(table).findByRole('row', { name: /Lamp carousel/ });
    expect(adRow).toHaveTextContent('₹1,200.50');
    expect(adRow).toHaveTextContent('45,000');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('Brand Search')).getByRole('button', { name: 'Brand Search (show ads)' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Ads of Brand Search' })).findByText('No ads to display.'),
    ).toBeInTheDocument();
  });

  it('Export CSV downloads what the table shows, named after the range', async () => {
    const fakeCreate = jest.fn((_blob: Blob) => 'blob:adwise/csv');
    Object.assign(URL, { createObjectURL: fakeCreate, revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user, fake } = await setup();
    await rowOf('Diwali Sale');
    await user.click(screen.getByRole('button', { name: 'CPC' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const exported = fake.requests.campaigns.find((params) => params.get('format') === 'csv')!;
    expect(exported.get('sort')).toBe('cpc');
    expect(exported.get('page')).toBeNull();
    expect(downloads[0]).toBe(`adwise-campaigns-${exported.get('from')}-to-${exported.get('to')}.csv`);
    // Sorted as the table is: CPC, largest first.
    expect(await fakeCreate.mock.calls[0][0].text()).toBe(
      'platform,name,status\ngoogle,Brand Search,Paused\nmeta,Diwali Sale,Active',
    );
  });

  it('Export CSV failing says so', async () => {
    const { user } = await setup({
      overrides: [
        http.get(api('dashboard/campaigns/'), ({ request }) =>
          new URL(request.url).searchParams.get('format') === 'csv'
            ? new HttpResponse(null, { status: 500 })
            : undefined,
        ),
      ],
    });
    await rowOf('Diwali Sale');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(alerts()).toContain('Export failed. Please try again.'));
  });
});

describe('DashboardPage: Smart Suggestions', () => {
  const suggestions = () => screen.findByRole('region', { name: 'Smart Suggestions' });
  const FOUR = [
    suggestionBody(),
    scaleSuggestionBody(),
    taskSuggestionBody(),
    suggestionBody({ id: 'sug-4', headline: 'Pause “Winter promo”: it has stopped converting' }),
  ];

  it('shows the best three open suggestions as short cards with their actions, and a link to them all', async () => {
    const fake = fakeSuggestionsServer({ suggestions: FOUR });
    await setup({ overrides: fake.handlers });
    const section = await suggestions();
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(
      FOUR.slice(0, 3).map((item) => item.headline),
    );
    expect(fake.requests.lists[0].get('limit')).toBe(String(DASHBOARD_SUGGESTIONS));

    const [pause] = cards;
    expect(within(pause).getByText('About 92% sure this ad converts worse than its peers')).toBeInTheDocument();
    expect(within(pause).getByText('+3.1 conversions a week (1.2 to 5.0)')).toBeInTheDocument();
    // Short: the evidence and its chart are on /suggestions, with no Details to open here.
    expect(within(pause).queryByRole('region', { name: 'Evidence' })).not.toBeInTheDocument();
    expect(within(pause).queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
    expect(within(pause).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(within(pause).getByRole('button', { name: 'Snooze 7 days' })).toBeInTheDocument();

    expect(within(section).getByRole('link', { name: 'See all suggestions' })).toHaveAttribute(
      'href',
      paths.suggestions,
    );
    expect(section).toHaveTextContent(SUGGESTIONS_NOTE);
    expect(within(section).queryByText('What Adwise looks for')).not.toBeInTheDocument();
  });

  it('applying from the dashboard asks for the dashboard and the campaigns again (ad statuses changed)', async () => {
    const fakeSuggestions = fakeSuggestionsServer({ suggestions: FOUR });
    const { user, fake } = await setup({ overrides: fakeSuggestions.handlers });
    await rowOf('Diwali Sale');
    const before = { views: fake.requests.views.length, campaigns: fake.requests.campaigns.length };

    const [pause] = await within(await suggestions()).findAllByRole('article');
    await user.click(within(pause).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this suggestion?' });
    await within(dialog).findByText(`At ${PLATFORM_LABELS.google} this will:`);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(fakeSuggestions.requests.applied).toEqual(['sug-1']));
    await waitFor(() => expect(fake.requests.views.length).toBeGreaterThan(before.views));
    await waitFor(() => expect(fake.requests.campaigns.length).toBeGreaterThan(before.campaigns));
    // The fourth suggestion moves up into the three.
    expect(await within(await suggestions()).findByRole('article', { name: FOUR[3].headline })).toBeInTheDocument();
  });

  it('gives the four tips, what is still learning and the note when there is nothing to suggest yet', async () => {
    await setup({ overrides: fakeSuggestionsServer({ suggestions: [], learning: 1 }).handlers });
    const section = await suggestions();
    expect(await within(section).findByText('No suggestions right now')).toBeInTheDocument();
    expect(
      within(section).getByText('1 ad or campaign is still learning: it is judged once it has enough data.'),
    ).toBeInTheDocument();
    const tips = within(section).getByRole('list', { name: 'What Adwise looks for' });
    expect(
      within(tips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...SMART_SUGGESTIONS]);
    expect(section).toHaveTextContent(/not guarantees/);
    expect(within(section).queryByRole('link', { name: 'See all suggestions' })).not.toBeInTheDocument();
  });

  it('says suggestions come after the first sync when none were ever computed', async () => {
    await setup();
    const section = await suggestions();
    expect(
      await within(section).findByText('Suggestions appear after the first sync of your ad accounts.'),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
  });

  it('says why suggestions failed inline, and Retry asks again', async () => {
    let fail = true;
    const fake = fakeSuggestionsServer();
    const { user } = await setup({
      // Within one server.use the first match answers.
      overrides: [
        http.get(api('suggestions/'), () => (fail ? new HttpResponse(null, { status: 500 }) : undefined)),
        ...fake.handlers,
      ],
    });
    const section = await suggestions();
    expect(await within(section).findByText('Unable to load suggestions right now.')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('article', { name: suggestionBody().headline })).toBeInTheDocument();
  });
});

describe('DashboardPage: what each role sees', () => {
  /** The page for `role` in a client's workspace (null: before the workspace list has answered). */
  async function setupAs(role: Role | null) {
    server.use(...fakeDashboardServer({ campaigns: [DIWALI, BRAND] }).handlers);
    const workspace = role ? { id: '00000000-0000-4000-8000-00000000acme', role } : null;
    renderWithProviders(<DashboardPage />, {
      route: paths.dashboard,
      preloadedState: { session: signedInSession({ workspace }) },
    });
    return rowOf(DIWALI.name);
  }

  it.each<[Role, boolean, boolean]>([
    ['owner', true, true],
    ['manager', true, true],
    ['viewer', false, true],
    ['client', false, false],
  ])('a %s: Pause/Resume %s, Refresh %s', async (role, changesCampaigns, refreshes) => {
    const row = await setupAs(role);
    expect(within(row).queryByRole('button', { name: `Pause ${DIWALI.name}` }) !== null).toBe(changesCampaigns);
    expect(within(await campaignsTable()).queryByRole('columnheader', { name: 'Actions' }) !== null).toBe(
      changesCampaigns,
    );
    expect(screen.queryByRole('button', { name: 'Refresh' }) !== null).toBe(refreshes);
  });

  it.each<[Role, boolean, boolean]>([
    ['manager', true, true],
    ['viewer', true, false],
    ['client', false, false],
  ])('a %s: Smart Suggestions shown %s, with Apply %s', async (role, shown, applies) => {
    const fake = fakeSuggestionsServer();
    server.use(...fake.handlers);
    await setupAs(role);
    if (!shown) {
      expect(screen.queryByRole('region', { name: 'Smart Suggestions' })).not.toBeInTheDocument();
      expect(fake.requests.lists).toEqual([]);
      return;
    }
    const card = await within(await screen.findByRole('region', { name: 'Smart Suggestions' })).findByRole('article', {
      name: suggestionBody().headline,
    });
    expect(within(card).queryByRole('button', { name: 'Apply' }) !== null).toBe(applies);
    expect(within(card).queryByRole('button', { name: 'Dismiss' }) !== null).toBe(applies);
  });

  it('hides what changes something until the role is known', async () => {
    const row = await setupAs(null);
    expect(within(row).queryByRole('button', { name: `Pause ${DIWALI.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});

describe('DashboardPage: nothing connected, by role', () => {
  it.each<[Role, boolean]>([
    ['manager', true],
    ['viewer', false],
    ['client', false],
  ])('offers a %s the way to connect: %s', async (role, offered) => {
    server.use(http.get(api('dashboard/'), () => HttpResponse.json(dashboardViewBody({ accounts: [] }))));
    const workspace = { id: '00000000-0000-4000-8000-00000000acme', role };
    renderWithProviders(<DashboardPage />, {
      route: paths.dashboard,
      preloadedState: { session: signedInSession({ workspace }) },
    });
    expect(await screen.findByRole('heading', { name: 'No ad accounts connected yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: CONNECT_ACCOUNT_LABEL }) !== null).toBe(offered);
  });
});
