import { type SandboxAccount } from '@sandbox/world';
import { addDays, daysBetween } from '@shared/days';

import {
  connect,
  expectAdImage,
  memoryTokens,
  platformError as failure,
  type RecordingRuntime,
  recordingRuntime,
  type SandboxHarness,
  startHarness,
  totalsOf,
} from '../../test/platforms';
import { type PlatformAccount, type PlatformClient, type TokenSet } from '../types';
import { dateWindows, REPORT_MAX_DAYS } from './client';
import { RATE_LIMIT_FIRST_WAIT_MS } from './errors';
import { tiktokAdapter } from './index';

let harness: SandboxHarness;
let runtime: RecordingRuntime;
let client: PlatformClient;
let tokens: TokenSet;
/** Every URL the main client fetched. */
const fetched: string[] = [];

const world = () => harness.sandbox.world;
const sandboxAccounts = () => world().accounts('tiktok');
const settings = () => harness.settings.tiktok;

/** A fresh client over its own recording runtime (and, unless given, the shared tokens). */
function freshClient(initial: TokenSet = tokens) {
  const own = recordingRuntime();
  const provider = memoryTokens(tiktokAdapter, settings(), own, initial);
  return { runtime: own, provider, client: tiktokAdapter.client(settings(), provider, own) };
}

const asPlatformAccount = (account: SandboxAccount): PlatformAccount => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
  timeZone: account.timeZone,
});

beforeAll(async () => {
  harness = await startHarness();
  runtime = recordingRuntime({
    fetch: (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    },
  });
  tokens = await connect(tiktokAdapter, settings(), runtime, {
    accountIds: sandboxAccounts()
      .slice(0, 2)
      .map((a) => a.id),
  });
  client = tiktokAdapter.client(settings(), memoryTokens(tiktokAdapter, settings(), runtime, tokens), runtime);
});
afterAll(() => harness.close());
afterEach(() => harness.sandbox.faults.clear());

