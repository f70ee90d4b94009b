import { recordedFixture, replayEachTest } from '../../test/replay';
import { openReplay, runReplay, summaryLine } from '../replay/run';
import { type PlatformAccount, PlatformError } from '../types';

/**
 * The Google Ads client against values Airbyte's source-google-ads recorded from its test
 * customer (fixtures/SOURCES.md), in the REST searchStream shape, replayed on localhost by the
 * platforms:replay harness.
 */
const fixture = (name: string) => recordedFixture(__dirname, name);
// The customer's descriptive_name was recorded empty: the id stands in for the name.
const ACCOUNT: PlatformAccount = {
  id: '4651612872',
  name: '4651612872',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

describe('Google Ads client on recorded values (report.har)', () => {
  const replay = replayEachTest('google', () => fixture('report.har'));

  it('lists the accessible customer with its currency and zone, named by its id when the name is empty', async () => {
    expect(await replay().client.listAccounts()).toEqual([ACCOUNT]);
  });

  it('reads the paused campaign with its own daily budget in minor units', async () => {
    expect(await replay().client.listCampaigns(ACCOUNT)).toEqual([
      { id: '16820250687', name: 'Website traffic-Search-15', status: 'PAUSED', dailyBudgetMinor: 75, currency: 'USD' },
    ]);
  });

  it('reads the responsive search ad with its headlines, descriptions and final URL', async () => {
    const [ad, ...rest] = await replay().client.listAds(ACCOUNT);
    expect(rest).toEqual([]);
    expect(ad).toMatchObject({ id: '592078631218', campaignId: '16820250687', status: 'ACTIVE' });
    expect(ad!.creative).toMatchObject({
      headlines: ['Airbyte', 'ELT tool', 'Open-source Data Integration'],
      landingUrl: 'https://airbyte.com',
    });
  });

  it('maps the recorded campaign days across two searchStream batches, micros to minor units', async () => {
    const rows = await replay().client.report(ACCOUNT, { level: 'campaign', since: '2022-04-08', until: '2022-04-10' });
    const row = {
      platform: 'google',
      accountId: '4651612872',
      campaignId: '16820250687',
      campaignName: 'Website traffic-Search-15',
      adId: null,
      adName: null,
      currency: 'USD',
      conversions: 0,
      conversionValueMinor: 0,
    };
    expect(rows).toEqual([
      { ...row, date: '2022-04-08', spendMinor: 0, impressions: 2, clicks: 0 },
      { ...row, date: '2022-04-09', spendMinor: 7, impressions: 142, clicks: 1 },
      { ...row, date: '2022-04-10', spendMinor: 140, impressions: 79, clicks: 8 },
    ]);
  });
});

describe('Google Ads client on a mutate that partially failed (documented shape, not a recording)', () => {
  it('does not take a 200 with partialFailureError for a success', async () => {
    const resourceName = 'customers/4651612872/campaigns/16820250687';
    const har = fixture('report.har');
    har.log.entries.push({
      request: {
        method: 'POST',
        url: 'https://googleads.googleapis.com/v26/customers/4651612872/campaigns:mutate',
        postData: {
          mimeType: 'application/json',
          text: JSON.stringify({ operations: [{ updateMask: 'status', update: { resourceName, status: 'PAUSED' } }] }),
        },
      },
      response: {
        status: 200,
        content: {
          mimeType: 'application/json',
          text: JSON.stringify({
            results: [{}],
            partialFailureError: {
              code: 3,
              message:
                'Multiple errors in details. First error: The operation is not allowed for removed resources., at operations[0].update',
              details: [
                {
                  '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
                  errors: [
                    {
                      errorCode: { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
                      message: 'The operation is not allowed for removed resources.',
                    },
                  ],
                },
              ],
            },
          }),
        },
      },
    });
    const session = await openReplay('google', har);
    try {
      const change = session.client.setCampaignStatus(ACCOUNT, '16820250687', 'PAUSED');
      await expect(change).rejects.toBeInstanceOf(PlatformError);
      await expect(change).rejects.toThrow(
        'Google Ads partial failure (1 of 1 operations not applied): Google Ads INVALID_ARGUMENT: The operation is not allowed for removed resources.',
      );
      session.checkMisses();
    } finally {
      await session.close();
    }
  });
});

describe('platforms:replay runner on the Google fixture', () => {
  it('prints the summary of the recorded days (the account id typed with dashes)', async () => {
    const result = await runReplay({
      platform: 'google',
      har: fixture('report.har'),
      accountId: '465-161-2872',
      since: '2022-04-08',
      until: '2022-04-10',
      level: 'campaign',
    });
    expect(result.accountFrom).toBe('recording');
    expect(summaryLine('google', result.rows)).toBe(
      'replay: platform=google rows=3 spend_minor=147 impressions=223 clicks=9 conversions=0',
    );
  });
});
