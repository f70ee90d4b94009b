import type { PlatformAccount } from '../types';
import {
  budgetToMinor,
  conversionActionType,
  type MetaAd,
  type MetaAdAccount,
  type MetaCampaign,
  type MetaInsightsRow,
  minorToBudget,
  toAccount,
  toAd,
  toCampaign,
  toCreative,
  toUnifiedRow,
} from './map';

const usd: PlatformAccount = {
  id: 'act_1234567890',
  name: 'Acme Shop',
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
};
const jpy: PlatformAccount = { id: 'act_555', name: 'Acme JP', currency: 'JPY', timeZone: 'Asia/Tokyo' };

describe('meta insights rows', () => {
  it('maps a campaign-day row in Graph’s shape, counting purchases once although Meta repeats them per action type', () => {
    // Shape of GET /act_…/insights?level=campaign&time_increment=1 (research 2.3): every metric a string.
    const row: MetaInsightsRow = {
      campaign_id: '120200000000000001',
      campaign_name: 'Prospecting',
      spend: '5339.5',
      impressions: '1000',
      clicks: '20',
      actions: [
        { action_type: 'link_click', value: '15' },
        { action_type: 'landing_page_view', value: '12' },
        { action_type: 'offsite_conversion.fb_pixel_purchase', value: '2' },
        { action_type: 'omni_purchase', value: '2' },
        { action_type: 'purchase', value: '2' },
      ],
      action_values: [
        { action_type: 'offsite_conversion.fb_pixel_purchase', value: '99.9' },
        { action_type: 'omni_purchase', value: '99.9' },
        { action_type: 'purchase', value: '99.9' },
      ],
      date_start: '2024-01-01',
      date_stop: '2024-01-01',
    };
    expect(toUnifiedRow(row, usd, 'campaign')).toEqual({
      date: '2024-01-01',
      platform: 'meta',
      accountId: 'act_1234567890',
      campaignId: '120200000000000001',
      campaignName: 'Prospecting',
      adId: null,
      adName: null,
      currency: 'USD',
      spendMinor: 533_950,
      impressions: 1000,
      clicks: 20,
      conversions: 2,
      conversionValueMinor: 9990,
    });
  });

  it('maps an ad-day row, and a row without actions as zero conversions', () => {
    const row: MetaInsightsRow = {
      campaign_id: '120200000000000001',
      campaign_name: 'Prospecting',
      ad_id: '120200000000000777',
      ad_name: 'Carousel 2',
      spend: '0.07',
      impressions: '14',
      clicks: '0',
      date_start: '2024-01-02',
      date_stop: '2024-01-02',
    };
    expect(toUnifiedRow(row, usd, 'ad')).toMatchObject({
      adId: '120200000000000777',
      adName: 'Carousel 2',
      spendMinor: 7,
      impressions: 14,
      clicks: 0,
      conversions: 0,
      conversionValueMinor: 0,
    });
  });

  it('keeps zero-decimal currencies in whole units and rounds sub-unit spend half up', () => {
    const row: MetaInsightsRow = {
      campaign_id: '1',
      spend: '12345.5',
      impressions: '9000',
      clicks: '31',
      actions: [{ action_type: 'purchase', value: '3' }],
      action_values: [{ action_type: 'purchase', value: '15000' }],
      date_start: '2024-03-01',
      date_stop: '2024-03-01',
    };
    expect(toUnifiedRow(row, jpy, 'campaign')).toMatchObject({
      currency: 'JPY',
      spendMinor: 12_346,
      conversions: 3,
      conversionValueMinor: 15_000,
    });
  });

  it('prefers omni_purchase, falls back to purchase, then to the pixel purchase', () => {
    expect(
      conversionActionType({
        actions: [
          { action_type: 'purchase', value: '1' },
          { action_type: 'omni_purchase', value: '1' },
        ],
      }),
    ).toBe('omni_purchase');
    expect(
      conversionActionType({
        actions: [
          { action_type: 'offsite_conversion.fb_pixel_purchase', value: '1' },
          { action_type: 'purchase', value: '1' },
        ],
      }),
    ).toBe('purchase');
    expect(
      conversionActionType({ actions: [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: '4' }] }),
    ).toBe('offsite_conversion.fb_pixel_purchase');
    expect(conversionActionType({ actions: [{ action_type: 'link_click', value: '4' }] })).toBeUndefined();
  });

  it('rejects a row without the ids the level needs', () => {
    expect(() =>
      toUnifiedRow({ date_start: '2024-01-01', date_stop: '2024-01-01', spend: '1' }, usd, 'campaign'),
    ).toThrow(/campaign_id/);
    expect(() =>
      toUnifiedRow({ campaign_id: '1', date_start: '2024-01-01', date_stop: '2024-01-01' }, usd, 'ad'),
    ).toThrow(/ad_id/);
  });
});

