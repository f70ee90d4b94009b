import type { Finding } from '../../analysis/findings';
import type { AccountSeries, DayCounts } from '../../analysis/types';
import { bodyOf } from './suggestions.compute';

const days = (count: number, impressions: number, clicks: number, conversions: number, spend: number): DayCounts[] =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10),
    spend,
    impressions,
    clicks,
    conversions,
    value: 0,
  }));

const series: AccountSeries = {
  platform: 'meta',
  accountRef: 'acc',
  currency: 'USD',
  today: '2026-03-28',
  campaigns: [
    {
      id: 'c1',
      name: 'Spring',
      status: 'ACTIVE',
      dailyBudget: 10_000,
      days: days(28, 3000, 60, 6, 9000),
      ads: [
        { id: 'a1', name: 'Hero', status: 'ACTIVE', days: days(28, 1000, 20, 4, 3000) },
        { id: 'a2', name: 'Plain', status: 'ACTIVE', days: days(28, 1000, 20, 1, 3000) },
        { id: 'a3', name: 'Other', status: 'ACTIVE', days: days(28, 1000, 20, 1, 3000) },
      ],
    },
    { id: 'c2', name: 'Summer', status: 'ACTIVE', dailyBudget: 10_000, days: days(28, 3000, 60, 3, 9000), ads: [] },
  ],
};

const finding = (over: Partial<Finding>): Finding => ({
  type: 'boost_creative',
  key: 'boost_creative:a1',
  level: 'ad',
  entityId: 'a1',
  entityName: 'Hero',
  campaignId: 'c1',
  headline: 'Scale “Hero”',
  confidence: 0.97,
  evidence: [],
  impact: { conversionsPerWeek: { mid: 2, low: 1, high: 3 }, spendPerWeek: { mid: 0, low: 0, high: 0 } },
  change: {
    kind: 'task',
    description: 'Give “Hero” more of Spring and duplicate it to your campaigns on other platforms.',
  },
  ...over,
});

describe('bodyOf', () => {
  it('names the workspace’s other connected platforms in a proven creative’s task, and the campaign a task is measured on', () => {
    const body = bodyOf(finding({}), series, ['google', 'linkedin']);
    expect(body.change).toEqual({
      kind: 'task',
      description:
        'Give “Hero” more of Spring and duplicate it to your campaigns on other platforms. Your other connected platforms: Google Ads, LinkedIn.',
      campaign_id: 'c1',
    });
    expect(bodyOf(finding({}), series, []).change).toEqual({ ...finding({}).change, campaign_id: 'c1' });
  });

  it('charts an ad against its campaign’s other live ads, and a campaign against the account’s others', () => {
    const ad = bodyOf(
      finding({
        type: 'pause_ad',
        entityId: 'a2',
        entityName: 'Plain',
        change: { kind: 'ad_status', adId: 'a2', campaignId: 'c1', from: 'ACTIVE', to: 'PAUSED' },
      }),
      series,
    );
    expect(ad.chart?.points).toHaveLength(28);
    // 1 conversion per 1,000 impressions against the median of 4 and 1.
    expect(ad.chart?.points.at(-1)).toEqual({ date: '2026-03-28', entity: 1, peers: 2.5 });
    expect(ad.change).toMatchObject({ kind: 'ad_status', ad_name: 'Plain', campaign_name: 'Spring' });

    const campaign = bodyOf(
      finding({
        type: 'scale_campaign',
        level: 'campaign',
        entityId: 'c1',
        campaignId: 'c1',
        change: { kind: 'campaign_budget', campaignId: 'c1', from: 10_000, to: 12_000 },
      }),
      series,
    );
    // Conversions per 1,000 USD (100,000 cents): 6 per 9,000 cents a day against 3.
    expect(campaign.chart?.points.at(-1)?.entity).toBeCloseTo((6 / 9000) * 100_000);
    expect(campaign.chart?.points.at(-1)?.peers).toBeCloseTo((3 / 9000) * 100_000);
    expect(campaign.change).toEqual({
      kind: 'campaign_budget',
      campaign_id: 'c1',
      campaign_name: 'Spring',
      currency: 'USD',
      from: 10_000,
      to: 12_000,
    });
  });

  it('names both campaigns of a move of budget and charts the source against the campaign the money goes to', () => {
    const move = bodyOf(
      finding({
        type: 'move_budget',
        key: 'move_budget:c2>c1',
        level: 'campaign',
        entityId: 'c2',
        entityName: 'Summer',
        campaignId: 'c2',
        change: {
          kind: 'move_budget',
          amount: 3_000,
          source: { campaignId: 'c2', from: 10_000, to: 7_000 },
          target: { campaignId: 'c1', from: 10_000, to: 13_000 },
        },
      }),
      series,
    );
    expect(move.change).toEqual({
      kind: 'move_budget',
      currency: 'USD',
      amount: 3_000,
      source: { campaign_id: 'c2', campaign_name: 'Summer', from: 10_000, to: 7_000 },
      target: { campaign_id: 'c1', campaign_name: 'Spring', from: 10_000, to: 13_000 },
    });
    expect(move.chart?.label).toMatch(/against the median of Spring, where the budget would go$/);
    expect(move.chart?.points.at(-1)?.entity).toBeCloseTo((3 / 9000) * 100_000);
    expect(move.chart?.points.at(-1)?.peers).toBeCloseTo((6 / 9000) * 100_000);
  });
});
