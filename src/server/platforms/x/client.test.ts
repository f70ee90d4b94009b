import { type ReportRow, type SandboxAccount } from '@sandbox/world';
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
import { pkceChallenge, randomToken } from '../http';
import { type ClientRuntime, type PlatformAccount, type PlatformSettings, type UnifiedMetricRow } from '../types';
import { createXClient, X_JOB_POLL_SCHEDULE } from './client';
import { xAdapter } from './index';

/** A whole-second clock shared by the sandbox and the client, so rate-limit waits are exact. */
const NOW = Date.parse('2026-11-21T15:00:00Z');
const now = () => new Date(NOW);

let harness: SandboxHarness;
let settings: PlatformSettings;
let usd: SandboxAccount;
let inr: SandboxAccount;

beforeAll(async () => {
  harness = await startHarness({ now });
  settings = harness.settings.x;
  [usd, inr] = harness.sandbox.world.accounts('x');
});
afterAll(() => harness.close());

/** A fresh connection through the consent page (ticking `accountIds`), with its own recording runtime. */
async function connected(accountIds = [usd.id, inr.id], overrides: Partial<ClientRuntime> = {}) {
  const runtime = recordingRuntime({ now, ...overrides });
  const tokens = await connect(xAdapter, settings, runtime, { accountIds });
  const provider = memoryTokens(xAdapter, settings, runtime, tokens);
  return { runtime, provider, client: xAdapter.client(settings, provider, runtime) };
}

function platformAccount(account: SandboxAccount): PlatformAccount {
  return { id: account.id, name: account.name, currency: account.currency, timeZone: account.timeZone };
}

/** The world's truth as the unified rows a correct client returns. */
function expectedRows(rows: ReportRow[]): UnifiedMetricRow[] {
  return rows.map((row) => ({
    date: row.date,
    platform: 'x',
    accountId: row.account.id,
    campaignId: row.campaign.id,
    campaignName: row.campaign.name,
    adId: row.ad?.id ?? null,
    adName: row.ad?.name ?? null,
    currency: row.account.currency,
    ...row.metrics,
  }));
}

const byKey = (a: UnifiedMetricRow, b: UnifiedMetricRow) =>
  a.date.localeCompare(b.date) ||
  a.campaignId.localeCompare(b.campaignId) ||
  (a.adId ?? '').localeCompare(b.adId ?? '');

