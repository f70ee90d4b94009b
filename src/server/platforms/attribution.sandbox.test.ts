import { SANDBOX_ATTRIBUTION } from '@sandbox/attribution';
import { type SandboxAccount } from '@sandbox/world';
import type { Platform } from '@shared/constants';
import { addDays } from '@shared/days';

import { connect, memoryTokens, recordingRuntime, type SandboxHarness, startHarness } from '../test/platforms';
import { platformAdapters } from './index';
import type { PlatformAccount } from './types';

/**
 * Each client reads its platform's attribution fields from the sandbox, which sends them in the
 * platform's own shape: Meta's attribution_setting on Insights rows, Google's conversion_action
 * lookback windows, LinkedIn's conversion rules, TikTok's ad group windows, X's web event tags.
 */

let harness: SandboxHarness;
/** Every response body the clients read, by URL. */
const bodies: { url: string; body: string }[] = [];

const asAccount = (account: SandboxAccount): PlatformAccount => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
  timeZone: account.timeZone,
});

async function clientFor(platform: Platform) {
  const runtime = recordingRuntime({
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      bodies.push({ url: String(input), body: await response.clone().text() });
      return response;
    },
  });
  const adapter = platformAdapters[platform];
  const settings = harness.settings[platform];
  const account = harness.sandbox.world.accounts(platform)[0];
  const tokens = await connect(adapter, settings, runtime, { accountIds: [account.id] });
  return {
    client: adapter.client(settings, memoryTokens(adapter, settings, runtime, tokens), runtime),
    account: asAccount(account),
  };
}

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  bodies.length = 0;
});

describe('attribution windows against the sandbox', () => {
  it('Meta: every Insights row carries the ad set attribution_setting, read as 7-day click and 1-day view', async () => {
    const { client, account } = await clientFor('meta');
    const today = harness.sandbox.world.today(harness.sandbox.world.accounts('meta')[0]);
    const rows = await client.report(account, { level: 'campaign', since: addDays(today, -6), until: today });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.attribution?.clickDays === 7 && row.attribution.viewDays === 1)).toBe(true);
    expect(rows[0].attribution).toEqual({
      clickDays: 7,
      viewDays: 1,
      label: '7-day click, 1-day view',
      source: 'insights.attribution_setting=7d_click_1d_view',
    });
    const wire = bodies.find((entry) => entry.url.includes('/insights'))!;
    expect(JSON.parse(wire.body).data[0].attribution_setting).toBe(SANDBOX_ATTRIBUTION.meta.attribution_setting);
    expect(client.attribution).toBeUndefined();
  });

  it('Google: enabled conversion actions with int64 lookback windows as strings', async () => {
    const { client, account } = await clientFor('google');
    expect(await client.attribution!(account)).toEqual([
      {
        clickDays: 30,
        viewDays: 1,
        label: 'Purchase: 30-day click, 1-day view',
        source: 'conversion_action 900001: click_through_lookback_window_days=30, view_through_lookback_window_days=1',
      },
    ]);
    const wire = JSON.parse(bodies.find((entry) => entry.url.includes('searchStream'))!.body);
    expect(wire[0].results[0].conversionAction).toMatchObject({
      clickThroughLookbackWindowDays: '30',
      viewThroughLookbackWindowDays: '1',
      includeInConversionsMetric: true,
    });
  });

  it('LinkedIn: the account conversion rules with post-click and view-through window sizes', async () => {
    const { client, account } = await clientFor('linkedin');
    expect(await client.attribution!(account)).toEqual([
      {
        clickDays: 30,
        viewDays: 7,
        label: 'Purchase: 30-day click, 7-day view',
        source: 'conversion 104001: postClickAttributionWindowSize=30, viewThroughAttributionWindowSize=7',
      },
    ]);
    const entry = bodies.find((item) => item.url.includes('/conversions?'))!;
    expect(entry.url).toContain('q=account');
    expect(JSON.parse(entry.body).elements[0]).toMatchObject({
      postClickAttributionWindowSize: 30,
      viewThroughAttributionWindowSize: 7,
    });
  });

  it('TikTok: ad groups with enum windows, de-duplicated', async () => {
    const { client, account } = await clientFor('tiktok');
    expect(await client.attribution!(account)).toEqual([
      {
        clickDays: 7,
        viewDays: 1,
        label: '7-day click, 1-day view',
        source: 'adgroup click_attribution_window=SEVEN_DAYS, view_attribution_window=ONE_DAY',
      },
    ]);
    const wire = JSON.parse(bodies.find((entry) => entry.url.includes('/adgroup/get/'))!.body);
    expect(wire.data.list[0]).toEqual({
      adgroup_id: expect.any(String),
      campaign_id: expect.any(String),
      click_attribution_window: 'SEVEN_DAYS',
      view_attribution_window: 'ONE_DAY',
    });
  });

  it('X: web event tags with click and view-through windows in days', async () => {
    const { client, account } = await clientFor('x');
    expect(await client.attribution!(account)).toEqual([
      {
        clickDays: 30,
        viewDays: 1,
        label: 'Site purchase: 30-day click, 1-day view',
        source: 'web_event_tag o3bk1: click_window=30, view_through_window=1',
      },
    ]);
    const wire = JSON.parse(bodies.find((entry) => entry.url.includes('/web_event_tags'))!.body);
    expect(wire.data[0]).toMatchObject({ click_window: 30, view_through_window: 1 });
  });
});
