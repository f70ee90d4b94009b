import type { PlatformAccount } from '../types';
import { customerIdOf, streamRows, toAccount, toAd, toCampaign, toUnifiedRow } from './map';

const usd: PlatformAccount = {
  id: '1234567890',
  name: 'Acme Store (Search)',
  currency: 'USD',
  timeZone: 'America/New_York',
};
const jpy: PlatformAccount = { id: '9876543210', name: 'Acme Japan', currency: 'JPY', timeZone: 'Asia/Tokyo' };

/** A campaign × day searchStream answer in the REST shape: two batches, resource consumption in the last. */
const campaignStream = [
  {
    results: [
      {
        campaign: { resourceName: 'customers/1234567890/campaigns/111', id: '111', name: 'Brand', status: 'ENABLED' },
        segments: { date: '2024-01-01' },
        metrics: {
          impressions: '1200',
          clicks: '34',
          costMicros: '15670000',
          conversions: 2.0,
          conversionsValue: 199.8,
        },
      },
    ],
    fieldMask:
      'campaign.id,campaign.name,campaign.status,segments.date,metrics.impressions,metrics.clicks,metrics.costMicros,metrics.conversions,metrics.conversionsValue',
    requestId: 'ctPQxfy09Y6rARFlyeiW6w',
  },
  {
    results: [
      {
        campaign: {
          resourceName: 'customers/1234567890/campaigns/222',
          id: '222',
          name: 'Prospecting',
          status: 'PAUSED',
        },
        segments: { date: '2024-01-01' },
        metrics: { impressions: '0', clicks: '0', costMicros: '4999', conversions: 0.5, conversionsValue: 12.345 },
      },
    ],
    fieldMask:
      'campaign.id,campaign.name,campaign.status,segments.date,metrics.impressions,metrics.clicks,metrics.costMicros,metrics.conversions,metrics.conversionsValue',
    requestId: 'ctPQxfy09Y6rARFlyeiW6w',
    queryResourceConsumption: '212',
  },
];

