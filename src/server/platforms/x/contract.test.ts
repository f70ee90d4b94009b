import { recordedFixture, replayEachTest } from '../../test/replay';
import { openReplay, runReplay, summaryLine } from '../replay/run';
import { type PlatformAccount, PlatformError } from '../types';

/**
 * The X client against Ads API bodies from twitter-python-ads-sdk's test fixtures
 * (fixtures/SOURCES.md), replayed on localhost by the platforms:replay harness.
 */
const fixture = (name: string) => recordedFixture(__dirname, name);
const ACCOUNT: PlatformAccount = {
  id: '2iqph',
  name: 'Schuppe-Casper',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

describe('X client on recorded Ads API bodies (report.har)', () => {
  const replay = replayEachTest('x', () => fixture('report.har'));

  it('reads the ad account with the currency of its funding instruments', async () => {
    expect(await replay().client.listAccounts()).toEqual([ACCOUNT]);
  });

  it('reads every campaign; one recorded without entity_status shows as paused', async () => {
    const campaigns = await replay().client.listCampaigns(ACCOUNT);
    expect(campaigns).toHaveLength(10);
    expect(campaigns[0]).toEqual({
      id: '2wap7',
      name: 'Intelligent Granite Computer',
      status: 'ACTIVE',
      dailyBudgetMinor: 100,
      currency: 'USD',
    });
    expect(campaigns.find((campaign) => campaign.id === '2vuug')).toMatchObject({ status: 'PAUSED' });
    expect(campaigns.find((campaign) => campaign.id === '2v3c4')).toMatchObject({ dailyBudgetMinor: 1 });
  });

  it('maps the recorded synchronous stats day to one row per campaign with delivery', async () => {
    const rows = await replay().client.report(ACCOUNT, { level: 'campaign', since: '2019-01-01', until: '2019-01-01' });
    const row = {
      date: '2019-01-01',
      platform: 'x',
      accountId: '2iqph',
      adId: null,
      adName: null,
      currency: 'USD',
      spendMinor: 0,
      conversions: 0,
      conversionValueMinor: 0,
    };
    expect(rows).toEqual([
      { ...row, campaignId: '2wamv', campaignName: 'Awesome Wooden Table', impressions: 2, clicks: 2 },
      { ...row, campaignId: '2wap7', campaignName: 'Intelligent Granite Computer', impressions: 1, clicks: 1 },
    ]);
  });
});

describe('X client on the recorded async analytics job (jobs.har)', () => {
  it('creates the job, keeps polling while it is PROCESSING, then downloads and gunzips the file', async () => {
    const session = await openReplay('x', fixture('jobs.har'));
    try {
      // Eight days is past the synchronous endpoint's seven, so the client goes through a job.
      const run = session.client.report(ACCOUNT, { level: 'campaign', since: '2019-01-01', until: '2019-01-08' });
      // The SDK's recorded job was a one-slot TOTAL job; the client asked DAY over eight days and
      // rejects a file whose series length disagrees rather than misplacing the numbers.
      await expect(run).rejects.toThrow(PlatformError);
      await expect(run).rejects.toThrow('X returned 1 days of stats for a 8-day window');
      session.checkMisses();
      const served = session.server.served.map(
        (line) => line.replace(/^(\w+) http:\/\/127\.0\.0\.1:\d+/, '$1 ').split('?')[0],
      );
      expect(served).toEqual([
        'GET /12/accounts/2iqph/campaigns',
        'POST /12/stats/jobs/accounts/2iqph',
        'GET /12/stats/jobs/accounts/2iqph',
        'GET /12/stats/jobs/accounts/2iqph',
        'GET /advertiser-api-async-analytics/stats.json.gz',
      ]);
    } finally {
      await session.close();
    }
  });
});

describe('platforms:replay runner on the X fixture', () => {
  it('prints the summary of the recorded day', async () => {
    const result = await runReplay({
      platform: 'x',
      har: fixture('report.har'),
      accountId: '2iqph',
      since: '2019-01-01',
      until: '2019-01-01',
      level: 'campaign',
    });
    expect(result.accountFrom).toBe('recording');
    expect(summaryLine('x', result.rows)).toBe(
      'replay: platform=x rows=2 spend_minor=0 impressions=3 clicks=3 conversions=0',
    );
  });
});
