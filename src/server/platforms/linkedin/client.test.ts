import { addDays } from '@shared/days';

import {
  connect,
  consent,
  expectAdImage,
  memoryTokens,
  platformError as rejection,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
  totalsOf as totals,
} from '../../test/platforms';
import { type ClientRuntime, type PlatformAccount } from '../types';
import { linkedinClient } from './client';
import { linkedinAdapter } from './index';

let harness: SandboxHarness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(() => harness.close());

const world = () => harness.sandbox.world;
const settings = () => harness.settings.linkedin;
const sandboxAccounts = () => world().accounts('linkedin');

/** Connects through the consent page and builds a client over a refreshing token provider. */
async function connected(accountIds: string[], runtime: ClientRuntime & { sleeps: number[] } = recordingRuntime()) {
  const tokens = await connect(linkedinAdapter, settings(), runtime, { accountIds });
  const provider = memoryTokens(linkedinAdapter, settings(), runtime, tokens);
  return { runtime, provider, client: linkedinAdapter.client(settings(), provider, runtime) };
}

/** The last 90 days of the account, in the zone the sandbox keeps it in. */
function last90Days(accountId: string) {
  const until = world().today(world().account('linkedin', accountId)!);
  return { since: addDays(until, -89), until };
}

/** A runtime whose fetch counts requests per API path. */
function countingRuntime() {
  const calls: string[] = [];
  const runtime = recordingRuntime({
    fetch: (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
  });
  return { runtime, calls };
}

describe('LinkedIn client against the sandbox', () => {
  it('lists exactly the ad accounts the member ticked, with currency and the sandbox reporting zone', async () => {
    const [first, second] = sandboxAccounts();
    const { client } = await connected([first.id, second.id]);
    const accounts = await client.listAccounts();
    expect(accounts).toEqual([
      { id: first.id, name: first.name, currency: first.currency, timeZone: first.timeZone },
      { id: second.id, name: second.name, currency: second.currency, timeZone: second.timeZone },
    ]);
  });

  it('reports 90 days by campaign exactly like the world, and the ad rows add up to the same totals', async () => {
    const [first, second] = sandboxAccounts();
    const { client } = await connected([first.id, second.id]);
    for (const account of await client.listAccounts()) {
      const range = last90Days(account.id);
      const expected = world().totals('linkedin', account.id, range.since, range.until);
      expect(expected.spendMinor).toBeGreaterThan(0);

      const byCampaign = await client.report(account, { level: 'campaign', ...range });
      expect(totals(byCampaign)).toEqual(expected);
      const truth = world().rows('linkedin', account.id, range.since, range.until, 'campaign');
      expect(
        byCampaign.map((row) => [row.date, row.campaignId, row.campaignName, row.spendMinor, row.conversions]),
      ).toEqual(
        truth.map((row) => [
          row.date,
          row.campaign.id,
          row.campaign.name,
          row.metrics.spendMinor,
          row.metrics.conversions,
        ]),
      );
      expect(
        byCampaign.every(
          (row) =>
            row.platform === 'linkedin' &&
            row.accountId === account.id &&
            row.currency === account.currency &&
            row.adId === null,
        ),
      ).toBe(true);

      const byAd = await client.report(account, { level: 'ad', ...range });
      expect(totals(byAd)).toEqual(expected);
      for (const row of byAd) {
        const found = world().ad('linkedin', row.adId!);
        expect(found).toBeDefined();
        expect([row.campaignId, row.campaignName, row.adName]).toEqual([
          found!.campaign.id,
          found!.campaign.name,
          found!.ad.name,
        ]);
        expect(row.date >= range.since && row.date <= range.until).toBe(true);
      }
    }
  });

  it('slices the date range so no adAnalytics answer can reach the cap, and pages campaigns and creatives', async () => {
    const [first] = sandboxAccounts();
    const { runtime, calls } = countingRuntime();
    const tokens = await connect(linkedinAdapter, settings(), runtime, { accountIds: [first.id] });
    const client = linkedinClient(settings(), memoryTokens(linkedinAdapter, settings(), runtime, tokens), runtime, {
      pageSize: 2,
      analyticsElementCap: 40,
    });
    const [account] = await client.listAccounts();
    const range = last90Days(account.id);
    calls.length = 0;

    const rows = await client.report(account, { level: 'campaign', ...range });
    expect(totals(rows)).toEqual(world().totals('linkedin', account.id, range.since, range.until));
    // 5 campaigns under a cap of 40: 7 days a slice, 13 slices for 90 days; 5 campaigns in pages of 2.
    expect(first.campaigns).toHaveLength(5);
    expect(calls.filter((path) => path.endsWith('/rest/adAnalytics'))).toHaveLength(13);
    expect(calls.filter((path) => path.endsWith('/adCampaigns'))).toHaveLength(3);

    calls.length = 0;
    const adRows = await client.report(account, { level: 'ad', ...range });
    expect(totals(adRows)).toEqual(world().totals('linkedin', account.id, range.since, range.until));
    const creatives = first.campaigns.reduce((sum, campaign) => sum + campaign.ads.length, 0);
    expect(calls.filter((path) => path.endsWith('/creatives'))).toHaveLength(Math.ceil(creatives / 2));
  });

  it('asks again in halves when an answer comes back at the cap (it may have been cut)', async () => {
    const [first] = sandboxAccounts();
    const cap = 100;
    let analyticsCalls = 0;
    const runtime = recordingRuntime({
      fetch: async (input, init) => {
        if (new URL(String(input)).pathname.endsWith('/rest/adAnalytics') && ++analyticsCalls === 1) {
          // LinkedIn's silent truncation: exactly `cap` elements, the rest dropped.
          const element = {
            dateRange: { start: { year: 2000, month: 1, day: 1 }, end: { year: 2000, month: 1, day: 1 } },
            pivotValues: ['urn:li:sponsoredCampaign:1'],
          };
          return new Response(
            JSON.stringify({ paging: { start: 0, count: 10, links: [] }, elements: Array(cap).fill(element) }),
            { status: 200 },
          );
        }
        return fetch(input, init);
      },
    });
    const tokens = await connect(linkedinAdapter, settings(), runtime, { accountIds: [first.id] });
    const client = linkedinClient(settings(), memoryTokens(linkedinAdapter, settings(), runtime, tokens), runtime, {
      analyticsElementCap: cap,
    });
    const [account] = await client.listAccounts();
    const until = world().today(first);
    const since = addDays(until, -13);
    const rows = await client.report(account, { level: 'campaign', since, until });
    expect(analyticsCalls).toBe(3);
    expect(totals(rows)).toEqual(world().totals('linkedin', account.id, since, until));
  });

  it('looks up a creative the criteria finder did not list, so its rows keep their campaign and name', async () => {
    const [first] = sandboxAccounts();
    const hidden = first.campaigns[0].ads[0];
    const lookups: string[] = [];
    const runtime = recordingRuntime({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const response = await fetch(input, init);
        if (url.pathname.includes('/creatives/')) lookups.push(decodeURIComponent(url.pathname.split('/').pop()!));
        if (!url.pathname.endsWith('/creatives')) return response;
        const page = await response.json();
        const elements = page.elements.filter((e: { id: string }) => e.id !== `urn:li:sponsoredCreative:${hidden.id}`);
        return new Response(JSON.stringify({ ...page, elements }), { status: 200 });
      },
    });
    const { client } = await connected([first.id], runtime);
    const [account] = await client.listAccounts();
    const range = last90Days(account.id);
    const rows = await client.report(account, { level: 'ad', ...range });
    expect(lookups).toEqual([`urn:li:sponsoredCreative:${hidden.id}`]);
    const hiddenRows = rows.filter((row) => row.adId === hidden.id);
    expect(hiddenRows.length).toBeGreaterThan(0);
    expect(hiddenRows.every((row) => row.adName === hidden.name && row.campaignId === first.campaigns[0].id)).toBe(
      true,
    );
    expect(totals(rows)).toEqual(world().totals('linkedin', account.id, range.since, range.until));
  });

  it('pauses, resumes and re-budgets campaigns; listCampaigns and the next report show it', async () => {
    const [usd, inr] = sandboxAccounts();
    const { client } = await connected([usd.id, inr.id]);
    const [account, rupees] = await client.listAccounts();
    const campaigns = await client.listCampaigns(account);
    expect(campaigns.map((c) => c.id)).toEqual(usd.campaigns.map((c) => c.id));
    expect(campaigns.every((c) => c.currency === 'USD' && Number.isInteger(c.dailyBudgetMinor))).toBe(true);
    const active = campaigns.find((c) => c.status === 'ACTIVE')!;
    const paused = campaigns.find((c) => c.status === 'PAUSED')!;
    expect(paused).toBeDefined();

    await client.setCampaignStatus(account, active.id, 'PAUSED');
    await client.setCampaignStatus(account, paused.id, 'ACTIVE');
    const rupeeCampaign = (await client.listCampaigns(rupees)).find((c) => c.status === 'ACTIVE')!;
    await client.setCampaignDailyBudget(rupees, rupeeCampaign.id, 1_234_550);

    const after = await client.listCampaigns(account);
    expect(after.find((c) => c.id === active.id)!.status).toBe('PAUSED');
    expect(after.find((c) => c.id === paused.id)!.status).toBe('ACTIVE');
    expect((await client.listCampaigns(rupees)).find((c) => c.id === rupeeCampaign.id)!.dailyBudgetMinor).toBe(
      1_234_550,
    );
    expect(world().dailyBudgetMinor('linkedin', rupeeCampaign.id)).toBe(1_234_550);

    const today = world().today(usd);
    const todays = await client.report(account, { level: 'campaign', since: today, until: today });
    expect(todays.find((row) => row.campaignId === active.id)).toBeUndefined();
    expect(todays.find((row) => row.campaignId === paused.id)!.spendMinor).toBe(
      world().campaignDay('linkedin', paused.id, today).spendMinor,
    );
    const rupeeToday = world().today(inr);
    const rupeeRows = await client.report(rupees, { level: 'campaign', since: rupeeToday, until: rupeeToday });
    expect(rupeeRows.find((row) => row.campaignId === rupeeCampaign.id)!.spendMinor).toBe(
      world().campaignDay('linkedin', rupeeCampaign.id, rupeeToday).spendMinor,
    );
    expect(totals(rupeeRows)).toEqual(world().totals('linkedin', inr.id, rupeeToday, rupeeToday));
  });

  it('maps an unknown campaign (404) to not_found, and a dailyBudget LinkedIn refuses to invalid in its words', async () => {
    const [usd] = sandboxAccounts();
    const campaign = usd.campaigns[0];
    const before = world().dailyBudgetMinor('linkedin', campaign.id);
    const { client } = await connected([usd.id]);
    const [account] = await client.listAccounts();

    expect(await rejection(client.setCampaignDailyBudget(account, '1', 5_000))).toMatchObject({
      kind: 'not_found',
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    });
    expect(await rejection(client.setCampaignDailyBudget(account, campaign.id, 0))).toMatchObject({ kind: 'invalid' });
    // Told the wrong currency, the client sends {amount, currencyCode: "EUR"}: LinkedIn wants the account's own.
    const refused = await rejection(client.setCampaignDailyBudget({ ...account, currency: 'EUR' }, campaign.id, 5_000));
    expect(refused).toMatchObject({ kind: 'invalid', status: 400, code: 'INVALID_VALUE' });
    expect(refused.message).toContain('dailyBudget.currencyCode must be the account currency USD');
    expect(world().dailyBudgetMinor('linkedin', campaign.id)).toBe(before);
  });

  it('lists creatives as ads with their own status and pauses and resumes one; the next ad report shows it', async () => {
    const third = sandboxAccounts()[2];
    const today = world().today(third);
    const campaign = third.campaigns.find(
      (c) =>
        world().status('linkedin', c.id) === 'ACTIVE' &&
        c.ads.some((ad) => world().adDay('linkedin', ad.id, today).spendMinor > 0),
    )!;
    const ad = campaign.ads.find((a) => world().adDay('linkedin', a.id, today).spendMinor > 0)!;
    const { client } = await connected([third.id]);
    const [account] = await client.listAccounts();

    const ads = await client.listAds(account);
    expect(ads).toHaveLength(third.campaigns.reduce((n, c) => n + c.ads.length, 0));
    expect(ads.find((a) => a.id === ad.id)).toEqual({
      id: ad.id,
      name: ad.name,
      campaignId: campaign.id,
      status: 'ACTIVE',
      creative: {
        headlines: ad.copy.headlines,
        primaryText: ad.copy.primaryText,
        description: null,
        callToAction: ad.copy.callToAction,
        landingUrl: ad.copy.landingUrl,
        imageUrl: expect.stringMatching(new RegExp(`^http://[^/]+/linkedin/dms/image/D4E10AQ${ad.copy.image!.key}$`)),
      },
    });
    expect(ads.every((a) => a.creative?.primaryText && a.creative.imageUrl)).toBe(true);
    // The download URL serves the image at LinkedIn's single-image size.
    await expectAdImage(ads, ad.id, { width: 1200, height: 627 });

    await client.setAdStatus(account, ad.id, 'PAUSED');
    expect(world().adStatus('linkedin', ad.id)).toBe('PAUSED');
    expect((await client.listAds(account)).find((a) => a.id === ad.id)?.status).toBe('PAUSED');
    const rows = await client.report(account, { level: 'ad', since: today, until: today });
    expect(rows.find((row) => row.adId === ad.id)).toBeUndefined();
    expect(totals(rows)).toEqual(world().totals('linkedin', third.id, today, today));

    await client.setAdStatus(account, ad.id, 'ACTIVE');
    expect(world().adStatus('linkedin', ad.id)).toBe('ACTIVE');
  });

  it('maps an unknown creative (404) to not_found and refuses an id that is not a number', async () => {
    const third = sandboxAccounts()[2];
    const { client } = await connected([third.id]);
    const [account] = await client.listAccounts();
    expect(await rejection(client.setAdStatus(account, '1', 'PAUSED'))).toMatchObject({
      kind: 'not_found',
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
    });
    expect(await rejection(client.setAdStatus(account, 'urn:li:sponsoredCreative:1', 'PAUSED'))).toMatchObject({
      kind: 'invalid',
    });
  });

  it('waits what a 429 says (Retry-After) and then succeeds', async () => {
    const [first] = sandboxAccounts();
    const { client, runtime } = await connected([first.id]);
    harness.sandbox.faults.add({ platform: 'linkedin', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    expect(await client.listAccounts()).toHaveLength(1);
    expect(runtime.sleeps).toEqual([7000]);
  });

  it('retries server errors with exponential backoff', async () => {
    const [first] = sandboxAccounts();
    const { client, runtime } = await connected([first.id]);
    harness.sandbox.faults.add({ platform: 'linkedin', kind: 'server_error', times: 2 });
    expect(await client.listAccounts()).toHaveLength(1);
    expect(runtime.sleeps).toHaveLength(2);
    expect(runtime.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(runtime.sleeps[0]).toBeLessThanOrEqual(500);
    expect(runtime.sleeps[1]).toBeGreaterThanOrEqual(500);
    expect(runtime.sleeps[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up on a server that stays down after the allowed attempts, as unavailable', async () => {
    const [first] = sandboxAccounts();
    const { client, runtime } = await connected([first.id]);
    harness.sandbox.faults.add({ platform: 'linkedin', kind: 'server_error', times: 4 });
    const error = await rejection(client.listAccounts());
    expect([error.kind, error.status, error.retryable]).toEqual(['unavailable', 500, true]);
    expect(runtime.sleeps).toHaveLength(3);
  });

  it('refreshes an expired access token once through the provider and carries on', async () => {
    const [first] = sandboxAccounts();
    const { client, provider } = await connected([first.id]);
    const before = provider.tokens.accessToken;
    harness.sandbox.grants.expireAccessTokens('linkedin');
    const [account] = await client.listAccounts();
    expect(await client.listCampaigns(account)).toHaveLength(first.campaigns.length);
    expect(provider.refreshes).toBe(1);
    expect(provider.tokens.accessToken).not.toBe(before);
  });

  it('answers 403 for an account the member did not grant, as permission', async () => {
    const [first, , third] = sandboxAccounts();
    const { client, runtime } = await connected([first.id]);
    const other: PlatformAccount = {
      id: third.id,
      name: third.name,
      currency: third.currency,
      timeZone: third.timeZone,
    };
    const error = await rejection(client.listCampaigns(other));
    expect([error.kind, error.status, error.code]).toEqual(['permission', 403, 'ACCESS_DENIED']);
    const reportError = await rejection(
      client.report(other, { level: 'campaign', since: world().today(third), until: world().today(third) }),
    );
    expect(reportError.kind).toBe('permission');
    expect(runtime.sleeps).toEqual([]);
  });

  it('reports a sunset LinkedIn-Version (426) as invalid, naming the setting', async () => {
    const [first] = sandboxAccounts();
    const runtime = recordingRuntime();
    const tokens = await connect(linkedinAdapter, settings(), runtime, { accountIds: [first.id] });
    const stale = { ...settings(), apiVersion: '202401' };
    const client = linkedinAdapter.client(stale, memoryTokens(linkedinAdapter, stale, runtime, tokens), runtime);
    const error = await rejection(client.listAccounts());
    expect([error.kind, error.status, error.code]).toEqual(['invalid', 426, 'NONEXISTENT_VERSION']);
    expect(error.message).toContain('LINKEDIN_API_VERSION');
    expect(error.requestId).toEqual(expect.any(String));
  });

  it('rejects a replayed authorization code, which also revokes what the code issued', async () => {
    const [first] = sandboxAccounts();
    const runtime = recordingRuntime();
    const oauth = linkedinAdapter.oauth(settings(), runtime);
    const query = await consent(oauth.authorizeUrl({ state: 'replay', redirectUri: REDIRECT_URI }), {
      accountIds: [first.id],
    });
    const code = oauth.codeFromCallback(query)!;
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const replay = await rejection(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect([replay.kind, replay.status, replay.code]).toEqual(['invalid', 400, 'invalid_request']);
    const client = linkedinAdapter.client(
      settings(),
      memoryTokens(linkedinAdapter, settings(), runtime, tokens),
      runtime,
    );
    expect((await rejection(client.listAccounts())).kind).toBe('revoked');
  });

  it('reports withdrawn consent as revoked (needs reconnect), without retrying or refreshing', async () => {
    const [first] = sandboxAccounts();
    const { client, runtime, provider } = await connected([first.id]);
    harness.sandbox.grants.revokeAll('linkedin');
    const error = await rejection(client.listAccounts());
    expect([error.kind, error.needsReconnect, error.status, error.code]).toEqual([
      'revoked',
      true,
      401,
      'REVOKED_ACCESS_TOKEN',
    ]);
    expect(runtime.sleeps).toEqual([]);
    expect(provider.refreshes).toBe(0);
  });
});
