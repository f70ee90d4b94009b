import { findLoserAds } from './pauseAd';
import { adSeries, oneCampaignAccount } from './series.fixtures';
import type { AccountSeries, AdSeries, DayCounts } from './types';

/** An ad with `days` days of delivery ending today, each with the given counts (conversions may vary by age). */
const ad = (
  id: string,
  days: number,
  perDay: Omit<DayCounts, 'date' | 'value'>,
  conversionsAt: (age: number) => number = () => perDay.conversions,
) => adSeries(id, days, (age) => ({ ...perDay, conversions: conversionsAt(age) }));
const account = oneCampaignAccount;

const good = { spend: 3000, impressions: 2000, clicks: 40, conversions: 4 };

describe('pause a loser ad', () => {
  it('flags an ad credibly behind its campaign’s other ads, with evidence and the exact change', () => {
    const { findings } = findLoserAds(
      account([ad('a', 28, good), ad('b', 28, good), ad('c', 28, { ...good, conversions: 1 })]),
      [1],
    );
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'pause_ad',
      key: 'pause_ad:c',
      entityId: 'c',
      campaignId: 'c1',
      change: { kind: 'ad_status', adId: 'c', from: 'ACTIVE', to: 'PAUSED' },
    });
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    expect(finding.headline).toMatch(/^Pause “Ad c” in Prospecting: it gets \d+% fewer conversions per impression/);
    const perImpression = finding.evidence.find((e) => e.metric === 'conversions_per_1000_impressions')!;
    expect(perImpression.entity.high).toBeLessThan(perImpression.peers.mid);
    expect(finding.impact.conversionsPerWeek.mid).toBeGreaterThan(0);
    expect(finding.impact.conversionsPerWeek.low).toBeLessThanOrEqual(finding.impact.conversionsPerWeek.mid);
  });

  it('does not judge on thin data: the same gap over a few hundred impressions is not a finding', () => {
    const thin = { spend: 300, impressions: 200, clicks: 4, conversions: 1 };
    const { findings } = findLoserAds(
      account([ad('a', 10, thin), ad('b', 10, thin), ad('c', 10, { ...thin, conversions: 0 })]),
      [1],
    );
    expect(findings).toEqual([]);
  });

  it('labels new ads as learning instead of judging them', () => {
    const { findings, learning } = findLoserAds(
      account([ad('a', 28, good), ad('b', 28, good), ad('new', 4, { ...good, conversions: 0 })]),
      [1],
    );
    expect(findings).toEqual([]);
    expect(learning).toContainEqual({ level: 'ad', entityId: 'new', reason: 'too_new' });
  });

  it('does not pause a good ad whose recent days only look weak because their conversions have not all arrived', () => {
    // Ad "late" launched 10 days ago: most of its days are young, and only part of their conversions is in.
    const lag = [0.5, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99, 1];
    const reported = (age: number) => Math.round(4 * (lag[Math.min(age, 7)] ?? 1));
    const ads = [ad('a', 28, good, reported), ad('b', 28, good, reported), ad('late', 10, good, reported)];
    expect(findLoserAds(account(ads), lag).findings).toEqual([]);
  });

  it('compares two ads over the days both delivered: a new ad launched after the campaign got cheaper does not make the old one a loser', () => {
    // A budget cut ten days ago made every conversion cheaper; "new" launched then and has only seen the cheaper days.
    const cheaper = (age: number) => (age < 10 ? 4 : 2);
    const ads = [ad('old', 28, good, cheaper), ad('new', 10, good)];
    expect(findLoserAds(account(ads), [1]).findings).toEqual([]);
  });

  it('compares ads only inside their campaign', () => {
    const strong: AdSeries[] = [ad('s1', 28, { ...good, conversions: 8 }), ad('s2', 28, { ...good, conversions: 8 })];
    const weak: AdSeries[] = [ad('w1', 28, { ...good, conversions: 2 }), ad('w2', 28, { ...good, conversions: 2 })];
    const series: AccountSeries = {
      ...account([]),
      campaigns: [
        { id: 'strong', name: 'Strong', status: 'ACTIVE', dailyBudget: 1, days: [], ads: strong },
        { id: 'weak', name: 'Weak', status: 'ACTIVE', dailyBudget: 1, days: [], ads: weak },
      ],
    };
    expect(findLoserAds(series, [1]).findings).toEqual([]);
  });
});
