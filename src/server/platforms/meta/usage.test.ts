import { platformError as caught, recordingRuntime } from '../../test/platforms';
import { sandboxSettings } from '../settings';
import type { TokenProvider } from '../types';
import { BUC_USAGE_HEADER } from './errors';
import { metaAdapter } from './index';
import {
  AD_ACCOUNT_USAGE_HEADER,
  APP_USAGE_HEADER,
  FULL_USAGE_WAIT_MS,
  PACE_MAX_MS,
  paceDelayMs,
  readUsage,
} from './usage';

/**
 * Pacing on Meta's usage headers. The header values below have the shapes Meta documents and
 * sends (numbers as percentages, estimated_time_to_regain_access in minutes, reset_time_duration
 * in seconds); the Graph answers are canned so only the client's own behaviour is under test.
 */

const settings = sandboxSettings('http://graph.test').meta;
const tokens: TokenProvider = {
  current: async () => ({ accessToken: 'token' }),
  refreshed: async () => ({ accessToken: 'token' }),
};

const bucHeader = (percent: number, regainMinutes = 0) =>
  JSON.stringify({
    '1012345678901': [
      {
        type: 'ads_management',
        call_count: percent,
        total_cputime: 10,
        total_time: 12,
        estimated_time_to_regain_access: regainMinutes,
        ads_api_access_tier: 'standard_access',
      },
    ],
  });

const accountsPage = {
  data: [
    { id: 'act_1', account_id: '1', name: 'One', currency: 'EUR', account_status: 1, timezone_name: 'Europe/Berlin' },
  ],
};

/** A runtime whose fetch answers every call with the accounts page and the next of `headers`, recording the calls. */
function scripted(headers: Record<string, string>[]) {
  const calls: string[] = [];
  // A clock that stands still (sleeps move it), so a wait computed between two readings is exact.
  let clock = Date.parse('2030-03-01T12:00:00Z');
  const runtime = recordingRuntime({
    now: () => new Date(clock),
    sleep: async (ms) => {
      runtime.sleeps.push(ms);
      clock += ms;
    },
    fetch: async (input) => {
      calls.push(new URL(String(input)).pathname);
      const extra = headers[Math.min(calls.length - 1, headers.length - 1)];
      return new Response(JSON.stringify(accountsPage), {
        status: 200,
        headers: { 'content-type': 'application/json', ...extra },
      });
    },
  });
  return { runtime, calls, client: metaAdapter.client(settings, tokens, runtime) };
}

describe('readUsage', () => {
  it('takes the highest percentage of the app, ad account and business use case headers', () => {
    const headers = new Headers({
      [APP_USAGE_HEADER]: JSON.stringify({ call_count: 12, total_cputime: 80, total_time: 30 }),
      [AD_ACCOUNT_USAGE_HEADER]: JSON.stringify({
        acc_id_util_pct: 40,
        reset_time_duration: 0,
        ads_api_access_tier: 'standard_access',
      }),
      [BUC_USAGE_HEADER]: bucHeader(55),
    });
    expect(readUsage(headers)).toEqual({ percent: 80, regainMs: undefined });
  });

  it('reads estimated_time_to_regain_access as minutes, and reset_time_duration as seconds only at a full account quota', () => {
    expect(readUsage(new Headers({ [BUC_USAGE_HEADER]: bucHeader(100, 3) })).regainMs).toBe(180_000);
    const account = (pct: number) =>
      new Headers({ [AD_ACCOUNT_USAGE_HEADER]: JSON.stringify({ acc_id_util_pct: pct, reset_time_duration: 90 }) });
    expect(readUsage(account(100))).toEqual({ percent: 100, regainMs: 90_000 });
    expect(readUsage(account(60)).regainMs).toBeUndefined();
  });

  it('ignores absent, malformed and non-numeric headers', () => {
    expect(readUsage(new Headers())).toEqual({ percent: 0, regainMs: undefined });
    expect(readUsage(new Headers({ [APP_USAGE_HEADER]: 'not json', [BUC_USAGE_HEADER]: '{"1":"x"}' }))).toEqual({
      percent: 0,
      regainMs: undefined,
    });
  });
});

describe('paceDelayMs', () => {
  it('is 0 below 75%, then grows with usage up to the cap', () => {
    expect(paceDelayMs(0)).toBe(0);
    expect(paceDelayMs(74)).toBe(0);
    expect(paceDelayMs(75)).toBe(0);
    expect(paceDelayMs(80)).toBeGreaterThan(0);
    expect(paceDelayMs(90)).toBeGreaterThan(paceDelayMs(80));
    expect(paceDelayMs(99)).toBeLessThanOrEqual(PACE_MAX_MS);
    expect(paceDelayMs(250)).toBe(PACE_MAX_MS);
  });
});

describe('meta client pacing on usage headers', () => {
  it('does not wait while usage is low', async () => {
    const { client, runtime, calls } = scripted([{ [BUC_USAGE_HEADER]: bucHeader(20) }]);
    await client.listAccounts();
    await client.listAccounts();
    expect(calls).toHaveLength(2);
    expect(runtime.sleeps).toEqual([]);
  });

  it('slows the next calls when usage is high, longer as it grows', async () => {
    const { client, runtime } = scripted([
      { [APP_USAGE_HEADER]: JSON.stringify({ call_count: 80, total_cputime: 5, total_time: 5 }) },
      { [BUC_USAGE_HEADER]: bucHeader(95) },
      { [BUC_USAGE_HEADER]: bucHeader(10) },
    ]);
    await client.listAccounts(); // answers 80%
    await client.listAccounts(); // waits for 80%, answers 95%
    await client.listAccounts(); // waits longer for 95%, answers 10%
    await client.listAccounts(); // no wait
    expect(runtime.sleeps).toEqual([paceDelayMs(80), paceDelayMs(95)]);
    expect(runtime.sleeps[1]).toBeGreaterThan(runtime.sleeps[0]);
  });

  it("waits Meta's estimated time to regain access before the next call instead of being throttled", async () => {
    const { client, runtime, calls } = scripted([{ [BUC_USAGE_HEADER]: bucHeader(100, 1) }, {}]);
    await client.listAccounts();
    await client.listAccounts();
    // The wait went through the retry loop (a one-minute wait fits the default 60 s cap), then one request.
    expect(runtime.sleeps).toEqual([60_000]);
    expect(calls).toHaveLength(2);
  });

  it('raises the rate-limited error with a retry-after, without calling Graph, when the wait is longer than the client may wait', async () => {
    const { client, runtime, calls } = scripted([{ [BUC_USAGE_HEADER]: bucHeader(100, 5) }]);
    await client.listAccounts();
    const error = await caught(client.listAccounts());
    expect(error).toMatchObject({ platform: 'meta', kind: 'rate_limited', retryable: true, retryAfterMs: 300_000 });
    expect(calls).toHaveLength(1);
    expect(runtime.sleeps).toEqual([]);
  });

  it('holds off a cautious minute at 100% when Meta names no time', async () => {
    const { client, runtime } = scripted([{ [AD_ACCOUNT_USAGE_HEADER]: JSON.stringify({ acc_id_util_pct: 100 }) }, {}]);
    await client.listAccounts();
    await client.listAccounts();
    expect(runtime.sleeps).toEqual([FULL_USAGE_WAIT_MS]);
  });
});
