import { addDays } from '@shared/days';
import sharp from 'sharp';

import { type RunningSandbox, startSandbox } from '../../sandbox';

/** Wire-level checks of the TikTok emulator: envelope, auth signals, parameter limits, placeholders. */

let sandbox: RunningSandbox;
let token: string;
let api: string;

const credentials = { app_id: 'sandbox-tiktok-client', secret: 'sandbox-tiktok-secret' };
const accounts = () => sandbox.world.accounts('tiktok');

interface Envelope {
  code: number;
  message: string;
  request_id: string;
  data: Record<string, unknown> & { list?: Record<string, unknown>[]; page_info?: Record<string, number> };
}

interface CallInit {
  query?: Record<string, unknown>;
  body?: unknown;
  /** null: no Access-Token header; absent: the test's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** A request to the emulator; answers the status and the parsed envelope. */
async function call(path: string, init: CallInit = {}) {
  const url = new URL(`${api}${path}`);
  for (const [name, value] of Object.entries(init.query ?? {})) {
    url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== null) headers['Access-Token'] = init.token ?? token;
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

const reportQuery = (overrides: Record<string, unknown> = {}, account = accounts()[0]) => {
  const today = sandbox.world.today(account);
  return {
    advertiser_id: account.id,
    service_type: 'AUCTION',
    report_type: 'BASIC',
    data_level: 'AUCTION_CAMPAIGN',
    dimensions: ['campaign_id', 'stat_time_day'],
    metrics: [
      'spend',
      'impressions',
      'clicks',
      'conversion',
      'cost_per_conversion',
      'total_complete_payment_rate',
      'campaign_name',
    ],
    start_date: addDays(today, -29),
    end_date: today,
    page: 1,
    page_size: 1000,
    ...overrides,
  };
};

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, sleep: async () => {} });
  api = `${sandbox.url}/tiktok/open_api/v1.3`;
  const code = sandbox.grants.createCode({
    platform: 'tiktok',
    clientId: credentials.app_id,
    redirectUri: 'http://localhost/cb',
    accountIds: [accounts()[0].id, accounts()[1].id],
    scope: '',
  });
  const { status, body } = await call('/oauth2/access_token/', {
    body: { ...credentials, auth_code: code },
    token: null,
  });
  expect(status).toBe(200);
  expect(body).toMatchObject({
    code: 0,
    message: 'OK',
    data: { advertiser_ids: [accounts()[0].id, accounts()[1].id], scope: [4] },
  });
  expect(body.request_id).toMatch(/^\d{14}[0-9A-F]{18}$/);
  token = body.data.access_token as string;
});
afterAll(() => sandbox.close());

