import { REDIRECT_URI, type SandboxHarness, startHarness } from '@server/test/platforms';
import sharp from 'sharp';

import { parseRestli, RestliQuery, RestliSyntaxError } from './restli';
import { ANALYTICS_ELEMENT_CAP, truncate } from './wire';

/** The LinkedIn emulator on the wire: what a careless client would get wrong must fail like LinkedIn fails. */

let harness: SandboxHarness;
let root: string;

beforeAll(async () => {
  harness = await startHarness();
  root = `${harness.sandbox.url}/linkedin`;
});

afterAll(() => harness.close());

const world = () => harness.sandbox.world;
const accounts = () => world().accounts('linkedin');

/** An access token for a grant of `accountIds` with `scope`, straight from the grant store. */
function token(accountIds: string[], scope = 'r_ads rw_ads r_ads_reporting'): string {
  const grants = harness.sandbox.grants;
  const code = grants.createCode({
    platform: 'linkedin',
    clientId: 'sandbox-linkedin-client',
    redirectUri: REDIRECT_URI,
    accountIds,
    scope,
  });
  const redeemed = grants.redeemCode('linkedin', code, { clientId: 'sandbox-linkedin-client' });
  if (!redeemed.ok) throw new Error(redeemed.description);
  return grants.issueAccess(redeemed.grant, 3600);
}

const HEADERS = { 'LinkedIn-Version': '202607', 'X-Restli-Protocol-Version': '2.0.0' };

