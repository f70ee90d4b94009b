import { platformError as failure, recordingRuntime } from '../../test/platforms';
import { sandboxSettings } from '../settings';
import type { PlatformAccount, TokenProvider } from '../types';
import { NO_DATA_CODE } from './client';
import { RATE_LIMIT_FIRST_WAIT_MS } from './errors';
import { tiktokAdapter } from './index';

/**
 * The client over canned answers in TikTok's envelope `{code, message, request_id, data}`: paging
 * by page_info.total_page, failures sent as HTTP 200 with a non-zero code, and a code 0 that
 * carries no data. The sandbox serves the happy paths (client.test.ts); these are the shapes it
 * does not produce on its own.
 */

const settings = sandboxSettings('http://tiktok.test').tiktok;
const account: PlatformAccount = { id: '7001', name: 'Shop', currency: 'USD', timeZone: 'America/New_York' };
const tokens: TokenProvider & { refreshes: number } = {
  refreshes: 0,
  current: async () => ({ accessToken: 'token' }),
  async refreshed() {
    this.refreshes += 1;
    return { accessToken: 'token' };
  },
};

const envelope = (code: number, data?: unknown, message = code === 0 ? 'OK' : 'failed') =>
  new Response(JSON.stringify({ code, message, request_id: `req-${code}`, ...(data === undefined ? {} : { data }) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A client whose every request is answered by `answer`, with the requested URLs recorded. */
function scripted(answer: (url: URL, index: number) => Response) {
  const urls: URL[] = [];
  const runtime = recordingRuntime({
    fetch: async (input) => {
      const url = new URL(String(input));
      urls.push(url);
      return answer(url, urls.length - 1);
    },
  });
  return { urls, runtime, client: tiktokAdapter.client(settings, tokens, runtime) };
}

const campaign = (id: number) => ({
  campaign_id: String(id),
  campaign_name: `C${id}`,
  operation_status: 'ENABLE',
  budget: 10,
  budget_mode: 'BUDGET_MODE_DAY',
});

describe('TikTok paging', () => {
  it('reads every page up to page_info.total_page, asking for each page in turn', async () => {
    const { client, urls } = scripted((url) => {
      const page = Number(url.searchParams.get('page'));
      return envelope(0, {
        list: [campaign(page * 10 + 1), campaign(page * 10 + 2)],
        page_info: { page, page_size: 2, total_number: 6, total_page: 3 },
      });
    });
    const campaigns = await client.listCampaigns(account);
    expect(campaigns.map((c) => c.id)).toEqual(['11', '12', '21', '22', '31', '32']);
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(urls.every((url) => url.searchParams.get('advertiser_id') === account.id)).toBe(true);
  });

  it('stops after one page when page_info is missing', async () => {
    const { client, urls } = scripted(() => envelope(0, { list: [campaign(1)] }));
    await expect(client.listCampaigns(account)).resolves.toHaveLength(1);
    expect(urls).toHaveLength(1);
  });
});

describe('TikTok failures in an HTTP 200', () => {
  it('retries a throttle (40100) after its own back-off and then reads the answer', async () => {
    const { client, runtime } = scripted((_url, index) =>
      index === 0 ? envelope(40100) : envelope(0, { list: [campaign(1)], page_info: { page: 1, total_page: 1 } }),
    );
    await expect(client.listCampaigns(account)).resolves.toHaveLength(1);
    expect(runtime.sleeps).toEqual([RATE_LIMIT_FIRST_WAIT_MS]);
  });

  it.each([
    [40104, 'revoked'],
    [40105, 'revoked'],
    [40001, 'permission'],
    [40007, 'not_found'],
    [40002, 'invalid'],
  ] as const)('maps code %i to %s without retrying or refreshing', async (code, kind) => {
    const { client, runtime, urls } = scripted(() => envelope(code));
    const refreshesBefore = tokens.refreshes;
    const error = await failure(client.listCampaigns(account));
    expect(error).toMatchObject({
      platform: 'tiktok',
      kind,
      code: String(code),
      status: 200,
      retryable: false,
      requestId: `req-${code}`,
    });
    expect(urls).toHaveLength(1);
    expect(runtime.sleeps).toEqual([]);
    expect(tokens.refreshes).toBe(refreshesBefore);
  });

  it('marks an expired token (40102) as an expiry that needs a reconnect', async () => {
    const { client } = scripted(() => envelope(40102));
    expect(await failure(client.listAccounts())).toMatchObject({
      kind: 'revoked',
      code: '40102',
      tokenExpired: true,
      needsReconnect: true,
    });
  });
});

describe('TikTok code 0 without data', () => {
  it('is a retryable failure, not an empty list or a crash', async () => {
    const { client, urls, runtime } = scripted(() => envelope(0));
    const error = await failure(client.listCampaigns(account));
    expect(error).toMatchObject({ platform: 'tiktok', kind: 'unavailable', code: NO_DATA_CODE, retryable: true });
    expect(urls.length).toBeGreaterThan(1);
    expect(runtime.sleeps.length).toBe(urls.length - 1);
  });

  it('recovers when the next answer carries its data', async () => {
    const { client } = scripted((_url, index) =>
      index === 0 ? envelope(0, null) : envelope(0, { list: [campaign(1)], page_info: { page: 1, total_page: 1 } }),
    );
    await expect(client.listCampaigns(account)).resolves.toHaveLength(1);
  });
});
