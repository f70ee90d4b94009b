import { gamma } from './distributions';
import { currentMixTotals, marginalCosts, sampleGamma } from './marginalCpa';
import {
  accountOf as account,
  budgetCampaign as campaign,
  budgetPeers as peers,
  type CampaignDay,
  campaignDays,
  TODAY,
} from './series.fixtures';
import type { AdSeries, CampaignSeries } from './types';

describe('marginal CPA of each campaign', () => {
  it('draws a campaign five times as dear on average as dearer at the margin in nearly every draw, one 1.5 times as dear often not', () => {
    const costs = marginalCosts(
      account([
        ...peers(),
        campaign('dear', 12_000, { spend: 10_000, conversions: 2 }),
        campaign('bit', 12_000, { spend: 10_000, conversions: 6.7 }),
      ]),
      [1],
    )!;
    const index = (id: string) => costs.units.findIndex((u) => u.campaign.id === id);
    const dearer = (i: number, j: number) => costs.draws.filter((d) => d[i] > d[j]).length / costs.draws.length;
    expect(dearer(index('dear'), index('a'))).toBeGreaterThan(0.99);
    expect(dearer(index('bit'), index('a'))).toBeLessThan(0.95);
    // The draws are fixed by the series: the same account gives the same draws.
    expect(
      marginalCosts(account([...peers(), campaign('dear', 12_000, { spend: 10_000, conversions: 2 })]), [1])!.draws[7],
    ).toEqual(
      marginalCosts(account([...peers(), campaign('dear', 12_000, { spend: 10_000, conversions: 2 })]), [1])!.draws[7],
    );
  });

  it('labels a campaign with too few days or conversions as learning, and needs two delivering campaigns', () => {
    const costs = marginalCosts(
      account([...peers(), campaign('young', 12_000, { spend: 10_000, conversions: 0.2 }, 10)]),
      [1],
    )!;
    expect(costs.learning).toEqual([{ level: 'campaign', entityId: 'young', reason: 'too_new' }]);
    expect(costs.units.find((u) => u.campaign.id === 'young')!.judged).toBe(false);
    expect(marginalCosts(account([campaign('alone', 12_000, { spend: 10_000, conversions: 10 })]), [1])).toBeNull();
  });

  it('does not judge a campaign whose spend moved far since its window began: its average cost is of another spend', () => {
    // 24,000 a day for three weeks, 8,000 for the last week: a third of the window's average.
    const moved = campaign('moved', 9_600, { spend: 8_000, conversions: 4 });
    moved.days = moved.days.map((d, i, all) => (i < all.length - 7 ? { ...d, spend: 24_000, conversions: 8 } : d));
    const costs = marginalCosts(account([...peers(), moved]), [1])!;
    expect(costs.learning).toEqual([{ level: 'campaign', entityId: 'moved', reason: 'spend_changed' }]);
    // One step of 30% is still judged.
    const stepped = campaign('stepped', 8_400, { spend: 7_000, conversions: 7 });
    stepped.days = stepped.days.map((d, i, all) => (i < all.length - 7 ? { ...d, spend: 10_000, conversions: 10 } : d));
    expect(marginalCosts(account([...peers(), stepped]), [1])!.learning).toEqual([]);
  });

  it('reads a campaign as its live ads deliver now: a paused ad’s past no longer counts', () => {
    const ad = (id: string, status: AdSeries['status'], perDay: CampaignDay, n: number): AdSeries => ({
      id,
      name: id,
      status,
      days: campaignDays(n, perDay),
    });
    const c: CampaignSeries = {
      ...campaign('mix', 12_000, { spend: 10_000, conversions: 6 }),
      ads: [
        ad('good', 'ACTIVE', { spend: 5_000, conversions: 5 }, 35),
        ad('weak', 'PAUSED', { spend: 5_000, conversions: 1 }, 30),
      ],
    };
    const totals = currentMixTotals(c, TODAY, 28, [1]);
    expect(totals.conversions).toBe(140);
    expect(totals.spend).toBe(140_000);
    expect(totals.activeDays).toBe(28);
  });

  it('draws Gamma variates with the right mean and variance', () => {
    let state = 1;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 4294967296;
    };
    for (const p of [gamma(0.5, 2), gamma(30, 0.01)]) {
      const xs = Array.from({ length: 20_000 }, () => sampleGamma(p, random));
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
      expect(m / (p.a / p.b)).toBeCloseTo(1, 1);
      expect(v / (p.a / p.b ** 2)).toBeCloseTo(1, 1);
    }
  });

  it('keeps a campaign’s own rate per unit of spend nearly unshrunk, for the curve’s level, beside the pooled one', () => {
    const big = ['a', 'b'].map((id) => campaign(id, 120_000, { spend: 100_000, conversions: 100 }));
    const costs = marginalCosts(account([...big, campaign('small', 600, { spend: 500, conversions: 2.5 })]), [1])!;
    const small = costs.units.find((u) => u.campaign.id === 'small')!;
    const mean = (p: { a: number; b: number }) => p.a / p.b;
    // 70 conversions for 14,000: 1 / 200 a unit of spend; the pooled rate is pulled well towards the account's 1 / 1,000, the own one barely.
    expect(mean(small.ownPerSpend) * 200).toBeGreaterThan(0.93);
    expect(mean(small.perSpend)).toBeLessThan(0.8 * mean(small.ownPerSpend));
  });
});