describe('google map', () => {
  it('flattens every batch of a searchStream answer into campaign rows in minor units', () => {
    const rows = streamRows(campaignStream).map((row) => toUnifiedRow(row, usd, 'campaign'));
    expect(rows).toEqual([
      {
        date: '2024-01-01',
        platform: 'google',
        accountId: '1234567890',
        campaignId: '111',
        campaignName: 'Brand',
        adId: null,
        adName: null,
        currency: 'USD',
        spendMinor: 1567,
        impressions: 1200,
        clicks: 34,
        conversions: 2,
        conversionValueMinor: 19980,
      },
      {
        date: '2024-01-01',
        platform: 'google',
        accountId: '1234567890',
        campaignId: '222',
        campaignName: 'Prospecting',
        adId: null,
        adName: null,
        currency: 'USD',
        // 4,999 micros is half a cent minus one micro: rounds down; 12.345 rounds half up.
        spendMinor: 0,
        impressions: 0,
        clicks: 0,
        conversions: 0.5,
        conversionValueMinor: 1235,
      },
    ]);
  });

  it('maps ad × day rows of a JPY account to whole yen, with missing zero metrics and nameless ads', () => {
    const stream = [
      {
        results: [
          {
            adGroupAd: {
              resourceName: 'customers/9876543210/adGroupAds/555~777',
              ad: { resourceName: 'customers/9876543210/ads/777', id: '777', name: 'Hero video 1' },
            },
            campaign: { resourceName: 'customers/9876543210/campaigns/333', id: '333', name: 'Spring Sale' },
            segments: { date: '2026-11-20' },
            metrics: {
              impressions: '51234',
              clicks: '812',
              costMicros: '1500499999',
              conversions: 7,
              conversionsValue: 48200.0,
            },
          },
          {
            adGroupAd: {
              resourceName: 'customers/9876543210/adGroupAds/555~778',
              ad: { resourceName: 'customers/9876543210/ads/778', id: '778' },
            },
            campaign: { resourceName: 'customers/9876543210/campaigns/333', id: '333', name: 'Spring Sale' },
            segments: { date: '2026-11-20' },
            metrics: { impressions: '10', costMicros: '1500500000' },
          },
        ],
        fieldMask:
          'adGroupAd.ad.id,adGroupAd.ad.name,campaign.id,campaign.name,segments.date,metrics.impressions,metrics.clicks,metrics.costMicros',
        requestId: 'Xq2cC8mA3s0nIHXe7wZ7hQ',
        queryResourceConsumption: '98',
      },
    ];
    const rows = streamRows(stream).map((row) => toUnifiedRow(row, jpy, 'ad'));
    expect(rows).toEqual([
      {
        date: '2026-11-20',
        platform: 'google',
        accountId: '9876543210',
        campaignId: '333',
        campaignName: 'Spring Sale',
        adId: '777',
        adName: 'Hero video 1',
        currency: 'JPY',
        spendMinor: 1500,
        impressions: 51234,
        clicks: 812,
        conversions: 7,
        conversionValueMinor: 48200,
      },
      {
        date: '2026-11-20',
        platform: 'google',
        accountId: '9876543210',
        campaignId: '333',
        campaignName: 'Spring Sale',
        adId: '778',
        adName: null,
        currency: 'JPY',
        spendMinor: 1501,
        impressions: 10,
        clicks: 0,
        conversions: 0,
        conversionValueMinor: 0,
      },
    ]);
  });

  it('reads an empty stream (one batch without results) as no rows, and refuses a non-array body', () => {
    expect(streamRows([{ fieldMask: 'campaign.id', requestId: 'r', queryResourceConsumption: '1' }])).toEqual([]);
    expect(() => streamRows({ results: [] })).toThrow('array of batches');
  });

  it('maps a customer row to an account', () => {
    const [row] = streamRows([
      {
        results: [
          {
            customer: {
              resourceName: 'customers/9876543210',
              id: '9876543210',
              descriptiveName: 'Acme Japan',
              currencyCode: 'JPY',
              timeZone: 'Asia/Tokyo',
              manager: false,
            },
          },
        ],
        fieldMask: 'customer.id,customer.descriptiveName,customer.currencyCode,customer.timeZone,customer.manager',
        requestId: 'r',
      },
    ]);
    expect(toAccount(row)).toEqual(jpy);
    expect(customerIdOf('customers/1234567890')).toBe('1234567890');
  });

  it('maps campaigns with their own daily budget; shared and custom-period budgets are not the campaign’s daily budget', () => {
    const campaign = (id: string, status: string, budget: object) => ({
      campaign: {
        resourceName: `customers/1234567890/campaigns/${id}`,
        id,
        name: `C${id}`,
        status,
        campaignBudget: `customers/1234567890/campaignBudgets/9${id}`,
      },
      campaignBudget: { resourceName: `customers/1234567890/campaignBudgets/9${id}`, ...budget },
    });
    expect(
      toCampaign(
        campaign('1', 'ENABLED', { amountMicros: '50000000', explicitlyShared: false, period: 'DAILY' }),
        'USD',
      ),
    ).toEqual({
      id: '1',
      name: 'C1',
      status: 'ACTIVE',
      dailyBudgetMinor: 5000,
      currency: 'USD',
    });
    expect(
      toCampaign(campaign('2', 'PAUSED', { amountMicros: '50000000', explicitlyShared: true }), 'USD'),
    ).toMatchObject({ status: 'PAUSED', dailyBudgetMinor: null });
    expect(
      toCampaign(
        campaign('3', 'ENABLED', { amountMicros: '50000000', explicitlyShared: false, period: 'CUSTOM_PERIOD' }),
        'USD',
      ).dailyBudgetMinor,
    ).toBeNull();
    expect(
      toCampaign(campaign('4', 'ENABLED', { amountMicros: '3000000000', explicitlyShared: false }), 'JPY')
        .dailyBudgetMinor,
    ).toBe(3000);
  });

  it('maps ad group ads with their own status; removed ones are left out and nameless ones go by their id', () => {
    const row = (adId: string, status: string, name?: string) => ({
      adGroupAd: {
        resourceName: `customers/1234567890/adGroupAds/555~${adId}`,
        status,
        ad: { resourceName: `customers/1234567890/ads/${adId}`, id: adId, name },
      },
      campaign: { resourceName: 'customers/1234567890/campaigns/111', id: '111' },
    });
    const ads = streamRows([
      { results: [row('1', 'ENABLED', 'Hero'), row('2', 'PAUSED', ''), row('3', 'REMOVED', 'Gone')] },
    ]).flatMap((r) => toAd(r) ?? []);
    expect(ads).toEqual([
      { id: '1', name: 'Hero', campaignId: '111', status: 'ACTIVE', creative: null },
      { id: '2', name: '2', campaignId: '111', status: 'PAUSED', creative: null },
    ]);
  });

  it('maps a responsive search ad’s assets: headlines, descriptions 1 and 2, the first final URL; no CTA or image', () => {
    const [row] = streamRows([
      {
        results: [
          {
            adGroupAd: {
              status: 'ENABLED',
              ad: {
                id: '9',
                type: 'RESPONSIVE_SEARCH_AD',
                finalUrls: ['https://www.acme.example/boots', 'https://www.acme.example/other'],
                responsiveSearchAd: {
                  headlines: [
                    { text: 'Hiking Boots' },
                    { text: '20% Off Boots', pinnedField: 'HEADLINE_1' },
                    { text: 'Free Returns' },
                  ],
                  descriptions: [
                    { text: 'Waterproof and light.' },
                    { text: 'Ships in 24 hours.' },
                    { text: 'Third one.' },
                  ],
                },
              },
            },
            campaign: { id: '111' },
          },
        ],
      },
    ]);
    expect(toAd(row)?.creative).toEqual({
      headlines: ['Hiking Boots', '20% Off Boots', 'Free Returns'],
      primaryText: 'Waterproof and light.',
      description: 'Ships in 24 hours.',
      callToAction: null,
      landingUrl: 'https://www.acme.example/boots',
      imageUrl: null,
    });
    // Proto3 JSON leaves out empty lists: an RSA with one description and no final URL yet.
    const sparse = {
      adGroupAd: {
        status: 'PAUSED',
        ad: { id: '10', responsiveSearchAd: { headlines: [{ text: 'Only' }], descriptions: [{ text: 'One.' }] } },
      },
    };
    expect(toAd(sparse)?.creative).toEqual({
      headlines: ['Only'],
      primaryText: 'One.',
      description: null,
      callToAction: null,
      landingUrl: null,
      imageUrl: null,
    });
  });
});
