import { CTA_TEST_DEFAULTS, findWeakCallsToAction } from './ctaTest';
import { adSeries, oneCampaignAccount } from './series.fixtures';
import type { DayCounts } from './types';

/** An ad with `days` days of delivery ending today, each with the given counts. */
const ad = (id: string, days: number, perDay: Omit<DayCounts, 'date' | 'value'>) => adSeries(id, days, () => perDay);
const account = oneCampaignAccount;

/** 2% click-through, 1 conversion per 20 clicks. */
const ordinary = { spend: 3000, impressions: 2000, clicks: 40, conversions: 2 };
/** Half the click-through, and its clicks convert a little better (1 in 16). */
const unclicked = { ...ordinary, clicks: 20, conversions: 1.25 };

describe('test new calls to action', () => {
  it('flags an ad people click credibly less than its campaign’s other ads while its clicks convert, with evidence, the task and its impact', () => {
    const { findings } = findWeakCallsToAction(
      account([ad('a', 60, ordinary), ad('b', 60, ordinary), ad('quiet', 28, unclicked)]),
      [1],
    );
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'test_cta',
      key: 'test_cta:quiet',
      level: 'ad',
      entityId: 'quiet',
      campaignId: 'c1',
      change: { kind: 'task' },
    });
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    expect(finding.headline).toMatch(
      /^Test new calls to action on “Ad quiet” in Prospecting: its click-through is \d+% below the campaign’s other ads, but its clicks convert$/,
    );
    const ctr = finding.evidence.find((e) => e.metric === 'ctr')!;
    expect(ctr.entity.high).toBeLessThan(ctr.peers.mid);
    const cvr = finding.evidence.find((e) => e.metric === 'cvr')!;
    expect(cvr.probability).toBeLessThan(0.95);
    expect(finding.change.kind === 'task' && finding.change.description).toMatch(
      /^Test new calls to action and headlines on “Ad quiet” \(campaign Prospecting\): its click-through is 1\.\d\d% against 2\.\d\d%/,
    );

    // At the peers' 2% instead of its 1%, at its 1 conversion per 16 clicks: 14,000 impressions a week × 1% ÷ 16 ≈ 8.75 a week.
    const { conversionsPerWeek, spendPerWeek } = finding.impact;
    expect(conversionsPerWeek.mid).toBeGreaterThan(7);
    expect(conversionsPerWeek.mid).toBeLessThan(10.5);
    expect(conversionsPerWeek.low).toBeGreaterThanOrEqual(0);
    expect(conversionsPerWeek.low).toBeLessThanOrEqual(conversionsPerWeek.mid);
    expect(conversionsPerWeek.high).toBeGreaterThanOrEqual(conversionsPerWeek.mid);
    expect(spendPerWeek).toEqual({ mid: 0, low: 0, high: 0 });
  });

  it('leaves out an ad whose clicks do not convert as well as every other ad’s: more clicks would not be more conversions', () => {
    expect(
      findWeakCallsToAction(
        account([ad('a', 60, ordinary), ad('b', 60, ordinary), ad('weak', 28, { ...unclicked, conversions: 0.7 })]),
        [1],
      ).findings,
    ).toEqual([]);
    // Not credibly worse than most, but one peer's clicks convert better.
    const best = { ...ordinary, conversions: 3 };
    expect(
      findWeakCallsToAction(
        account([ad('a', 60, ordinary), ad('best', 60, best), ad('c', 28, { ...unclicked, conversions: 1.1 })]),
        [1],
      ).findings,
    ).toEqual([]);
  });

  it('counts only peers that have run at least as long, and judges only ads launched within the history: an older ad may only be worn', () => {
    expect(
      findWeakCallsToAction(
        account([ad('new1', 21, ordinary), ad('new2', 21, ordinary), ad('old', 60, unclicked)]),
        [1],
      ).findings,
    ).toEqual([]);
    // Running since before the history read, beside ads as old: how long each has worn is unknown.
    expect(
      findWeakCallsToAction(
        account([ad('old1', 60, ordinary), ad('old2', 60, ordinary), ad('old3', 60, unclicked)]),
        [1],
      ).findings,
    ).toEqual([]);
    // Behind older ads, the click-through it lacks is its own.
    expect(
      findWeakCallsToAction(
        account([ad('old1', 60, ordinary), ad('old2', 60, ordinary), ad('newer', 21, unclicked)]),
        [1],
      ).findings.map((f) => f.entityId),
    ).toEqual(['newer']);
  });

  it('needs a gap worth a test, and enough data', () => {
    // 10% below on a lot of impressions: credible, but too small to be worth new variants.
    const many = { spend: 30_000, impressions: 20_000, clicks: 400, conversions: 20 };
    const slightly = { ...many, clicks: 360, conversions: 19 };
    const ads = account([ad('a', 60, many), ad('b', 60, many), ad('c', 28, slightly)]);
    expect(findWeakCallsToAction(ads, [1]).findings).toEqual([]);
    expect(
      findWeakCallsToAction(ads, [1], { ...CTA_TEST_DEFAULTS, minShortfall: 0 }).findings.map((f) => f.entityId),
    ).toEqual(['c']);
    const thin = { spend: 300, impressions: 400, clicks: 8, conversions: 0.4 };
    const { findings, learning } = findWeakCallsToAction(
      account([ad('a', 10, thin), ad('b', 10, thin), ad('c', 10, { ...thin, clicks: 3, conversions: 0.2 })]),
      [1],
    );
    expect(findings).toEqual([]);
    expect(learning).toContainEqual({ level: 'ad', entityId: 'c', reason: 'too_little_data' });
  });
});
