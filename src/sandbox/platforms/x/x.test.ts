import { gunzipSync } from 'node:zlib';

import { pkceChallenge, randomToken } from '@server/platforms/http';
import { xAdapter } from '@server/platforms/x';
import {
  connect,
  consent,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
} from '@server/test/platforms';
import { addDays } from '@shared/days';
import sharp from 'sharp';

import { type SandboxAccount } from '../../world';

/** The X emulator at the wire: what a careless client would run into. */
const NOW = Date.parse('2026-11-21T15:00:00Z');
const now = () => new Date(NOW);

let harness: SandboxHarness;
let api: string;
let token: string;
let usd: SandboxAccount;
let inr: SandboxAccount;
let eur: SandboxAccount;

beforeAll(async () => {
  harness = await startHarness({ now });
  api = harness.settings.x.apiBaseUrl;
  [usd, inr, eur] = harness.sandbox.world.accounts('x');
  token = (await connect(xAdapter, harness.settings.x, recordingRuntime({ now }), { accountIds: [usd.id, inr.id] }))
    .accessToken;
});
afterAll(() => harness.close());

async function get(path: string, query: Record<string, string> = {}, authorization = `Bearer ${token}`) {
  const response = await fetch(`${api}${path}?${new URLSearchParams(query)}`, { headers: { authorization } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

/** A valid DAY request for the USD (New York) account over the `days` days before today. */
function statsQuery(days: number, overrides: Record<string, string> = {}) {
  const end = harness.sandbox.world.today(usd);
  const start = addDays(end, -days);
  return {
    entity: 'CAMPAIGN',
    entity_ids: usd.campaigns.map((c) => c.id).join(','),
    start_time: `${start}T00:00:00${offsetOf(start)}`,
    end_time: `${end}T00:00:00${offsetOf(end)}`,
    granularity: 'DAY',
    metric_groups: 'ENGAGEMENT,BILLING,WEB_CONVERSION',
    placement: 'ALL_ON_TWITTER',
    ...overrides,
  };
}

describe('X sandbox', () => {
  it("answers missing or foreign credentials with X's 401 and 403 bodies, and tags every response", async () => {
    const anonymous = await get('/accounts', {}, '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      errors: [{ code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' }],
      request: { params: {} },
    });
    expect(anonymous.headers.get('x-transaction-id')).toMatch(/^[0-9a-f]{16}$/);
    expect((await get('/accounts', {}, 'Bearer x-at-forged')).status).toBe(401);
    expect((await get('/accounts', {}, `OAuth oauth_token="${token}"`)).status).toBe(401);

    const foreign = await get(`/accounts/${eur.id}/campaigns`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect((await get('/accounts')).body.data.map((a: { id: string }) => a.id)).toEqual([usd.id, inr.id]);
    expect((await get('/no/such/route')).body.errors[0].code).toBe('ROUTE_NOT_FOUND');
  });

  it('accepts an OAuth 1.0a header whose oauth_token is a live access token (signature not verified)', async () => {
    const fields = {
      oauth_consumer_key: 'ck',
      oauth_nonce: 'n0nce',
      oauth_signature: 'sig=',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '1790000000',
      oauth_token: token,
      oauth_version: '1.0',
    };
    const header = `OAuth ${Object.entries(fields)
      .map(([key, value]) => `${key}="${encodeURIComponent(value)}"`)
      .join(', ')}`;
    const accounts = await get('/accounts', {}, header);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toHaveLength(2);
  });

  it('serves the promoted tweet’s text and its website card (headline, destination, image) through tweets and cards', async () => {
    const ad = usd.campaigns[0].ads[0];
    const promoted = (await get(`/accounts/${usd.id}/promoted_tweets`, { promoted_tweet_ids: ad.id })).body.data[0];
    const tweet = (await get(`/accounts/${usd.id}/tweets`, { tweet_type: 'PUBLISHED', tweet_ids: promoted.tweet_id }))
      .body.data[0];
    expect(tweet).toMatchObject({
      id_str: promoted.tweet_id,
      full_text: ad.copy.primaryText,
      card_uri: expect.stringMatching(/^card:\/\/\d+$/),
    });
    const cards = await get(`/accounts/${usd.id}/cards`, { card_uris: tweet.card_uri });
    expect(cards.body.data).toHaveLength(1);
    const [media, details] = cards.body.data[0].components;
    expect(details).toEqual({
      type: 'DETAILS',
      title: ad.copy.headlines[0],
      destination: { type: 'WEBSITE', url: ad.copy.landingUrl },
    });
    expect(media).toMatchObject({ type: 'MEDIA', media_key: expect.stringMatching(/^3_\d{19}$/) });
    const { url, width, height } = media.media_metadata[media.media_key];
    expect([width, height]).toEqual([1200, 675]);
    const image = await fetch(url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 675 });
    // The card of an account the token was not granted stays out of reach.
    expect((await get(`/accounts/${eur.id}/cards`, { card_uris: tweet.card_uri })).status).toBeGreaterThanOrEqual(400);
  });

  it('pages with count and next_cursor', async () => {
    const first = await get(`/accounts/${usd.id}/promoted_tweets`, { count: '2' });
    expect(first.body.data).toHaveLength(2);
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await get(`/accounts/${usd.id}/promoted_tweets`, { count: '2', cursor: first.body.next_cursor });
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    const tooMany = await get(`/accounts/${usd.id}/campaigns`, { count: '1001' });
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'count' });
    expect((await get(`/accounts/${usd.id}/campaigns`, { cursor: '??' })).status).toBe(400);
  });

  it('enforces whole hours, account-zone midnights, the 7-day sync range and 20 entity ids', async () => {
    const ok = await get(`/stats/accounts/${usd.id}`, statsQuery(7));
    expect(ok.status).toBe(200);
    const reject = async (query: Record<string, string>, parameter: string) => {
      const response = await get(`/stats/accounts/${usd.id}`, query);
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter });
    };
    const end = harness.sandbox.world.today(usd);
    await reject(statsQuery(7, { start_time: `${addDays(end, -7)}T00:00:00Z` }), 'start_time');
    await reject(statsQuery(7, { end_time: `${end}T00:30:00${offsetOf(end)}` }), 'end_time');
    await reject(statsQuery(8), 'end_time');
    await reject(statsQuery(7, { entity_ids: Array.from({ length: 21 }, (_, i) => `c${i}`).join(',') }), 'entity_ids');
    await reject(statsQuery(7, { entity_ids: 'nope1' }), 'entity_ids');
    await reject(statsQuery(7, { placement: 'ALL_ON_TWITTER,TREND' }), 'placement');
    await reject(statsQuery(7, { metric_groups: 'MOBILE_CONVERSION,BILLING' }), 'metric_groups');
    const missing = await get(`/stats/accounts/${usd.id}`, { ...statsQuery(7), granularity: '' });
    expect(missing.body.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'granularity' });
    // Kolkata's midnight is 18:30Z: aligned as written with its offset, or as a bare date.
    const kolkata = {
      ...statsQuery(1),
      entity_ids: inr.campaigns[0].id,
      start_time: '2026-11-20T00:00:00+05:30',
      end_time: '2026-11-21',
    };
    expect((await get(`/stats/accounts/${inr.id}`, kolkata)).status).toBe(200);
    expect((await get(`/stats/accounts/${inr.id}`, { ...kolkata, start_time: '2026-11-19T19:00:00Z' })).status).toBe(
      400,
    );
  });

  it('renders metric arrays per day: null slots before an entity existed, null metrics when it did not serve', async () => {
    const campaign = usd.campaigns[0];
    const start = addDays(campaign.startDate, -3);
    const end = addDays(start, 7);
    const query = {
      ...statsQuery(7),
      entity_ids: campaign.id,
      start_time: `${start}T00:00:00${offsetOf(start)}`,
      end_time: `${end}T00:00:00${offsetOf(end)}`,
    };
    const body = (await get(`/stats/accounts/${usd.id}`, query)).body;
    expect(body).toMatchObject({ data_type: 'stats', time_series_length: 7 });
    const metrics = body.data[0].id_data[0].metrics;
    expect(body.data[0].id_data[0].segment).toBeNull();
    expect(metrics.impressions.slice(0, 3)).toEqual([null, null, null]);
    expect(metrics.impressions[3]).toBe(
      harness.sandbox.world.campaignDay('x', campaign.id, campaign.startDate).impressions,
    );
    expect(Object.keys(metrics.conversion_purchases).sort()).toEqual([
      'assisted',
      'order_quantity',
      'post_engagement',
      'post_view',
      'sale_amount',
    ]);
    expect(metrics.conversion_sign_ups).toEqual({
      post_view: null,
      post_engagement: null,
      assisted: null,
      order_quantity: null,
      sale_amount: null,
    });
    expect(Number.isInteger(metrics.billed_charge_local_micro[3])).toBe(true);

    const spotlight = (await get(`/stats/accounts/${usd.id}`, { ...query, placement: 'SPOTLIGHT' })).body.data[0]
      .id_data[0].metrics;
    expect(spotlight.impressions).toBeNull();
    expect(spotlight.billed_charge_local_micro).toBeNull();
  });

  it('runs async jobs: PROCESSING, then SUCCESS with a gzip file of the sync schema; 90 days at most', async () => {
    const post = async (days: number) => {
      const response = await fetch(`${api}/stats/jobs/accounts/${usd.id}?${new URLSearchParams(statsQuery(days))}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    expect((await post(91)).body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'end_time' });
    const created = await post(90);
    expect(created.body.data).toMatchObject({ status: 'PROCESSING', url: null, expires_at: null });
    const id: string = created.body.data.id_str;
    expect(String(created.body.data.id)).not.toBe(id);

    const first = await get(`/stats/jobs/accounts/${usd.id}`, { job_ids: id });
    expect(first.body.data[0].status).toBe('PROCESSING');
    const second = await get(`/stats/jobs/accounts/${usd.id}`, { job_ids: id });
    expect(second.body.data[0]).toMatchObject({ status: 'SUCCESS', id_str: id });
    expect(Date.parse(second.body.data[0].expires_at)).toBeGreaterThan(NOW);

    const file = await fetch(second.body.data[0].url);
    expect(file.headers.get('content-type')).toBe('application/gzip');
    const stats = JSON.parse(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8'));
    expect(stats).toMatchObject({ data_type: 'stats', time_series_length: 90 });
    expect(stats.data.map((d: { id: string }) => d.id)).toEqual(usd.campaigns.map((c) => c.id));
    expect((await fetch(second.body.data[0].url.replace(id, '1'))).status).toBe(404);
  });

  it('changes status and budget from query parameters, and validates them', async () => {
    const campaign = usd.campaigns[1];
    const put = async (query: Record<string, string>, campaignId = campaign.id, bearer = token) => {
      const response = await fetch(`${api}/accounts/${usd.id}/campaigns/${campaignId}?${new URLSearchParams(query)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${bearer}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const paused = await put({ entity_status: 'PAUSED', daily_budget_amount_local_micro: '140000000' });
    expect(paused.body.data).toMatchObject({
      id: campaign.id,
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 140000000,
    });
    expect(harness.sandbox.world.status('x', campaign.id)).toBe('PAUSED');
    expect(harness.sandbox.world.dailyBudgetMinor('x', campaign.id)).toBe(14000);
    expect((await put({ entity_status: 'DELETED' })).body.errors[0]).toMatchObject({
      code: 'INVALID_PARAMETER',
      parameter: 'entity_status',
    });
    expect((await put({ daily_budget_amount_local_micro: '12.5' })).status).toBe(400);
    // Zero, negative and sub-cent budgets are refused in X's words and leave the budget alone.
    for (const micros of ['0', '-140000000', '1000']) {
      const refused = await put({ daily_budget_amount_local_micro: micros });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'INVALID_PARAMETER',
        parameter: 'daily_budget_amount_local_micro',
      });
    }
    expect(harness.sandbox.world.dailyBudgetMinor('x', campaign.id)).toBe(14000);
    const unknown = await put({ daily_budget_amount_local_micro: '140000000' }, 'nope1');
    expect([unknown.status, unknown.body.errors[0].code]).toEqual([404, 'NOT_FOUND']);
    expect((await put({ entity_status: 'ACTIVE' }, 'nope1')).body.errors[0]).toMatchObject({ code: 'NOT_FOUND' });

    // A token granted ads.read only may not write.
    const verifier = randomToken(48);
    const url = new URL(harness.settings.x.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: harness.settings.x.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'ads.read',
      state: 's',
      code_challenge: await pkceChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    const { code } = await consent(url.toString(), { accountIds: [usd.id] });
    const exchanged = await fetch(harness.settings.x.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('sandbox-x-client:sandbox-x-secret').toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const readOnly = (await exchanged.json()) as { access_token: string; refresh_token?: string };
    expect(readOnly.refresh_token).toBeUndefined();
    const refused = await put({ entity_status: 'ACTIVE' }, campaign.id, readOnly.access_token);
    expect(refused).toMatchObject({ status: 403, body: { errors: [{ code: 'READONLY_CLIENT_APPLICATION' }] } });
  });

  it('renders injected 429s with reset headers (ad-account level on reads) and 503s', async () => {
    harness.sandbox.faults.add({ platform: 'x', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    const limited = await get('/accounts');
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers.get('x-account-rate-limit-remaining')).toBe('0');
    expect(limited.headers.get('x-account-rate-limit-reset')).toBe(String(NOW / 1000 + 7));
    expect(Number(limited.headers.get('x-rate-limit-remaining'))).toBeGreaterThan(0);

    harness.sandbox.faults.add({ platform: 'x', kind: 'server_error', times: 1 });
    const unavailable = await get('/accounts');
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.errors[0].code).toBe('SERVICE_UNAVAILABLE');
  });

  it('wants a form with client_secret_basic at the token endpoint', async () => {
    const json = await fetch(harness.settings.x.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' });
    const noAuth = await fetch(harness.settings.x.tokenUrl, { method: 'POST', body: form });
    expect(noAuth.status).toBe(401);
  });
});

describe('X sandbox: promoted tweets (ads)', () => {
  const world = () => harness.sandbox.world;
  /** An active campaign of the USD account whose first two promoted tweets deliver today. */
  const setting = () => {
    const today = world().today(usd);
    const campaign = usd.campaigns.find(
      (c) =>
        world().status('x', c.id) === 'ACTIVE' &&
        c.ads.length >= 2 &&
        c.ads.slice(0, 2).every((ad) => world().adDay('x', ad.id, today).spendMinor > 0),
    )!;
    return { campaign, today };
  };
  const put = async (promotedTweetId: string, query: Record<string, string>) => {
    const response = await fetch(
      `${api}/accounts/${usd.id}/promoted_tweets/${promotedTweetId}?${new URLSearchParams(query)}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      },
    );
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('pauses a promoted tweet with PUT ?entity_status=PAUSED: listed as PAUSED, no delivery today, its siblings deliver; then resumes it', async () => {
    const { campaign, today } = setting();
    const [ad, sibling] = campaign.ads;
    const listed = async () =>
      (
        await get(`/accounts/${usd.id}/promoted_tweets`, {
          promoted_tweet_ids: campaign.ads.map((a) => a.id).join(','),
        })
      ).body.data;
    expect((await listed()).map((pt: { entity_status: string }) => pt.entity_status)).toEqual(
      campaign.ads.map(() => 'ACTIVE'),
    );

    const paused = await put(ad.id, { entity_status: 'PAUSED' });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ id: ad.id, entity_status: 'PAUSED', deleted: false });
    expect(paused.body.request.params).toMatchObject({
      account_id: usd.id,
      promoted_tweet_id: ad.id,
      entity_status: 'PAUSED',
    });
    expect(world().adStatus('x', ad.id)).toBe('PAUSED');
    expect(world().status('x', campaign.id)).toBe('ACTIVE');
    expect((await listed()).find((pt: { id: string }) => pt.id === ad.id).entity_status).toBe('PAUSED');

    const tomorrow = addDays(today, 1);
    const stats = await get(`/stats/accounts/${usd.id}`, {
      ...statsQuery(1),
      entity: 'PROMOTED_TWEET',
      entity_ids: `${ad.id},${sibling.id}`,
      start_time: `${today}T00:00:00${offsetOf(today)}`,
      end_time: `${tomorrow}T00:00:00${offsetOf(tomorrow)}`,
    });
    expect(stats.status).toBe(200);
    const spendOf = (id: string) =>
      stats.body.data.find((d: { id: string }) => d.id === id).id_data[0].metrics.billed_charge_local_micro;
    expect(spendOf(ad.id)).toBeNull();
    expect(spendOf(sibling.id)[0]).toBeGreaterThan(0);

    expect((await put(ad.id, { entity_status: 'ACTIVE' })).body.data.entity_status).toBe('ACTIVE');
    expect(world().adStatus('x', ad.id)).toBe('ACTIVE');
  });

  it('answers an unknown promoted tweet with 404 NOT_FOUND and refuses a missing or bad entity_status', async () => {
    const ad = setting().campaign.ads[0];
    const missing = await put('zzzzz', { entity_status: 'PAUSED' });
    expect([missing.status, missing.body.errors[0].code]).toEqual([404, 'NOT_FOUND']);
    // A promoted tweet of another account is not found under this one.
    expect((await put(inr.campaigns[0].ads[0].id, { entity_status: 'PAUSED' })).status).toBe(404);
    const bad = await put(ad.id, { entity_status: 'DELETED' });
    expect([bad.status, bad.body.errors[0]]).toEqual([
      400,
      expect.objectContaining({ code: 'INVALID_PARAMETER', parameter: 'entity_status' }),
    ]);
    expect((await put(ad.id, {})).body.errors[0]).toMatchObject({
      code: 'MISSING_PARAMETER',
      parameter: 'entity_status',
    });
    expect(world().adStatus('x', ad.id)).toBe('ACTIVE');
  });
});

/** New York's offset on a day (EDT -04:00 or EST -05:00), for hand-written DAY-aligned times. */
function offsetOf(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' }).format(noon),
  );
  return `-${String(12 - hour).padStart(2, '0')}:00`;
}