describe('X client against the sandbox', () => {
  it('lists exactly the ad accounts ticked on the consent page, with currency and time zone', async () => {
    const { client } = await connected();
    expect(await client.listAccounts()).toEqual([platformAccount(usd), platformAccount(inr)]);
  });

  it('reports 90 days by campaign and by ad through async jobs, matching the world exactly', async () => {
    const { client, runtime } = await connected();
    const { world } = harness.sandbox;
    for (const account of [usd, inr]) {
      const until = world.today(account);
      const since = addDays(until, -89);
      const campaignRows = await client.report(platformAccount(account), { level: 'campaign', since, until });
      expect(campaignRows).toEqual(expectedRows(world.rows('x', account.id, since, until, 'campaign')).sort(byKey));
      expect(totals(campaignRows)).toEqual(world.totals('x', account.id, since, until));

      const adRows = await client.report(platformAccount(account), { level: 'ad', since, until });
      expect(adRows).toEqual(expectedRows(world.rows('x', account.id, since, until, 'ad')).sort(byKey));
      expect(totals(adRows)).toEqual(world.totals('x', account.id, since, until));
    }
    // The only waits were between job status checks: half a second before a round's first, then doubling.
    const { firstMs, capMs } = X_JOB_POLL_SCHEDULE;
    expect(runtime.sleeps.length).toBeGreaterThan(0);
    expect(runtime.sleeps[0]).toBe(firstMs);
    expect(runtime.sleeps.every((ms) => ms >= firstMs && ms <= capMs)).toBe(true);
  });

  it('reports up to 7 days through the synchronous endpoint (Kolkata midnights are 18:30Z)', async () => {
    const { client, runtime } = await connected();
    const { world } = harness.sandbox;
    const until = world.today(inr);
    const since = addDays(until, -6);
    for (const level of ['campaign', 'ad'] as const) {
      const rows = await client.report(platformAccount(inr), { level, since, until });
      expect(rows).toEqual(expectedRows(world.rows('x', inr.id, since, until, level)).sort(byKey));
    }
    expect(runtime.sleeps).toEqual([]);
  });

  it('walks next_cursor through every list when pages are small', async () => {
    const runtime = recordingRuntime({ now });
    const provider = memoryTokens(
      xAdapter,
      settings,
      runtime,
      await connect(xAdapter, settings, runtime, { accountIds: [usd.id, inr.id] }),
    );
    const client = createXClient(settings, provider, runtime, { pageSize: 2 });
    const { world } = harness.sandbox;
    expect((await client.listAccounts()).map((a) => a.id)).toEqual([usd.id, inr.id]);
    expect((await client.listCampaigns(platformAccount(usd))).map((c) => c.id)).toEqual(usd.campaigns.map((c) => c.id));
    const until = world.today(usd);
    const since = addDays(until, -6);
    const rows = await client.report(platformAccount(usd), { level: 'ad', since, until });
    expect(rows).toEqual(expectedRows(world.rows('x', usd.id, since, until, 'ad')).sort(byKey));
  });

  it('pauses one campaign, resumes another with a new budget, and the next list and report show it', async () => {
    const { client } = await connected();
    const { world } = harness.sandbox;
    const account = platformAccount(usd);
    const [running, other] = usd.campaigns.filter((c) => world.status('x', c.id) === 'ACTIVE');
    const resumed = usd.campaigns.find((c) => world.status('x', c.id) === 'PAUSED') ?? other;
    if (resumed === other) world.setStatus('x', other.id, 'PAUSED');

    await client.setCampaignStatus(account, running.id, 'PAUSED');
    await client.setCampaignStatus(account, resumed.id, 'ACTIVE');
    await client.setCampaignDailyBudget(account, resumed.id, 4321);

    expect(world.status('x', running.id)).toBe('PAUSED');
    expect(world.status('x', resumed.id)).toBe('ACTIVE');
    expect(world.dailyBudgetMinor('x', resumed.id)).toBe(4321);
    const campaigns = await client.listCampaigns(account);
    expect(campaigns.find((c) => c.id === running.id)).toMatchObject({ status: 'PAUSED' });
    expect(campaigns.find((c) => c.id === resumed.id)).toEqual({
      id: resumed.id,
      name: resumed.name,
      status: 'ACTIVE',
      dailyBudgetMinor: 4321,
      currency: 'USD',
    });

    const today = world.today(usd);
    const rows = await client.report(account, { level: 'campaign', since: today, until: today });
    expect(rows.find((r) => r.campaignId === running.id)).toBeUndefined();
    const resumedToday = rows.find((r) => r.campaignId === resumed.id);
    expect(resumedToday?.spendMinor).toBeGreaterThan(0);
    expect(resumedToday!.spendMinor).toBeLessThanOrEqual(Math.round(4321 * 1.25));
    expect(totals(rows)).toEqual(world.totals('x', usd.id, today, today));
  });

  it('lists promoted tweets as ads with their own status and pauses and resumes one; the next ad report shows it', async () => {
    const { client } = await connected();
    const { world } = harness.sandbox;
    const account = platformAccount(inr);
    const today = world.today(inr);
    const campaign = inr.campaigns.find(
      (c) => world.status('x', c.id) === 'ACTIVE' && c.ads.some((ad) => world.adDay('x', ad.id, today).spendMinor > 0),
    )!;
    const ad = campaign.ads.find((a) => world.adDay('x', a.id, today).spendMinor > 0)!;

    const ads = await client.listAds(account);
    expect(ads).toHaveLength(inr.campaigns.reduce((n, c) => n + c.ads.length, 0));
    expect(ads.find((a) => a.id === ad.id)).toEqual({
      id: ad.id,
      name: ad.name,
      campaignId: campaign.id,
      status: 'ACTIVE',
      creative: {
        headlines: ad.copy.headlines,
        primaryText: ad.copy.primaryText,
        description: null,
        callToAction: null,
        landingUrl: ad.copy.landingUrl,
        imageUrl: expect.stringMatching(new RegExp(`^http://[^/]+/x/media/${ad.copy.image!.key}\\.png$`)),
      },
    });
    await expectAdImage(ads, ad.id, { width: 1200, height: 675 });

    await client.setAdStatus(account, ad.id, 'PAUSED');
    expect(world.adStatus('x', ad.id)).toBe('PAUSED');
    expect(world.status('x', campaign.id)).toBe('ACTIVE');
    expect((await client.listAds(account)).find((a) => a.id === ad.id)?.status).toBe('PAUSED');
    const rows = await client.report(account, { level: 'ad', since: today, until: today });
    expect(rows.find((r) => r.adId === ad.id)).toBeUndefined();
    expect(totals(rows)).toEqual(world.totals('x', inr.id, today, today));

    await client.setAdStatus(account, ad.id, 'ACTIVE');
    expect(world.adStatus('x', ad.id)).toBe('ACTIVE');
  });

  it('maps an unknown promoted tweet (404 NOT_FOUND) to not_found', async () => {
    const { client } = await connected();
    expect(await rejection(client.setAdStatus(platformAccount(inr), 'zzzzz', 'PAUSED'))).toMatchObject({
      kind: 'not_found',
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('maps an unknown campaign (404 NOT_FOUND) to not_found, and a budget X refuses (400 INVALID_PARAMETER) to invalid', async () => {
    const { client } = await connected();
    const { world } = harness.sandbox;
    const campaign = usd.campaigns[0];
    const before = world.dailyBudgetMinor('x', campaign.id);

    expect(await rejection(client.setCampaignDailyBudget(platformAccount(usd), 'zzzzz', 5000))).toMatchObject({
      kind: 'not_found',
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await rejection(client.setCampaignDailyBudget(platformAccount(usd), campaign.id, 0))).toMatchObject({
      kind: 'invalid',
    });
    // Told a 3-decimal currency, the client sends 1000 micros: a tenth of a cent, which X will not take.
    const refused = await rejection(
      client.setCampaignDailyBudget({ ...platformAccount(usd), currency: 'KWD' }, campaign.id, 1),
    );
    expect(refused).toMatchObject({ kind: 'invalid', status: 400, code: 'INVALID_PARAMETER' });
    expect(refused.message).toContain('daily_budget_amount_local_micro');
    expect(world.dailyBudgetMinor('x', campaign.id)).toBe(before);
  });

  it('waits until x-account-rate-limit-reset on a 429 read, and x-rate-limit-reset on a 429 write', async () => {
    const { client, runtime } = await connected();
    harness.sandbox.faults.add({ platform: 'x', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    expect((await client.listCampaigns(platformAccount(usd))).length).toBe(usd.campaigns.length);
    expect(runtime.sleeps).toEqual([7000]);

    harness.sandbox.faults.add({ platform: 'x', kind: 'rate_limit', times: 1, retryAfterSeconds: 9 });
    await client.setCampaignDailyBudget(platformAccount(usd), usd.campaigns[0].id, 5000);
    expect(runtime.sleeps).toEqual([7000, 9000]);
  });

  it('hands a rate-limit wait longer than maxWaitMs back to the caller without sleeping', async () => {
    const { client, runtime } = await connected([usd.id], { maxWaitMs: 5000 });
    harness.sandbox.faults.add({ platform: 'x', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    const error = await rejection(client.listAccounts());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000, status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(error.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(runtime.sleeps).toEqual([]);
  });

  it('retries a 503 with exponential backoff, and gives up after maxAttempts', async () => {
    const { client, runtime } = await connected();
    harness.sandbox.faults.add({ platform: 'x', kind: 'server_error', times: 1 });
    expect(await client.listAccounts()).toHaveLength(2);
    expect(runtime.sleeps).toHaveLength(1);
    expect(runtime.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(runtime.sleeps[0]).toBeLessThanOrEqual(500);

    harness.sandbox.faults.add({ platform: 'x', kind: 'server_error', times: 4 });
    const error = await rejection(client.listCampaigns(platformAccount(usd)));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(runtime.sleeps).toHaveLength(1 + 3);
  });

  it('refreshes an expired access token once with the rotating refresh token; the old one is dead after', async () => {
    const { client, provider, runtime } = await connected([usd.id]);
    const before = provider.tokens;
    harness.sandbox.grants.expireAccessTokens('x');
    expect(await client.listAccounts()).toEqual([platformAccount(usd)]);
    expect(provider.refreshes).toBe(1);
    expect(provider.tokens.accessToken).not.toBe(before.accessToken);
    expect(provider.tokens.refreshToken).not.toBe(before.refreshToken);
    expect(runtime.sleeps).toEqual([]);

    // Reusing a rotated refresh token is refused and withdraws the whole grant.
    const oauth = xAdapter.oauth(settings, runtime);
    expect(await rejection(oauth.refresh(before))).toMatchObject({ kind: 'revoked', code: 'invalid_grant' });
    const error = await rejection(client.listAccounts());
    expect(error.kind).toBe('revoked');
  });

  it('signs with OAuth 1.0a when authMode is oauth1, and treats a 401 there as revoked', async () => {
    const { provider } = await connected([usd.id]);
    const headers: string[] = [];
    const runtime = recordingRuntime({
      now,
      fetch: (input, init) => {
        headers.push(String((init?.headers as Record<string, string>).authorization));
        return fetch(input, init);
      },
    });
    const oauth1: PlatformSettings = {
      ...settings,
      extra: { ...settings.extra, authMode: 'oauth1', consumerKey: 'ck', consumerSecret: 'cs' },
    };
    const tokens = memoryTokens(xAdapter, oauth1, runtime, {
      accessToken: provider.tokens.accessToken,
      extra: { tokenSecret: 'ts' },
    });
    const client = xAdapter.client(oauth1, tokens, runtime);
    expect(await client.listAccounts()).toEqual([platformAccount(usd)]);
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.every((h) => /^OAuth .*oauth_signature_method="HMAC-SHA1"/.test(h))).toBe(true);

    harness.sandbox.grants.expireAccessTokens('x');
    const error = await rejection(client.listAccounts());
    expect(error).toMatchObject({ kind: 'revoked', needsReconnect: true });
  });

  it('rejects a replayed authorization code and a wrong PKCE verifier; a denial gives no code', async () => {
    const runtime = recordingRuntime({ now });
    const oauth = xAdapter.oauth(settings, runtime);
    const start = async () => {
      const verifier = randomToken(48);
      const url = oauth.authorizeUrl({
        state: randomToken(16),
        redirectUri: REDIRECT_URI,
        codeChallenge: await pkceChallenge(verifier),
      });
      return { verifier, url };
    };

    const first = await start();
    const code = oauth.codeFromCallback(await consent(first.url, { accountIds: [usd.id] }))!;
    await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: first.verifier });
    expect(
      await rejection(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: first.verifier })),
    ).toMatchObject({
      kind: 'invalid',
      code: 'invalid_grant',
    });

    const second = await start();
    const secondCode = oauth.codeFromCallback(await consent(second.url, { accountIds: [usd.id] }))!;
    expect(
      await rejection(
        oauth.exchangeCode({ code: secondCode, redirectUri: REDIRECT_URI, codeVerifier: randomToken(48) }),
      ),
    ).toMatchObject({
      kind: 'invalid',
      code: 'invalid_grant',
    });

    const third = await start();
    const denied = await consent(third.url, { deny: true });
    expect(denied.error).toBe('access_denied');
    expect(oauth.codeFromCallback(denied)).toBeUndefined();
  });

  it('reports revoked consent as kind revoked after one failed refresh, without retrying', async () => {
    const { client, provider, runtime } = await connected();
    harness.sandbox.grants.revokeAll('x');
    const error = await rejection(
      client.report(platformAccount(usd), { level: 'campaign', since: '2026-11-01', until: '2026-11-07' }),
    );
    expect(error).toMatchObject({ kind: 'revoked', needsReconnect: true, retryable: false });
    expect(provider.refreshes).toBe(1);
    expect(runtime.sleeps).toEqual([]);
  });
});
