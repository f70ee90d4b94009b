import { type PlatformAccount, PlatformError } from '../types';
import {
  adNameOf,
  currencyOf,
  statsToRows,
  toCreative,
  toPlatformAccount,
  toPlatformAd,
  toPlatformCampaign,
  type XCampaign,
  type XEntityNames,
  type XFundingInstrument,
  type XListResponse,
  type XStatsResponse,
} from './map';

/** Fixtures in X's wire shape (research 4.2/4.3, xdevplatform/docs analytics.mdx and the Python SDK fixtures). */
const ACCOUNT: PlatformAccount = {
  id: '18ce54d4x5t',
  name: 'API McTestface',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};

const STATS: XStatsResponse = {
  data_type: 'stats',
  time_series_length: 3,
  data: [
    {
      id: '8wku2',
      id_data: [
        {
          segment: null,
          metrics: {
            impressions: [1200, 980, null],
            tweets_send: null,
            qualified_impressions: null,
            follows: [1, 0, null],
            app_clicks: null,
            retweets: [3, 1, null],
            likes: [11, 7, null],
            engagements: [60, 41, null],
            clicks: [34, 20, null],
            url_clicks: [28, 16, null],
            card_engagements: null,
            billed_charge_local_micro: [15670000, 9800000, null],
            billed_engagements: [30, 19, null],
            conversion_purchases: {
              post_view: [1, 0, null],
              post_engagement: [2, 1, null],
              assisted: [4, 0, null],
              order_quantity: [3, 1, null],
              sale_amount: [129990000, 45005000, null],
            },
            conversion_sign_ups: {
              post_view: null,
              post_engagement: null,
              assisted: null,
              order_quantity: null,
              sale_amount: null,
            },
          },
        },
      ],
    },
    {
      // Did not serve in the window: every metric is null.
      id: '8wku3',
      id_data: [
        {
          segment: null,
          metrics: {
            impressions: null,
            clicks: null,
            billed_charge_local_micro: null,
            conversion_purchases: {
              post_view: null,
              post_engagement: null,
              assisted: null,
              order_quantity: null,
              sale_amount: null,
            },
          },
        },
      ],
    },
    {
      // Created on the second day: the first slot has no data.
      id: '9abc1',
      id_data: [
        {
          segment: null,
          metrics: {
            impressions: [null, 0, 512],
            clicks: [null, 0, 9],
            billed_charge_local_micro: [null, 0, 2005000],
            conversion_purchases: null,
          },
        },
      ],
    },
  ],
  request: {
    params: {
      start_time: '2026-03-01T00:00:00-08:00',
      end_time: '2026-03-04T00:00:00-08:00',
      entity: 'CAMPAIGN',
      entity_ids: ['8wku2', '8wku3', '9abc1'],
      granularity: 'DAY',
      placement: 'ALL_ON_TWITTER',
      metric_groups: ['ENGAGEMENT', 'BILLING', 'WEB_CONVERSION'],
    },
  },
};

const names = (entries: Array<[string, XEntityNames]>) => new Map(entries);
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

