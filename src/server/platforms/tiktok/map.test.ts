import type { PlatformAccount } from '../types';
import {
  mapAd,
  mapAdvertiser,
  mapCampaign,
  mapReportRow,
  normaliseTimeZone,
  type TikTokAd,
  type TikTokCampaign,
  type TikTokReportRow,
} from './map';

/** Fixtures in TikTok's wire shape (research 5.2-5.4): string metrics, "-" placeholders, stat_time_day with a time. */

const usd: PlatformAccount = {
  id: '7123456789012345678',
  name: 'Shop A',
  currency: 'USD',
  timeZone: 'America/New_York',
};
const inr: PlatformAccount = { id: '7169338715475585416', name: 'Shop IN', currency: 'INR', timeZone: 'Asia/Kolkata' };
const jpy: PlatformAccount = { id: '7000000000000000001', name: 'Shop JP', currency: 'JPY', timeZone: 'Asia/Tokyo' };

describe('mapReportRow', () => {
  it('maps a campaign-level row with string metrics', () => {
    const row: TikTokReportRow = {
      dimensions: { campaign_id: '1780000000000001', stat_time_day: '2024-01-01 00:00:00' },
      metrics: {
        spend: '20.00',
        impressions: '4696',
        clicks: '51',
        ctr: '1.09',
        cpc: '0.39',
        conversion: '3',
        total_complete_payment_rate: '134.97',
        campaign_name: 'Website Traffic',
      },
    };
    expect(mapReportRow(row, usd, 'campaign')).toEqual({
      date: '2024-01-01',
      platform: 'tiktok',
      accountId: '7123456789012345678',
      campaignId: '1780000000000001',
      campaignName: 'Website Traffic',
      adId: null,
      adName: null,
      currency: 'USD',
      spendMinor: 2000,
      impressions: 4696,
      clicks: 51,
      conversions: 3,
      conversionValueMinor: 13497,
    });
  });

  it('reads "-" as zero and accepts numbers where TikTok sends them', () => {
    const row: TikTokReportRow = {
      dimensions: { campaign_id: '1780000000000002', stat_time_day: '2024-01-02 00:00:00' },
      metrics: {
        spend: '1234.567',
        impressions: 10250,
        clicks: '0',
        cpc: '-',
        conversion: '0',
        cost_per_conversion: '-',
        total_complete_payment_rate: '-',
        campaign_name: 'Prospecting',
      },
    };
    expect(mapReportRow(row, inr, 'campaign')).toMatchObject({
      date: '2024-01-02',
      currency: 'INR',
      spendMinor: 123457,
      impressions: 10250,
      clicks: 0,
      conversions: 0,
      conversionValueMinor: 0,
    });
  });

  it('maps an ad-level row, taking the campaign from the attribute metrics', () => {
    const row: TikTokReportRow = {
      dimensions: { ad_id: '1790000000000042', stat_time_day: '2024-03-31 00:00:00' },
      metrics: {
        spend: '1500',
        impressions: '88000',
        clicks: '912',
        conversion: '14',
        total_complete_payment_rate: '72400',
        campaign_id: '1780000000000003',
        campaign_name: 'Spring Sale',
        ad_name: 'UGC clip 2',
      },
    };
    expect(mapReportRow(row, jpy, 'ad')).toEqual({
      date: '2024-03-31',
      platform: 'tiktok',
      accountId: '7000000000000000001',
      campaignId: '1780000000000003',
      campaignName: 'Spring Sale',
      adId: '1790000000000042',
      adName: 'UGC clip 2',
      currency: 'JPY',
      spendMinor: 1500,
      impressions: 88000,
      clicks: 912,
      conversions: 14,
      conversionValueMinor: 72400,
    });
  });

  it('refuses rows without their ids or with a malformed day', () => {
    const metrics = { spend: '1.00', impressions: '1', clicks: '0', conversion: '0' };
    expect(() =>
      mapReportRow({ dimensions: { ad_id: '1', stat_time_day: '2024-01-01 00:00:00' }, metrics }, usd, 'ad'),
    ).toThrow(/ids/);
    const day = '2024-01-01 00:00:00';
    expect(() =>
      mapReportRow({ dimensions: { campaign_id: '1', stat_time_day: 'yesterday' }, metrics }, usd, 'campaign'),
    ).toThrow(/stat_time_day/);
    const notNumber = { dimensions: { campaign_id: '1', stat_time_day: day }, metrics: { ...metrics, clicks: 'many' } };
    expect(() => mapReportRow(notNumber, usd, 'campaign')).toThrow(/clicks/);
  });
});

