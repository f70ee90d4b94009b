import { type SandboxAccount } from '@sandbox/world';
import { addDays } from '@shared/days';

import {
  connect,
  consent,
  memoryTokens,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
  totalsOf,
} from '../../test/platforms';
import { pkceChallenge, randomToken } from '../http';
import { type PlatformAccount, type PlatformClient, PlatformError } from '../types';
import { googleAdapter } from './index';

let harness: SandboxHarness;
/** The USD account and the JPY account (0 minor digits), both ticked on the consent page. */
let usd: SandboxAccount;
let jpy: SandboxAccount;

beforeAll(async () => {
  harness = await startHarness();
  const accounts = harness.sandbox.world.accounts('google');
  usd = accounts.find((a) => a.currency === 'USD')!;
  jpy = accounts.find((a) => a.currency === 'JPY')!;
});
afterAll(() => harness.close());
afterEach(() => harness.sandbox.faults.clear());

const settings = () => harness.settings.google;

async function connected(runtime = recordingRuntime()) {
  const tokens = await connect(googleAdapter, settings(), runtime, { accountIds: [usd.id, jpy.id] });
  const provider = memoryTokens(googleAdapter, settings(), runtime, tokens);
  return { runtime, provider, client: googleAdapter.client(settings(), provider, runtime) };
}

async function accountOf(client: PlatformClient, id: string): Promise<PlatformAccount> {
  const account = (await client.listAccounts()).find((a) => a.id === id);
  if (!account) throw new Error(`account ${id} not listed`);
  return account;
}

