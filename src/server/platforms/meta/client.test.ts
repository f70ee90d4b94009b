import { type SandboxAccount } from '@sandbox/world';
import { addDays } from '@shared/days';

import {
  connect,
  expectAdImage,
  memoryTokens,
  platformError as caught,
  type RecordingRuntime,
  recordingRuntime,
  type SandboxHarness,
  startHarness,
  totalsOf,
} from '../../test/platforms';
import { backoffMs } from '../http';
import { type PlatformAccount } from '../types';
import { ASYNC_POLL_SCHEDULE } from './client';
import { metaAdapter } from './index';

let harness: SandboxHarness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
afterEach(() => harness.sandbox.faults.clear());

const world = () => harness.sandbox.world;
const sandboxAccounts = () => world().accounts('meta');

/** Connects through the consent page, ticking `accounts`, and builds a client over the tokens. */
async function connected(accounts: SandboxAccount[], runtime: RecordingRuntime = recordingRuntime()) {
  const tokens = await connect(metaAdapter, harness.settings.meta, runtime, { accountIds: accounts.map((a) => a.id) });
  const provider = memoryTokens(metaAdapter, harness.settings.meta, runtime, tokens);
  return { runtime, provider, client: metaAdapter.client(harness.settings.meta, provider, runtime) };
}

function platformAccount(account: SandboxAccount): PlatformAccount {
  return { id: account.id, name: account.name, currency: account.currency, timeZone: account.timeZone };
}

