import { createHmac } from 'node:crypto';

import { consent, REDIRECT_URI, type SandboxHarness, startHarness } from '@server/test/platforms';
import { addDays } from '@shared/days';
import { decimalToMinor } from '@shared/money';
import sharp from 'sharp';

import { type SandboxAccount } from '../../world';
import { SYNC_INSIGHTS_MAX_ROWS } from './api';
import { PURCHASE_ACTION_TYPES } from './insights';
import { ASYNC_PROGRESS } from './nodes';
import { LONG_LIVED_TOKEN_SECONDS, SHORT_LIVED_TOKEN_SECONDS } from './oauth';

/** The Meta emulator's wire behaviour, spoken to with plain HTTP the way Graph is. */

const CLIENT_ID = 'sandbox-meta-client';
const CLIENT_SECRET = 'sandbox-meta-secret';

let harness: SandboxHarness;
let graph: string;

beforeAll(async () => {
  harness = await startHarness();
  graph = `${harness.sandbox.url}/meta/v25.0`;
});
afterAll(() => harness.close());
afterEach(() => harness.sandbox.faults.clear());

const accounts = () => harness.sandbox.world.accounts('meta');

interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text of an HTML page. */
  body: any;
}

async function http(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML pages stay text.
  }
  return { status: response.status, headers: response.headers, body };
}

function dialogUrl(params: Record<string, string>): string {
  return `${graph}/dialog/oauth?${new URLSearchParams(params)}`;
}

const dialogParams = (state = 'st') => ({
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  state,
  scope: 'ads_read,ads_management',
  response_type: 'code',
});

/** A code for the ticked accounts, through the real consent page. */
async function codeFor(ticked: SandboxAccount[], scope = 'ads_read,ads_management'): Promise<string> {
  const query = await consent(dialogUrl({ ...dialogParams(), scope }), { accountIds: ticked.map((a) => a.id) });
  return query.code;
}

/** A long-lived token for the ticked accounts. */
async function tokenFor(ticked: SandboxAccount[], scope?: string): Promise<string> {
  const code = await codeFor(ticked, scope);
  const short = await http(
    `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, code })}`,
  );
  const long = await http(
    `${graph}/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, fb_exchange_token: short.body.access_token })}`,
  );
  return long.body.access_token;
}

const get = (path: string, token: string, params: Record<string, string> = {}) =>
  http(`${graph}${path}?${new URLSearchParams({ ...params, access_token: token })}`);