describe('X mapping', () => {
  it('turns metric arrays into one row per entity-day with delivery, money from micros, conversions from post_view + post_engagement', () => {
    const rows = statsToRows(STATS, {
      account: ACCOUNT,
      level: 'campaign',
      days: DAYS,
      entities: names([
        ['8wku2', { campaignId: '8wku2', campaignName: 'Spring launch', adId: null, adName: null }],
        ['8wku3', { campaignId: '8wku3', campaignName: 'Idle', adId: null, adName: null }],
        ['9abc1', { campaignId: '9abc1', campaignName: 'Late start', adId: null, adName: null }],
      ]),
    });
    const base = { platform: 'x', accountId: '18ce54d4x5t', adId: null, adName: null, currency: 'USD' } as const;
    const spring = { ...base, campaignId: '8wku2', campaignName: 'Spring launch' };
    expect(rows).toEqual([
      {
        ...spring,
        date: '2026-03-01',
        spendMinor: 1567,
        impressions: 1200,
        clicks: 34,
        conversions: 3,
        conversionValueMinor: 12999,
      },
      // 45005000 micros = $45.005, rounded half away from zero to 4501 cents.
      {
        ...spring,
        date: '2026-03-02',
        spendMinor: 980,
        impressions: 980,
        clicks: 20,
        conversions: 1,
        conversionValueMinor: 4501,
      },
      {
        ...base,
        date: '2026-03-03',
        campaignId: '9abc1',
        campaignName: 'Late start',
        spendMinor: 201,
        impressions: 512,
        clicks: 9,
        conversions: 0,
        conversionValueMinor: 0,
      },
    ]);
  });

  it('labels ad rows with their campaign and the tweet name, in the account currency (JPY has no minor digits)', () => {
    const jpy: PlatformAccount = { ...ACCOUNT, currency: 'JPY', timeZone: 'Asia/Tokyo' };
    const response: XStatsResponse = {
      data_type: 'stats',
      time_series_length: 1,
      data: [
        {
          id: '2r0wxw',
          id_data: [
            {
              segment: null,
              metrics: {
                impressions: [40],
                clicks: [2],
                billed_charge_local_micro: [1500500000],
                conversion_purchases: { post_view: [0], post_engagement: [1], sale_amount: [3200000000] },
              },
            },
          ],
        },
      ],
    };
    const rows = statsToRows(response, {
      account: jpy,
      level: 'ad',
      days: ['2026-03-05'],
      entities: names([
        ['2r0wxw', { campaignId: '8wku2', campaignName: 'Spring launch', adId: '2r0wxw', adName: 'Hero video' }],
      ]),
    });
    expect(rows).toEqual([
      {
        date: '2026-03-05',
        platform: 'x',
        accountId: '18ce54d4x5t',
        campaignId: '8wku2',
        campaignName: 'Spring launch',
        adId: '2r0wxw',
        adName: 'Hero video',
        currency: 'JPY',
        spendMinor: 1501,
        impressions: 40,
        clicks: 2,
        conversions: 1,
        conversionValueMinor: 3200,
      },
    ]);
  });

  it('refuses a response whose series length does not match the window, or an id it did not ask for', () => {
    const context = { account: ACCOUNT, level: 'campaign' as const, days: DAYS.slice(0, 2), entities: names([]) };
    expect(() => statsToRows(STATS, context)).toThrow(PlatformError);
    expect(() => statsToRows(STATS, { ...context, days: DAYS })).toThrow(/unknown campaign 8wku2/);
  });

  it('maps accounts, funding-instrument currency and campaigns with budgets in minor units', () => {
    const accounts: XListResponse<{
      id: string;
      name: string;
      timezone: string;
      approval_status: string;
      deleted: boolean;
    }> = {
      request: { params: {} },
      next_cursor: null,
      data: [
        {
          id: '18ce54d4x5t',
          name: 'API McTestface',
          timezone: 'America/Los_Angeles',
          approval_status: 'ACCEPTED',
          deleted: false,
        },
      ],
    };
    expect(toPlatformAccount(accounts.data[0], 'USD')).toEqual(ACCOUNT);

    const instruments: XFundingInstrument[] = [
      { id: '7cdql', currency: 'EUR', cancelled: true, deleted: false },
      { id: '5aa0p', currency: 'usd', cancelled: false, deleted: false },
    ];
    expect(currencyOf(instruments)).toBe('USD');
    expect(currencyOf([{ id: '7cdql', currency: 'EUR', cancelled: true }])).toBe('EUR');
    expect(currencyOf([])).toBeUndefined();

    const campaigns: XCampaign[] = [
      {
        id: '2wap7',
        name: 'Intelligent Granite Computer',
        entity_status: 'ACTIVE',
        daily_budget_amount_local_micro: 140000000,
        currency: 'USD',
      },
      {
        id: '2wamv',
        name: 'Awesome Wooden Table',
        entity_status: 'PAUSED',
        daily_budget_amount_local_micro: null,
        currency: 'USD',
      },
      {
        id: '2w9n1',
        name: 'Draft',
        entity_status: 'DRAFT',
        daily_budget_amount_local_micro: '5000000000',
        currency: 'JPY',
      },
    ];
    expect(campaigns.map((c) => toPlatformCampaign(c, 'USD'))).toEqual([
      { id: '2wap7', name: 'Intelligent Granite Computer', status: 'ACTIVE', dailyBudgetMinor: 14000, currency: 'USD' },
      { id: '2wamv', name: 'Awesome Wooden Table', status: 'PAUSED', dailyBudgetMinor: null, currency: 'USD' },
      { id: '2w9n1', name: 'Draft', status: 'PAUSED', dailyBudgetMinor: 5000, currency: 'JPY' },
    ]);
  });

  it("names an ad after its tweet's name, else the start of its text", () => {
    expect(adNameOf({ id_str: '1166476031668015104', name: 'Spring hero', full_text: 'hello, v6' })).toBe(
      'Spring hero',
    );
    expect(adNameOf({ id_str: '1166476031668015104', name: null, full_text: 'hello,\n  v6' })).toBe('hello, v6');
    expect(adNameOf({ id_str: '1', name: null, full_text: 'x'.repeat(100) })).toBe(`${'x'.repeat(79)}…`);
    expect(adNameOf(undefined)).toBeNull();
  });
});