describe('meta accounts and campaigns', () => {
  it('maps an /me/adaccounts element, keeping the act_ id', () => {
    const node: MetaAdAccount = {
      id: 'act_1234567890',
      account_id: '1234567890',
      name: 'Acme Shop',
      currency: 'USD',
      account_status: 1,
      timezone_name: 'America/Los_Angeles',
    };
    expect(toAccount(node)).toEqual(usd);
    expect(() => toAccount({ id: 'act_1', name: 'x' })).toThrow(/currency/);
  });

  it('maps campaigns: configured status, daily_budget in Meta units, no budget when it lives on the ad sets', () => {
    const active: MetaCampaign = {
      id: '1202',
      name: 'Prospecting',
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
      daily_budget: '5000',
    };
    const pausedByAdSets: MetaCampaign = {
      id: '1203',
      name: 'Retargeting',
      status: 'ACTIVE',
      effective_status: 'ADSET_PAUSED',
    };
    const paused: MetaCampaign = {
      id: '1204',
      name: 'Sale',
      status: 'PAUSED',
      effective_status: 'PAUSED',
      daily_budget: '0',
    };
    expect(toCampaign(active, 'USD')).toEqual({
      id: '1202',
      name: 'Prospecting',
      status: 'ACTIVE',
      dailyBudgetMinor: 5000,
      currency: 'USD',
    });
    expect(toCampaign(pausedByAdSets, 'USD')).toMatchObject({ status: 'ACTIVE', dailyBudgetMinor: null });
    expect(toCampaign(paused, 'USD')).toMatchObject({ status: 'PAUSED', dailyBudgetMinor: null });
    expect(toCampaign({ id: '1', status: 'ARCHIVED' }, 'USD')).toBeNull();
    expect(toCampaign({ id: '1', status: 'DELETED' }, 'USD')).toBeNull();
  });
});

describe('meta budget units (currency offsets)', () => {
  it('is cents for offset-100 currencies and whole units for offset-1 ones', () => {
    expect(budgetToMinor('2000', 'USD')).toBe(2000);
    expect(minorToBudget(2000, 'EUR')).toBe(2000);
    expect(budgetToMinor('5000', 'JPY')).toBe(5000);
    expect(minorToBudget(5000, 'JPY')).toBe(5000);
  });

  it('converts where Meta’s offset differs from ISO 4217 (HUF: Meta whole forints, ISO two decimals; BHD: Meta fils/10, ISO three decimals)', () => {
    expect(budgetToMinor('1500', 'HUF')).toBe(150_000);
    expect(minorToBudget(150_000, 'HUF')).toBe(1500);
    expect(minorToBudget(150_050, 'HUF')).toBe(1501);
    expect(budgetToMinor('1250', 'BHD')).toBe(12_500);
    expect(minorToBudget(12_500, 'BHD')).toBe(1250);
  });
});

describe('meta ads', () => {
  it('maps ads by their own configured status, not effective_status; deleted and archived ads are left out', () => {
    const nodes: MetaAd[] = [
      { id: '1', name: 'Hero', campaign_id: '9', status: 'ACTIVE', effective_status: 'CAMPAIGN_PAUSED' },
      { id: '2', campaign_id: '9', status: 'PAUSED', effective_status: 'PAUSED' },
      { id: '3', name: 'Old', campaign_id: '9', status: 'ARCHIVED' },
      { id: '4', name: 'Gone', campaign_id: '9', status: 'DELETED' },
    ];
    expect(nodes.flatMap((node) => toAd(node) ?? [])).toEqual([
      { id: '1', name: 'Hero', campaignId: '9', status: 'ACTIVE', creative: null },
      { id: '2', name: '2', campaignId: '9', status: 'PAUSED', creative: null },
    ]);
    expect(() => toAd({ id: '5', status: 'ACTIVE' })).toThrow(/campaign_id/);
  });

  it('maps the expanded creative: flat fields first, the link ad’s story spec for what they lack', () => {
    const creative = {
      id: '77',
      title: 'Trail Jacket',
      body: 'Stays dry all day.',
      call_to_action_type: 'SHOP_NOW',
      image_url: 'https://scontent.example/abc.png',
      object_story_spec: {
        link_data: { link: 'https://www.acme.example/jacket', description: 'Free returns', name: 'Other title' },
      },
    };
    expect(toAd({ id: '1', campaign_id: '9', status: 'ACTIVE', creative })?.creative).toEqual({
      headlines: ['Trail Jacket'],
      primaryText: 'Stays dry all day.',
      description: 'Free returns',
      callToAction: 'SHOP_NOW',
      landingUrl: 'https://www.acme.example/jacket',
      imageUrl: 'https://scontent.example/abc.png',
    });
    const storyOnly = {
      object_story_spec: { link_data: { name: 'Hi', message: 'Text', call_to_action: { type: 'LEARN_MORE' } } },
      link_url: 'https://x.example/',
    };
    expect(toCreative(storyOnly)).toEqual({
      headlines: ['Hi'],
      primaryText: 'Text',
      description: null,
      callToAction: 'LEARN_MORE',
      landingUrl: 'https://x.example/',
      imageUrl: null,
    });
    // Only the creative's id (no expansion), or nothing: null, never made up.
    expect(toCreative({ id: '77' })).toBeNull();
    expect(toCreative(undefined)).toBeNull();
  });
});
