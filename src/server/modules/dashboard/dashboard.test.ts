import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import type { ActionList } from '@shared/api/actions';
import {
  AD_SEARCH_LIMIT,
  type AdSearchResult,
  type CampaignAds,
  type CampaignPage,
  DASHBOARD_MESSAGES,
  type DashboardView,
  percentChange,
} from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { addDays, isoDay } from '@shared/days';
import { eq, sql } from 'drizzle-orm';

import { executeRows } from '../../db/connect';
import { campaigns, metricsDaily, users } from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia, userIdOf, workspaceIdOf } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { importRates } from '../metrics/rates';

/** Seed rates (units per USD) of migration 0003. */
const SEED = { USD: 1, INR: 88.6, EUR: 0.862, JPY: 154.2 } as const;

describe('the dashboard endpoints', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  const today = isoDay(new Date());
  // Well inside the 90 synced days, whatever the accounts' time zones.
  const range = { from: addDays(today, -20), to: addDays(today, -7) };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 31, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    owner = await trialUser();
    // Google's first account bills in USD, Meta's second in INR (sandbox profiles).
    await connectVia(t.app, owner, 'google', { accountIds: [sandbox.world.accounts('google')[0].id] });
    await connectVia(t.app, owner, 'meta', { accountIds: [sandbox.world.accounts('meta')[1].id] });
    for (const platform of ['google', 'meta'] as const) {
      const connection = await connectionOf(t.app, owner, platform);
      expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });
    }
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  afterEach(() => sandbox.faults.clear());

  async function trialUser(): Promise<TestUser> {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/start-trial/', headers: user.auth, payload: {} });
    return user;
  }

  const get = (url: string, user: TestUser = owner) =>
    t.app.inject({ method: 'GET', url: `/api/${url}`, headers: user.auth });
  const qs = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const view = async (params: Record<string, string | number>, user: TestUser = owner) => {
    const res = await get(`dashboard/?${qs(params)}`, user);
    expect(res.statusCode).toBe(200);
    return res.json() as DashboardView;
  };
  const googleAccount = () => sandbox.world.accounts('google')[0];
  const metaAccount = () => sandbox.world.accounts('meta')[1];

  it('needs a signed-in user with a running trial or a paid plan', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/' })).statusCode).toBe(401);
    const visitor = await signUp(t.app);
    const res = await get('dashboard/', visitor);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(DASHBOARD_MESSAGES.needsAccess);
    expect((await get('dashboard/campaigns/', visitor)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sync/', headers: visitor.auth, payload: {} })).statusCode,
    ).toBe(403);
    await t.app.ctx.db
      .update(users)
      .set({ plan: 'agency' })
      .where(eq(users.id, await userIdOf(t.app, visitor)));
    expect((await get('dashboard/', visitor)).statusCode).toBe(200);
  });

  it('shows one platform in its own currency exactly as the platform reports it', async () => {
    const google = await view({ ...range, platform: 'google', currency: 'USD' });
    const truth = sandbox.world.totals('google', googleAccount().id, range.from, range.to);
    expect(google.summary).toMatchObject({
      spend: truth.spendMinor / 100,
      impressions: truth.impressions,
      clicks: truth.clicks,
      conversions: truth.conversions,
      conversion_value: truth.conversionValueMinor / 100,
    });
    expect(google.summary.ctr).toBeCloseTo((truth.clicks / truth.impressions) * 100, 2);
    expect(google.range).toEqual({ ...range, days: 14 });
    expect(google.series).toHaveLength(14);
    expect(google.series[0]).toMatchObject({
      date: range.from,
      day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(range.from).getUTCDay()],
    });
    expect(google.series.reduce((n, p) => n + p.impressions, 0)).toBe(truth.impressions);
  });

  it('converts every row to the display currency and never adds currencies unconverted', async () => {
    const inr = await view({ ...range, currency: 'INR' });
    const g = sandbox.world.totals('google', googleAccount().id, range.from, range.to);
    const m = sandbox.world.totals('meta', metaAccount().id, range.from, range.to);
    expect(metaAccount().currency).toBe('INR');
    expect(inr.currency).toBe('INR');
    expect(inr.summary.spend).toBeCloseTo((g.spendMinor / 100) * SEED.INR + m.spendMinor / 100, 1);
    expect(inr.summary.impressions).toBe(g.impressions + m.impressions);
    const jpy = await view({ ...range, currency: 'JPY' });
    // JPY has no minor digits: whole yen.
    expect(Number.isInteger(jpy.summary.spend)).toBe(true);
    expect(jpy.summary.spend).toBeCloseTo(
      (g.spendMinor / 100) * SEED.JPY + (m.spendMinor / 100 / SEED.INR) * SEED.JPY,
      -1,
    );
    expect(inr.unconverted_currencies).toEqual([]);
  });

  it('converts day by day with the rate of each day once newer rates are imported', async () => {
    const day = addDays(range.from, 7);
    await importRates(t.app.ctx.db, [{ currency: 'INR', day, perUsd: 100 }]);
    try {
      const usd = await view({ ...range, platform: 'meta', currency: 'USD' });
      const before =
        sandbox.world.totals('meta', metaAccount().id, range.from, addDays(day, -1)).spendMinor / 100 / SEED.INR;
      const after = sandbox.world.totals('meta', metaAccount().id, day, range.to).spendMinor / 100 / 100;
      expect(usd.summary.spend).toBeCloseTo(before + after, 1);
      const point = usd.series.find((p) => p.date === day)!;
      expect(point.spend).toBeCloseTo(
        sandbox.world.totals('meta', metaAccount().id, day, day).spendMinor / 100 / 100,
        2,
      );
    } finally {
      await t.app.ctx.db.execute(sql`delete from exchange_rates where currency = 'INR' and day = ${day}::date`);
    }
  });

  it('compares with the previous period of equal length', async () => {
    const current = await view({ ...range, platform: 'google', currency: 'USD' });
    expect(current.previous_range).toEqual({ from: addDays(range.from, -14), to: addDays(range.from, -1) });
    const before = sandbox.world.totals(
      'google',
      googleAccount().id,
      current.previous_range.from,
      current.previous_range.to,
    );
    expect(current.previous.impressions).toBe(before.impressions);
    expect(current.change.impressions).toBe(percentChange(current.summary.impressions, before.impressions));
    expect(current.change.spend).toBe(percentChange(current.summary.spend, before.spendMinor / 100));
  });

  it('defaults to the last 7 days, lists the connected platforms and accounts, and the sync state', async () => {
    const res = await view({});
    expect(res.range.days).toBe(7);
    expect(res.range.to).toBe(today);
    expect(res.series.map((p) => p.day)).toHaveLength(7);
    expect(res.platforms).toEqual(['meta', 'google']);
    expect(res.accounts.map((a) => a.platform).sort()).toEqual(['google', 'meta']);
    expect(res.sync.connections.every((c) => c.backfilled && c.status === 'idle')).toBe(true);
    expect(res.sync.last_synced_at).not.toBeNull();
  });

  it('filters by account and rejects filters it cannot honour', async () => {
    const all = await view({ ...range, currency: 'USD' });
    const metaId = all.accounts.find((a) => a.platform === 'meta')!.id;
    const one = await view({ ...range, account: metaId, currency: 'USD' });
    expect(one.summary.impressions).toBe(
      sandbox.world.totals('meta', metaAccount().id, range.from, range.to).impressions,
    );

    const bad = async (params: Record<string, string>, field: string, detail?: string) => {
      const res = await get(`dashboard/?${qs(params)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      if (detail) expect(res.json().detail).toBe(detail);
    };
    await bad({ platform: 'myspace' }, 'platform', DASHBOARD_MESSAGES.unknownPlatform);
    await bad({ from: '2026-02-30' }, 'from', DASHBOARD_MESSAGES.badDate);
    await bad({ from: range.to, to: range.from }, 'from', DASHBOARD_MESSAGES.badRange);
    await bad({ from: addDays(today, -400), to: today }, 'from', DASHBOARD_MESSAGES.badRange);
    await bad({ currency: 'XXX' }, 'currency', DASHBOARD_MESSAGES.unknownCurrency);
    await bad({ account: 'not-a-uuid' }, 'account', DASHBOARD_MESSAGES.unknownAccount);
    // The Meta account under the Google filter is not one of the selected accounts.
    await bad({ platform: 'google', account: metaId }, 'account');
  });

  it('refuses days PostgreSQL cannot count back from, on every range endpoint, with a 400 (audit 6d)', async () => {
    const page = (await get(`dashboard/campaigns/?${qs(range)}`)).json() as CampaignPage;
    const endpoints = [
      'dashboard/',
      'dashboard/campaigns/',
      'dashboard/campaigns/?format=csv',
      `dashboard/campaigns/${page.items[0].id}/ads/`,
      'auth/google/performance/',
    ];
    const reproductions = [
      'to=0001-01-01',
      'to=0000-01-01',
      'from=0001-01-01&to=0001-01-07',
      'from=1969-12-31',
      'to=2101-01-01',
    ];
    for (const endpoint of endpoints) {
      for (const query of reproductions) {
        const res = await get(`${endpoint}${endpoint.includes('?') ? '&' : '?'}${query}`);
        expect({ endpoint, query, status: res.statusCode }).toEqual({ endpoint, query, status: 400 });
        expect(res.json()).toMatchObject({
          detail: DASHBOARD_MESSAGES.dayOutOfRange,
          code: ErrorCode.ValidationFailed,
        });
        expect(res.json().field).toBe(query.startsWith('from') ? 'from' : 'to');
      }
    }
  });

  it('answers the first and last days it takes, previous period included, without a server error', async () => {
    const edges: Record<string, string>[] = [
      { from: '1970-01-01', to: '1970-01-07' },
      { from: '1970-01-01', to: '1971-01-01' },
      { to: '1970-01-01' },
      { from: '2100-12-25', to: '2100-12-31' },
    ];
    const page = (await get(`dashboard/campaigns/?${qs(range)}`)).json() as CampaignPage;
    for (const edge of edges) {
      const dashboard = await view(edge);
      expect(dashboard.summary.impressions).toBe(0);
      expect(dashboard.previous_range.to).toBe(addDays(dashboard.range.from, -1));
      for (const endpoint of [
        'dashboard/campaigns/',
        'dashboard/campaigns/?format=csv',
        `dashboard/campaigns/${page.items[0].id}/ads/`,
        'auth/google/performance/',
      ]) {
        const res = await get(`${endpoint}${endpoint.includes('?') ? '&' : '?'}${qs(edge)}`);
        expect({ endpoint, edge, status: res.statusCode }).toEqual({ endpoint, edge, status: 200 });
      }
    }
    // A from that makes the range too long once `to` defaults to today.
    const res = await get('dashboard/?from=1970-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: DASHBOARD_MESSAGES.badRange, field: 'from' });
  });

  it('refuses a NUL character in the search, as JSON and as CSV (audit 6c)', async () => {
    for (const url of [
      'dashboard/campaigns/?q=%00',
      'dashboard/campaigns/?q=a%00b&format=csv',
      'dashboard/?to=2030-01-01%00',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('keeps the campaign list’s whitelists and messages', async () => {
    const bad = async (query: string, field: string, detail: string) => {
      const res = await get(`dashboard/campaigns/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, field });
    };
    await bad('sort=password', 'sort', 'Unknown sort column.');
    await bad('order=up', 'order', "Order must be 'asc' or 'desc'.");
    await bad('page=0', 'page', 'Page must be a whole number from 1.');
    await bad('page_size=7', 'page_size', 'Page size must be one of 10, 25, 50, 100.');
    await bad(`q=${'x'.repeat(201)}`, 'q', 'Search text is too long.');
    await bad('format=xml', 'format', DASHBOARD_MESSAGES.badFormat);
    // Empty values mean "not given", as before.
    expect((await get('dashboard/campaigns/?sort=&order=&page=&page_size=&q=&platform=&currency=')).statusCode).toBe(
      200,
    );
    expect((await get('dashboard/campaigns/not-a-uuid/ads/')).statusCode).toBe(404);
    const pause = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/campaigns/not-a-uuid/status/',
      headers: owner.auth,
      payload: { status: 'Paused' },
    });
    expect(pause.statusCode).toBe(404);
  });

  it("keeps every user's numbers to themselves", async () => {
    const other = await trialUser();
    const theirs = await view({ ...range }, other);
    expect(theirs.summary.impressions).toBe(0);
    expect(theirs.accounts).toEqual([]);
    expect(theirs.platforms).toEqual([]);
    const ownerAccount = (await view({ ...range })).accounts[0].id;
    expect((await get(`dashboard/?account=${ownerAccount}`, other)).statusCode).toBe(400);
    const page = (await get(`dashboard/campaigns/?${qs(range)}`)).json() as CampaignPage;
    const campaignId = page.items[0].id;
    expect((await get(`dashboard/campaigns/${campaignId}/ads/`, other)).statusCode).toBe(404);
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/campaigns/${campaignId}/status/`,
      headers: other.auth,
      payload: { status: 'Paused' },
    });
    expect(pause.statusCode).toBe(404);
    expect(((await get(`dashboard/campaigns/?${qs(range)}`, other)).json() as CampaignPage).total).toBe(0);
    expect((await get('auth/google/performance/', other)).statusCode).toBe(404);
  });

  it('pages and sorts campaigns on the server, searches names, and exports what the table shows as CSV', async () => {
    const first = (
      await get(`dashboard/campaigns/?${qs({ ...range, currency: 'USD', page_size: 10 })}`)
    ).json() as CampaignPage;
    const stored = await t.app.ctx.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.workspaceId, await workspaceIdOf(t.app, owner)));
    expect(first.total).toBe(stored.length);
    expect(first.items.length).toBe(Math.min(10, stored.length));
    const spends = first.items.map((c) => c.spend);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));

    const byName = (
      await get(`dashboard/campaigns/?${qs({ ...range, sort: 'name', order: 'asc', page_size: 100 })}`)
    ).json() as CampaignPage;
    const names = byName.items.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = (
      await get(`dashboard/campaigns/?${qs({ ...range, sort: 'name', order: 'asc', page_size: 10, page: 2 })}`)
    ).json() as CampaignPage;
    expect(page2.items.map((c) => c.id)).toEqual(byName.items.slice(10, 20).map((c) => c.id));

    const needle = byName.items[0].name.slice(0, 5);
    const found = (
      await get(`dashboard/campaigns/?${qs({ ...range, q: needle.toUpperCase(), page_size: 100 })}`)
    ).json() as CampaignPage;
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((c) => c.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);

    // A Google campaign's figures are the platform's own.
    const googleRow = byName.items.find((c) => c.platform === 'google')!;
    const truth = sandbox.world
      .rows('google', googleAccount().id, range.from, range.to, 'campaign')
      .filter((row) => row.campaign.id === googleRow.campaign_id)
      .reduce(
        (acc, row) => ({
          clicks: acc.clicks + row.metrics.clicks,
          impressions: acc.impressions + row.metrics.impressions,
        }),
        { clicks: 0, impressions: 0 },
      );
    expect({ clicks: googleRow.clicks, impressions: googleRow.impressions }).toEqual(truth);

    const csv = await get(`dashboard/campaigns/?${qs({ ...range, sort: 'name', order: 'asc', format: 'csv' })}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`adwise-campaigns-${range.from}-to-${range.to}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Platform,Account,Campaign,Status,Spend (INR),Impressions,Clicks,CTR (%),CPC (INR),Conversions (platform-reported),Conversion window,Daily budget (INR)',
    );
    expect(lines).toHaveLength(byName.total + 1);
    expect(lines[1]).toContain(byName.items[0].name);
    // Each row names its platform's window: conversions are the platform's own count.
    expect(lines.find((line) => line.startsWith('Google Ads,'))).toContain(',"Purchase: 30-day click, 1-day view",');
    expect(lines.find((line) => line.startsWith('Meta,'))).toContain(',"7-day click, 1-day view",');

    const badSort = await get('dashboard/campaigns/?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect((await get('dashboard/campaigns/?page_size=7')).statusCode).toBe(400);
  });

  it('says per platform which attribution window its platform-reported conversions were counted under', async () => {
    const all = await view({ ...range, currency: 'USD' });
    expect(all.attribution).toEqual([
      {
        platform: 'meta',
        basis: 'platform-reported',
        label: '7-day click, 1-day view',
        click_days: 7,
        view_days: 1,
        windows: [
          {
            account_id: metaAccount().id,
            label: '7-day click, 1-day view',
            click_days: 7,
            view_days: 1,
            source: 'insights.attribution_setting=7d_click_1d_view',
          },
        ],
        updated_at: expect.any(String),
      },
      {
        platform: 'google',
        basis: 'platform-reported',
        label: 'Purchase: 30-day click, 1-day view',
        click_days: 30,
        view_days: 1,
        windows: [
          {
            account_id: googleAccount().id,
            label: 'Purchase: 30-day click, 1-day view',
            click_days: 30,
            view_days: 1,
            source:
              'conversion_action 900001: click_through_lookback_window_days=30, view_through_lookback_window_days=1',
          },
        ],
        updated_at: expect.any(String),
      },
    ]);
    // The platform filter narrows it like the figures.
    expect(
      (await view({ ...range, platform: 'google', currency: 'USD' })).attribution?.map((entry) => entry.platform),
    ).toEqual(['google']);
  });

  it('drills into a campaign: its ads add up to the campaign', async () => {
    const page = (
      await get(`dashboard/campaigns/?${qs({ ...range, platform: 'meta', currency: 'INR' })}`)
    ).json() as CampaignPage;
    const campaign = page.items[0];
    const res = await get(`dashboard/campaigns/${campaign.id}/ads/?${qs({ ...range, currency: 'INR' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.campaign.id).toBe(campaign.id);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.reduce((n: number, ad: { impressions: number }) => n + ad.impressions, 0)).toBe(
      campaign.impressions,
    );
    expect(body.items.reduce((n: number, ad: { clicks: number }) => n + ad.clicks, 0)).toBe(campaign.clicks);
    expect((await get('dashboard/campaigns/00000000-0000-0000-0000-000000000000/ads/')).statusCode).toBe(404);
  });

  it('finds the workspace’s ads by name, each with the campaign whose drill-down lists it, and no one else’s', async () => {
    const campaign = (
      (await get(`dashboard/campaigns/?${qs({ ...range, platform: 'meta', currency: 'INR' })}`)).json() as CampaignPage
    ).items[0];
    const ad = (
      (await get(`dashboard/campaigns/${campaign.id}/ads/?${qs({ ...range, currency: 'INR' })}`)).json() as CampaignAds
    ).items[0];
    const res = await get(`dashboard/ads/?${qs({ q: ad.name.toUpperCase() })}`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as AdSearchResult;
    expect(items).toContainEqual({
      ad_id: ad.ad_id,
      name: ad.name,
      campaign: { id: campaign.id, name: campaign.name },
    });
    expect(items.every((match) => match.name.toLowerCase().includes(ad.name.toLowerCase()))).toBe(true);

    // Without a search, the first ads by name, never more than the limit.
    const first = (await get('dashboard/ads/')).json() as AdSearchResult;
    expect(first.items).toHaveLength(AD_SEARCH_LIMIT);
    const names = first.items.map((match) => match.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // LIKE's own characters are searched for as written.
    expect(((await get(`dashboard/ads/?${qs({ q: '%' })}`)).json() as AdSearchResult).items).toEqual([]);
    expect((await get(`dashboard/ads/?q=${'x'.repeat(201)}`)).statusCode).toBe(400);

    const other = await trialUser();
    expect(((await get(`dashboard/ads/?${qs({ q: ad.name })}`, other)).json() as AdSearchResult).items).toEqual([]);
  });

  it('pauses and resumes a campaign at the platform; a refusal changes nothing', async () => {
    const page = (
      await get(`dashboard/campaigns/?${qs({ ...range, platform: 'google', sort: 'name', order: 'asc' })}`)
    ).json() as CampaignPage;
    const target = page.items.find((c) => c.status === 'Active')!;
    const post = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/dashboard/campaigns/${target.id}/status/`,
        headers: owner.auth,
        payload: { status },
      });

    const paused = await post('Paused');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ id: target.id, status: 'Paused', action_id: expect.any(String) });
    expect(sandbox.world.status('google', target.campaign_id)).toBe('PAUSED');
    const after = (
      await get(`dashboard/campaigns/?${qs({ ...range, platform: 'google', sort: 'name', order: 'asc' })}`)
    ).json() as CampaignPage;
    expect(after.items.find((c) => c.id === target.id)!.status).toBe('Paused');
    // Through the actions log, like every write to a platform: recorded, and undoable there.
    const logged = ((await get('actions/')).json() as ActionList).items.find(
      (action) => action.headline === `Campaign “${target.name}” paused from the dashboard`,
    );
    expect(logged).toMatchObject({
      id: paused.json().action_id,
      type: 'manual',
      status: 'applied',
      can_undo: true,
      steps: [{ state: 'done' }],
    });
    // Asked again while it is so at the platform: nothing more is written or logged.
    expect((await post('Paused')).json()).toEqual({ id: target.id, status: 'Paused', action_id: null });
    expect(
      ((await get('actions/')).json() as ActionList).items.filter((action) => action.headline === logged!.headline),
    ).toHaveLength(1);

    sandbox.faults.add({ platform: 'google', kind: 'server_error', times: 20 });
    const refused = await post('Active');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe('Google Ads is not answering right now. Please try again.');
    expect(sandbox.world.status('google', target.campaign_id)).toBe('PAUSED');
    const [row] = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, target.id));
    expect(row.status).toBe('PAUSED');
    sandbox.faults.clear();

    expect((await post('Active')).statusCode).toBe(200);
    expect(sandbox.world.status('google', target.campaign_id)).toBe('ACTIVE');
    expect((await post('Deleted')).json()).toMatchObject({ detail: DASHBOARD_MESSAGES.badStatus, field: 'status' });
  });

  it('answers each platform performance call, and fails the one whose connection needs the user', async () => {
    const res = await get(`auth/google/performance/?${qs({ ...range, currency: 'USD' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ platform: 'google', currency: 'USD', range: { ...range, days: 14 } });
    expect(body.summary.impressions).toBe(
      sandbox.world.totals('google', googleAccount().id, range.from, range.to).impressions,
    );
    expect(body.campaigns.every((c: { platform: string }) => c.platform === 'google')).toBe(true);
    expect((await get('auth/tiktok/performance/')).statusCode).toBe(404);
    expect((await get('auth/friendster/performance/')).statusCode).toBe(404);

    const user = await trialUser();
    await connectVia(t.app, user, 'linkedin');
    const connection = await connectionOf(t.app, user, 'linkedin');
    sandbox.faults.add({ platform: 'linkedin', kind: 'revoked', times: 5 });
    await t.app.services.sync.syncConnection(connection.id);
    const broken = await get('auth/linkedin/performance/', user);
    expect(broken.statusCode).toBe(409);
    expect(broken.json().detail).toBe(DASHBOARD_MESSAGES.needsReconnect('LinkedIn'));
  });

  it('saves the display currency the user picks', async () => {
    const user = await trialUser();
    expect((await view({}, user)).currency).toBe('INR');
    const put = (currency: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/dashboard/settings/', headers: user.auth, payload: { currency } });
    expect((await put('usd')).json()).toEqual({ currency: 'USD' });
    expect((await view({}, user)).currency).toBe('USD');
    const bad = await put('BTC');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(DASHBOARD_MESSAGES.unknownCurrency);
    expect((await view({}, user)).currency).toBe('USD');
  });

  it('a deleted account takes its synced numbers with it', async () => {
    const user = await trialUser();
    await connectVia(t.app, user, 'x');
    const connection = await connectionOf(t.app, user, 'x');
    await t.app.services.sync.syncConnection(connection.id);
    const count = async () =>
      Number(
        (
          await executeRows<{ n: string }>(
            t.app.ctx.db,
            sql`select count(*) as n from metrics_daily m join connected_ad_accounts a on a.id = m.account_ref where a.connection_id = ${connection.id}::uuid`,
          )
        )[0].n,
      );
    expect(await count()).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/delete-account/',
      headers: user.auth,
      payload: { username: user.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    const left = await t.app.ctx.db
      .select()
      .from(metricsDaily)
      .where(sql`${metricsDaily.accountRef} not in (select id from connected_ad_accounts)`);
    expect(left).toEqual([]);
  });
});