describe('meta emulator: login dialog and token endpoint', () => {
  it('refuses bad authorize requests with an error page', async () => {
    const cases: Record<string, string>[] = [
      { ...dialogParams(), client_id: 'someone-else' },
      { ...dialogParams(), redirect_uri: '/relative/callback' },
      { ...dialogParams(), response_type: 'token' },
      { ...dialogParams(), state: '' },
      { ...dialogParams(), scope: 'ads_read,read_everything' },
    ];
    for (const params of cases) {
      const answer = await http(dialogUrl(params));
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await http(dialogUrl({ ...dialogParams(), scope: 'ads_read,read_everything' }))).body).toMatch(
      /Invalid Scopes: read_everything/,
    );
  });

  it('issues a short-lived token for a code (once) and a 60-day token for fb_exchange_token', async () => {
    const code = await codeFor([accounts()[0]]);
    const exchange = `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, code })}`;
    const short = await http(exchange);
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: SHORT_LIVED_TOKEN_SECONDS,
    });

    const replay = await http(exchange);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({
      message: 'This authorization code has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    });

    const second = await codeFor([accounts()[0]]);
    const shortAgain = await http(
      `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, code: second })}`,
    );
    const long = await http(`${graph}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'fb_exchange_token',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        fb_exchange_token: shortAgain.body.access_token,
      }),
    });
    expect(long.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: LONG_LIVED_TOKEN_SECONDS,
    });
  });

  it('answers a wrong app secret with code 1 and an unknown app with code 101', async () => {
    const code = await codeFor([accounts()[0]]);
    const secret = await http(
      `${graph}/oauth/access_token?${new URLSearchParams({ client_id: CLIENT_ID, client_secret: 'nope', redirect_uri: REDIRECT_URI, code })}`,
    );
    expect(secret.body.error).toMatchObject({ message: 'Error validating client secret.', code: 1 });
    const app = await http(
      `${graph}/oauth/access_token?${new URLSearchParams({ client_id: 'other', client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URI, code })}`,
    );
    expect(app.body.error).toMatchObject({ code: 101 });
  });
});

describe('meta emulator: Graph calls', () => {
  it('checks the token wherever Graph accepts it, and renders 190 errors with their subcodes', async () => {
    const [account] = accounts();
    const token = await tokenFor([account]);
    expect((await get('/me/adaccounts', token)).status).toBe(200);
    const bearer = await http(`${graph}/me/adaccounts`, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.body.data).toEqual([{ account_id: account.id.replace('act_', ''), id: account.id }]);

    const missing = await http(`${graph}/me/adaccounts`);
    expect(missing.body.error).toMatchObject({ code: 104, type: 'OAuthException' });
    const garbage = await get('/me/adaccounts', 'not-a-token');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatchObject({ code: 190, fbtrace_id: expect.any(String) });
    expect(garbage.body.error.error_subcode).toBeUndefined();
    expect(garbage.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const proof = createHmac('sha256', CLIENT_SECRET).update(token).digest('hex');
    expect((await get('/me/adaccounts', token, { appsecret_proof: proof })).status).toBe(200);
    expect((await get('/me/adaccounts', token, { appsecret_proof: 'f00' })).body.error).toMatchObject({ code: 100 });

    harness.sandbox.grants.expireAccessTokens('meta');
    expect((await get('/me/adaccounts', token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    const fresh = await tokenFor([account]);
    await http(`${graph}/me/permissions?access_token=${fresh}`, { method: 'DELETE' });
    expect((await get('/me/adaccounts', fresh)).body.error).toMatchObject({ code: 190, error_subcode: 458 });
  });

  it('pages /me/adaccounts with cursors and an absolute next link, showing only the ticked accounts', async () => {
    const [first, second, third] = accounts();
    const token = await tokenFor([first, third]);
    const fields = 'id,account_id,name,currency,account_status,timezone_name';
    const page1 = await get('/me/adaccounts', token, { fields, limit: '1' });
    expect(page1.body.data).toEqual([
      {
        id: first.id,
        account_id: first.id.replace('act_', ''),
        name: first.name,
        currency: first.currency,
        account_status: 1,
        timezone_name: first.timeZone,
      },
    ]);
    expect(page1.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    expect(page1.body.paging.next).toMatch(new RegExp(`^${harness.sandbox.url}/meta/v25.0/me/adaccounts\\?`));
    const page2 = await http(page1.body.paging.next);
    expect(page2.body.data.map((a: { id: string }) => a.id)).toEqual([third.id]);
    expect(page2.body.paging.next).toBeUndefined();
    expect(JSON.stringify(page2.body)).not.toContain(second.id);
  });

  it('renders campaign budgets as integer strings in minor units, and answers updates with {"success": true}', async () => {
    const [account] = accounts();
    const token = await tokenFor([account]);
    const campaign = account.campaigns[0];
    const listed = await get(`/${account.id}/campaigns`, token, {
      fields: 'id,name,status,effective_status,daily_budget',
    });
    expect(listed.body.data[0]).toEqual({
      id: campaign.id,
      name: campaign.name,
      status: harness.sandbox.world.status('meta', campaign.id),
      effective_status: harness.sandbox.world.status('meta', campaign.id),
      daily_budget: String(harness.sandbox.world.dailyBudgetMinor('meta', campaign.id)),
    });
    const usage = JSON.parse(listed.headers.get('x-business-use-case-usage')!);
    expect(Object.values(usage)[0]).toEqual([
      expect.objectContaining({
        type: 'ads_management',
        call_count: expect.any(Number),
        estimated_time_to_regain_access: 0,
      }),
    ]);

    const update = await http(`${graph}/${campaign.id}`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: token, status: 'PAUSED', daily_budget: '4321' }),
    });
    expect(update.body).toEqual({ success: true });
    expect(harness.sandbox.world.status('meta', campaign.id)).toBe('PAUSED');
    expect(harness.sandbox.world.dailyBudgetMinor('meta', campaign.id)).toBe(4321);

    const bad = await http(
      `${graph}/${campaign.id}?${new URLSearchParams({ access_token: token, status: 'SLEEPING' })}`,
      { method: 'POST' },
    );
    expect(bad.body.error).toMatchObject({ code: 100 });
    const low = await http(
      `${graph}/${campaign.id}?${new URLSearchParams({ access_token: token, daily_budget: '5' })}`,
      { method: 'POST' },
    );
    expect(low.body.error).toMatchObject({ code: 100, error_subcode: 1885272, error_user_title: expect.any(String) });

    const readOnly = await tokenFor([account], 'ads_read');
    const denied = await http(
      `${graph}/${campaign.id}?${new URLSearchParams({ access_token: readOnly, status: 'ACTIVE' })}`,
      { method: 'POST' },
    );
    expect(denied.body.error).toMatchObject({ code: 200 });
  });

  it('refuses malformed and too-low daily budgets (100, 100/1885272) and unknown campaigns (100/33), changing nothing', async () => {
    const account = accounts().find((a) => a.currency === 'USD')!;
    const token = await tokenFor([account]);
    const campaign = account.campaigns[1];
    const before = harness.sandbox.world.dailyBudgetMinor('meta', campaign.id);
    const post = async (id: string, daily_budget: string) =>
      (
        await http(`${graph}/${id}`, {
          method: 'POST',
          body: new URLSearchParams({ access_token: token, daily_budget }),
        })
      ).body.error;

    for (const malformed of ['12.5', '-100', 'ten']) {
      expect(await post(campaign.id, malformed)).toMatchObject({
        code: 100,
        message: expect.stringContaining('daily_budget'),
      });
    }
    expect(await post(campaign.id, '0')).toMatchObject({
      code: 100,
      error_subcode: 1885272,
      error_user_msg: 'The minimum daily budget is 1 USD.',
    });
    expect(await post(campaign.id, '99')).toMatchObject({ code: 100, error_subcode: 1885272 });
    expect(await post('120299999999999999', '5000')).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
    });
    expect(harness.sandbox.world.dailyBudgetMinor('meta', campaign.id)).toBe(before);

    expect(await post(campaign.id, String(before + 100))).toBeUndefined();
    expect(harness.sandbox.world.dailyBudgetMinor('meta', campaign.id)).toBe(before + 100);
  });

  it('answers other ad accounts with a permission error and unknown ids with 100/33', async () => {
    const [ticked, other] = accounts();
    const token = await tokenFor([ticked]);
    expect((await get(`/${other.id}/campaigns`, token)).body.error).toMatchObject({ code: 200 });
    expect((await get('/act_999/campaigns', token)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(
      (await http(`${harness.sandbox.url}/meta/v2.0/me/adaccounts?access_token=${token}`)).body.error,
    ).toMatchObject({ code: 2635 });
    expect((await get('/me/adaccounts/and/more', token)).body.error).toMatchObject({ code: 2500 });
  });

  it('renders insights as strings: spend in major units, purchases repeated under several action types', async () => {
    const [account] = accounts();
    const token = await tokenFor([account]);
    const today = harness.sandbox.world.today(account);
    const since = addDays(today, -6);
    const answer = await get(`/${account.id}/insights`, token, {
      level: 'campaign',
      time_increment: '1',
      time_range: JSON.stringify({ since, until: today }),
      fields: 'campaign_id,campaign_name,spend,impressions,clicks,actions,action_values',
      limit: '500',
    });
    expect(answer.status).toBe(200);
    const truth = harness.sandbox.world.rows('meta', account.id, since, today, 'campaign');
    expect(answer.body.data).toHaveLength(truth.length);
    const row = answer.body.data.find((r: { actions?: { action_type: string }[] }) =>
      r.actions?.some((a) => a.action_type === 'omni_purchase'),
    );
    const source = truth.find((r) => r.campaign.id === row.campaign_id && r.date === row.date_start)!;
    expect(row.date_stop).toBe(row.date_start);
    expect(typeof row.impressions).toBe('string');
    expect(row.impressions).toBe(String(source.metrics.impressions));
    expect(row.spend).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(decimalToMinor(row.spend, account.currency)).toBe(source.metrics.spendMinor);
    const purchases = row.actions.filter((a: { action_type: string }) => PURCHASE_ACTION_TYPES.includes(a.action_type));
    expect(purchases.map((a: { value: string }) => a.value)).toEqual(
      PURCHASE_ACTION_TYPES.map(() => String(source.metrics.conversions)),
    );
    expect(row.action_values).toHaveLength(PURCHASE_ACTION_TYPES.length);
  });

  it('refuses a synchronous 90-day ad-level request as too much data; the async report run serves it', async () => {
    const [account] = accounts();
    const token = await tokenFor([account]);
    const until = harness.sandbox.world.today(account);
    const since = addDays(until, -89);
    const params = {
      level: 'ad',
      time_increment: '1',
      time_range: JSON.stringify({ since, until }),
      fields: 'ad_id,spend,impressions',
    };
    expect(harness.sandbox.world.rows('meta', account.id, since, until, 'ad').length).toBeGreaterThan(
      SYNC_INSIGHTS_MAX_ROWS,
    );

    const sync = await get(`/${account.id}/insights`, token, params);
    expect(sync.status).toBe(500);
    expect(sync.body.error).toMatchObject({
      code: 1,
      is_transient: false,
      message: expect.stringMatching(/reduce the amount of data/),
    });
    expect(sync.body.error.error_subcode).toBeUndefined();

    const created = await http(`${graph}/${account.id}/insights`, {
      method: 'POST',
      body: new URLSearchParams({ ...params, access_token: token }),
    });
    const runId: string = created.body.report_run_id;
    expect(runId).toMatch(/^\d+$/);
    expect((await get(`/${runId}/insights`, token)).body.error).toMatchObject({ code: 100 });

    const seen: [string, number][] = [];
    for (let poll = 0; poll < ASYNC_PROGRESS.length; poll += 1) {
      const status = await get(`/${runId}`, token, { fields: 'async_status,async_percent_completion' });
      seen.push([status.body.async_status, status.body.async_percent_completion]);
    }
    expect(seen).toEqual(ASYNC_PROGRESS);

    let rows: { spend: string }[] = [];
    let next: string | undefined =
      `${graph}/${runId}/insights?${new URLSearchParams({ access_token: token, limit: '200' })}`;
    while (next) {
      const page: Answer = await http(next);
      rows = rows.concat(page.body.data);
      next = page.body.paging?.next;
    }
    const truth = harness.sandbox.world.totals('meta', account.id, since, until);
    expect(rows).toHaveLength(harness.sandbox.world.rows('meta', account.id, since, until, 'ad').length);
    expect(rows.reduce((sum, row) => sum + decimalToMinor(row.spend, account.currency), 0)).toBe(truth.spendMinor);
  });

  it('renders injected faults in Graph’s shapes: BUC throttle with minutes to wait, 500 code 2', async () => {
    const [account] = accounts();
    const token = await tokenFor([account]);
    harness.sandbox.faults.add({ platform: 'meta', kind: 'rate_limit', times: 1, retryAfterSeconds: 150 });
    const throttled = await get(`/${account.id}/campaigns`, token);
    expect(throttled.status).toBe(400);
    expect(throttled.body.error).toMatchObject({ code: 80004, error_subcode: 2446079, type: 'OAuthException' });
    const usage = Object.values(JSON.parse(throttled.headers.get('x-business-use-case-usage')!))[0] as {
      call_count: number;
      estimated_time_to_regain_access: number;
    }[];
    expect(usage[0]).toMatchObject({ call_count: 100, estimated_time_to_regain_access: 2 });

    harness.sandbox.faults.add({ platform: 'meta', kind: 'rate_limit', times: 1, retryAfterSeconds: 7 });
    const insights = await get(`/${account.id}/insights`, token);
    expect(insights.body.error).toMatchObject({ code: 80000 });
    expect(Object.values(JSON.parse(insights.headers.get('x-business-use-case-usage')!))).toEqual([
      [expect.objectContaining({ type: 'ads_insights', estimated_time_to_regain_access: 0 })],
    ]);

    harness.sandbox.faults.add({ platform: 'meta', kind: 'server_error', times: 1 });
    const broken = await get('/me/adaccounts', token);
    expect(broken.status).toBe(500);
    expect(broken.body.error).toMatchObject({ code: 2, is_transient: true });
  });
});

describe('meta emulator: ads', () => {
  const world = () => harness.sandbox.world;
  /** The third account, untouched by the other tests, and an active campaign whose first two ads deliver today. */
  const setting = () => {
    const account = accounts()[2];
    const today = world().today(account);
    const campaign = account.campaigns.find(
      (c) =>
        world().status('meta', c.id) === 'ACTIVE' &&
        c.ads.length >= 2 &&
        c.ads.slice(0, 2).every((ad) => world().adDay('meta', ad.id, today).spendMinor > 0),
    )!;
    return { account, campaign, today };
  };
  const post = (id: string, params: Record<string, string>) =>
    http(`${graph}/${id}`, { method: 'POST', body: new URLSearchParams(params) });

  it('lists an account’s ads with their own status, paged, and reads one by id', async () => {
    const { account, campaign } = setting();
    const token = await tokenFor([account]);
    const fields = 'id,name,campaign_id,status,effective_status';
    let ads: { id: string }[] = [];
    let next: string | undefined =
      `${graph}/${account.id}/ads?${new URLSearchParams({ access_token: token, fields, limit: '5' })}`;
    while (next) {
      const page: Answer = await http(next);
      expect(page.status).toBe(200);
      ads = ads.concat(page.body.data);
      next = page.body.paging?.next;
    }
    expect(ads).toHaveLength(account.campaigns.reduce((n, c) => n + c.ads.length, 0));
    const [ad] = campaign.ads;
    expect(ads.find((a) => a.id === ad.id)).toEqual({
      id: ad.id,
      name: ad.name,
      campaign_id: campaign.id,
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
    });
    expect((await get(`/${ad.id}`, token, { fields: 'id,campaign_id,configured_status' })).body).toEqual({
      id: ad.id,
      campaign_id: campaign.id,
      configured_status: 'ACTIVE',
    });
    expect((await get(`/${account.id}/ads`, token, { fields: 'id,adset_name' })).body.error).toMatchObject({
      code: 100,
    });
  });

  it('expands an ad’s creative with creative{...}; without an expansion it gives the creative’s id; its image_url serves the PNG', async () => {
    const { account, campaign } = setting();
    const token = await tokenFor([account]);
    const [ad] = campaign.ads;
    const fields = 'id,creative{title,body,call_to_action_type,image_url,link_url,object_story_spec}';
    const listed = await get(`/${account.id}/ads`, token, { fields, limit: '500' });
    const node = listed.body.data.find((a: { id: string }) => a.id === ad.id);
    expect(node.creative).toEqual({
      title: ad.copy.headlines[0],
      body: ad.copy.primaryText,
      call_to_action_type: ad.copy.callToAction,
      image_url: `${harness.sandbox.url}/meta/adimages/${ad.copy.image!.key}.png`,
      link_url: ad.copy.landingUrl,
      object_story_spec: {
        page_id: expect.any(String),
        link_data: {
          link: ad.copy.landingUrl,
          message: ad.copy.primaryText,
          name: ad.copy.headlines[0],
          description: ad.copy.description,
          image_hash: ad.copy.image!.key,
          call_to_action: { type: ad.copy.callToAction, value: { link: ad.copy.landingUrl } },
        },
      },
    });
    expect((await get(`/${ad.id}`, token, { fields: 'id,creative' })).body).toEqual({
      id: ad.id,
      creative: { id: expect.stringMatching(/^\d+$/) },
    });
    expect((await get(`/${ad.id}`, token, { fields: 'creative{title}' })).body).toEqual({
      creative: { title: ad.copy.headlines[0] },
    });
    const unknown = await get(`/${account.id}/ads`, token, { fields: 'id,creative{title,headline}' });
    expect(unknown.body.error).toMatchObject({
      code: 100,
      message: expect.stringContaining('(headline) on node type (AdCreative)'),
    });

    const image = await fetch(node.creative.image_url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1080, height: 1080 });
    expect((await fetch(`${harness.sandbox.url}/meta/adimages/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it('pauses an ad with POST /{ad_id} status=PAUSED: listed as PAUSED, no delivery today, the campaign’s other ads deliver; then resumes it', async () => {
    const { account, campaign, today } = setting();
    const token = await tokenFor([account]);
    const [ad, sibling] = campaign.ads;
    expect((await post(ad.id, { access_token: token, status: 'PAUSED' })).body).toEqual({ success: true });
    expect(world().adStatus('meta', ad.id)).toBe('PAUSED');
    expect(world().status('meta', campaign.id)).toBe('ACTIVE');
    const listed = await get(`/${account.id}/ads`, token, { fields: 'id,status,effective_status', limit: '500' });
    expect(listed.body.data.find((a: { id: string }) => a.id === ad.id)).toEqual({
      id: ad.id,
      status: 'PAUSED',
      effective_status: 'PAUSED',
    });

    const insights = await get(`/${account.id}/insights`, token, {
      level: 'ad',
      time_increment: '1',
      time_range: JSON.stringify({ since: today, until: today }),
      fields: 'ad_id,spend',
      limit: '500',
    });
    const adIds = insights.body.data.map((row: { ad_id: string }) => row.ad_id);
    expect(adIds).not.toContain(ad.id);
    expect(adIds).toContain(sibling.id);

    expect((await post(ad.id, { access_token: token, status: 'ACTIVE' })).body).toEqual({ success: true });
    expect(world().adStatus('meta', ad.id)).toBe('ACTIVE');
    expect(world().adDay('meta', ad.id, today).spendMinor).toBeGreaterThan(0);
  });

  it('shows CAMPAIGN_PAUSED as the effective status of an active ad in a paused campaign', async () => {
    const { account, campaign } = setting();
    const token = await tokenFor([account]);
    world().setStatus('meta', campaign.id, 'PAUSED');
    try {
      const node = await get(`/${campaign.ads[1].id}`, token, { fields: 'status,effective_status' });
      expect(node.body).toEqual({ status: 'ACTIVE', effective_status: 'CAMPAIGN_PAUSED' });
    } finally {
      world().setStatus('meta', campaign.id, 'ACTIVE');
    }
  });

  it('answers an unknown ad with 100/33 and refuses bad statuses, budgets on ads and read-only tokens', async () => {
    const { account, campaign } = setting();
    const token = await tokenFor([account]);
    const ad = campaign.ads[0];
    expect((await post('120200000000000001', { access_token: token, status: 'PAUSED' })).body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
    expect((await post(ad.id, { access_token: token, status: 'SLEEPING' })).body.error).toMatchObject({ code: 100 });
    expect((await post(ad.id, { access_token: token, status: 'ARCHIVED' })).body.error).toMatchObject({ code: 100 });
    expect((await post(ad.id, { access_token: token, daily_budget: '5000' })).body.error).toMatchObject({ code: 100 });
    const readOnly = await tokenFor([account], 'ads_read');
    expect((await post(ad.id, { access_token: readOnly, status: 'PAUSED' })).body.error).toMatchObject({ code: 200 });
    const other = await tokenFor([accounts()[0]]);
    expect((await post(ad.id, { access_token: other, status: 'PAUSED' })).body.error).toMatchObject({ code: 200 });
    expect(world().adStatus('meta', ad.id)).toBe('ACTIVE');
  });
});
