import { expectedTotal, type OptimizerCampaign, roundKeepingTotal } from './budgetOptimizer';
import {
  divergence,
  type FollowedDay,
  hasArrived,
  inValue,
  nextStep,
  stepsToTarget,
  valuePerConversion,
} from './planFollow';
import type { CampaignSeries } from './types';

const campaign = (
  id: string,
  budget: number,
  scale: number,
  half: number,
  hold: OptimizerCampaign['hold'] = null,
): OptimizerCampaign => ({
  id,
  budget,
  utilisation: 1,
  draws: [{ scale, half }],
  hold,
  min: null,
  max: null,
});
const day = (date: string, conversions: number, mid: number): FollowedDay => ({
  date,
  conversions,
  expected: { mid, low: mid * 0.8, high: mid * 1.2 },
});
/** Every day's conversions fully reported. */
const complete = [1];

describe('following a plan', () => {
  it('steps at most ±maxStep towards the targets at the same total, and never past them', () => {
    // The first campaign returns far more per unit of spend: money moves to it.
    const campaigns = [campaign('a', 1000, 100, 5000), campaign('b', 1000, 10, 500)];
    const step = nextStep(campaigns, [1800, 200], 0.3);
    expect(step).toEqual([1300, 700]);
    const second = nextStep(
      campaigns.map((c, i) => ({ ...c, budget: step[i] })),
      [1800, 200],
      0.3,
    );
    expect(second[0] + second[1]).toBe(2000);
    expect(second[0]).toBeLessThanOrEqual(1690);
    expect(second[0]).toBeGreaterThan(1300);
    // At the targets it stays: arrived.
    const last = nextStep(
      campaigns.map((c, i) => ({ ...c, budget: [1800, 200][i] })),
      [1800, 200],
      0.3,
    );
    expect(hasArrived([1800, 200], last)).toBe(true);
  });

  it('keeps a held campaign where it is', () => {
    const campaigns = [
      campaign('a', 1000, 100, 5000),
      campaign('b', 1000, 10, 500),
      campaign('c', 500, 1, 10, 'locked'),
    ];
    expect(nextStep(campaigns, [1800, 200, 500], 0.3)[2]).toBe(500);
  });

  it('counts the steps a limit needs to reach the targets', () => {
    expect(stepsToTarget([1000, 1000], [1000, 1000], 0.3)).toBe(0);
    // 1000 → 1690 at +30% a day: 1300, 1690; and 1000 → 310 at −30%: 700, 490, 343, 240.
    expect(stepsToTarget([1000, 1000], [1690, 310], 0.3)).toBe(4);
    expect(stepsToTarget([1000, 1000], [2000, 0], 0.3)).toBe(30);
  });

  it('rounds to whole minor units keeping the total', () => {
    expect(roundKeepingTotal([10.6, 20.2, 29.2], [20, 20, 20])).toEqual([11, 20, 29]);
  });

  it('judges a shortfall only past the forecast’s low end and the noise, and only late conversions the lag expects', () => {
    const today = '2026-05-10';
    const days = ['2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09'];
    // 20 a day expected; 80 in all, low end 64, noise √80 ≈ 8.9: diverged below about 49.3.
    expect(
      divergence(
        days.map((d) => day(d, 20, 20)),
        today,
        complete,
      ).diverged,
    ).toBe(false);
    expect(
      divergence(
        days.map((d) => day(d, 13, 20)),
        today,
        complete,
      ).diverged,
    ).toBe(false);
    const short = divergence(
      days.map((d) => day(d, 12, 20)),
      today,
      complete,
    );
    expect(short).toMatchObject({ diverged: true, observed: 48, expectedMid: 80 });
    // Yesterday only half reported yet: its expectation is halved, so a low count there is no alarm.
    const lag = [0.2, 0.5, 0.8, 0.9, 1, 1, 1, 1];
    const young = divergence([day('2026-05-08', 14, 20), day('2026-05-09', 8, 20)], today, lag);
    expect(young.expectedMid).toBeCloseTo(20 * 0.8 + 20 * 0.5, 6);
    expect(young.diverged).toBe(false);
    // Too little expected to tell from noise.
    expect(divergence([day('2026-05-09', 0, 3)], today, complete).diverged).toBe(false);
    // An age whose share is not learnt yet is left out.
    expect(divergence([day('2026-05-09', 0, 50)], today, [null, null, 1]).expectedMid).toBe(0);
  });

  it('expects totals with a range from the draws', () => {
    const c: OptimizerCampaign = {
      ...campaign('a', 1000, 10, 1000),
      draws: [
        { scale: 10, half: 1000 },
        { scale: 20, half: 1000 },
      ],
    };
    const total = expectedTotal([c], [1000]);
    expect(total.mid).toBeCloseTo(7.5, 6);
    expect(total.low).toBeCloseTo(5, 6);
    expect(total.high).toBeCloseTo(10, 6);
  });
});

describe('the conversion-value objective', () => {
  const series = (id: string, conversions: number, value: number): CampaignSeries => ({
    id,
    name: id,
    status: 'ACTIVE',
    dailyBudget: 1000,
    ads: [],
    days: Array.from({ length: 28 }, (_, i) => ({
      date: `2026-04-${String(i + 2).padStart(2, '0')}`,
      spend: 1000,
      impressions: 1000,
      clicks: 10,
      conversions,
      value,
    })),
  });

  it('reads each campaign’s value per conversion, pulled towards the account’s when it has few', () => {
    const perConversion = valuePerConversion([series('rich', 10, 10_000), series('thin', 0, 0)], '2026-04-30')!;
    // rich: 280 conversions worth 280,000 (1000 each); thin: none, so the account's 1000.
    expect(perConversion[0]).toBeCloseTo(1000, 6);
    expect(perConversion[1]).toBeCloseTo(1000, 6);
    expect(valuePerConversion([series('none', 5, 0)], '2026-04-30')).toBeNull();
  });

  it('scales each curve by its value per conversion', () => {
    const [valued] = inValue([campaign('a', 1000, 10, 1000)], [250]);
    expect(valued.draws[0]).toEqual({ scale: 2500, half: 1000 });
  });
});