describe('google client against the sandbox', () => {
  it('lists exactly the accounts ticked on the consent page, with currency and zone', async () => {
    const { client } = await connected();
    const accounts = await client.listAccounts();
    expect(accounts).toEqual(
      [usd, jpy].map((a) => ({ id: a.id, name: a.name, currency: a.currency, timeZone: a.timeZone })),
    );
  });

  it.each(['USD', 'JPY'])(
    'reports 90 days of %s by campaign and by ad that add up to the world totals',
    async (currency) => {
      const { client } = await connected();
      const sandboxAccount = currency === 'USD' ? usd : jpy;
      const account = await accountOf(client, sandboxAccount.id);
      const until = harness.sandbox.world.today(sandboxAccount);
      const since = addDays(until, -89);
      const truth = harness.sandbox.world.totals('google', account.id, since, until);

      const campaignRows = await client.report(account, { level: 'campaign', since, until });
      expect(totalsOf(campaignRows)).toEqual(truth);
      expect(campaignRows.length).toBe(
        harness.sandbox.world.rows('google', account.id, since, until, 'campaign').length,
      );
      expect(
        campaignRows.every((r) => r.adId === null && r.currency === currency && r.date >= since && r.date <= until),
      ).toBe(true);

      const adRows = await client.report(account, { level: 'ad', since, until });
      expect(totalsOf(adRows)).toEqual(truth);
      const someAd = sandboxAccount.campaigns[0].ads[0];
      expect(adRows.find((r) => r.adId === someAd.id)).toMatchObject({
        adName: someAd.name,
        campaignId: sandboxAccount.campaigns[0].id,
      });
    },
  );

  it('pauses and resumes campaigns and changes a budget; listCampaigns and the next report show it', async () => {
    const { client } = await connected();
    const world = harness.sandbox.world;
    const account = await accountOf(client, usd.id);
    const today = world.today(usd);
    const active = usd.campaigns.filter((c) => world.status('google', c.id) === 'ACTIVE');
    const [paused, resumed] = active;

    await client.setCampaignStatus(account, paused.id, 'PAUSED');
    await client.setCampaignStatus(account, resumed.id, 'PAUSED');
    await client.setCampaignStatus(account, resumed.id, 'ACTIVE');
    await client.setCampaignDailyBudget(account, resumed.id, 12_345);

    const campaigns = await client.listCampaigns(account);
    expect(campaigns).toHaveLength(usd.campaigns.length);
    expect(campaigns.find((c) => c.id === paused.id)).toMatchObject({ status: 'PAUSED', currency: 'USD' });
    expect(campaigns.find((c) => c.id === resumed.id)).toEqual({
      id: resumed.id,
      name: resumed.name,
      status: 'ACTIVE',
      dailyBudgetMinor: 12_345,
      currency: 'USD',
    });
    expect(world.dailyBudgetMinor('google', resumed.id)).toBe(12_345);

    const rows = await client.report(account, { level: 'campaign', since: today, until: today });
    expect(rows.find((r) => r.campaignId === paused.id)).toBeUndefined();
    expect(world.campaignDay('google', paused.id, today).spendMinor).toBe(0);
    expect(rows.find((r) => r.campaignId === resumed.id)?.spendMinor).toBe(
      world.campaignDay('google', resumed.id, today).spendMinor,
    );
    expect(totalsOf(rows)).toEqual(world.totals('google', account.id, today, today));
  });

  it('writes a JPY budget in whole yen (micros of a 0-digit currency)', async () => {
    const { client } = await connected();
    const account = await accountOf(client, jpy.id);
    const campaign = jpy.campaigns[0];
    await client.setCampaignDailyBudget(account, campaign.id, 4_321);
    expect(harness.sandbox.world.dailyBudgetMinor('google', campaign.id)).toBe(4_321);
    expect((await client.listCampaigns(account)).find((c) => c.id === campaign.id)?.dailyBudgetMinor).toBe(4_321);
  });

  it('maps a campaign the customer does not have to not_found, and a budget Google refuses to invalid in its words', async () => {
    let calls = 0;
    const { client } = await connected(recordingRuntime({ fetch: (input, init) => (calls++, fetch(input, init)) }));
    const world = harness.sandbox.world;
    const account = await accountOf(client, usd.id);
    const campaign = usd.campaigns[0];
    const before = world.dailyBudgetMinor('google', campaign.id);

    await expect(client.setCampaignDailyBudget(account, '1', 5_000)).rejects.toMatchObject({
      kind: 'not_found',
      platform: 'google',
    });
    await expect(client.setCampaignDailyBudget(account, jpy.campaigns[0].id, 5_000)).rejects.toMatchObject({
      kind: 'not_found',
    });

    calls = 0;
    await expect(client.setCampaignDailyBudget(account, campaign.id, 0)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(client.setCampaignDailyBudget(account, campaign.id, -100)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(client.setCampaignDailyBudget(account, campaign.id, 12.5)).rejects.toMatchObject({ kind: 'invalid' });
    expect(calls).toBe(0);
    expect(world.dailyBudgetMinor('google', campaign.id)).toBe(before);

    // Told the JPY customer is in USD, the client sends cents as micros: Google refuses a fraction of a yen.
    const wrongCurrency = { ...(await accountOf(client, jpy.id)), currency: 'USD' };
    const jpyBefore = world.dailyBudgetMinor('google', jpy.campaigns[0].id);
    const refused = await client
      .setCampaignDailyBudget(wrongCurrency, jpy.campaigns[0].id, 12_345)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformError);
    expect(refused).toMatchObject({ kind: 'invalid', status: 400, code: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' });
    expect((refused as PlatformError).message).toContain('must be a multiple of the minimum unit of JPY');
    expect(world.dailyBudgetMinor('google', jpy.campaigns[0].id)).toBe(jpyBefore);
  });

  it('retries a 429 after the retryDelay Google signals', async () => {
    const { client, runtime } = await connected();
    const account = await accountOf(client, usd.id);
    harness.sandbox.faults.add({ platform: 'google', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    await expect(client.listCampaigns(account)).resolves.toHaveLength(usd.campaigns.length);
    expect(runtime.sleeps).toEqual([7000]);
  });

  it('retries 5xx with exponential backoff', async () => {
    const { client, runtime } = await connected();
    const account = await accountOf(client, usd.id);
    harness.sandbox.faults.add({ platform: 'google', kind: 'server_error', times: 2 });
    const until = harness.sandbox.world.today(usd);
    await expect(
      client.report(account, { level: 'campaign', since: addDays(until, -6), until }),
    ).resolves.not.toHaveLength(0);
    expect(runtime.sleeps).toHaveLength(2);
    expect(runtime.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(runtime.sleeps[0]).toBeLessThanOrEqual(500);
    expect(runtime.sleeps[1]).toBeGreaterThanOrEqual(500);
    expect(runtime.sleeps[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up on a 429 whose wait is longer than the client waits, with the wait on the error', async () => {
    const { client, runtime } = await connected(recordingRuntime({ maxWaitMs: 5_000 }));
    const account = await accountOf(client, usd.id);
    harness.sandbox.faults.add({ platform: 'google', kind: 'rate_limit', times: 1, retryAfterSeconds: 30 });
    const error = await client.listCampaigns(account).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 30_000,
      status: 429,
      code: 'RESOURCE_TEMPORARILY_EXHAUSTED',
    });
    expect((error as PlatformError).requestId).toMatch(/^[\w-]{22}$/);
    expect(runtime.sleeps).toEqual([]);
  });

  it('refreshes an expired access token through the provider once and carries on', async () => {
    const { client, provider } = await connected();
    const account = await accountOf(client, usd.id);
    const before = provider.tokens.accessToken;
    harness.sandbox.grants.expireAccessTokens('google');
    await expect(client.listCampaigns(account)).resolves.toHaveLength(usd.campaigns.length);
    expect(provider.refreshes).toBe(1);
    expect(provider.tokens.accessToken).not.toBe(before);
    expect(provider.tokens.refreshToken).toBeTruthy();
  });

  it('rejects a replayed authorization code', async () => {
    const runtime = recordingRuntime();
    const oauth = googleAdapter.oauth(settings(), runtime);
    const state = randomToken(16);
    const verifier = randomToken(48);
    const query = await consent(
      oauth.authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: await pkceChallenge(verifier) }),
    );
    const code = oauth.codeFromCallback(query)!;
    const first = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    const replay = await oauth
      .exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })
      .catch((e: unknown) => e);
    expect(replay).toMatchObject({ kind: 'invalid', code: 'invalid_grant', status: 400 });
    // The replay also revokes what the code issued.
    await expect(oauth.refresh(first)).rejects.toMatchObject({ kind: 'revoked' });
  });

  it('rejects a wrong PKCE verifier', async () => {
    const oauth = googleAdapter.oauth(settings(), recordingRuntime());
    const query = await consent(
      oauth.authorizeUrl({
        state: 's',
        redirectUri: REDIRECT_URI,
        codeChallenge: await pkceChallenge(randomToken(48)),
      }),
    );
    const error = await oauth
      .exchangeCode({ code: oauth.codeFromCallback(query)!, redirectUri: REDIRECT_URI, codeVerifier: randomToken(48) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_grant' });
  });

  it('lists ad group ads with their own status and pauses and resumes one; the next ad report shows it', async () => {
    const { client } = await connected();
    const world = harness.sandbox.world;
    const account = await accountOf(client, jpy.id);
    const today = world.today(jpy);
    const campaign = jpy.campaigns.find(
      (c) =>
        world.status('google', c.id) === 'ACTIVE' &&
        c.ads.some((ad) => world.adDay('google', ad.id, today).spendMinor > 0),
    )!;
    const ad = campaign.ads.find((a) => world.adDay('google', a.id, today).spendMinor > 0)!;

    const ads = await client.listAds(account);
    expect(ads).toHaveLength(jpy.campaigns.reduce((n, c) => n + c.ads.length, 0));
    expect(ads.find((a) => a.id === ad.id)).toEqual({
      id: ad.id,
      name: ad.name,
      campaignId: campaign.id,
      status: 'ACTIVE',
      creative: {
        headlines: ad.copy.headlines,
        primaryText: ad.copy.descriptions[0],
        description: ad.copy.descriptions[1],
        callToAction: null,
        landingUrl: ad.copy.landingUrl,
        imageUrl: null,
      },
    });
    expect(
      ads.every((a) => (a.creative?.headlines.length ?? 0) >= 3 && a.creative?.landingUrl?.startsWith('https://')),
    ).toBe(true);

    await client.setAdStatus(account, ad.id, 'PAUSED');
    expect(world.adStatus('google', ad.id)).toBe('PAUSED');
    expect(world.status('google', campaign.id)).toBe('ACTIVE');
    expect((await client.listAds(account)).find((a) => a.id === ad.id)?.status).toBe('PAUSED');
    const rows = await client.report(account, { level: 'ad', since: today, until: today });
    expect(rows.find((r) => r.adId === ad.id)).toBeUndefined();
    expect(totalsOf(rows)).toEqual(world.totals('google', account.id, today, today));

    await client.setAdStatus(account, ad.id, 'ACTIVE');
    expect(world.adStatus('google', ad.id)).toBe('ACTIVE');
    expect((await client.listAds(account)).find((a) => a.id === ad.id)?.status).toBe('ACTIVE');
  });

  it('maps an unknown ad to not_found and refuses an id that is not numeric before calling Google', async () => {
    const { client } = await connected();
    const account = await accountOf(client, usd.id);
    await expect(client.setAdStatus(account, '1', 'PAUSED')).rejects.toMatchObject({
      kind: 'not_found',
      platform: 'google',
    });
    // The ad of another customer is not found in this one either.
    await expect(client.setAdStatus(account, jpy.campaigns[0].ads[0].id, 'PAUSED')).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(client.setAdStatus(account, '12~34', 'PAUSED')).rejects.toMatchObject({ kind: 'invalid' });
  });

  // Last: revokes every Google grant of this sandbox.
  it('reports withdrawn consent as revoked (reconnect needed) without retrying', async () => {
    const { client, provider, runtime } = await connected();
    const account = await accountOf(client, usd.id);
    harness.sandbox.grants.revokeAll('google');
    const until = harness.sandbox.world.today(usd);
    const error = await client
      .report(account, { level: 'ad', since: addDays(until, -89), until })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'revoked', needsReconnect: true, code: 'invalid_grant' });
    expect(provider.refreshes).toBe(1);
    expect(runtime.sleeps).toEqual([]);
  });
});