describe('TikTok client against the sandbox', () => {
  it('lists exactly the two ticked advertisers with currency and zone', async () => {
    const accounts = await client.listAccounts();
    expect(accounts).toEqual(sandboxAccounts().slice(0, 2).map(asPlatformAccount));
  });

  it('splits report ranges into windows of at most 30 days', () => {
    expect(dateWindows('2024-01-01', '2024-03-30')).toEqual([
      { start: '2024-01-01', end: '2024-01-30' },
      { start: '2024-01-31', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-30' },
    ]);
    expect(dateWindows('2024-01-01', '2024-01-01')).toEqual([{ start: '2024-01-01', end: '2024-01-01' }]);
  });

  it.each([0, 1])('reports 90 days of advertiser %i exactly, by campaign and by ad', async (index) => {
    const sandbox = sandboxAccounts()[index];
    const account = asPlatformAccount(sandbox);
    const until = world().today(sandbox);
    const since = addDays(until, -89);
    const expected = world().totals('tiktok', sandbox.id, since, until);

    fetched.length = 0;
    const campaignRows = await client.report(account, { level: 'campaign', since, until });
    expect(totalsOf(campaignRows)).toEqual(expected);
    expect(campaignRows.length).toBe(world().rows('tiktok', sandbox.id, since, until, 'campaign').length);
    for (const row of campaignRows) {
      expect(row).toMatchObject({
        platform: 'tiktok',
        accountId: sandbox.id,
        currency: sandbox.currency,
        adId: null,
        adName: null,
      });
      expect(row.date >= since && row.date <= until).toBe(true);
      expect(row.campaignName).toBe(sandbox.campaigns.find((c) => c.id === row.campaignId)?.name);
    }
    const windows = fetched.filter((u) => u.includes('/report/integrated/get/')).map((u) => new URL(u).searchParams);
    expect(windows).toHaveLength(3);
    for (const params of windows) {
      expect(daysBetween(params.get('start_date')!, params.get('end_date')!) + 1).toBeLessThanOrEqual(REPORT_MAX_DAYS);
      expect(JSON.parse(params.get('dimensions')!)).toEqual(['campaign_id', 'stat_time_day']);
    }

    const adRows = await client.report(account, { level: 'ad', since, until });
    expect(totalsOf(adRows)).toEqual(expected);
    for (const row of adRows) {
      const campaign = sandbox.campaigns.find((c) => c.id === row.campaignId);
      expect(campaign).toBeDefined();
      const ad = campaign!.ads.find((a) => a.id === row.adId);
      expect(row.campaignName).toBe(campaign!.name);
      expect(row.adName).toBe(ad?.name);
    }
  });

  it('lists campaigns with status and daily budget', async () => {
    const sandbox = sandboxAccounts()[0];
    const campaigns = await client.listCampaigns(asPlatformAccount(sandbox));
    expect(campaigns).toEqual(
      sandbox.campaigns.map((c) => ({
        id: c.id,
        name: c.name,
        status: world().status('tiktok', c.id),
        dailyBudgetMinor: world().dailyBudgetMinor('tiktok', c.id),
        currency: sandbox.currency,
      })),
    );
  });

  it('pauses, resumes and re-budgets campaigns, and the next reads show it', async () => {
    const sandbox = sandboxAccounts()[0];
    const account = asPlatformAccount(sandbox);
    const paused = sandbox.campaigns.find((c) => c.initialStatus === 'PAUSED');
    const [active, other] = sandbox.campaigns.filter((c) => c.initialStatus === 'ACTIVE');
    expect(paused && active && other).toBeTruthy();

    await client.setCampaignStatus(account, active.id, 'PAUSED');
    await client.setCampaignStatus(account, paused!.id, 'ACTIVE');
    await client.setCampaignDailyBudget(account, other.id, 12_345);

    const campaigns = await client.listCampaigns(account);
    expect(campaigns.find((c) => c.id === active.id)?.status).toBe('PAUSED');
    expect(campaigns.find((c) => c.id === paused!.id)?.status).toBe('ACTIVE');
    expect(campaigns.find((c) => c.id === other.id)?.dailyBudgetMinor).toBe(12_345);
    expect(world().dailyBudgetMinor('tiktok', other.id)).toBe(12_345);

    const today = world().today(sandbox);
    const rows = await client.report(account, { level: 'campaign', since: today, until: today });
    expect(rows.find((r) => r.campaignId === active.id)).toBeUndefined();
    expect(rows.find((r) => r.campaignId === paused!.id)?.spendMinor).toBeGreaterThan(0);
    expect(rows.find((r) => r.campaignId === other.id)?.spendMinor).toBe(
      world().campaignDay('tiktok', other.id, today).spendMinor,
    );
    expect(totalsOf(rows)).toEqual(world().totals('tiktok', sandbox.id, today, today));
  });

  it('refuses a budget the platform will not take, and a campaign it does not have', async () => {
    const sandbox = sandboxAccounts()[0];
    const before = world().dailyBudgetMinor('tiktok', sandbox.campaigns[0].id);
    const zero = await failure(client.setCampaignDailyBudget(asPlatformAccount(sandbox), sandbox.campaigns[0].id, 0));
    expect(zero).toMatchObject({ kind: 'invalid', code: '40002' });
    expect(zero.message).toContain('budget: Must be a positive number');
    expect(world().dailyBudgetMinor('tiktok', sandbox.campaigns[0].id)).toBe(before);
    const missing = await failure(client.setCampaignDailyBudget(asPlatformAccount(sandbox), '1700000000000000', 1000));
    expect(missing.kind).toBe('not_found');
  });

  it('lists ads with their own status and pauses and resumes one; the next ad report shows it', async () => {
    const sandbox = sandboxAccounts()[1];
    const account = asPlatformAccount(sandbox);
    const today = world().today(sandbox);
    const campaign = sandbox.campaigns.find(
      (c) =>
        world().status('tiktok', c.id) === 'ACTIVE' &&
        c.ads.some((ad) => world().adDay('tiktok', ad.id, today).spendMinor > 0),
    )!;
    const ad = campaign.ads.find((a) => world().adDay('tiktok', a.id, today).spendMinor > 0)!;

    const ads = await client.listAds(account);
    expect(ads).toEqual(
      sandbox.campaigns.flatMap((c) =>
        c.ads.map((a) => ({
          id: a.id,
          name: a.name,
          campaignId: c.id,
          status: world().adStatus('tiktok', a.id),
          creative: {
            headlines: [],
            primaryText: a.copy.primaryText,
            description: null,
            callToAction: a.copy.callToAction,
            landingUrl: a.copy.landingUrl,
            imageUrl: expect.stringMatching(
              new RegExp(`^http://[^/]+/tiktok/large/ad-site-i18n-sg/${a.copy.image!.key}$`),
            ),
          },
        })),
      ),
    );
    await expectAdImage(ads, ad.id, { width: 1080, height: 1920 });

    await client.setAdStatus(account, ad.id, 'PAUSED');
    expect(world().adStatus('tiktok', ad.id)).toBe('PAUSED');
    expect(world().status('tiktok', campaign.id)).toBe('ACTIVE');
    expect((await client.listAds(account)).find((a) => a.id === ad.id)?.status).toBe('PAUSED');
    const rows = await client.report(account, { level: 'ad', since: today, until: today });
    expect(rows.find((r) => r.adId === ad.id)).toBeUndefined();
    expect(totalsOf(rows)).toEqual(world().totals('tiktok', sandbox.id, today, today));

    await client.setAdStatus(account, ad.id, 'ACTIVE');
    expect(world().adStatus('tiktok', ad.id)).toBe('ACTIVE');
  });

  it('maps an unknown ad (40007) to not_found', async () => {
    const error = await failure(
      client.setAdStatus(asPlatformAccount(sandboxAccounts()[1]), '1700000000000000', 'PAUSED'),
    );
    expect(error).toMatchObject({ kind: 'not_found', code: '40007', retryable: false });
  });

  it('gets a permission error for an advertiser the user did not tick', async () => {
    const error = await failure(client.listCampaigns(asPlatformAccount(sandboxAccounts()[2])));
    expect(error).toMatchObject({ kind: 'permission', code: '40001' });
  });

  it('retries a throttle (code 40100 in an HTTP 200) after its own back-off, doubling', async () => {
    harness.sandbox.faults.add({ platform: 'tiktok', kind: 'rate_limit', times: 2, retryAfterSeconds: 7 });
    const own = freshClient();
    await expect(own.client.listCampaigns(asPlatformAccount(sandboxAccounts()[0]))).resolves.not.toHaveLength(0);
    // TikTok sends no wait with 40100, so the fault's 7 s never reaches the client.
    expect(own.runtime.sleeps).toEqual([RATE_LIMIT_FIRST_WAIT_MS, RATE_LIMIT_FIRST_WAIT_MS * 2]);
  });

  it('gives up on a throttle that does not end, as rate_limited', async () => {
    harness.sandbox.faults.add({ platform: 'tiktok', kind: 'rate_limit', times: 10 });
    const own = freshClient();
    const error = await failure(own.client.listAccounts());
    expect(error).toMatchObject({ kind: 'rate_limited', code: '40100', retryable: true });
    expect(own.runtime.sleeps).toEqual([600, 1200, 2400]);
  });

  it('retries a system error (code 50000) with backoff', async () => {
    harness.sandbox.faults.add({ platform: 'tiktok', kind: 'server_error', times: 1 });
    const own = freshClient();
    await expect(own.client.listAccounts()).resolves.toHaveLength(2);
    expect(own.runtime.sleeps).toHaveLength(1);
    expect(own.runtime.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(own.runtime.sleeps[0]).toBeLessThanOrEqual(500);
  });

  it('reports an expired token (40102) as needing a reconnect, without retrying', async () => {
    const own = freshClient(await connect(tiktokAdapter, settings(), recordingRuntime()));
    harness.sandbox.grants.expireAccessTokens('tiktok');
    const error = await failure(own.client.listAccounts());
    expect(error).toMatchObject({ kind: 'revoked', code: '40102', needsReconnect: true });
    expect(own.runtime.sleeps).toEqual([]);
  });

  it('reports revoked consent (40105) as revoked, without retrying', async () => {
    const own = freshClient(await connect(tiktokAdapter, settings(), recordingRuntime()));
    await expect(own.client.listAccounts()).resolves.toHaveLength(1);
    harness.sandbox.grants.revokeAll('tiktok');
    const error = await failure(own.client.listAccounts());
    expect(error).toMatchObject({ kind: 'revoked', code: '40105', needsReconnect: true, retryable: false });
    expect(error.requestId).toBeTruthy();
    expect(own.runtime.sleeps).toEqual([]);
    expect(own.provider.refreshes).toBe(0);
  });
});
