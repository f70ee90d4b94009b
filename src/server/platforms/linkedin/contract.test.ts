import fs from 'node:fs';
import path from 'node:path';

import { parseHar } from '../replay/har';
import { openReplay, replayRuntime, type ReplaySession, runReplay, summaryLine } from '../replay/run';
import type { PlatformAccount } from '../types';

/**
 * The LinkedIn client against Marketing API records Airbyte's source-linkedin-ads captured from
 * its test ad account (fixtures/SOURCES.md), replayed on localhost by the platforms:replay harness.
 */
const fixture = (name: string) => parseHar(fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8'));
const ACCOUNT: PlatformAccount = { id: '508720451', name: 'Jean’s Ad Account', currency: 'USD', timeZone: 'UTC' };
const RANGE = { since: '2023-08-25', until: '2023-08-26' };

describe('LinkedIn client on recorded Marketing API bodies (report.har)', () => {
  let session: ReplaySession;
  /** Every request the client sent: URL and headers. */
  const sent: Array<{ url: string; headers: Headers }> = [];
  beforeAll(async () => {
    const runtime = replayRuntime();
    const realFetch = runtime.fetch;
    runtime.fetch = (input, init) => {
      sent.push({ url: String(input), headers: new Headers(init?.headers) });
      return realFetch(input, init);
    };
    session = await openReplay('linkedin', fixture('report.har'), runtime);
  });
  afterAll(() => session.close());
  afterEach(() => session.checkMisses());

  it('reads the member’s ad accounts through adAccountUsers and one Rest.li search', async () => {
    const accounts = await session.client.listAccounts();
    expect(accounts.map((account) => account.id)).toEqual(['508720451', '508774356', '508777244']);
    expect(accounts[0]).toEqual(ACCOUNT);
  });

  it('follows nextPageToken across the campaign pages to name the rows', async () => {
    const report = await session.client.report(ACCOUNT, { level: 'campaign', ...RANGE });
    expect(report.map((row) => row.campaignName)).toEqual([
      'Brand awareness - Aug 21, 2023',
      'Brand awareness - Aug 21, 2023',
    ]);
    expect(session.server.served.filter((line) => line.includes('/adCampaigns?'))).toHaveLength(2);
  });

  it('maps the recorded campaign days, the -2e-18 cost residue included, to minor units', async () => {
    const rows = await session.client.report(ACCOUNT, { level: 'campaign', ...RANGE });
    const row = {
      platform: 'linkedin',
      accountId: '508720451',
      campaignId: '252074216',
      campaignName: 'Brand awareness - Aug 21, 2023',
      adId: null,
      adName: null,
      currency: 'USD',
      conversions: 0,
      conversionValueMinor: 0,
    };
    expect(rows).toEqual([
      { ...row, date: '2023-08-26', spendMinor: 0, impressions: 1, clicks: 0 },
      { ...row, date: '2023-08-25', spendMinor: 10000, impressions: 19464, clicks: 106 },
    ]);
  });

  it('maps the recorded creative days to ad rows under their campaign (creative ids are URNs on the wire)', async () => {
    const rows = await session.client.report(ACCOUNT, { level: 'ad', ...RANGE });
    expect(
      rows.map((row) => [row.date, row.campaignId, row.adId, row.adName, row.spendMinor, row.impressions, row.clicks]),
    ).toEqual([
      ['2023-08-26', '252074216', '287513206', null, 0, 1, 0],
      ['2023-08-25', '252074216', '287513206', null, 10000, 19464, 106],
    ]);
  });

  it('reads the conversion rules’ recorded windows: 30-day post-click, 7-day view-through', async () => {
    const windows = await session.client.attribution!(ACCOUNT);
    expect(windows.map((window) => [window.clickDays, window.viewDays])).toEqual([
      [30, 7],
      [30, 7],
    ]);
    expect(windows[0]!.source).toBe(
      'conversion 13703588: postClickAttributionWindowSize=30, viewThroughAttributionWindowSize=7',
    );
  });

  it('sent LinkedIn-Version (YYYYMM) and X-Restli-Protocol-Version 2.0.0 on every call, with Rest.li-encoded queries', () => {
    expect(sent.length).toBeGreaterThan(5);
    for (const { headers } of sent) {
      expect(headers.get('linkedin-version')).toMatch(/^\d{6}$/);
      expect(headers.get('x-restli-protocol-version')).toBe('2.0.0');
    }
    const analytics = sent.map(({ url }) => url).find((url) => url.includes('/adAnalytics?'))!;
    expect(analytics).toContain('accounts=List(urn%3Ali%3AsponsoredAccount%3A508720451)');
    expect(analytics).toContain('dateRange=(start:(year:2023,month:8,day:25),end:(year:2023,month:8,day:26))');
  });
});

describe('platforms:replay runner on the LinkedIn fixture', () => {
  it('prints the summary of the recorded days', async () => {
    const result = await runReplay({
      platform: 'linkedin',
      har: fixture('report.har'),
      accountId: '508720451',
      level: 'campaign',
      ...RANGE,
    });
    expect(result.accountFrom).toBe('recording');
    expect(summaryLine('linkedin', result.rows)).toBe(
      'replay: platform=linkedin rows=2 spend_minor=10000 impressions=19465 clicks=106 conversions=0',
    );
  });
});