describe('mapCampaign', () => {
  const campaign = (overrides: Partial<TikTokCampaign>): TikTokCampaign => ({
    campaign_id: '1780000000000001',
    campaign_name: 'Website Traffic',
    operation_status: 'ENABLE',
    secondary_status: 'CAMPAIGN_STATUS_ENABLE',
    budget: 150.5,
    budget_mode: 'BUDGET_MODE_DAY',
    ...overrides,
  });

  it('maps an enabled campaign with a daily budget in major units', () => {
    expect(mapCampaign(campaign({}), 'USD')).toEqual({
      id: '1780000000000001',
      name: 'Website Traffic',
      status: 'ACTIVE',
      dailyBudgetMinor: 15050,
      currency: 'USD',
    });
  });

  it('maps DISABLE to PAUSED and keeps no daily budget outside BUDGET_MODE_DAY', () => {
    expect(
      mapCampaign(campaign({ operation_status: 'DISABLE', secondary_status: 'CAMPAIGN_STATUS_DISABLE' }), 'EUR'),
    ).toMatchObject({
      status: 'PAUSED',
      dailyBudgetMinor: 15050,
    });
    expect(
      mapCampaign(campaign({ budget_mode: 'BUDGET_MODE_INFINITE', budget: 0 }), 'USD').dailyBudgetMinor,
    ).toBeNull();
    expect(
      mapCampaign(campaign({ budget_mode: 'BUDGET_MODE_TOTAL', budget: 1000 }), 'USD').dailyBudgetMinor,
    ).toBeNull();
  });
});

describe('advertisers and zones', () => {
  it('maps advertiser/info, preferring the IANA display zone', () => {
    expect(
      mapAdvertiser({
        advertiser_id: '7123456789012345678',
        name: 'Shop A',
        currency: 'usd',
        timezone: 'Etc/GMT+5',
        display_timezone: 'America/New_York',
      }),
    ).toEqual({ id: '7123456789012345678', name: 'Shop A', currency: 'USD', timeZone: 'America/New_York' });
  });

  it('normalises offset zones and falls back to UTC', () => {
    expect(normaliseTimeZone(undefined, 'Etc/GMT+8')).toBe('Etc/GMT+8');
    expect(normaliseTimeZone('Pacific Time', 'GMT+08:00')).toBe('Etc/GMT-8');
    expect(normaliseTimeZone('UTC-5')).toBe('Etc/GMT+5');
    expect(normaliseTimeZone('+00:00')).toBe('Etc/GMT');
    expect(normaliseTimeZone('GMT+05:30')).toBe('UTC');
    expect(normaliseTimeZone()).toBe('UTC');
  });
});

describe('mapAd', () => {
  it('maps an ad by its own operation_status (not secondary_status) and leaves deleted ads out', () => {
    const ads: TikTokAd[] = [
      {
        ad_id: '1',
        ad_name: 'Hero',
        campaign_id: '9',
        operation_status: 'ENABLE',
        secondary_status: 'AD_STATUS_CAMPAIGN_DISABLE',
      },
      { ad_id: '2', ad_name: '', campaign_id: '9', operation_status: 'DISABLE', secondary_status: 'AD_STATUS_DISABLE' },
      {
        ad_id: '3',
        ad_name: 'Gone',
        campaign_id: '9',
        operation_status: 'DISABLE',
        secondary_status: 'AD_STATUS_DELETE',
      },
    ];
    expect(ads.flatMap((ad) => mapAd(ad) ?? [])).toEqual([
      { id: '1', name: 'Hero', campaignId: '9', status: 'ACTIVE', creative: null },
      { id: '2', name: '2', campaignId: '9', status: 'PAUSED', creative: null },
    ]);
  });

  it('maps the ad text, button, landing page and the first image’s URL; no headline or description', () => {
    const ad: TikTokAd = {
      ad_id: '1',
      ad_name: 'Hero',
      campaign_id: '9',
      operation_status: 'ENABLE',
      ad_text: 'Roasted to order, at your door in 2 days.',
      call_to_action: 'ORDER_NOW',
      landing_page_url: 'https://www.acme.example/coffee',
      image_ids: ['ad-site-i18n-sg/abc', 'ad-site-i18n-sg/def'],
    };
    const urls = new Map([['ad-site-i18n-sg/abc', 'https://cdn.example/large/abc']]);
    expect(mapAd(ad, urls)?.creative).toEqual({
      headlines: [],
      primaryText: 'Roasted to order, at your door in 2 days.',
      description: null,
      callToAction: 'ORDER_NOW',
      landingUrl: 'https://www.acme.example/coffee',
      imageUrl: 'https://cdn.example/large/abc',
    });
    // An image id the info call did not resolve gives no URL rather than a made-up one.
    expect(mapAd(ad)?.creative?.imageUrl).toBeNull();
  });
});