describe('x promoted tweets as ads', () => {
  it('maps a promoted tweet by its own entity_status, named after its tweet or its id', () => {
    const names: XEntityNames = { campaignId: '8wku2', campaignName: 'Launch', adId: '1efwlo', adName: 'Hero video' };
    expect(
      toPlatformAd({ id: '1efwlo', line_item_id: '96uzp', tweet_id: '1', entity_status: 'ACTIVE' }, names),
    ).toEqual({
      id: '1efwlo',
      name: 'Hero video',
      campaignId: '8wku2',
      status: 'ACTIVE',
      creative: null,
    });
    expect(
      toPlatformAd(
        { id: '1efwlp', line_item_id: '96uzp', tweet_id: '2', entity_status: 'PAUSED' },
        { ...names, adName: null },
      ),
    ).toEqual({
      id: '1efwlp',
      name: '1efwlp',
      campaignId: '8wku2',
      status: 'PAUSED',
      creative: null,
    });
  });

  it('maps the tweet text and its website card (headline, destination, image) as the creative', () => {
    const names: XEntityNames = { campaignId: '8wku2', campaignName: 'Launch', adId: '1efwlo', adName: 'Hero' };
    const tweet = { id_str: '1', full_text: 'Roasted to order. Get your first bag free.', card_uri: 'card://1' };
    const card = {
      card_uri: 'card://1',
      components: [
        {
          type: 'MEDIA',
          media_key: '3_19',
          media_metadata: {
            '3_19': { type: 'IMAGE', url: 'https://pbs.example/media/a.png', width: 1200, height: 675 },
          },
        },
        {
          type: 'DETAILS',
          title: 'Fresh coffee, weekly',
          destination: { type: 'WEBSITE', url: 'https://www.acme.example/coffee' },
        },
      ],
    };
    expect(
      toPlatformAd({ id: '1efwlo', line_item_id: '96uzp', tweet_id: '1', entity_status: 'ACTIVE' }, names, tweet, card)
        .creative,
    ).toEqual({
      headlines: ['Fresh coffee, weekly'],
      primaryText: 'Roasted to order. Get your first bag free.',
      description: null,
      callToAction: null,
      landingUrl: 'https://www.acme.example/coffee',
      imageUrl: 'https://pbs.example/media/a.png',
    });
    // A text-only tweet: its text and nothing made up.
    expect(toCreative({ id_str: '2', full_text: 'Just text' }, undefined)).toEqual({
      headlines: [],
      primaryText: 'Just text',
      description: null,
      callToAction: null,
      landingUrl: null,
      imageUrl: null,
    });
  });
});