describe('meta client against the sandbox', () => {
  it('lists exactly the ad accounts the user ticked, with currency and time zone', async () => {
    const [first, , third] = sandboxAccounts();
    const { client } = await connected([first, third]);
    const accounts = await client.listAccounts();
    expect(accounts).toEqual([platformAccount(first), platformAccount(third)]);
    expect(accounts.map((a) => a.id)).toEqual([expect.stringMatching(/^act_\d+$/), expect.stringMatching(/^act_\d+$/)]);
  });

  it('reports 90 days through an async report run: campaign rows and ad rows both add up to the world totals', async () => {
    const { client, runtime } = await connected(sandboxAccounts());
    for (const account of sandboxAccounts()) {
      const until = world().today(account);
      const since = addDays(until, -89);
      const truth = world().totals('meta', account.id, since, until);
      const target = platformAccount(account);

      const campaignRows = await client.report(target, { level: 'campaign', since, until });
      expect(totalsOf(campaignRows)).toEqual(truth);
      expect(
        campaignRows.every(
          (row) => row.adId === null && row.currency === account.currency && row.accountId === account.id,
        ),
      ).toBe(true);
      expect(new Set(campaignRows.map((row) => `${row.date}/${row.campaignId}`)).size).toBe(campaignRows.length);

      const adRows = await client.report(target, { level: 'ad', since, until });
      expect(totalsOf(adRows)).toEqual(truth);
      expect(adRows.every((row) => row.adId !== null && row.adName !== null && row.campaignName !== null)).toBe(true);
      expect(adRows.every((row) => row.date >= since && row.date <= until)).toBe(true);
    }
    // Only the report runs' status polls waited, each run on the schedule from its own start.
    const runs = 2 * sandboxAccounts().length;
    const { firstMs, capMs } = ASYNC_POLL_SCHEDULE;
    expect(runtime.sleeps.filter((ms) => ms === firstMs)).toHaveLength(runs);
    expect(runtime.sleeps.length).toBeGreaterThan(runs);
    expect(runtime.sleeps.every((ms) => ms >= firstMs && ms <= capMs)).toBe(true);
  });

  it('reports a month synchronously, with the same numbers as the world', async () => {
    const account = sandboxAccounts()[1];
    const { client, runtime } = await connected([account]);
    const until = world().today(account);
    const since = addDays(until, -30);
    const rows = await client.report(platformAccount(account), { level: 'ad', since, until });
    expect(totalsOf(rows)).toEqual(world().totals('meta', account.id, since, until));
    expect(runtime.sleeps).toEqual([]);
  });

  it('switches to an async report run when Graph refuses a synchronous request as too much data', async () => {
    const account = sandboxAccounts()[0];
    const requests: string[] = [];
    // Graph's refusal (code 1, subcode 99) for the first synchronous insights call; the rest reaches the sandbox.
    const runtime = recordingRuntime({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (init?.method === 'GET' && url.pathname.endsWith(`/${account.id}/insights`)) {
          const body = {
            error: {
              message: 'Please reduce the amount of data you’re asking for, then retry your request',
              type: 'OAuthException',
              code: 1,
              error_subcode: 99,
              is_transient: false,
              fbtrace_id: 'AbCdEf',
            },
          };
          return new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } });
        }
        return fetch(input, init);
      },
    });
    const { client } = await connected([account], runtime);
    const until = world().today(account);
    const since = addDays(until, -6);
    const rows = await client.report(platformAccount(account), { level: 'ad', since, until });
    expect(totalsOf(rows)).toEqual(world().totals('meta', account.id, since, until));
    expect(requests.filter((r) => r.endsWith('/insights'))[0]).toBe(`GET /meta/v25.0/${account.id}/insights`);
    expect(requests).toContain(`POST /meta/v25.0/${account.id}/insights`);
    // One run: a quarter of a second before the first poll, doubling to every 2 s.
    const polls = requests.filter((r) => /^GET \/meta\/v25\.0\/6\d+$/.test(r)).length;
    expect(polls).toBeGreaterThan(3);
    expect(runtime.sleeps).toEqual([250, 500, 1000, ...Array<number>(polls - 3).fill(2000)]);
  });

  it('gives up on a report run that Meta reports as failed', async () => {
    const account = sandboxAccounts()[0];
    const runtime = recordingRuntime({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (init?.method === 'GET' && url.searchParams.get('fields') === 'async_status,async_percent_completion') {
          const body = { id: url.pathname.split('/').pop(), async_status: 'Job Failed', async_percent_completion: 0 };
          return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        return fetch(input, init);
      },
    });
    const { client } = await connected([account], runtime);
    const until = world().today(account);
    const error = await caught(
      client.report(platformAccount(account), { level: 'campaign', since: addDays(until, -89), until }),
    );
    expect(error).toMatchObject({ kind: 'unavailable', code: 'Job Failed' });
  });

  it('pauses one campaign, resumes another and changes a budget; campaigns and today’s report show it', async () => {
    const account = sandboxAccounts()[0];
    const [toPause, toResume, toRebudget] = account.campaigns;
    world().setStatus('meta', toPause.id, 'ACTIVE');
    world().setStatus('meta', toResume.id, 'PAUSED');
    const { client } = await connected([account]);
    const target = platformAccount(account);
    const newBudget = world().dailyBudgetMinor('meta', toRebudget.id) + 12_345;

    await client.setCampaignStatus(target, toPause.id, 'PAUSED');
    await client.setCampaignStatus(target, toResume.id, 'ACTIVE');
    await client.setCampaignDailyBudget(target, toRebudget.id, newBudget);

    const campaigns = await client.listCampaigns(target);
    expect(campaigns.find((c) => c.id === toPause.id)?.status).toBe('PAUSED');
    expect(campaigns.find((c) => c.id === toResume.id)?.status).toBe('ACTIVE');
    expect(campaigns.find((c) => c.id === toRebudget.id)).toMatchObject({
      dailyBudgetMinor: newBudget,
      currency: account.currency,
    });
    expect(campaigns).toHaveLength(account.campaigns.length);

    const today = world().today(account);
    const rows = await client.report(target, { level: 'campaign', since: today, until: today });
    expect(rows.find((row) => row.campaignId === toPause.id)).toBeUndefined();
    const resumed = rows.find((row) => row.campaignId === toResume.id);
    expect(resumed?.spendMinor).toBe(world().campaignDay('meta', toResume.id, today).spendMinor);
    expect(resumed!.spendMinor).toBeGreaterThan(0);
    const rebudgeted = rows.find((row) => row.campaignId === toRebudget.id);
    expect(rebudgeted?.spendMinor).toBe(world().campaignDay('meta', toRebudget.id, today).spendMinor);
  });

  it('refuses a budget below one budget unit without calling Meta', async () => {
    const account = sandboxAccounts()[0];
    const { client } = await connected([account]);
    const error = await caught(client.setCampaignDailyBudget(platformAccount(account), account.campaigns[0].id, 0));
    expect(error.kind).toBe('invalid');
  });

  it('maps an unknown campaign (Graph 100/33) to not_found and Meta’s "budget too low" (100/1885272) to invalid, the world unchanged', async () => {
    const account = sandboxAccounts().find((a) => a.currency === 'USD')!;
    const campaign = account.campaigns[0];
    const before = world().dailyBudgetMinor('meta', campaign.id);
    const { client } = await connected([account]);
    const target = platformAccount(account);

    const missing = await caught(client.setCampaignDailyBudget(target, '120299999999999999', 5_000));
    expect(missing).toMatchObject({ kind: 'not_found', code: '100/33', status: 400, retryable: false });
    expect(missing.message).toContain("Object with ID '120299999999999999' does not exist");

    // 50 cents is one Meta budget unit and more, so it goes to Meta, which wants at least 1 USD a day.
    const low = await caught(client.setCampaignDailyBudget(target, campaign.id, 50));
    expect(low).toMatchObject({
      kind: 'invalid',
      code: '100/1885272',
      status: 400,
      message: 'Invalid parameter',
      retryable: false,
    });
    expect(world().dailyBudgetMinor('meta', campaign.id)).toBe(before);
  });

  it('retries a throttle (HTTP 400, code 80004) with its own backoff when Meta gives less than a minute', async () => {
    const account = sandboxAccounts()[0];
    const { client, runtime } = await connected([account]);
    harness.sandbox.faults.add({ platform: 'meta', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    const campaigns = await client.listCampaigns(platformAccount(account));
    expect(campaigns).toHaveLength(account.campaigns.length);
    // estimated_time_to_regain_access is in whole minutes: 7 s shows as 0, so the client backs off itself.
    expect(runtime.sleeps).toHaveLength(1);
    expect(runtime.sleeps[0]).toBeGreaterThanOrEqual(backoffMs(1, () => 0));
    expect(runtime.sleeps[0]).toBeLessThanOrEqual(backoffMs(1, () => 1));
  });

  it('waits the estimated_time_to_regain_access Meta announces, or hands a longer wait to the caller', async () => {
    const account = sandboxAccounts()[0];
    const patient = await connected([account], recordingRuntime({ maxWaitMs: 10 * 60_000 }));
    harness.sandbox.faults.add({ platform: 'meta', kind: 'rate_limit', times: 1, retryAfterSeconds: 150 });
    await patient.client.listCampaigns(platformAccount(account));
    expect(patient.runtime.sleeps).toEqual([2 * 60_000]);

    const hurried = await connected([account]);
    harness.sandbox.faults.add({ platform: 'meta', kind: 'rate_limit', times: 1, retryAfterSeconds: 180 });
    const error = await caught(hurried.client.listCampaigns(platformAccount(account)));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3 * 60_000, code: '80004/2446079', status: 400 });
    expect(error.requestId).toEqual(expect.any(String));
    expect(hurried.runtime.sleeps).toEqual([]);
  });

  it('retries server errors with exponential backoff', async () => {
    const { client, runtime } = await connected([sandboxAccounts()[0]]);
    harness.sandbox.faults.add({ platform: 'meta', kind: 'server_error', times: 2 });
    expect(await client.listAccounts()).toHaveLength(1);
    expect(runtime.sleeps).toHaveLength(2);
    expect(runtime.sleeps[0]).toBeLessThanOrEqual(backoffMs(1, () => 1));
    expect(runtime.sleeps[1]).toBeGreaterThanOrEqual(backoffMs(2, () => 0));
    expect(runtime.sleeps[1]).toBeLessThanOrEqual(backoffMs(2, () => 1));
  });

  it('re-exchanges the token once when Meta says it expired, and carries on', async () => {
    const { client, provider } = await connected([sandboxAccounts()[0]]);
    const before = provider.tokens.accessToken;
    harness.sandbox.faults.add({ platform: 'meta', kind: 'expired_token', times: 1 });
    expect(await client.listAccounts()).toHaveLength(1);
    expect(provider.refreshes).toBe(1);
    expect(provider.tokens.accessToken).not.toBe(before);
  });

  it('reports a token that really expired as revoked (Meta has no refresh token): the user must log in again', async () => {
    const { client, provider, runtime } = await connected([sandboxAccounts()[0]]);
    harness.sandbox.grants.expireAccessTokens('meta');
    const error = await caught(client.listAccounts());
    expect(error.kind).toBe('revoked');
    expect(error.needsReconnect).toBe(true);
    expect(provider.refreshes).toBe(1);
    expect(runtime.sleeps).toEqual([]);
  });

  it('reports withdrawn consent as revoked, without retrying or refreshing', async () => {
    const { client, provider, runtime } = await connected([sandboxAccounts()[0]]);
    harness.sandbox.grants.revokeAll('meta');
    const error = await caught(client.listCampaigns(platformAccount(sandboxAccounts()[0])));
    expect(error).toMatchObject({ kind: 'revoked', code: '190/458', retryable: false });
    expect(error.needsReconnect).toBe(true);
    expect(provider.refreshes).toBe(0);
    expect(runtime.sleeps).toEqual([]);
  });

  it('gets a permission error for an ad account the user did not tick', async () => {
    const [ticked, other] = sandboxAccounts();
    const { client } = await connected([ticked]);
    const today = world().today(other);
    const error = await caught(
      client.report(platformAccount(other), { level: 'campaign', since: today, until: today }),
    );
    expect(error).toMatchObject({ kind: 'permission', code: '200' });
  });

  it('lists ads with their own status and pauses and resumes one; the next ad report shows it', async () => {
    const account = sandboxAccounts()[1];
    const today = world().today(account);
    const campaign = account.campaigns.find(
      (c) =>
        world().status('meta', c.id) === 'ACTIVE' &&
        c.ads.some((ad) => world().adDay('meta', ad.id, today).spendMinor > 0),
    )!;
    const ad = campaign.ads.find((a) => world().adDay('meta', a.id, today).spendMinor > 0)!;
    const { client } = await connected([account]);
    const target = platformAccount(account);

    const ads = await client.listAds(target);
    expect(ads).toHaveLength(account.campaigns.reduce((n, c) => n + c.ads.length, 0));
    expect(ads.find((a) => a.id === ad.id)).toEqual({
      id: ad.id,
      name: ad.name,
      campaignId: campaign.id,
      status: 'ACTIVE',
      creative: {
        headlines: ad.copy.headlines,
        primaryText: ad.copy.primaryText,
        description: ad.copy.description,
        callToAction: ad.copy.callToAction,
        landingUrl: ad.copy.landingUrl,
        imageUrl: expect.stringMatching(new RegExp(`^http://[^/]+/meta/adimages/${ad.copy.image!.key}\\.png$`)),
      },
    });
    // The image URL serves the ad's image: a 1080 × 1080 PNG.
    await expectAdImage(ads, ad.id, { width: 1080, height: 1080 });

    await client.setAdStatus(target, ad.id, 'PAUSED');
    expect(world().adStatus('meta', ad.id)).toBe('PAUSED');
    expect((await client.listAds(target)).find((a) => a.id === ad.id)?.status).toBe('PAUSED');
    const rows = await client.report(target, { level: 'ad', since: today, until: today });
    expect(rows.find((row) => row.adId === ad.id)).toBeUndefined();
    expect(totalsOf(rows)).toEqual(world().totals('meta', account.id, today, today));

    await client.setAdStatus(target, ad.id, 'ACTIVE');
    expect(world().adStatus('meta', ad.id)).toBe('ACTIVE');
  });

  it('maps an unknown ad (Graph 100/33) to not_found', async () => {
    const account = sandboxAccounts()[1];
    const { client } = await connected([account]);
    const error = await caught(client.setAdStatus(platformAccount(account), '120299999999999999', 'PAUSED'));
    expect(error).toMatchObject({ kind: 'not_found', code: '100/33', retryable: false });
  });
});
