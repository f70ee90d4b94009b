import { findFatiguedCreatives, probabilityBelowShare } from './creativeFatigue';
import { beta, gamma } from './distributions';
import type { AccountSeries, AdSeries } from './types';

const TODAY = '2026-03-31';
const date = (age: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - age * 86_400_000).toISOString().slice(0, 10);

/** An ad with `days` days of delivery ending today: `impressions` a day at the click-through `ctrAt(age)`, 1 conversion per 25 clicks. */
function ad(
  id: string,
  days: number,
  ctrAt: (age: number) => number,
  status: AdSeries['status'] = 'ACTIVE',
  impressions = 2000,
): AdSeries {
  return {
    id,
    name: `Ad ${id}`,
    status,
    days: Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => {
      const clicks = Math.round(impressions * ctrAt(age));
      return { date: date(age), spend: impressions / 2, impressions, clicks, conversions: clicks / 25, value: 0 };
    }),
  };
}

function account(ads: AdSeries[]): AccountSeries {
  return {
    platform: 'meta',
    accountRef: 'acc',
    currency: 'USD',
    today: TODAY,
    campaigns: [{ id: 'c1', name: 'Prospecting', status: 'ACTIVE', dailyBudget: 10_000, days: [], ads }],
  };
}

/** Click-through 2% when fresh, decaying towards 55% of it with a 20-day half-life (the ad launched `days` ago). */
const wearing = (days: number) => (age: number) => 0.02 * (0.55 + 0.45 * 0.5 ** ((days - 1 - age) / 20));

describe('creative fatigue', () => {
  it('flags a live ad whose click-through fell well below its own earlier one, with evidence, the task and the conversions it costs', () => {
    const { findings } = findFatiguedCreatives(
      account([ad('tired', 60, wearing(60)), ad('steady', 60, () => 0.02)]),
      [1],
    );
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'creative_fatigue',
      key: 'creative_fatigue:tired',
      level: 'ad',
      entityId: 'tired',
      campaignId: 'c1',
      change: { kind: 'task' },
    });
    expect(finding.headline).toMatch(
      /^Refresh “Ad tired” in Prospecting: its click-through fell \d+%, from [\d.]+% to [\d.]+% over the last 14 days$/,
    );
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    const [ctr] = finding.evidence;
    expect(ctr.metric).toBe('ctr');
    expect(ctr.entity.high).toBeLessThan(ctr.peers.low);
    const { conversionsPerWeek, spendPerWeek } = finding.impact;
    expect(conversionsPerWeek.low).toBeGreaterThan(0);
    expect(conversionsPerWeek.low).toBeLessThanOrEqual(conversionsPerWeek.mid);
    expect(conversionsPerWeek.mid).toBeLessThanOrEqual(conversionsPerWeek.high);
    // 14,000 impressions a week that click about 0.6 points less, at 1 conversion per 25 clicks: about 3 a week.
    expect(conversionsPerWeek.mid).toBeGreaterThan(2);
    expect(conversionsPerWeek.mid).toBeLessThan(5);
    expect(spendPerWeek.mid).toBe(0);
  });

  it('does not flag a drop that noise or a small effect explains (the effect guard)', () => {
    // 5% lower on 20,000 impressions a day: credibly lower, but not by a margin that is wearing out.
    const slight = ad('slight', 60, (age) => (age < 14 ? 0.019 : 0.02), 'ACTIVE', 20_000);
    // 20% lower on 1,000 impressions a day: not credibly beyond the guard at 0.95.
    const noisy = ad('noisy', 60, (age) => (age < 14 ? 0.016 : 0.02), 'ACTIVE', 1000);
    // 40% lower on 100 impressions a day: too few clicks to judge at all.
    const thin = ad('thin', 60, (age) => (age < 14 ? 0.012 : 0.02), 'ACTIVE', 100);
    const { findings, learning } = findFatiguedCreatives(account([slight, noisy, thin]), [1]);
    expect(findings).toEqual([]);
    expect(learning).toEqual([{ level: 'ad', entityId: 'thin', reason: 'too_little_data' }]);
  });

  it('labels new ads as learning, and leaves paused ones alone', () => {
    const { findings, learning } = findFatiguedCreatives(
      account([ad('new', 20, wearing(20)), ad('off', 60, wearing(60), 'PAUSED')]),
      [1],
    );
    expect(findings).toEqual([]);
    expect(learning).toEqual([{ level: 'ad', entityId: 'new', reason: 'too_new' }]);
  });

  it('P(X < c·Y) agrees with the exact Gamma case and is monotone in c', () => {
    const x = gamma(80, 1000);
    const y = gamma(100, 1000);
    // For Gammas c·Y is Gamma(a, b / c): compare the grid rule with that.
    expect(probabilityBelowShare(x, y, 0.9)).toBeCloseTo(probabilityBelowShare(x, gamma(100, 1000 / 0.9), 1), 3);
    const b = beta(50, 950);
    expect(probabilityBelowShare(b, beta(100, 900), 0.9)).toBeGreaterThan(
      probabilityBelowShare(b, beta(100, 900), 0.6),
    );
  });
});