/** A versioned API call; `headers` replace the defaults (undefined drops one). */
async function api(
  path: string,
  options: { token?: string; headers?: Record<string, string | undefined>; method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...HEADERS,
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  })) {
    if (value !== undefined) headers[key] = value;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${root}/rest${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

const urn = (kind: string, id: string) => encodeURIComponent(`urn:li:${kind}:${id}`);
const range = (since: string, until: string) => {
  const [a, b] = [since, until].map((d) => d.split('-').map(Number));
  return `(start:(year:${a[0]},month:${a[1]},day:${a[2]}),end:(year:${b[0]},month:${b[1]},day:${b[2]}))`;
};
const REPORT_FIELDS =
  'dateRange,pivotValues,impressions,clicks,costInLocalCurrency,externalWebsiteConversions,conversionValueInLocalCurrency';

describe('Rest.li 2.0 query parsing', () => {
  it('parses records, lists and percent-encoded primitives', () => {
    expect(parseRestli('(start:(year:2024,month:1,day:1),end:(year:2024,month:1,day:31))')).toEqual({
      start: { year: '2024', month: '1', day: '1' },
      end: { year: '2024', month: '1', day: '31' },
    });
    expect(parseRestli('List(urn%3Ali%3AsponsoredAccount%3A123,urn%3Ali%3AsponsoredAccount%3A456)')).toEqual([
      'urn:li:sponsoredAccount:123',
      'urn:li:sponsoredAccount:456',
    ]);
    expect(parseRestli('(status:(values:List(ACTIVE,PAUSED)))')).toEqual({ status: { values: ['ACTIVE', 'PAUSED'] } });
    expect(parseRestli('List()')).toEqual([]);
    expect(parseRestli("''")).toBe('');
    expect(parseRestli('a%20%28b%29%2C%20c')).toBe('a (b), c');
  });

  it('rejects what LinkedIn rejects: raw colons in values, unbalanced or trailing text, repeated parameters', () => {
    expect(() => parseRestli('List(urn:li:sponsoredAccount:123)')).toThrow(/%3A/);
    expect(() => parseRestli('(start:(year:2024)')).toThrow(RestliSyntaxError);
    expect(() => parseRestli('List(a,b))')).toThrow(RestliSyntaxError);
    expect(() => parseRestli('(a:)')).toThrow(RestliSyntaxError);
    expect(() => RestliQuery.fromUrl('/x?q=a&q=b')).toThrow(/more than once/);
  });

  it('truncates silently at the adAnalytics cap', () => {
    expect(ANALYTICS_ELEMENT_CAP).toBe(15_000);
    expect(truncate([1, 2, 3, 4], 3)).toEqual([1, 2, 3]);
    expect(truncate([1, 2], 3)).toEqual([1, 2]);
  });
});

describe('LinkedIn emulator: OAuth endpoints', () => {
  const authorize = (params: Record<string, string>) =>
    fetch(`${root}/oauth/v2/authorization?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const good = {
    response_type: 'code',
    client_id: 'sandbox-linkedin-client',
    redirect_uri: REDIRECT_URI,
    state: 's1',
    scope: 'r_ads rw_ads r_ads_reporting',
  };

  it('shows the consent page for a good request, and an error page for a bad client or redirect', async () => {
    expect((await authorize(good)).status).toBe(200);
    expect((await authorize({ ...good, client_id: 'someone-else' })).status).toBe(400);
    expect((await authorize({ ...good, redirect_uri: '/relative' })).status).toBe(400);
  });

  it('redirects with LinkedIn’s errors for a bad response_type or an unknown scope', async () => {
    const type = await authorize({ ...good, response_type: 'token' });
    expect(type.status).toBe(302);
    expect(new URL(type.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const scope = await authorize({ ...good, scope: 'r_ads r_everything' });
    const query = new URL(scope.headers.get('location')!).searchParams;
    expect([query.get('error'), query.get('state')]).toEqual(['unauthorized_scope_error', 's1']);
  });

  it('takes form-encoded token requests only and checks the client', async () => {
    const json = await fetch(`${root}/oauth/v2/accessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect([json.status, (await json.json()).error]).toEqual([400, 'invalid_request']);
    const form = (fields: Record<string, string>) =>
      fetch(`${root}/oauth/v2/accessToken`, { method: 'POST', body: new URLSearchParams(fields) });
    const base = {
      grant_type: 'authorization_code',
      code: 'linkedin-code-unknown',
      client_id: 'sandbox-linkedin-client',
      redirect_uri: REDIRECT_URI,
    };
    const wrongSecret = await form({ ...base, client_secret: 'nope' });
    expect([wrongSecret.status, (await wrongSecret.json()).error]).toEqual([401, 'invalid_client']);
    const unknownCode = await form({ ...base, client_secret: 'sandbox-linkedin-secret' });
    expect([unknownCode.status, (await unknownCode.json()).error]).toEqual([400, 'invalid_request']);
    const badRefresh = await form({
      grant_type: 'refresh_token',
      refresh_token: 'nope',
      client_id: 'sandbox-linkedin-client',
      client_secret: 'sandbox-linkedin-secret',
    });
    expect([badRefresh.status, (await badRefresh.json()).error]).toEqual([400, 'invalid_request']);
  });
});

describe('LinkedIn emulator: API checks and shapes', () => {
  it('answers missing, unknown, expired and revoked tokens with LinkedIn’s 401 bodies', async () => {
    const empty = await api('/adAccountUsers?q=authenticatedUser');
    expect([empty.status, empty.json]).toEqual([
      401,
      { status: 401, serviceErrorCode: 65604, code: 'EMPTY_ACCESS_TOKEN', message: 'Empty oauth2 access token' },
    ]);
    const unknown = await api('/adAccountUsers?q=authenticatedUser', { token: 'nope' });
    expect([unknown.json.serviceErrorCode, unknown.json.code]).toEqual([65600, 'INVALID_ACCESS_TOKEN']);
    expect(unknown.headers.get('x-li-uuid')).toEqual(expect.any(String));
  });

  it('requires LinkedIn-Version (400 without, 426 when sunset) and Rest.li protocol 2.0.0', async () => {
    const live = token([accounts()[0].id]);
    const missing = await api('/adAccountUsers?q=authenticatedUser', {
      token: live,
      headers: { 'LinkedIn-Version': undefined },
    });
    expect([missing.status, missing.json.code]).toEqual([400, 'VERSION_MISSING']);
    const sunset = await api('/adAccountUsers?q=authenticatedUser', {
      token: live,
      headers: { 'LinkedIn-Version': '202401' },
    });
    expect([sunset.status, sunset.json.code]).toEqual([426, 'NONEXISTENT_VERSION']);
    const protocol = await api('/adAccountUsers?q=authenticatedUser', {
      token: live,
      headers: { 'X-Restli-Protocol-Version': undefined },
    });
    expect(protocol.status).toBe(400);
    const ok = await api('/adAccountUsers?q=authenticatedUser', { token: live });
    expect(ok.json.elements).toEqual([
      {
        account: `urn:li:sponsoredAccount:${accounts()[0].id}`,
        role: 'ACCOUNT_BILLING_ADMIN',
        user: expect.stringMatching(/^urn:li:person:/),
      },
    ]);
  });

  it('pages adCampaigns with pageSize and metadata.nextPageToken', async () => {
    const [first] = accounts();
    const live = token([first.id]);
    const ids: number[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const query = `q=search&search=(status:(values:List(ACTIVE,PAUSED)))&pageSize=2${pageToken ? `&pageToken=${pageToken}` : ''}`;
      const page = await api(`/adAccounts/${first.id}/adCampaigns?${query}`, { token: live });
      expect(page.status).toBe(200);
      ids.push(...page.json.elements.map((e: { id: number }) => e.id));
      pageToken = page.json.metadata.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(ids).toEqual(first.campaigns.map((c) => Number(c.id)));
    expect(pages).toBe(Math.ceil(first.campaigns.length / 2));
    const campaign = (await api(`/adAccounts/${first.id}/adCampaigns?q=search&pageSize=1`, { token: live })).json
      .elements[0];
    expect(campaign).toMatchObject({
      id: Number(first.campaigns[0].id),
      account: `urn:li:sponsoredAccount:${first.id}`,
      dailyBudget: { currencyCode: 'USD' },
    });
    expect(campaign.dailyBudget.amount).toMatch(/^\d+\.\d{2}$/);
    expect((await api(`/adAccounts/${first.id}/adCampaigns?q=search&pageToken=garbage`, { token: live })).status).toBe(
      400,
    );
  });

  it('serves adAnalytics in LinkedIn’s shape: decimal-string costs, integer counts, dateRange records, URN pivots', async () => {
    const [first] = accounts();
    const live = token([first.id]);
    const today = world().today(first);
    const response = await api(
      `/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range(today, today)}&accounts=List(${urn('sponsoredAccount', first.id)})&fields=${REPORT_FIELDS}`,
      { token: live },
    );
    expect(response.status).toBe(200);
    const truth = world().rows('linkedin', first.id, today, today, 'campaign');
    expect(response.json.elements).toHaveLength(truth.length);
    const [element] = response.json.elements;
    const [year, month, day] = today.split('-').map(Number);
    expect(element).toEqual({
      dateRange: { start: { year, month, day }, end: { year, month, day } },
      pivotValues: [`urn:li:sponsoredCampaign:${truth[0].campaign.id}`],
      impressions: truth[0].metrics.impressions,
      clicks: truth[0].metrics.clicks,
      costInLocalCurrency: expect.stringMatching(/^\d+\.\d{2}$/),
      externalWebsiteConversions: truth[0].metrics.conversions,
      conversionValueInLocalCurrency: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    const defaults = await api(
      `/adAnalytics?q=analytics&pivot=CREATIVE&timeGranularity=DAILY&dateRange=${range(today, today)}&accounts=List(${urn('sponsoredAccount', first.id)})`,
      { token: live },
    );
    expect(Object.keys(defaults.json.elements[0]).sort()).toEqual(['clicks', 'impressions']);
  });

  it('rejects adAnalytics requests a real client must not send', async () => {
    const [first] = accounts();
    const live = token([first.id]);
    const today = world().today(first);
    const base = `/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range(today, today)}`;
    const raw = await api(`${base}&accounts=List(urn:li:sponsoredAccount:${first.id})&fields=${REPORT_FIELDS}`, {
      token: live,
    });
    expect([raw.status, raw.json.message]).toEqual([400, expect.stringContaining('%3A')]);
    const accountsFacet = `&accounts=List(${urn('sponsoredAccount', first.id)})`;
    const tooMany = Array.from({ length: 21 }, (_, i) => (i % 2 ? 'clicks' : 'impressions')).join(',');
    expect((await api(`${base}${accountsFacet}&fields=${tooMany}`, { token: live })).status).toBe(400);
    expect((await api(`${base}${accountsFacet}&fields=impressions,likes`, { token: live })).status).toBe(400);
    const oldSyntax = `/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange.start.year=2026&dateRange.start.month=1&dateRange.start.day=1${accountsFacet}`;
    expect((await api(oldSyntax, { token: live })).status).toBe(400);
    const noReporting = token([first.id], 'r_ads rw_ads');
    const denied = await api(`${base}${accountsFacet}`, { token: noReporting });
    expect([denied.status, denied.json.code, denied.json.serviceErrorCode]).toEqual([403, 'ACCESS_DENIED', 100]);
  });

  it('answers 403 for accounts outside the grant and 404 for accounts that do not exist', async () => {
    const [first, second] = accounts();
    const live = token([first.id]);
    const denied = await api(`/adAccounts/${second.id}/adCampaigns?q=search`, { token: live });
    expect([denied.status, denied.json]).toEqual([
      403,
      {
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: adCampaigns.GET.20260701',
      },
    ]);
    expect((await api('/adAccounts/999999999', { token: live })).status).toBe(404);
    const search = await api(`/adAccounts?q=search&search=(id:(values:List(${first.id},${second.id})))`, {
      token: live,
    });
    expect(search.json.elements.map((e: { id: number }) => e.id)).toEqual([Number(first.id)]);
  });

  it('applies PARTIAL_UPDATE patches and refuses malformed ones', async () => {
    const [, second] = accounts();
    const live = token([second.id]);
    const campaign = second.campaigns[0];
    const path = `/adAccounts/${second.id}/adCampaigns/${campaign.id}`;
    const update = (body: unknown, headers: Record<string, string> = { 'X-RestLi-Method': 'PARTIAL_UPDATE' }) =>
      api(path, { token: live, method: 'POST', headers, body });
    expect((await update({ patch: { $set: { status: 'PAUSED' } } }, {})).status).toBe(400);
    expect((await update({ patch: { $set: { status: 'ARCHIVED' } } })).status).toBe(400);
    expect((await update({ patch: { $set: { dailyBudget: { amount: '500.00', currencyCode: 'USD' } } } })).status).toBe(
      400,
    );
    expect(
      (await update({ patch: { $set: { dailyBudget: { amount: '500.001', currencyCode: 'INR' } } } })).status,
    ).toBe(400);
    expect((await update({ status: 'PAUSED' })).status).toBe(400);
    const paused = await update({
      patch: { $set: { status: 'PAUSED', dailyBudget: { amount: '7500.50', currencyCode: 'INR' } } },
    });
    expect(paused.status).toBe(204);
    expect(world().status('linkedin', campaign.id)).toBe('PAUSED');
    expect(world().dailyBudgetMinor('linkedin', campaign.id)).toBe(750_050);
    expect((await update({ patch: { $set: { status: 'ACTIVE' } } })).status).toBe(204);
    expect(world().status('linkedin', campaign.id)).toBe('ACTIVE');
    const readOnly = token([second.id], 'r_ads r_ads_reporting');
    const denied = await api(path, {
      token: readOnly,
      method: 'POST',
      headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
      body: { patch: { $set: { status: 'PAUSED' } } },
    });
    expect(denied.status).toBe(403);
  });

  it('refuses a dailyBudget that is not a positive amount in the account currency (INVALID_VALUE) and unknown campaigns (404)', async () => {
    const [first] = accounts();
    const live = token([first.id]);
    const campaign = first.campaigns[1];
    const before = world().dailyBudgetMinor('linkedin', campaign.id);
    const update = (campaignId: string, dailyBudget: unknown) =>
      api(`/adAccounts/${first.id}/adCampaigns/${campaignId}`, {
        token: live,
        method: 'POST',
        headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
        body: { patch: { $set: { dailyBudget } } },
      });

    for (const amount of ['0', '0.00', '-5.00', '12.345', '1e3', 'ten']) {
      const refused = await update(campaign.id, { amount, currencyCode: 'USD' });
      expect([refused.status, refused.json.code]).toEqual([400, 'INVALID_VALUE']);
      expect(refused.json.message).toContain('dailyBudget.amount must be a positive amount in USD');
    }
    expect((await update(campaign.id, { amount: 50, currencyCode: 'USD' })).json.code).toBe('INVALID_VALUE');
    expect((await update(campaign.id, { amount: '50.00' })).json.code).toBe('INVALID_VALUE');
    const missing = await update('1', { amount: '50.00', currencyCode: 'USD' });
    expect([missing.status, missing.json.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect(world().dailyBudgetMinor('linkedin', campaign.id)).toBe(before);

    expect((await update(campaign.id, { amount: '50', currencyCode: 'USD' })).status).toBe(204);
    expect(world().dailyBudgetMinor('linkedin', campaign.id)).toBe(5_000);
  });

  it('renders injected faults in LinkedIn’s shape: 429 with Retry-After, 500', async () => {
    const live = token([accounts()[0].id]);
    harness.sandbox.faults.add({ platform: 'linkedin', kind: 'rate_limit', times: 1, retryAfterSeconds: 3 });
    const limited = await api('/adAccountUsers?q=authenticatedUser', { token: live });
    expect([
      limited.status,
      limited.headers.get('retry-after'),
      limited.json.code,
      limited.json.serviceErrorCode,
    ]).toEqual([429, '3', 'TOO_MANY_REQUESTS', 101]);
    harness.sandbox.faults.add({ platform: 'linkedin', kind: 'server_error', times: 1 });
    expect((await api('/adAccountUsers?q=authenticatedUser', { token: live })).status).toBe(500);
    expect((await api('/adAccountUsers?q=authenticatedUser', { token: live })).status).toBe(200);
  });
});

describe('LinkedIn emulator: creatives (ads)', () => {
  /** The third account, untouched by the other tests, and an active campaign whose first two creatives deliver today. */
  const setting = () => {
    const account = accounts()[2];
    const today = world().today(account);
    const campaign = account.campaigns.find(
      (c) =>
        world().status('linkedin', c.id) === 'ACTIVE' &&
        c.ads.length >= 2 &&
        c.ads.slice(0, 2).every((ad) => world().adDay('linkedin', ad.id, today).spendMinor > 0),
    )!;
    return { account, campaign, today, live: token([account.id]) };
  };
  const creativePath = (accountId: string, creativeId: string) =>
    `/adAccounts/${accountId}/creatives/${urn('sponsoredCreative', creativeId)}`;

  it('lists creatives with their own intendedStatus and filters the criteria finder by intendedStatuses', async () => {
    const { account, campaign, live } = setting();
    const all = await api(`/adAccounts/${account.id}/creatives?q=criteria&pageSize=1000`, { token: live });
    expect(all.json.elements).toHaveLength(account.campaigns.reduce((n, c) => n + c.ads.length, 0));
    const [ad] = campaign.ads;
    expect(all.json.elements.find((e: { id: string }) => e.id === `urn:li:sponsoredCreative:${ad.id}`)).toEqual({
      id: `urn:li:sponsoredCreative:${ad.id}`,
      name: ad.name,
      account: `urn:li:sponsoredAccount:${account.id}`,
      campaign: `urn:li:sponsoredCampaign:${campaign.id}`,
      intendedStatus: 'ACTIVE',
      isServing: true,
      content: { reference: `urn:li:share:7${ad.id.padStart(18, '0')}` },
    });
    const paused = await api(`/adAccounts/${account.id}/creatives?q=criteria&intendedStatuses=List(PAUSED)`, {
      token: live,
    });
    expect(paused.json.elements).toEqual([]);
    expect(
      (await api(`/adAccounts/${account.id}/creatives?q=criteria&intendedStatuses=List(SLEEPING)`, { token: live }))
        .status,
    ).toBe(400);
  });

  it('batch-gets the posts creatives reference and their images; the download URL serves a 1200 × 627 PNG', async () => {
    const { campaign, live } = setting();
    const [ad, other] = campaign.ads;
    const shares = [ad, other].map((a) => `urn:li:share:7${a.id.padStart(18, '0')}`);
    const posts = await api(
      `/posts?ids=List(${shares.map(encodeURIComponent).join(',')},${encodeURIComponent('urn:li:share:1')})`,
      { token: live },
    );
    expect(posts.status).toBe(200);
    const post = posts.json.results[shares[0]];
    expect(post).toMatchObject({
      id: shares[0],
      commentary: ad.copy.primaryText,
      contentLandingPage: ad.copy.landingUrl,
      contentCallToActionLabel: ad.copy.callToAction,
      content: { media: { title: ad.copy.headlines[0] } },
      lifecycleState: 'PUBLISHED',
    });
    expect(posts.json.statuses).toEqual({ [shares[0]]: 200, [shares[1]]: 200, 'urn:li:share:1': 404 });
    expect(Object.keys(posts.json.errors)).toEqual(['urn:li:share:1']);

    const imageUrn: string = post.content.media.id;
    expect(imageUrn).toBe(`urn:li:image:D4E10AQ${ad.copy.image!.key}`);
    const images = await api(`/images?ids=List(${encodeURIComponent(imageUrn)})`, { token: live });
    expect(images.json.results[imageUrn]).toMatchObject({
      id: imageUrn,
      status: 'AVAILABLE',
      downloadUrl: `${root}/dms/image/D4E10AQ${ad.copy.image!.key}`,
    });
    const file = await fetch(images.json.results[imageUrn].downloadUrl);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 627 });
    expect((await fetch(`${root}/dms/image/D4E10AQ${'0'.repeat(32)}`)).status).toBe(404);

    // Another member's posts are not theirs to read.
    const stranger = token([accounts()[0].id]);
    expect(
      (await api(`/posts?ids=List(${encodeURIComponent(shares[0])})`, { token: stranger })).json.statuses[shares[0]],
    ).toBe(404);
  });

  it('pauses a creative with PARTIAL_UPDATE of intendedStatus (204): listed as PAUSED, no delivery today; then resumes it', async () => {
    const { account, campaign, today, live } = setting();
    const [ad, sibling] = campaign.ads;
    const update = (intendedStatus: string) =>
      api(creativePath(account.id, ad.id), {
        token: live,
        method: 'POST',
        headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
        body: { patch: { $set: { intendedStatus } } },
      });
    const paused = await update('PAUSED');
    expect([paused.status, paused.json]).toEqual([204, undefined]);
    expect(world().adStatus('linkedin', ad.id)).toBe('PAUSED');
    expect(world().status('linkedin', campaign.id)).toBe('ACTIVE');
    const one = await api(creativePath(account.id, ad.id), { token: live });
    expect(one.json).toMatchObject({ intendedStatus: 'PAUSED', isServing: false });
    const listed = await api(`/adAccounts/${account.id}/creatives?q=criteria&intendedStatuses=List(PAUSED)`, {
      token: live,
    });
    expect(listed.json.elements.map((e: { id: string }) => e.id)).toEqual([`urn:li:sponsoredCreative:${ad.id}`]);

    const [year, month, day] = today.split('-').map(Number);
    const analytics = await api(
      `/adAnalytics?q=analytics&pivot=CREATIVE&timeGranularity=DAILY&dateRange=(start:(year:${year},month:${month},day:${day}))` +
        `&accounts=List(${urn('sponsoredAccount', account.id)})&fields=pivotValues,costInLocalCurrency`,
      { token: live },
    );
    const pivots = analytics.json.elements.map((e: { pivotValues: string[] }) => e.pivotValues[0]);
    expect(pivots).not.toContain(`urn:li:sponsoredCreative:${ad.id}`);
    expect(pivots).toContain(`urn:li:sponsoredCreative:${sibling.id}`);

    expect((await update('ACTIVE')).status).toBe(204);
    expect(world().adStatus('linkedin', ad.id)).toBe('ACTIVE');
    expect(world().adDay('linkedin', ad.id, today).spendMinor).toBeGreaterThan(0);
  });

  it('answers an unknown creative with 404 and refuses bad statuses, other fields, a missing method header and read-only tokens', async () => {
    const { account, campaign, live } = setting();
    const ad = campaign.ads[0];
    const update = (
      path: string,
      body: unknown,
      headers: Record<string, string> = { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
      bearer = live,
    ) => api(path, { token: bearer, method: 'POST', headers, body });
    const missing = await update(creativePath(account.id, '1'), { patch: { $set: { intendedStatus: 'PAUSED' } } });
    expect([missing.status, missing.json.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    // A creative of another account is not found under this one.
    const elsewhere = accounts()[0].campaigns[0].ads[0];
    expect(
      (await update(creativePath(account.id, elsewhere.id), { patch: { $set: { intendedStatus: 'PAUSED' } } })).status,
    ).toBe(404);
    const path = creativePath(account.id, ad.id);
    const archived = await update(path, { patch: { $set: { intendedStatus: 'ARCHIVED' } } });
    expect([archived.status, archived.json.code]).toEqual([400, 'INVALID_VALUE']);
    expect((await update(path, { patch: { $set: { intendedStatus: 'SLEEPING' } } })).json.code).toBe('INVALID_VALUE');
    expect((await update(path, { patch: { $set: { name: 'x' } } })).status).toBe(400);
    expect((await update(path, { patch: { $set: { intendedStatus: 'PAUSED' } } }, {})).status).toBe(400);
    expect(
      (await update(`/adAccounts/${account.id}/creatives/${ad.id}`, { patch: { $set: { intendedStatus: 'PAUSED' } } }))
        .status,
    ).toBe(400);
    const readOnly = token([account.id], 'r_ads r_ads_reporting');
    expect((await update(path, { patch: { $set: { intendedStatus: 'PAUSED' } } }, undefined, readOnly)).status).toBe(
      403,
    );
    expect(world().adStatus('linkedin', ad.id)).toBe('ACTIVE');
  });
});
