import type { PlatformAccount } from '../types';
import {
  LINKEDIN_REPORTING_TIME_ZONE,
  linkedInMoneyToMinor,
  type ReportNames,
  SANDBOX_TIME_ZONE_FIELD,
  toAccount,
  toAd,
  toCampaign,
  toCreative,
  toCreativeInfo,
  toMetricRow,
} from './map';
import {
  type AdAccountElement,
  type AnalyticsElement,
  encodeFields,
  encodeRestli,
  fromLinkedInDate,
  idFromUrn,
  restliQuery,
  toLinkedInDate,
} from './wire';

/** Fixtures in LinkedIn's own shapes (research 3.2-3.4): numbers as numbers, money as decimal strings. */

const usd: PlatformAccount = { id: '507404993', name: 'Acme B2B', currency: 'USD', timeZone: 'UTC' };
const jpy: PlatformAccount = { id: '508111222', name: 'Acme JP', currency: 'JPY', timeZone: 'UTC' };

const names: ReportNames = {
  campaigns: new Map([
    ['1111', 'Webinar Signups'],
    ['2222', 'Retargeting'],
  ]),
  creatives: new Map([
    ['777888999', { campaignId: '1111', name: 'Hero video 1' }],
    ['777888000', { campaignId: '2222', name: null }],
  ]),
};

