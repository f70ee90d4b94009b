import { addDays } from '@shared/days';

import { SANDBOX_GOOGLE_DEVELOPER_TOKEN, sandboxCredentials } from '../../contract';
import { type RunningSandbox, startSandbox } from '../../sandbox';
import { type SandboxAccount } from '../../world';
import { parseGaql } from './gaql';
import { adGroupIdOf, budgetIdOf, duringRange } from './query';

const ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';
const REDIRECT = 'http://localhost:3000/api/oauth/callback';
const { clientId, clientSecret } = sandboxCredentials('google');

let sandbox: RunningSandbox;
let usd: SandboxAccount;
let inr: SandboxAccount;
let jpy: SandboxAccount;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, sleep: async () => {} });
  [usd, inr, jpy] = ['USD', 'INR', 'JPY'].map((currency) =>
    sandbox.world.accounts('google').find((a) => a.currency === currency)!,
  );
});
afterAll(() => sandbox.close());

const url = (path: string) => `${sandbox.url}/google${path}`;

interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

async function call(
  path: string,
  init: { method?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url(path), {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Tokens for a grant of `accountIds`, through the real token endpoint. */
async function tokens(
  accountIds: string[],
  scope = ADS_SCOPE,
): Promise<{ access_token: string; refresh_token: string }> {
  const code = sandbox.grants.createCode({ platform: 'google', clientId, redirectUri: REDIRECT, accountIds, scope });
  const answer = await call('/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      client_secret: clientSecret,
    },
  });
  expect(answer.status).toBe(200);
  return answer.json;
}

const apiHeaders = (accessToken: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${accessToken}`,
  'developer-token': SANDBOX_GOOGLE_DEVELOPER_TOKEN,
  ...extra,
});

async function search(
  accessToken: string,
  customerId: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(`/v26/customers/${customerId}/googleAds:searchStream`, {
    body: { query },
    headers: apiHeaders(accessToken, headers),
  });
}

/** The first GoogleAdsFailure error of a (possibly array-wrapped) status body. */
const firstError = (json: any) => (Array.isArray(json) ? json[0] : json).error.details[0].errors[0];

describe('google sandbox: OAuth endpoints', () => {
  const authorize = (params: Record<string, string>) =>
    call(
      `/o/oauth2/v2/auth?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: ADS_SCOPE,
        state: 'xyz',
        access_type: 'offline',
        prompt: 'consent',
        ...params,
      })}`,
    );

  it('shows the consent page for a good request and Google error pages for bad ones', async () => {
    expect((await authorize({ code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })).text).toContain(
      'name="request_id"',
    );
    const cases: [Record<string, string>, number, string][] = [
      [{ client_id: 'someone-else' }, 401, 'invalid_client'],
      [{ redirect_uri: 'javascript:alert(1)' }, 400, 'redirect_uri_mismatch'],
      [{ response_type: 'token' }, 400, 'unsupported_response_type'],
      [{ scope: '' }, 400, 'invalid_request'],
      [{ scope: 'https://www.googleapis.com/auth/drive' }, 400, 'invalid_scope'],
      [{ access_type: 'forever' }, 400, 'invalid_request'],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'S512' }, 400, 'invalid_request'],
      [{ code_challenge: 'short' }, 400, 'invalid_request'],
    ];
    for (const [params, status, error] of cases) {
      const answer = await authorize(params);
      expect([answer.status, answer.text.includes(`Error ${status}: ${error}`)]).toEqual([status, true]);
    }
  });

  it('issues one-hour access tokens and a refresh token for a code, form-encoded, with the client in the form or HTTP Basic', async () => {
    const first = await tokens([usd.id]);
    expect(first).toEqual({
      access_token: expect.any(String),
      expires_in: 3599,
      refresh_token: expect.any(String),
      scope: ADS_SCOPE,
      token_type: 'Bearer',
    });

    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const refreshed = await call('/token', {
      form: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toEqual({
      access_token: expect.any(String),
      expires_in: 3599,
      scope: ADS_SCOPE,
      token_type: 'Bearer',
    });
  });

  it('answers token errors as {error, error_description}', async () => {
    const good = { client_id: clientId, client_secret: clientSecret };
    const json = await call('/token', { body: { grant_type: 'refresh_token', refresh_token: 'x', ...good } });
    expect([json.status, json.json.error]).toEqual([400, 'invalid_request']);
    const secret = await call('/token', {
      form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, client_secret: 'nope' },
    });
    expect([secret.status, secret.json.error]).toEqual([401, 'invalid_client']);
    const grant = await call('/token', { form: { grant_type: 'password', ...good } });
    expect([grant.status, grant.json.error]).toEqual([400, 'unsupported_grant_type']);
    const dead = await call('/token', {
      form: { grant_type: 'refresh_token', refresh_token: 'google-rt-unknown', ...good },
    });
    expect([dead.status, dead.json]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    ]);
    const noRedirect = await call('/token', { form: { grant_type: 'authorization_code', code: 'c', ...good } });
    expect([noRedirect.status, noRedirect.json.error]).toEqual([400, 'invalid_request']);
  });

  it('revokes a grant by token in the query; the API then answers 401 and refreshing fails', async () => {
    const granted = await tokens([usd.id]);
    expect((await call(`/revoke?token=${encodeURIComponent(granted.refresh_token)}`, { method: 'POST' })).status).toBe(
      200,
    );
    const again = await call('/revoke', { form: { token: granted.refresh_token } });
    expect([again.status, again.json.error]).toEqual([400, 'invalid_token']);
    const answer = await call('/v26/customers:listAccessibleCustomers', { headers: apiHeaders(granted.access_token) });
    expect(answer.status).toBe(401);
    expect(answer.json.error.status).toBe('UNAUTHENTICATED');
    expect(firstError(answer.json).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_REVOKED' });
    const refresh = await call('/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: granted.refresh_token,
        client_id: clientId,
        client_secret: clientSecret,
      },
    });
    expect(refresh.json.error).toBe('invalid_grant');
  });
});

describe('google sandbox: API authentication', () => {
  it('checks the Bearer token, its expiry, its scope and the developer token, in Google’s error shape', async () => {
    const { access_token } = await tokens([usd.id]);
    const list = (headers: Record<string, string>) => call('/v26/customers:listAccessibleCustomers', { headers });

    const missing = await list({ 'developer-token': SANDBOX_GOOGLE_DEVELOPER_TOKEN });
    expect([missing.status, firstError(missing.json).errorCode]).toEqual([
      401,
      { authenticationError: 'OAUTH_TOKEN_HEADER_INVALID' },
    ]);
    const unknown = await list(apiHeaders('google-at-forged'));
    expect([unknown.status, firstError(unknown.json).errorCode]).toEqual([
      401,
      { authenticationError: 'OAUTH_TOKEN_INVALID' },
    ]);
    const noDeveloperToken = await list({ authorization: `Bearer ${access_token}` });
    expect([noDeveloperToken.status, firstError(noDeveloperToken.json).errorCode]).toEqual([
      401,
      { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
    ]);
    expect(noDeveloperToken.json.error.details[0]['@type']).toBe(
      'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
    );
    expect(noDeveloperToken.headers.get('request-id')).toBe(noDeveloperToken.json.error.details[0].requestId);

    const narrow = await tokens([usd.id], 'email');
    const scope = await list(apiHeaders(narrow.access_token));
    expect([scope.status, scope.json.error.details[0].reason]).toEqual([403, 'ACCESS_TOKEN_SCOPE_INSUFFICIENT']);

    sandbox.grants.expireAccessTokens('google');
    const expired = await list(apiHeaders(access_token));
    expect([expired.status, expired.json.error.status, firstError(expired.json).errorCode]).toEqual([
      401,
      'UNAUTHENTICATED',
      { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
    ]);
  });

  it('lists only the granted customers and refuses the others with USER_PERMISSION_DENIED', async () => {
    const { access_token } = await tokens([usd.id, jpy.id]);
    const list = await call('/v26/customers:listAccessibleCustomers', { headers: apiHeaders(access_token) });
    expect(list.json).toEqual({ resourceNames: [`customers/${usd.id}`, `customers/${jpy.id}`] });

    const denied = await search(access_token, inr.id, 'SELECT customer.id FROM customer');
    expect(denied.status).toBe(403);
    expect(Array.isArray(denied.json)).toBe(true);
    expect(firstError(denied.json).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    const malformed = await search(access_token, '123-456-7890', 'SELECT customer.id FROM customer');
    expect([malformed.status, firstError(malformed.json).errorCode]).toEqual([
      400,
      { requestError: 'INVALID_CUSTOMER_ID' },
    ]);

    expect(
      (await search(access_token, usd.id, 'SELECT customer.id FROM customer', { 'login-customer-id': usd.id })).status,
    ).toBe(200);
    const other = await search(access_token, usd.id, 'SELECT customer.id FROM customer', {
      'login-customer-id': jpy.id,
    });
    expect(firstError(other.json).errorCode).toEqual({
      authorizationError: 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION',
    });
  });

  it('renders injected faults in Google’s shapes, array-wrapped on searchStream', async () => {
    const { access_token } = await tokens([usd.id]);
    const limited = await call(`/v26/customers/${usd.id}/googleAds:searchStream`, {
      body: { query: 'SELECT customer.id FROM customer' },
      headers: apiHeaders(access_token, { 'x-sandbox-fault': 'rate_limit;retry=3' }),
    });
    expect(limited.status).toBe(429);
    expect(limited.json[0].error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(firstError(limited.json)).toMatchObject({
      errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
      details: { quotaErrorDetails: { retryDelay: '3s' } },
    });
    const broken = await call('/v26/customers:listAccessibleCustomers', {
      headers: apiHeaders(access_token, { 'x-sandbox-fault': 'server_error' }),
    });
    expect([broken.status, broken.json.error.status]).toEqual([500, 'INTERNAL']);
    const missing = await call('/v26/customers/1234567890/googleAds:nothing', { method: 'POST', body: {} });
    expect([missing.status, missing.json.error.status]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('google sandbox: GAQL over searchStream', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokens([usd.id, inr.id, jpy.id])).access_token;
  });

  it('parses the query shapes clients send', () => {
    expect(
      parseGaql(
        "SELECT campaign.id, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31' AND campaign.id IN (1, 2) " +
          "AND campaign.status != 'REMOVED' ORDER BY segments.date DESC, campaign.id LIMIT 5 PARAMETERS omit_unselected_resource_names = true",
      ),
    ).toEqual({
      select: ['campaign.id', 'metrics.cost_micros'],
      from: 'campaign',
      where: [
        {
          field: 'segments.date',
          operator: 'BETWEEN',
          values: [
            { type: 'string', text: '2026-01-01' },
            { type: 'string', text: '2026-01-31' },
          ],
        },
        {
          field: 'campaign.id',
          operator: 'IN',
          values: [
            { type: 'number', text: '1' },
            { type: 'number', text: '2' },
          ],
        },
        { field: 'campaign.status', operator: '!=', values: [{ type: 'string', text: 'REMOVED' }] },
      ],
      orderBy: [
        { field: 'segments.date', descending: true },
        { field: 'campaign.id', descending: false },
      ],
      limit: 5,
      parameters: { omit_unselected_resource_names: 'true' },
    });
  });

  it.each([
    ['SELECT campaign.id FROM campaign WHERE segments.date DURING LAST_90_DAYS', 'INVALID_VALUE_WITH_DURING_OPERATOR'],
    ['SELECT campaign.id, campaign.budget_thing FROM campaign', 'UNRECOGNIZED_FIELD'],
    ['SELECT campaign.id, segments.date FROM campaign', 'EXPECTED_FILTERS_ON_DATE_RANGE'],
    [
      "SELECT campaign.id, segments.date FROM campaign WHERE segments.date >= '2026-01-01'",
      'EXPECTED_FILTERS_ON_DATE_RANGE',
    ],
    [
      "SELECT campaign.id FROM campaign WHERE segments.date BETWEEN '2026-02-01' AND '2026-01-01'",
      'DATE_RANGE_TOO_NARROW',
    ],
    [
      "SELECT campaign.id FROM campaign WHERE segments.date BETWEEN '2026-02-30' AND '2026-03-01'",
      'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
    ],
    ['SELECT ad_group_ad.ad.id FROM campaign', 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE'],
    ["SELECT campaign.id FROM campaign WHERE campaign.status = 'RUNNING'", 'BAD_ENUM_CONSTANT'],
    ["SELECT campaign.id FROM campaign WHERE campaign.name LIKE '%a%'", 'BAD_OPERATOR'],
    ['SELECT campaign.id FROM campaign WHERE campaign.name = Brand', 'INVALID_STRING_VALUE'],
    ['SELECT campaign.id campaign', 'EXPECTED_FROM'],
    ['campaign.id FROM campaign', 'EXPECTED_SELECT'],
    ['SELECT campaign.id FROM campaign ORDER campaign.id', 'EXPECTED_BY'],
    ['SELECT campaign.id FROM campaign LIMIT 0', 'LIMIT_VALUE_TOO_LOW'],
    ["SELECT campaign.id FROM campaign WHERE campaign.name = 'open", 'STRING_NOT_TERMINATED'],
    ['SELECT campaign.id FROM campaign WHERE', 'UNEXPECTED_END_OF_QUERY'],
    ['SELECT campaign.id FROM campaign_budget', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
    ['SELECT campaign.id FROM campaign PARAMETERS fast = true', 'BAD_PARAMETER_NAME'],
  ])('rejects %s with queryError %s, array-wrapped', async (query, code) => {
    const answer = await search(token, usd.id, query);
    expect(answer.status).toBe(400);
    expect(answer.json[0].error.status).toBe('INVALID_ARGUMENT');
    expect(firstError(answer.json).errorCode).toEqual({ queryError: code });
  });

  it('answers a campaign × day query as an array of batches with Google’s JSON types', async () => {
    const until = sandbox.world.today(usd);
    const since = addDays(until, -29);
    const answer = await search(
      token,
      usd.id,
      'SELECT campaign.id, campaign.name, campaign.status, segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, ' +
        `metrics.conversions, metrics.conversions_value FROM campaign WHERE segments.date BETWEEN '${since}' AND '${until}' ORDER BY segments.date`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveLength(1);
    const [batch] = answer.json;
    expect(batch.fieldMask).toBe(
      'campaign.id,campaign.name,campaign.status,segments.date,metrics.impressions,metrics.clicks,metrics.costMicros,metrics.conversions,metrics.conversionsValue',
    );
    expect(batch.requestId).toBe(answer.headers.get('request-id'));
    expect(batch.queryResourceConsumption).toMatch(/^\d+$/);
    const truth = sandbox.world.rows('google', usd.id, since, until, 'campaign');
    expect(batch.results).toHaveLength(truth.length);
    const [row] = batch.results;
    const first = truth[0];
    expect(row).toEqual({
      campaign: {
        resourceName: `customers/${usd.id}/campaigns/${first.campaign.id}`,
        id: first.campaign.id,
        name: first.campaign.name,
        status: expect.stringMatching(/^(ENABLED|PAUSED)$/),
      },
      segments: { date: first.date },
      metrics: {
        impressions: String(first.metrics.impressions),
        clicks: String(first.metrics.clicks),
        costMicros: String(first.metrics.spendMinor * 10_000),
        conversions: first.metrics.conversions,
        conversionsValue: first.metrics.conversionValueMinor / 100,
      },
    });
  });

  it('answers ad × day rows with the ad group ad and ad resource names', async () => {
    const day = addDays(sandbox.world.today(jpy), -1);
    const answer = await search(
      token,
      jpy.id,
      `SELECT ad_group_ad.ad.id, ad_group_ad.ad.name, campaign.id, segments.date, metrics.cost_micros FROM ad_group_ad WHERE segments.date = '${day}'`,
    );
    const truth = sandbox.world.rows('google', jpy.id, day, day, 'ad');
    expect(answer.json[0].results).toHaveLength(truth.length);
    const row = answer.json[0].results[0];
    const adGroupAd = row.adGroupAd;
    expect(adGroupAd.resourceName).toMatch(new RegExp(`^customers/${jpy.id}/adGroupAds/\\d+~${truth[0].ad!.id}$`));
    expect(adGroupAd.ad).toEqual({
      resourceName: `customers/${jpy.id}/ads/${truth[0].ad!.id}`,
      id: truth[0].ad!.id,
      name: truth[0].ad!.name,
    });
    // JPY has no minor digits: one yen is 1,000,000 micros.
    expect(row.metrics.costMicros).toBe(`${truth[0].metrics.spendMinor}000000`);
  });

  it('answers a responsive search ad’s headlines and descriptions as AdTextAssets, with its final URLs; repeated fields are not filtered on', async () => {
    const ad = jpy.campaigns[0].ads[0];
    const answer = await search(
      token,
      jpy.id,
      'SELECT ad_group_ad.ad.id, ad_group_ad.ad.type, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ' +
        `ad_group_ad.ad.responsive_search_ad.descriptions FROM ad_group_ad WHERE ad_group_ad.ad.id = ${ad.id}`,
    );
    expect(answer.json[0].results[0].adGroupAd.ad).toEqual({
      resourceName: `customers/${jpy.id}/ads/${ad.id}`,
      id: ad.id,
      type: 'RESPONSIVE_SEARCH_AD',
      finalUrls: [ad.copy.landingUrl],
      responsiveSearchAd: {
        headlines: ad.copy.headlines.map((text) => ({ text })),
        descriptions: ad.copy.descriptions.map((text) => ({ text })),
      },
    });
    expect(answer.json[0].fieldMask).toContain('adGroupAd.ad.responsiveSearchAd.headlines');
    const filtered = await search(
      token,
      jpy.id,
      "SELECT ad_group_ad.ad.id FROM ad_group_ad WHERE ad_group_ad.ad.final_urls = 'x'",
    );
    expect(filtered.status).toBe(400);
    expect(firstError(filtered.json).errorCode).toEqual({ queryError: 'OPERATOR_FIELD_MISMATCH' });
  });

  it('supports DURING, a campaign id filter, ORDER BY DESC and LIMIT', async () => {
    const today = sandbox.world.today(usd);
    const [since, until] = duringRange('LAST_7_DAYS', today);
    expect([since, until]).toEqual([addDays(today, -7), addDays(today, -1)]);
    const campaign = usd.campaigns[0];
    const query = (where: string) =>
      search(
        token,
        usd.id,
        `SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE ${where} AND campaign.id = ${campaign.id} ORDER BY segments.date DESC LIMIT 3`,
      );
    const during = await query('segments.date DURING LAST_7_DAYS');
    const between = await query(`segments.date BETWEEN '${since}' AND '${until}'`);
    expect(during.json[0].results).toEqual(between.json[0].results);
    const dates = during.json[0].results.map((r: { segments: { date: string } }) => r.segments.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.length).toBeLessThanOrEqual(3);
    expect(during.json[0].results.every((r: { campaign: { id: string } }) => r.campaign.id === campaign.id)).toBe(true);
  });

  it('lists campaigns with their own daily budget, and sends one empty batch when nothing matches', async () => {
    const answer = await search(
      token,
      inr.id,
      'SELECT campaign.id, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign',
    );
    const [row] = answer.json[0].results;
    const campaign = inr.campaigns[0];
    expect(row.campaign.campaignBudget).toBe(`customers/${inr.id}/campaignBudgets/${budgetIdOf(campaign.id)}`);
    expect(row.campaignBudget).toEqual({
      resourceName: row.campaign.campaignBudget,
      amountMicros: String(sandbox.world.dailyBudgetMinor('google', campaign.id) * 10_000),
    });
    const none = await search(token, inr.id, 'SELECT campaign.id FROM campaign WHERE campaign.id = 1');
    expect(none.json).toEqual([
      { fieldMask: 'campaign.id', requestId: expect.any(String), queryResourceConsumption: '1' },
    ]);
  });
});

describe('google sandbox: mutates', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokens([usd.id, jpy.id])).access_token;
  });
  const mutate = (customerId: string, collection: string, body: object) =>
    call(`/v26/customers/${customerId}/${collection}:mutate`, { body, headers: apiHeaders(token) });
  const budgetName = (account: SandboxAccount, campaignId: string) =>
    `customers/${account.id}/campaignBudgets/${budgetIdOf(campaignId)}`;

  it('accepts amount_micros and amountMicros in the update mask and the body', async () => {
    const campaign = usd.campaigns[1];
    const snake = await mutate(usd.id, 'campaignBudgets', {
      operations: [
        {
          updateMask: 'amount_micros',
          update: { resourceName: budgetName(usd, campaign.id), amount_micros: '41000000' },
        },
      ],
    });
    expect(snake.json).toEqual({ results: [{ resourceName: budgetName(usd, campaign.id) }] });
    expect(sandbox.world.dailyBudgetMinor('google', campaign.id)).toBe(4100);
    const camel = await mutate(usd.id, 'campaignBudgets', {
      operations: [
        {
          updateMask: 'amountMicros',
          update: { resourceName: budgetName(usd, campaign.id), amountMicros: '42500000' },
        },
      ],
      responseContentType: 'MUTABLE_RESOURCE',
    });
    expect(camel.json.results[0].campaignBudget).toEqual({
      resourceName: budgetName(usd, campaign.id),
      id: budgetIdOf(campaign.id),
      amountMicros: '42500000',
    });
    expect(sandbox.world.dailyBudgetMinor('google', campaign.id)).toBe(4250);
  });

  it('rejects budget amounts that are not whole units of the currency (JPY: whole yen)', async () => {
    const campaign = jpy.campaigns[0];
    const before = sandbox.world.dailyBudgetMinor('google', campaign.id);
    const answer = await mutate(jpy.id, 'campaignBudgets', {
      operations: [
        {
          updateMask: 'amount_micros',
          update: { resourceName: budgetName(jpy, campaign.id), amountMicros: '1500500000' },
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(firstError(answer.json)).toMatchObject({
      errorCode: { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
      location: {
        fieldPathElements: [
          { fieldName: 'operations', index: 0 },
          { fieldName: 'update' },
          { fieldName: 'amount_micros' },
        ],
      },
    });
    expect(sandbox.world.dailyBudgetMinor('google', campaign.id)).toBe(before);
  });

  it('refuses zero, negative and non-int64 amounts and budgets it does not have, in campaignBudgetError / mutateError codes', async () => {
    const campaign = usd.campaigns[2];
    const before = sandbox.world.dailyBudgetMinor('google', campaign.id);
    const update = (resourceName: string, amountMicros: unknown) =>
      mutate(usd.id, 'campaignBudgets', {
        operations: [{ updateMask: 'amount_micros', update: { resourceName, amountMicros } }],
      });
    const refusal = async (resourceName: string, amountMicros: unknown) => {
      const answer = await update(resourceName, amountMicros);
      return [answer.status, firstError(answer.json).errorCode];
    };

    expect(await refusal(budgetName(usd, campaign.id), '0')).toEqual([
      400,
      { campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC' },
    ]);
    expect(await refusal(budgetName(usd, campaign.id), '-5000000')).toEqual([
      400,
      { campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT' },
    ]);
    expect(await refusal(budgetName(usd, campaign.id), '12.5')).toEqual([400, { fieldError: 'REQUIRED' }]);
    expect(await refusal(`customers/${usd.id}/campaignBudgets/1`, '5000000')).toEqual([
      400,
      { mutateError: 'RESOURCE_NOT_FOUND' },
    ]);
    // Another customer's budget is not found under this one.
    expect(await refusal(budgetName(jpy, jpy.campaigns[0].id), '5000000000')).toEqual([
      400,
      { mutateError: 'RESOURCE_NOT_FOUND' },
    ]);
    expect(sandbox.world.dailyBudgetMinor('google', campaign.id)).toBe(before);
  });

  it('applies status updates atomically unless partialFailure is set; validateOnly changes nothing', async () => {
    const [a, b] = usd.campaigns;
    const name = (id: string) => `customers/${usd.id}/campaigns/${id}`;
    const good = { updateMask: 'status', update: { resourceName: name(a.id), status: 'PAUSED' } };
    const bad = { updateMask: 'status', update: { resourceName: name(b.id), status: 'REMOVED' } };
    const statusBefore = sandbox.world.status('google', a.id);

    const atomic = await mutate(usd.id, 'campaigns', { operations: [good, bad] });
    expect(atomic.status).toBe(400);
    expect(firstError(atomic.json)).toMatchObject({
      errorCode: { fieldError: 'INVALID_VALUE' },
      location: {
        fieldPathElements: [{ fieldName: 'operations', index: 1 }, { fieldName: 'update' }, { fieldName: 'status' }],
      },
    });
    expect(sandbox.world.status('google', a.id)).toBe(statusBefore);

    const dryRun = await mutate(usd.id, 'campaigns', { operations: [good], validateOnly: true });
    expect([dryRun.status, dryRun.json]).toEqual([200, {}]);
    expect(sandbox.world.status('google', a.id)).toBe(statusBefore);

    const partial = await mutate(usd.id, 'campaigns', { operations: [good, bad], partialFailure: true });
    expect(partial.status).toBe(200);
    expect(partial.json.results).toEqual([{ resourceName: name(a.id) }, {}]);
    expect(partial.json.partialFailureError).toMatchObject({
      code: 3,
      details: [{ errors: [{ errorCode: { fieldError: 'INVALID_VALUE' } }] }],
    });
    expect(sandbox.world.status('google', a.id)).toBe('PAUSED');
  });

  it('rejects missing masks, unknown resources, other accounts’ resources and create operations', async () => {
    const campaign = usd.campaigns[0];
    const codes = async (customerId: string, collection: string, operation: object) =>
      firstError((await mutate(customerId, collection, { operations: [operation] })).json).errorCode;
    expect(
      await codes(usd.id, 'campaigns', {
        update: { resourceName: `customers/${usd.id}/campaigns/${campaign.id}`, status: 'PAUSED' },
      }),
    ).toEqual({
      fieldMaskError: 'FIELD_MASK_MISSING',
    });
    expect(
      await codes(usd.id, 'campaigns', {
        updateMask: 'name',
        update: { resourceName: `customers/${usd.id}/campaigns/${campaign.id}`, name: 'x' },
      }),
    ).toEqual({
      fieldMaskError: 'FIELD_NOT_FOUND',
    });
    expect(
      await codes(usd.id, 'campaigns', {
        updateMask: 'status',
        update: { resourceName: `customers/${usd.id}/campaigns/1`, status: 'PAUSED' },
      }),
    ).toEqual({
      mutateError: 'RESOURCE_NOT_FOUND',
    });
    expect(
      await codes(jpy.id, 'campaigns', {
        updateMask: 'status',
        update: { resourceName: `customers/${usd.id}/campaigns/${campaign.id}`, status: 'PAUSED' },
      }),
    ).toEqual({
      mutateError: 'RESOURCE_NOT_FOUND',
    });
    expect(await codes(usd.id, 'campaigns', { create: { name: 'New' } })).toEqual({
      mutateError: 'MUTATE_NOT_ALLOWED',
    });
  });
});

describe('google sandbox: ad group ads', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokens([inr.id])).access_token;
  });
  const mutate = (body: object) =>
    call(`/v26/customers/${inr.id}/adGroupAds:mutate`, { body, headers: apiHeaders(token) });
  const adGroupAdName = (campaignId: string, adId: string) =>
    `customers/${inr.id}/adGroupAds/${adGroupIdOf(campaignId)}~${adId}`;
  /** An active campaign whose first two ads both deliver today. */
  const deliveringCampaign = () => {
    const today = sandbox.world.today(inr);
    const campaign = inr.campaigns.find(
      (c) =>
        sandbox.world.status('google', c.id) === 'ACTIVE' &&
        c.ads.length >= 2 &&
        c.ads.slice(0, 2).every((ad) => sandbox.world.adDay('google', ad.id, today).spendMinor > 0),
    );
    if (!campaign) throw new Error('no campaign with two delivering ads');
    return { campaign, today };
  };

  it('lists every ad group ad with its own status, and pauses and resumes one through adGroupAds:mutate', async () => {
    const { campaign, today } = deliveringCampaign();
    const [paused, other] = campaign.ads;
    const statuses = async () => {
      const answer = await search(
        token,
        inr.id,
        'SELECT ad_group_ad.resource_name, ad_group_ad.ad.id, ad_group_ad.status, campaign.id FROM ad_group_ad',
      );
      return new Map<string, any>(answer.json[0].results.map((row: any) => [row.adGroupAd.ad.id, row]));
    };
    const before = await statuses();
    expect(before.size).toBe(inr.campaigns.reduce((n, c) => n + c.ads.length, 0));
    expect(before.get(paused.id)).toEqual({
      adGroupAd: {
        resourceName: adGroupAdName(campaign.id, paused.id),
        ad: { resourceName: `customers/${inr.id}/ads/${paused.id}`, id: paused.id },
        status: 'ENABLED',
      },
      campaign: { resourceName: `customers/${inr.id}/campaigns/${campaign.id}`, id: campaign.id },
    });
    const campaignSpend = sandbox.world.campaignDay('google', campaign.id, today).spendMinor;

    const answer = await mutate({
      operations: [
        { updateMask: 'status', update: { resourceName: adGroupAdName(campaign.id, paused.id), status: 'PAUSED' } },
      ],
      responseContentType: 'MUTABLE_RESOURCE',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.results).toEqual([
      {
        resourceName: adGroupAdName(campaign.id, paused.id),
        adGroupAd: {
          resourceName: adGroupAdName(campaign.id, paused.id),
          status: 'PAUSED',
          ad: { resourceName: `customers/${inr.id}/ads/${paused.id}`, id: paused.id, name: paused.name },
        },
      },
    ]);
    expect(sandbox.world.adStatus('google', paused.id)).toBe('PAUSED');
    const after = await statuses();
    expect(after.get(paused.id).adGroupAd.status).toBe('PAUSED');
    expect(after.get(other.id).adGroupAd.status).toBe('ENABLED');
    // The campaign stays enabled; only the ad stopped delivering today, its siblings took its share.
    expect(sandbox.world.status('google', campaign.id)).toBe('ACTIVE');

    const report = await search(
      token,
      inr.id,
      `SELECT ad_group_ad.ad.id, segments.date, metrics.cost_micros FROM ad_group_ad WHERE segments.date = '${today}' AND campaign.id = ${campaign.id}`,
    );
    const ids = report.json[0].results.map((row: any) => row.adGroupAd.ad.id);
    expect(ids).not.toContain(paused.id);
    expect(ids).toContain(other.id);
    expect(sandbox.world.campaignDay('google', campaign.id, today).spendMinor).toBe(campaignSpend);

    const resumed = await mutate({
      operations: [
        { updateMask: 'status', update: { resourceName: adGroupAdName(campaign.id, paused.id), status: 'ENABLED' } },
      ],
    });
    expect(resumed.json).toEqual({ results: [{ resourceName: adGroupAdName(campaign.id, paused.id) }] });
    expect(sandbox.world.adStatus('google', paused.id)).toBe('ACTIVE');
    expect(sandbox.world.adDay('google', paused.id, today).spendMinor).toBeGreaterThan(0);
  });

  it('answers unknown ad group ads with RESOURCE_NOT_FOUND and refuses other statuses', async () => {
    const campaign = inr.campaigns[0];
    const ad = campaign.ads[0];
    const codes = async (resourceName: string, status: string) => {
      const answer = await mutate({ operations: [{ updateMask: 'status', update: { resourceName, status } }] });
      return [answer.status, firstError(answer.json).errorCode];
    };
    expect(await codes(adGroupAdName(campaign.id, '1'), 'PAUSED')).toEqual([
      400,
      { mutateError: 'RESOURCE_NOT_FOUND' },
    ]);
    expect(
      await codes(`customers/${inr.id}/adGroupAds/${adGroupIdOf(inr.campaigns[1].id)}~${ad.id}`, 'PAUSED'),
    ).toEqual([400, { mutateError: 'RESOURCE_NOT_FOUND' }]);
    expect(await codes(`customers/${inr.id}/adGroupAds/${ad.id}`, 'PAUSED')).toEqual([
      400,
      { mutateError: 'RESOURCE_NOT_FOUND' },
    ]);
    const before = sandbox.world.adStatus('google', ad.id);
    expect(await codes(adGroupAdName(campaign.id, ad.id), 'REMOVED')).toEqual([400, { fieldError: 'INVALID_VALUE' }]);
    expect(await codes(adGroupAdName(campaign.id, ad.id), 'paused')).toEqual([400, { fieldError: 'INVALID_VALUE' }]);
    expect(sandbox.world.adStatus('google', ad.id)).toBe(before);
  });
});
