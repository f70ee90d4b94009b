import { recordedFixture, replayEachTest } from '../../test/replay';
import { NotRecordedError, openReplay, type ReplaySession, runReplay, summaryLine } from '../replay/run';
import { type PlatformAccount, PlatformError } from '../types';

/**
 * The Meta client against Graph bodies recorded by Airbyte's source-facebook-marketing
 * (fixtures/SOURCES.md), replayed on localhost by the platforms:replay harness.
 */
const fixture = (name: string) => recordedFixture(__dirname, name);
const ACCOUNT: PlatformAccount = {
  id: 'act_212551616838260',
  name: 'Airbyte',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

describe('Meta client on recorded Graph bodies (report.har)', () => {
  const replay = replayEachTest('meta', () => fixture('report.har'));

  it('reads the ad account with its currency and zone', async () => {
    expect(await replay().client.listAccounts()).toEqual([ACCOUNT]);
  });

  it('follows paging.next across campaign pages and leaves the archived campaign out', async () => {
    expect(await replay().client.listCampaigns(ACCOUNT)).toEqual([
      {
        id: '23853498584890398',
        name: 'New Leads Campaign -- Fake Ads',
        status: 'ACTIVE',
        dailyBudgetMinor: null,
        currency: 'USD',
      },
    ]);
    expect(replay().server.served.filter((line) => line.includes('/campaigns'))).toHaveLength(2);
  });

  it('reads an ad whose creative came back as its id only (no creative to show)', async () => {
    expect(await replay().client.listAds(ACCOUNT)).toEqual([
      {
        id: '23853620229650398',
        name: 'With The Highest Standard for Reliability',
        campaignId: '23853619670350398',
        status: 'ACTIVE',
        creative: null,
      },
    ]);
  });

  it('maps the recorded ad-level insights day', async () => {
    const rows = await replay().client.report(ACCOUNT, { level: 'ad', since: '2021-03-01', until: '2021-03-01' });
    expect(rows).toEqual([
      {
        date: '2021-03-01',
        platform: 'meta',
        accountId: 'act_212551616838260',
        campaignId: '23846765228240398',
        campaignName: 'Airbyte Awareness Campaign 1 (sherif)',
        adId: '23846784938030398',
        adName: 'Stock photo ad 2',
        currency: 'USD',
        spendMinor: 71,
        impressions: 489,
        clicks: 0,
        conversions: 0,
        conversionValueMinor: 0,
      },
    ]);
  });
});

describe('Meta client on recorded Graph error bodies (errors.har)', () => {
  let session: ReplaySession;
  beforeAll(async () => {
    session = await openReplay('meta', fixture('errors.har'));
  });
  afterAll(() => session.close());

  const failure = async (day: string): Promise<PlatformError> => {
    try {
      await session.client.report(ACCOUNT, { level: 'ad', since: day, until: day });
    } catch (error) {
      if (error instanceof PlatformError) return error;
      throw error;
    }
    throw new Error('expected a PlatformError');
  };

  it('reads the ad-account throttle (80000/2446079) as rate_limited', async () => {
    const error = await failure('2021-03-02');
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: '80000/2446079',
      status: 400,
      requestId: 'this_is_fake_response',
    });
  });

  it('reads an expired session (190/463) as an expired token, after one refresh', async () => {
    const error = await failure('2021-03-03');
    expect(error).toMatchObject({ kind: 'auth_expired', code: '190/463', tokenExpired: true });
  });

  it('reads a withdrawn authorisation (190/458) as revoked', async () => {
    expect(await failure('2021-03-05')).toMatchObject({ kind: 'revoked', code: '190/458', needsReconnect: true });
  });

  it('reads "(#2) Service temporarily unavailable" as retryable', async () => {
    expect(await failure('2021-03-06')).toMatchObject({ kind: 'unavailable', retryable: true, code: '2' });
  });

  it('turns "Please reduce the amount of data" (HTTP 500, code 1, no subcode) into an async report run', async () => {
    const before = session.server.misses.length;
    await expect(
      session.client.report(ACCOUNT, { level: 'ad', since: '2021-03-04', until: '2021-03-04' }),
    ).rejects.toBeInstanceOf(PlatformError);
    // The recording holds no report run: the client's next request is the async POST it switched to.
    expect(session.server.misses.slice(before)).toEqual([
      expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/v25\.0\/act_212551616838260\/insights$/),
    ]);
  });
});

describe('platforms:replay runner on the Meta fixture', () => {
  it('prints the summary of the recorded day', async () => {
    const result = await runReplay({
      platform: 'meta',
      har: fixture('report.har'),
      accountId: '212551616838260',
      since: '2021-03-01',
      until: '2021-03-01',
      level: 'ad',
    });
    expect(result.accountFrom).toBe('recording');
    expect(summaryLine('meta', result.rows)).toBe(
      'replay: platform=meta rows=1 spend_minor=71 impressions=489 clicks=0 conversions=0',
    );
  });

  it('names the request the recording does not hold', async () => {
    const run = runReplay({
      platform: 'meta',
      har: fixture('report.har'),
      accountId: 'act_212551616838260',
      since: '2021-03-01',
      until: '2021-03-01',
      level: 'campaign',
    });
    await expect(run).rejects.toBeInstanceOf(NotRecordedError);
    await expect(run).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/v25\.0\/act_212551616838260\/insights\?level=campaign/,
    );
  });

  it('takes currency and zone from the options when the recording has no account call', async () => {
    const har = fixture('report.har');
    har.log.entries = har.log.entries.filter((entry) => !entry.request.url.includes('/me/adaccounts'));
    const options = {
      platform: 'meta' as const,
      har,
      accountId: '212551616838260',
      since: '2021-03-01',
      until: '2021-03-01',
      level: 'ad' as const,
    };
    await expect(runReplay(options)).rejects.toThrow(/pass --currency and --time-zone/);
    const result = await runReplay({ ...options, currency: 'usd', timeZone: 'America/Los_Angeles' });
    expect(result).toMatchObject({
      accountFrom: 'options',
      account: { id: 'act_212551616838260', currency: 'USD', timeZone: 'America/Los_Angeles' },
    });
    expect(result.rows).toHaveLength(1);
  });
});
