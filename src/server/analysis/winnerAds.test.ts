import { adSeries, oneCampaignAccount } from './series.fixtures';
import type { AccountSeries, DayCounts } from './types';
import { BOOST_SHARE, findWinnerAds } from './winnerAds';

/** An ad with `days` days of delivery ending today, each with the given counts (conversions may vary by age). */
const ad = (
  id: string,
  days: number,
  perDay: Omit<DayCounts, 'date' | 'value'>,
  conversionsAt: (age: number) => number = () => perDay.conversions,
) => adSeries(id, days, (age) => ({ ...perDay, conversions: conversionsAt(age) }));
const account = oneCampaignAccount;

const ordinary = { spend: 3000, impressions: 2000, clicks: 40, conversions: 2 };
const star = { ...ordinary, conversions: 5 };

describe('boost a winner ad', () => {
  it('flags an ad credibly ahead of its campaign’s other ads on both rates, with evidence, the task and its impact', () => {
    const { findings } = findWinnerAds(
      account([ad('a', 28, ordinary), ad('b', 28, ordinary), ad('star', 28, star)]),
      [1],
    );
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'boost_creative',
      key: 'boost_creative:star',
      level: 'ad',
      entityId: 'star',
      campaignId: 'c1',
      change: { kind: 'task' },
    });
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    expect(finding.headline).toMatch(
      /^Boost “Ad star” in Prospecting: it gets \d+% more conversions per impression than the campaign’s other ads$/,
    );
    const perImpression = finding.evidence.find((e) => e.metric === 'conversions_per_1000_impressions')!;
    expect(perImpression.entity.low).toBeGreaterThan(perImpression.peers.mid);
    const perClick = finding.evidence.find((e) => e.metric === 'cvr')!;
    expect(perClick.entity.mid).toBeGreaterThan(perClick.peers.mid);
    // Scale it in its campaign, in the account's other campaigns and on the other platforms (the product names them).
    expect(finding.change.kind === 'task' && finding.change.description).toMatch(
      /pause the weaker variants.*other active campaigns.*duplicate it to your campaigns on other platforms/,
    );

    const { conversionsPerWeek, spendPerWeek } = finding.impact;
    expect(conversionsPerWeek.low).toBeGreaterThanOrEqual(0);
    expect(conversionsPerWeek.low).toBeLessThanOrEqual(conversionsPerWeek.mid);
    expect(conversionsPerWeek.high).toBeGreaterThanOrEqual(conversionsPerWeek.mid);
    // A quarter of the others' 28,000 impressions a week, each converting at its rate instead of theirs: about 0.25 × 28,000 × 0.0015.
    expect(conversionsPerWeek.mid).toBeGreaterThan(BOOST_SHARE.mid * 28_000 * 0.001);
    expect(conversionsPerWeek.mid).toBeLessThan(BOOST_SHARE.mid * 28_000 * 0.002);
    expect(spendPerWeek).toEqual({ mid: 0, low: 0, high: 0 });
  });

  it('needs both rates ahead: an ad that only gets more clicks is not a winner', () => {
    // Twice the clicks and twice the conversions per impression, but the same conversions per click.
    const clicky = { ...ordinary, clicks: 80, conversions: 4 };
    expect(
      findWinnerAds(account([ad('a', 28, ordinary), ad('b', 28, ordinary), ad('clicky', 28, clicky)]), [1]).findings,
    ).toEqual([]);
  });

  it('does not judge on thin data, and labels new ads as learning', () => {
    const thin = { spend: 300, impressions: 200, clicks: 4, conversions: 0.2 };
    expect(
      findWinnerAds(account([ad('a', 10, thin), ad('b', 10, thin), ad('c', 10, { ...thin, conversions: 1 })]), [1])
        .findings,
    ).toEqual([]);
    const { findings, learning } = findWinnerAds(
      account([ad('a', 28, ordinary), ad('b', 28, ordinary), ad('new', 4, star)]),
      [1],
    );
    expect(findings).toEqual([]);
    expect(learning).toContainEqual({ level: 'ad', entityId: 'new', reason: 'too_new' });
  });

  it('counts only peers that have run no longer: ahead of older ads, an ad may only be fresher', () => {
    expect(
      findWinnerAds(account([ad('old1', 60, ordinary), ad('old2', 60, ordinary), ad('newer', 21, star)]), [1]).findings,
    ).toEqual([]);
    // The same lead over ads as new as itself is the creative's.
    expect(
      findWinnerAds(
        account([ad('new1', 21, ordinary), ad('new2', 21, ordinary), ad('older', 60, star)]),
        [1],
      ).findings.map((f) => f.entityId),
    ).toEqual(['older']);
  });

  it('does not crown an old ad whose newer peers only look weak because their recent conversions have not all arrived', () => {
    // All three convert alike; "a" and "b" launched 10 days ago, so most of their days are young and only part of their conversions is in.
    const lag = [0.1, 0.3, 0.5, 0.7, 0.85, 0.95, 0.98, 1];
    const big = { spend: 30_000, impressions: 20_000, clicks: 400, conversions: 30 };
    const reported = (age: number) => 30 * (lag[Math.min(age, 7)] ?? 1);
    const ads = [ad('a', 10, big, reported), ad('b', 10, big, reported), ad('old', 28, big, reported)];
    expect(findWinnerAds(account(ads), lag).findings).toEqual([]);
    // Even read as if complete: the old ad is compared with the new ones over the days all three delivered, equally young.
    expect(findWinnerAds(account(ads), [1]).findings).toEqual([]);
  });

  it('compares two ads over the days both delivered: an old ad’s cheaper first weeks do not make it a winner over ads launched since', () => {
    // The campaign converted twice as well until ten days ago (a budget since raised into saturation); the two new ads launched then.
    const before = { ...ordinary, conversions: 6 };
    const since = (age: number) => (age < 10 ? ordinary.conversions : before.conversions);
    const ads = [ad('new1', 10, ordinary), ad('new2', 10, ordinary), ad('old', 28, before, since)];
    expect(findWinnerAds(account(ads), [1]).findings).toEqual([]);
  });

  it('compares ads only inside their campaign', () => {
    const series: AccountSeries = {
      ...account([]),
      campaigns: [
        {
          id: 'strong',
          name: 'Strong',
          status: 'ACTIVE',
          dailyBudget: 1,
          days: [],
          ads: [ad('s1', 28, star), ad('s2', 28, star)],
        },
        {
          id: 'weak',
          name: 'Weak',
          status: 'ACTIVE',
          dailyBudget: 1,
          days: [],
          ads: [ad('w1', 28, ordinary), ad('w2', 28, ordinary)],
        },
      ],
    };
    expect(findWinnerAds(series, [1]).findings).toEqual([]);
  });
});