describe('TikTok emulator', () => {
  it('takes the code exchange as JSON only, and answers errors with HTTP 200 and a code', async () => {
    const form = await call('/oauth2/access_token/', {
      body: new URLSearchParams({ ...credentials, auth_code: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: null,
    });
    expect(form).toMatchObject({ status: 200, body: { code: 40002, data: {} } });
    const unknown = await call('/oauth2/access_token/', {
      body: { ...credentials, auth_code: 'tiktok-code-nope' },
      token: null,
    });
    expect(unknown.body.code).toBe(40110);
    const broken = await call('/oauth2/access_token/', { body: '{"app_id":', token: null });
    expect(broken).toMatchObject({ status: 200, body: { code: 40002 } });
  });

  it('signals a missing token with 40104 and an unknown one with 40105', async () => {
    expect((await call('/oauth2/advertiser/get/', { query: credentials, token: null })).body.code).toBe(40104);
    expect((await call('/oauth2/advertiser/get/', { query: credentials, token: 'tiktok-at-unknown' })).body.code).toBe(
      40105,
    );
  });

  it('lists granted advertisers only and refuses the others with 40001', async () => {
    const granted = await call('/oauth2/advertiser/get/', { query: credentials });
    expect(granted.body.data.list).toEqual(
      accounts()
        .slice(0, 2)
        .map((a) => ({ advertiser_id: a.id, advertiser_name: a.name })),
    );
    const fields = ['advertiser_id', 'currency', 'timezone'];
    const info = await call('/advertiser/info/', { query: { advertiser_ids: [accounts()[0].id], fields } });
    expect(info.body.data.list).toEqual([
      { advertiser_id: accounts()[0].id, currency: 'USD', timezone: 'America/New_York' },
    ]);
    const other = await call('/advertiser/info/', { query: { advertiser_ids: [accounts()[1].id, accounts()[2].id] } });
    expect(other.body.code).toBe(40001);
  });

  it('returns campaigns with ENABLE/DISABLE and a float budget in major units', async () => {
    const { body } = await call('/campaign/get/', {
      query: { advertiser_id: accounts()[0].id, page: 1, page_size: 2 },
    });
    const total = accounts()[0].campaigns.length;
    expect(body.data.page_info).toEqual({
      page: 1,
      page_size: 2,
      total_number: total,
      total_page: Math.ceil(total / 2),
    });
    const first = body.data.list![0];
    expect(first).toMatchObject({
      campaign_id: accounts()[0].campaigns[0].id,
      budget_mode: 'BUDGET_MODE_DAY',
      operation_status: 'ENABLE',
    });
    expect(typeof first.budget).toBe('number');
  });

  it('renders report rows in TikTok shape, with "-" where a metric has no value', async () => {
    const metrics = [
      'spend',
      'impressions',
      'clicks',
      'conversion',
      'cost_per_conversion',
      'total_complete_payment_rate',
    ];
    metrics.push('campaign_id', 'ad_name');
    // The INR advertiser has ads with conversion-less days in its last 30 days.
    const query = reportQuery(
      { data_level: 'AUCTION_AD', dimensions: ['ad_id', 'stat_time_day'], metrics },
      accounts()[1],
    );
    const { body } = await call('/report/integrated/get/', { query });
    expect(body.code).toBe(0);
    const list = body.data.list as { dimensions: Record<string, string>; metrics: Record<string, string> }[];
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) {
      expect(Object.keys(row.dimensions).sort()).toEqual(['ad_id', 'stat_time_day']);
      expect(row.dimensions.stat_time_day).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
      expect(Object.keys(row.metrics).sort()).toEqual([...metrics].sort());
      expect(row.metrics.spend).toMatch(/^\d+\.\d{2}$/);
      expect(typeof row.metrics.impressions).toBe('string');
    }
    const withoutConversions = list.filter((row) => row.metrics.conversion === '0');
    expect(withoutConversions.length).toBeGreaterThan(0);
    for (const row of withoutConversions) {
      expect(row.metrics.cost_per_conversion).toBe('-');
      expect(row.metrics.total_complete_payment_rate).toBe('-');
    }
  });

  it('pages the report by page and page_size', async () => {
    const whole = await call('/report/integrated/get/', { query: reportQuery() });
    const pages: unknown[] = [];
    const first = await call('/report/integrated/get/', { query: reportQuery({ page_size: 7 }) });
    const totalPage = first.body.data.page_info!.total_page;
    expect(first.body.data.page_info!.total_number).toBe(whole.body.data.list!.length);
    for (let page = 1; page <= totalPage; page += 1) {
      pages.push(
        ...(await call('/report/integrated/get/', { query: reportQuery({ page, page_size: 7 }) })).body.data.list!,
      );
    }
    expect(pages).toEqual(whole.body.data.list);
  });

  it('rejects more than 30 days, pages over 1000 and unknown metrics with 40002', async () => {
    const today = sandbox.world.today(accounts()[0]);
    expect(
      (await call('/report/integrated/get/', { query: reportQuery({ start_date: addDays(today, -30) }) })).body.code,
    ).toBe(40002);
    expect((await call('/report/integrated/get/', { query: reportQuery({ page_size: 1001 }) })).body.code).toBe(40002);
    expect(
      (await call('/report/integrated/get/', { query: reportQuery({ metrics: ['spend', 'revenue'] }) })).body.code,
    ).toBe(40002);
    const wrongDimensions = reportQuery({ dimensions: ['ad_id', 'stat_time_day'] });
    expect((await call('/report/integrated/get/', { query: wrongDimensions })).body.code).toBe(40002);
  });

  it('renders injected faults as HTTP 200 with TikTok codes', async () => {
    const query = { advertiser_id: accounts()[0].id };
    const rate = await call('/campaign/get/', { query, headers: { 'x-sandbox-fault': 'rate_limit;retry=7' } });
    expect(rate).toMatchObject({ status: 200, body: { code: 40100, data: {} } });
    const server = await call('/campaign/get/', { query, headers: { 'x-sandbox-fault': 'server_error' } });
    expect(server).toMatchObject({ status: 200, body: { code: 50000 } });
    const expired = await call('/campaign/get/', { query, headers: { 'x-sandbox-fault': 'expired_token' } });
    expect(expired.body.code).toBe(40102);
  });

  it('changes status and budget through the write endpoints', async () => {
    const account = accounts()[0];
    const campaign = account.campaigns[0];
    const statusBody = { advertiser_id: account.id, campaign_ids: [campaign.id], operation_status: 'DISABLE' };
    const status = await call('/campaign/status/update/', { body: statusBody });
    expect(status.body).toMatchObject({ code: 0, data: { campaign_ids: [campaign.id] } });
    expect(sandbox.world.status('tiktok', campaign.id)).toBe('PAUSED');
    const budget = await call('/campaign/update/', {
      body: { advertiser_id: account.id, campaign_id: campaign.id, budget: 77.5 },
    });
    expect(budget.body).toMatchObject({ code: 0, data: { budget: 77.5, operation_status: 'DISABLE' } });
    expect(sandbox.world.dailyBudgetMinor('tiktok', campaign.id)).toBe(7750);
    const bad = await call('/campaign/status/update/', { body: { ...statusBody, operation_status: 'PAUSE' } });
    expect(bad.body.code).toBe(40002);
    const foreignCampaign = accounts()[1].campaigns[0].id;
    const foreign = await call('/campaign/update/', {
      body: { advertiser_id: account.id, campaign_id: foreignCampaign, budget: 10 },
    });
    expect(foreign.body.code).toBe(40007);
  });

  it('refuses a campaign budget that is not a positive number (40002) and leaves the budget alone', async () => {
    const account = accounts()[0];
    const campaign = account.campaigns[1];
    const before = sandbox.world.dailyBudgetMinor('tiktok', campaign.id);
    for (const budget of [0, -10, '77.5', null]) {
      const refused = await call('/campaign/update/', {
        body: { advertiser_id: account.id, campaign_id: campaign.id, budget },
      });
      expect(refused.body).toMatchObject({
        code: 40002,
        message: 'budget: Must be a positive number in the account currency.',
      });
    }
    const unknown = await call('/campaign/update/', {
      body: { advertiser_id: account.id, campaign_id: '1700000000000000', budget: 10 },
    });
    expect(unknown.body.code).toBe(40007);
    expect(sandbox.world.dailyBudgetMinor('tiktok', campaign.id)).toBe(before);
  });
});

describe('TikTok emulator: ads', () => {
  /** The INR advertiser and an enabled campaign whose first two ads deliver today. */
  const setting = () => {
    const account = accounts()[1];
    const today = sandbox.world.today(account);
    const campaign = account.campaigns.find(
      (c) =>
        sandbox.world.status('tiktok', c.id) === 'ACTIVE' &&
        c.ads.length >= 2 &&
        c.ads.slice(0, 2).every((ad) => sandbox.world.adDay('tiktok', ad.id, today).spendMinor > 0),
    )!;
    return { account, campaign, today };
  };

  it('lists ads with their own operation_status through ad/get, paged, with fields and filtering', async () => {
    const { account, campaign } = setting();
    const total = account.campaigns.reduce((n, c) => n + c.ads.length, 0);
    const first = await call('/ad/get/', { query: { advertiser_id: account.id, page: 1, page_size: 3 } });
    expect(first.body.code).toBe(0);
    expect(first.body.data.page_info).toEqual({
      page: 1,
      page_size: 3,
      total_number: total,
      total_page: Math.ceil(total / 3),
    });
    const [ad] = campaign.ads;
    const fields = ['ad_id', 'ad_name', 'campaign_id', 'operation_status', 'secondary_status'];
    const filtered = await call('/ad/get/', {
      query: { advertiser_id: account.id, fields, filtering: { ad_ids: [ad.id] } },
    });
    expect(filtered.body.data.list).toEqual([
      {
        ad_id: ad.id,
        ad_name: ad.name,
        campaign_id: campaign.id,
        operation_status: 'ENABLE',
        secondary_status: 'AD_STATUS_DELIVERY_OK',
      },
    ]);
    expect(
      (await call('/ad/get/', { query: { advertiser_id: account.id, filtering: '{"ad_ids":"x"}' } })).body.code,
    ).toBe(40002);
    expect((await call('/ad/get/', { query: { advertiser_id: accounts()[2].id } })).body.code).toBe(40001);
  });

  it('gives an ad’s text, button, landing page and image ids in ad/get, and the images’ URLs in file/image/ad/info', async () => {
    const { account, campaign } = setting();
    const [ad] = campaign.ads;
    const fields = ['ad_id', 'ad_text', 'call_to_action', 'landing_page_url', 'image_ids'];
    const listed = await call('/ad/get/', {
      query: { advertiser_id: account.id, fields, filtering: { ad_ids: [ad.id] } },
    });
    const imageId = `ad-site-i18n-sg/${ad.copy.image!.key}`;
    expect(listed.body.data.list).toEqual([
      {
        ad_id: ad.id,
        ad_text: ad.copy.primaryText,
        call_to_action: ad.copy.callToAction,
        landing_page_url: ad.copy.landingUrl,
        image_ids: [imageId],
      },
    ]);
    const info = await call('/file/image/ad/info/', {
      query: { advertiser_id: account.id, image_ids: [imageId, 'ad-site-i18n-sg/unknown'] },
    });
    expect(info.body.code).toBe(0);
    expect(info.body.data.list).toEqual([
      expect.objectContaining({
        image_id: imageId,
        width: 1080,
        height: 1920,
        format: 'png',
        image_url: expect.any(String),
      }),
    ]);
    const image = await fetch(info.body.data.list![0].image_url as string);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1080, height: 1920 });
    expect(
      (await call('/file/image/ad/info/', { query: { advertiser_id: account.id, image_ids: 'x' } })).body.code,
    ).toBe(40002);
    // An advertiser the token was not granted.
    expect(
      (await call('/file/image/ad/info/', { query: { advertiser_id: accounts()[2].id, image_ids: [imageId] } })).body
        .code,
    ).toBe(40001);
  });

  it('disables an ad through ad/status/update: DISABLE in ad/get, no delivery today, its siblings deliver; then enables it', async () => {
    const { account, campaign, today } = setting();
    const [ad, sibling] = campaign.ads;
    const update = (operation_status: string) =>
      call('/ad/status/update/', { body: { advertiser_id: account.id, ad_ids: [ad.id], operation_status } });
    expect((await update('DISABLE')).body).toMatchObject({ code: 0, data: { ad_ids: [ad.id], status: 'DISABLE' } });
    expect(sandbox.world.adStatus('tiktok', ad.id)).toBe('PAUSED');
    expect(sandbox.world.status('tiktok', campaign.id)).toBe('ACTIVE');
    const listed = await call('/ad/get/', { query: { advertiser_id: account.id, filtering: { ad_ids: [ad.id] } } });
    expect(listed.body.data.list![0]).toMatchObject({
      operation_status: 'DISABLE',
      secondary_status: 'AD_STATUS_DISABLE',
    });

    const query = reportQuery(
      {
        data_level: 'AUCTION_AD',
        dimensions: ['ad_id', 'stat_time_day'],
        metrics: ['spend'],
        start_date: today,
        end_date: today,
      },
      account,
    );
    const report = await call('/report/integrated/get/', { query });
    const adIds = (report.body.data.list as { dimensions: Record<string, string> }[]).map(
      (row) => row.dimensions.ad_id,
    );
    expect(adIds).not.toContain(ad.id);
    expect(adIds).toContain(sibling.id);

    expect((await update('ENABLE')).body.code).toBe(0);
    expect(sandbox.world.adStatus('tiktok', ad.id)).toBe('ACTIVE');
    expect(sandbox.world.adDay('tiktok', ad.id, today).spendMinor).toBeGreaterThan(0);
  });

  it('answers an unknown ad with 40007 and refuses other operation statuses and malformed ad_ids with 40002', async () => {
    const { account, campaign } = setting();
    const ad = campaign.ads[0];
    const update = (body: Record<string, unknown>) =>
      call('/ad/status/update/', { body: { advertiser_id: account.id, operation_status: 'DISABLE', ...body } });
    expect((await update({ ad_ids: ['1700000000000000'] })).body.code).toBe(40007);
    expect((await update({ ad_ids: [accounts()[0].campaigns[0].ads[0].id] })).body.code).toBe(40007);
    expect((await update({ ad_ids: [ad.id], operation_status: 'PAUSE' })).body.code).toBe(40002);
    expect((await update({ ad_ids: [ad.id], operation_status: 'DELETE' })).body.code).toBe(40002);
    expect((await update({ ad_ids: [] })).body.code).toBe(40002);
    expect((await update({ ad_ids: Array(21).fill(ad.id) })).body.code).toBe(40002);
    expect(sandbox.world.adStatus('tiktok', ad.id)).toBe('ACTIVE');
  });
});