describe('LinkedIn mapping', () => {
  it('maps an adAccounts element; live accounts report in UTC, sandbox ones in the zone they name', () => {
    const element: AdAccountElement = {
      id: 507404993,
      name: 'Acme B2B',
      currency: 'USD',
      status: 'ACTIVE',
      type: 'BUSINESS',
      reference: 'urn:li:organization:2414183',
      test: false,
      servingStatuses: ['RUNNABLE'],
    };
    expect(toAccount(element)).toEqual({
      id: '507404993',
      name: 'Acme B2B',
      currency: 'USD',
      timeZone: LINKEDIN_REPORTING_TIME_ZONE,
    });
    expect(LINKEDIN_REPORTING_TIME_ZONE).toBe('UTC');
    expect(toAccount({ ...element, [SANDBOX_TIME_ZONE_FIELD]: 'Asia/Kolkata' }).timeZone).toBe('Asia/Kolkata');
    expect(toAccount({ ...element, [SANDBOX_TIME_ZONE_FIELD]: 'Mars/Olympus' }).timeZone).toBe('UTC');
  });

  it('maps adCampaigns elements: ACTIVE stays active, every other status is not delivering; budgets to minor units', () => {
    const active = {
      id: 190410654,
      name: 'Webinar Signups',
      account: 'urn:li:sponsoredAccount:507404993',
      campaignGroup: 'urn:li:sponsoredCampaignGroup:617473664',
      status: 'ACTIVE',
      type: 'SPONSORED_UPDATES',
      costType: 'CPM',
      dailyBudget: { amount: '50.00', currencyCode: 'USD' },
      runSchedule: { start: 1704067200000 },
    };
    expect(toCampaign(active, usd)).toEqual({
      id: '190410654',
      name: 'Webinar Signups',
      status: 'ACTIVE',
      dailyBudgetMinor: 5000,
      currency: 'USD',
    });
    expect(toCampaign({ ...active, status: 'ARCHIVED', dailyBudget: undefined }, usd)).toEqual({
      id: '190410654',
      name: 'Webinar Signups',
      status: 'PAUSED',
      dailyBudgetMinor: null,
      currency: 'USD',
    });
    expect(toCampaign({ ...active, dailyBudget: { amount: '12345', currencyCode: 'JPY' } }, jpy).dailyBudgetMinor).toBe(
      12345,
    );
  });

  it('maps creatives elements (URN ids) to numeric id, campaign and name', () => {
    const creative = {
      id: 'urn:li:sponsoredCreative:777888999',
      campaign: 'urn:li:sponsoredCampaign:1111',
      account: 'urn:li:sponsoredAccount:507404993',
      content: { reference: 'urn:li:share:7100000000000000000' },
      intendedStatus: 'ACTIVE',
      isServing: true,
      name: 'Hero video 1',
    };
    expect(toCreativeInfo(creative)).toEqual(['777888999', { campaignId: '1111', name: 'Hero video 1' }]);
    expect(toCreativeInfo({ ...creative, name: '' })).toEqual(['777888999', { campaignId: '1111', name: null }]);
    expect(toCreativeInfo({ ...creative, id: 'urn:li:sponsoredCampaign:1' })).toBeUndefined();
  });

  it('maps a campaign-pivot adAnalytics element, rounding costs half up to the currency minor unit', () => {
    const element: AnalyticsElement = {
      dateRange: { start: { year: 2023, month: 1, day: 2 }, end: { year: 2023, month: 1, day: 2 } },
      pivotValues: ['urn:li:sponsoredCampaign:1111'],
      impressions: 19090,
      clicks: 100,
      costInLocalCurrency: '209.449',
      externalWebsiteConversions: 3,
      conversionValueInLocalCurrency: '450.005',
    };
    expect(toMetricRow(element, usd, 'campaign', names)).toEqual({
      date: '2023-01-02',
      platform: 'linkedin',
      accountId: '507404993',
      campaignId: '1111',
      campaignName: 'Webinar Signups',
      adId: null,
      adName: null,
      currency: 'USD',
      spendMinor: 20945,
      impressions: 19090,
      clicks: 100,
      conversions: 3,
      conversionValueMinor: 45001,
    });
  });

  it('maps a creative-pivot element through the creative’s campaign; absent metrics are zero', () => {
    const element: AnalyticsElement = {
      dateRange: { start: { year: 2026, month: 11, day: 9 }, end: { year: 2026, month: 11, day: 9 } },
      pivotValues: ['urn:li:sponsoredCreative:777888000'],
      impressions: 812,
      clicks: 7,
      costInLocalCurrency: '1234.5',
    };
    expect(toMetricRow(element, jpy, 'ad', names)).toEqual({
      date: '2026-11-09',
      platform: 'linkedin',
      accountId: '508111222',
      campaignId: '2222',
      campaignName: 'Retargeting',
      adId: '777888000',
      adName: null,
      currency: 'JPY',
      spendMinor: 1235,
      impressions: 812,
      clicks: 7,
      conversions: 0,
      conversionValueMinor: 0,
    });
  });

  it('refuses rows it cannot place', () => {
    const element: AnalyticsElement = {
      dateRange: { start: { year: 2026, month: 1, day: 1 }, end: { year: 2026, month: 1, day: 1 } },
      pivotValues: ['urn:li:sponsoredCreative:123'],
    };
    expect(() => toMetricRow(element, usd, 'campaign', names)).toThrow(/unexpected pivot/);
    expect(() => toMetricRow(element, usd, 'ad', names)).toThrow(/not among the account's creatives/);
  });
});

describe('LinkedIn Rest.li 2.0 encoding', () => {
  it('keeps List(...) and records literal and percent-encodes what is inside', () => {
    expect(encodeRestli(['urn:li:sponsoredAccount:123456789'])).toBe('List(urn%3Ali%3AsponsoredAccount%3A123456789)');
    expect(encodeRestli({ start: toLinkedInDate('2024-01-01'), end: toLinkedInDate('2024-01-31') })).toBe(
      '(start:(year:2024,month:1,day:1),end:(year:2024,month:1,day:31))',
    );
    expect(encodeRestli({ status: { values: ['ACTIVE', 'PAUSED'] } })).toBe('(status:(values:List(ACTIVE,PAUSED)))');
    expect(encodeRestli(['a (b), c'])).toBe('List(a%20%28b%29%2C%20c)');
    expect(
      restliQuery([
        ['q', 'analytics'],
        ['fields', encodeFields(['dateRange', 'pivotValues'])],
      ]),
    ).toBe('q=analytics&fields=dateRange,pivotValues');
  });

  it('reads dates and URNs back', () => {
    expect(fromLinkedInDate({ year: 2024, month: 3, day: 7 })).toBe('2024-03-07');
    expect(idFromUrn('urn:li:sponsoredCampaign:1111', 'urn:li:sponsoredCampaign:')).toBe('1111');
    expect(idFromUrn('urn:li:sponsoredCreative:1111', 'urn:li:sponsoredCampaign:')).toBeUndefined();
  });
});

describe('linkedin creatives as ads', () => {
  it('maps a creative to an ad with its numeric id and own intendedStatus; other URNs are skipped', () => {
    const creative = (id: string, intendedStatus: string, name?: string) => ({
      id: `urn:li:sponsoredCreative:${id}`,
      campaign: 'urn:li:sponsoredCampaign:1111',
      name,
      intendedStatus,
    });
    expect(toAd(creative('77', 'ACTIVE', 'Hero video'))).toEqual({
      id: '77',
      name: 'Hero video',
      campaignId: '1111',
      status: 'ACTIVE',
      creative: null,
    });
    expect(toAd(creative('78', 'PAUSED'))).toEqual({
      id: '78',
      name: '78',
      campaignId: '1111',
      status: 'PAUSED',
      creative: null,
    });
    expect(toAd(creative('79', 'DRAFT', 'Draft'))?.status).toBe('PAUSED');
    expect(
      toAd({ id: 'urn:li:sponsoredCampaign:80', campaign: 'urn:li:sponsoredCampaign:1111', intendedStatus: 'ACTIVE' }),
    ).toBeUndefined();
  });
});

describe('linkedin creatives: the post they show', () => {
  const element = {
    id: 'urn:li:sponsoredCreative:77',
    campaign: 'urn:li:sponsoredCampaign:1111',
    name: 'Hero',
    intendedStatus: 'ACTIVE',
    content: { reference: 'urn:li:share:7000' },
  };

  it('maps an image post: commentary (little text unescaped), image title, landing page, button and image URL', () => {
    const post = {
      id: 'urn:li:share:7000',
      commentary: 'Close the books in 3 days \\(not 3 weeks\\).',
      content: { media: { id: 'urn:li:image:D4E10AQabc', title: 'Month-end, sorted' } },
      contentLandingPage: 'https://www.acme.example/ledger',
      contentCallToActionLabel: 'REQUEST_DEMO',
    };
    expect(toAd(element, post, 'https://media.example/abc')?.creative).toEqual({
      headlines: ['Month-end, sorted'],
      primaryText: 'Close the books in 3 days (not 3 weeks).',
      description: null,
      callToAction: 'REQUEST_DEMO',
      landingUrl: 'https://www.acme.example/ledger',
      imageUrl: 'https://media.example/abc',
    });
  });

  it('maps an article post and leaves out what the post does not have', () => {
    const post = {
      commentary: 'Read the report.',
      content: {
        article: {
          source: 'https://www.acme.example/report',
          title: 'The 2026 report',
          description: '40 pages of data',
        },
      },
    };
    expect(toCreative(post, null)).toEqual({
      headlines: ['The 2026 report'],
      primaryText: 'Read the report.',
      description: '40 pages of data',
      callToAction: null,
      landingUrl: 'https://www.acme.example/report',
      imageUrl: null,
    });
    expect(toCreative({}, null)).toEqual({
      headlines: [],
      primaryText: null,
      description: null,
      callToAction: null,
      landingUrl: null,
      imageUrl: null,
    });
  });
});

describe('LinkedIn money strings', () => {
  it('reads plain decimals and the exponent-notation residue adAnalytics reports (Airbyte recorded -2e-18)', () => {
    expect(linkedInMoneyToMinor('99.99999999999996', 'USD')).toBe(10000);
    expect(linkedInMoneyToMinor('209.449', 'USD')).toBe(20945);
    expect(linkedInMoneyToMinor('-2e-18', 'USD')).toBe(0);
    expect(linkedInMoneyToMinor('-2.0E-18', 'USD')).toBe(0);
    expect(linkedInMoneyToMinor('1.5E2', 'USD')).toBe(15000);
    expect(() => linkedInMoneyToMinor('12,50', 'USD')).toThrow();
  });
});
