import { drawFactor, factorAtSpend, saturationPosterior, saturationPrior, SATURATION_DEFAULTS } from './responseCurve';
import { dayAt } from './series.fixtures';
import type { CampaignSeries, DayCounts } from './types';

/** A campaign of `days` days whose spend on each day is `spendAt(age)` and whose conversions follow M · s / (h + s) exactly. */
function campaign(days: number, spendAt: (age: number) => number, h = 10_000, m = 100): CampaignSeries {
  const series: DayCounts[] = Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => {
    const spend = spendAt(age);
    return { date: dayAt(age), spend, impressions: spend, clicks: spend / 50, conversions: (m * spend) / (h + spend), value: 0 };
  });
  return { id: 'c1', name: 'Prospecting', status: 'ACTIVE', dailyBudget: 25_000, days: series, ads: [] };
}

/** The posterior's mean and central 90% interval. */
function summary(p: { factors: number[]; weights: number[] }) {
  let cumulative = 0;
  const cdf = p.weights.map((w) => (cumulative += w));
  const at = (q: number) => p.factors[cdf.findIndex((c) => c >= q)];
  return { mean: p.factors.reduce((s, f, i) => s + f * p.weights[i], 0), low: at(0.05), high: at(0.95) };
}

describe('saturation ratio (marginal ÷ average CPA)', () => {
  it('gives its prior back for a campaign whose spend never varied: nothing in the data says where on its curve it is', () => {
    const posterior = saturationPosterior(campaign(90, () => 10_000), dayAt(0), [1]);
    const prior = saturationPrior(10_000);
    expect(posterior.spendNow).toBe(10_000);
    for (const [i, weight] of posterior.weights.entries()) expect(weight).toBeCloseTo(prior.weights[i], 6);
  });

  it('reads the ratio off days the campaign spent different amounts', () => {
    // Budget steps: 5,000 a day, then 10,000, then 20,000 (today's). Half-saturation at 10,000: the ratio now is (10,000 + 20,000) / 10,000 = 3.
    const stepped = campaign(90, (age) => (age >= 60 ? 5_000 : age >= 30 ? 10_000 : 20_000));
    const { mean, low, high } = summary(saturationPosterior(stepped, dayAt(0), [1]));
    expect(low).toBeLessThanOrEqual(3);
    expect(high).toBeGreaterThanOrEqual(3);
    expect(mean).toBeCloseTo(3, 0);
    const prior = summary(saturationPrior(20_000));
    expect(high / low).toBeLessThan((prior.high / prior.low) / 2);
  });

  it('falls back to the prior with too few days to fit', () => {
    expect(saturationPosterior(campaign(20, (age) => (age > 10 ? 5_000 : 20_000)), dayAt(0), [1]).fitted).toBe(false);
  });

  it('moves the ratio along the curve to another spend, and draws within the prior’s range by the weights', () => {
    // h = spendNow / (f − 1): at 20,000 with f = 3, h = 10,000; at 5,000 the ratio is 1.5.
    expect(factorAtSpend(3, 20_000, 5_000)).toBeCloseTo(1.5, 10);
    const prior = saturationPrior(1);
    const certain = { ...prior, weights: prior.factors.map((_, i) => (i === 10 ? 1 : 0)) };
    for (const jitter of [0, 0.5, 0.999]) expect(drawFactor(certain, 0.3, jitter) / prior.factors[10]).toBeCloseTo(1, 1);
    for (let k = 0; k < 50; k += 1) {
      const f = drawFactor(prior, k / 50, (k * 7) % 50 / 50);
      expect(f).toBeGreaterThanOrEqual(SATURATION_DEFAULTS.prior.low);
      expect(f).toBeLessThanOrEqual(SATURATION_DEFAULTS.prior.high);
    }
  });
});
