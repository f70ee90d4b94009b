import { recordedFixture, replayEachTest } from '../../test/replay';
import { runReplay, summaryLine } from '../replay/run';
import type { PlatformAccount } from '../types';

/**
 * The TikTok client against Marketing API records of Airbyte's source-tiktok-marketing test
 * advertiser (fixtures/SOURCES.md), replayed on localhost by the platforms:replay harness.
 */
const fixture = (name: string) => recordedFixture(__dirname, name);
const ACCOUNT: PlatformAccount = {
  id: '7002238017842757633',
  name: 'Airbyte0830',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

describe('TikTok client on recorded bodies (report.har)', () => {
  const replay = replayEachTest('tiktok', () => fixture('report.har'));

  it('reads the advertiser, preferring display_timezone over the recorded "Etc/GMT+8"', async () => {
    expect(await replay().client.listAccounts()).toEqual([ACCOUNT]);
  });

  it('reads campaigns whose ids came as JSON numbers, with the daily budget only in BUDGET_MODE_DAY', async () => {
    const campaigns = await replay().client.listCampaigns(ACCOUNT);
    expect(campaigns.map((campaign) => [campaign.id, campaign.status, campaign.dailyBudgetMinor])).toEqual([
      ['1728545382536225', 'PAUSED', null],
      ['1714125042508817', 'PAUSED', null],
      ['1714124576938033', 'PAUSED', null],
      ['1714073078669329', 'PAUSED', 5000],
    ]);
  });

  it('reads ads with their own switch (ENABLE though the campaign is disabled) and their copy', async () => {
    const ads = await replay().client.listAds(ACCOUNT);
    expect(ads.map((ad) => [ad.id, ad.campaignId, ad.status])).toEqual([
      ['1728545390695442', '1728545382536225', 'ACTIVE'],
      ['1714125051115569', '1714125042508817', 'ACTIVE'],
      ['1714124564763650', '1714124576938033', 'PAUSED'],
      ['1714073085256738', '1714073078669329', 'PAUSED'],
    ]);
    expect(ads[1]!.creative).toEqual({
      headlines: [],
      primaryText: 'Airbyte - data portabioolity platform - from anywhere to anywhere!',
      description: null,
      callToAction: 'LEARN_MORE',
      landingUrl: 'https://airbyte.io',
      imageUrl: null,
    });
  });

  it('reads both report pages, with ids as strings though the rows carry numbers', async () => {
    const rows = await replay().client.report(ACCOUNT, { level: 'ad', since: '2021-10-20', until: '2021-10-26' });
    expect(
      rows.map((row) => [row.date, row.adId, row.campaignId, row.spendMinor, row.impressions, row.clicks]),
    ).toEqual([
      ['2021-10-20', '1714125051115569', '1714125042508817', 2000, 3765, 53],
      ['2021-10-21', '1714125051115569', '1714125042508817', 2000, 3977, 45],
      ['2021-10-22', '1714073085256738', '1714073078669329', 0, 0, 0],
      ['2021-10-25', '1714125051115569', '1714125042508817', 2000, 5830, 69],
      ['2021-10-26', '1714125051115569', '1714125042508817', 2000, 3750, 46],
    ]);
    expect(rows[0]).toMatchObject({
      platform: 'tiktok',
      accountId: ACCOUNT.id,
      currency: 'USD',
      campaignName: 'Website Traffic20211020010104',
      conversions: 0,
      conversionValueMinor: 0,
    });
    expect(replay().server.served.filter((line) => line.includes('/report/integrated/get/'))).toHaveLength(2);
  });
});

describe('platforms:replay runner on the TikTok fixture', () => {
  it('prints the summary of the recorded week', async () => {
    const result = await runReplay({
      platform: 'tiktok',
      har: fixture('report.har'),
      accountId: '7002238017842757633',
      since: '2021-10-20',
      until: '2021-10-26',
      level: 'ad',
    });
    expect(summaryLine('tiktok', result.rows)).toBe(
      'replay: platform=tiktok rows=5 spend_minor=8000 impressions=17322 clicks=213 conversions=0',
    );
  });
});
