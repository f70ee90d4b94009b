import {
  drawFactor,
  factorAtSpend,
  pooledSaturation,
  SATURATION_DEFAULTS,
  type SaturationPosterior,
  saturationPosterior,
  saturationPrior,
} from './responseCurve';
import { dayAt } from './series.fixtures';
import type { CampaignSeries, DayCounts } from './types';

/** A campaign of `days` days whose spend on each day is `spendAt(age)` and whose conversions follow M · s / (h + s) exactly. */
function campaign(days: number, spendAt: (age: number) => number, h = 10_000, m = 100): CampaignSeries {
  const series: DayCounts[] = Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => {
    const spend = spendAt(age);
    return {
      date: dayAt(age),
      spend,
      impressions: spend,
      clicks: spend / 50,
      conversions: (m * spend) / (h + spend),
      value: 0,
    };
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
    const posterior = saturationPosterior(
      campaign(90, () => 10_000),
      dayAt(0),
      [1],
    );
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
    expect(high / low).toBeLessThan(prior.high / prior.low / 2);
  });

  it('falls back to the prior with too few days to fit', () => {
    expect(
      saturationPosterior(
        campaign(20, (age) => (age > 10 ? 5_000 : 20_000)),
        dayAt(0),
        [1],
      ).fitted,
    ).toBe(false);
  });

  it('moves the ratio along the curve to another spend, and draws within the prior’s range by the weights', () => {
    // h = spendNow / (f − 1): at 20,000 with f = 3, h = 10,000; at 5,000 the ratio is 1.5.
    expect(factorAtSpend(3, 20_000, 5_000)).toBeCloseTo(1.5, 10);
    const prior = saturationPrior(1);
    const certain = { ...prior, weights: prior.factors.map((_, i) => (i === 10 ? 1 : 0)) };
    for (const jitter of [0, 0.5, 0.999])
      expect(drawFactor(certain, 0.3, jitter) / prior.factors[10]).toBeCloseTo(1, 1);
    for (let k = 0; k < 50; k += 1) {
      const f = drawFactor(prior, k / 50, ((k * 7) % 50) / 50);
      expect(f).toBeGreaterThanOrEqual(SATURATION_DEFAULTS.prior.low);
      expect(f).toBeLessThanOrEqual(SATURATION_DEFAULTS.prior.high);
    }
  });
});

describe('saturation pooled across an account’s campaigns', () => {
  /** A posterior sure the ratio at `spendNow` is the grid point nearest `factor`. */
  const pinned = (spendNow: number, factor: number): SaturationPosterior => {
    const prior = saturationPrior(spendNow);
    const nearest = prior.factors.reduce(
      (best, f, i) => (Math.abs(Math.log(f / factor)) < Math.abs(Math.log(prior.factors[best] / factor)) ? i : best),
      0,
    );
    return { ...prior, weights: prior.factors.map((_, i) => (i === nearest ? 1 : 0)), fitted: true };
  };

  it('reads a campaign whose spend never varied by its peers’ half-saturation spends', () => {
    // Peers pinned at h = 10,000 (spending 10,000: ratio 2). A campaign spending 25,000 with only its prior would, at h near 10,000, run at a ratio near 3.5.
    const flat = saturationPrior(25_000);
    const [, , pooled] = pooledSaturation([pinned(10_000, 2), pinned(10_000, 2), flat]);
    const after = summary(pooled);
    expect(after.mean).toBeGreaterThan(summary(flat).mean + 0.5);
    expect(after.low).toBeGreaterThan(SATURATION_DEFAULTS.prior.low);
    expect(pooled.fitted).toBe(false);
    expect(pooled.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // And one spending a tenth of its peers' half-saturation spend is read as far from saturation.
    const small = summary(pooledSaturation([pinned(10_000, 2), pinned(10_000, 2), saturationPrior(1_000)])[2]);
    expect(small.mean).toBeLessThan(summary(flat).mean - 0.3);
  });

  it('leaves a lone campaign, and one without spend, as they are', () => {
    const one = pinned(10_000, 2);
    expect(pooledSaturation([one])).toEqual([one]);
    const idle = saturationPrior(0);
    expect(pooledSaturation([pinned(10_000, 2), idle, saturationPrior(20_000)])[1]).toBe(idle);
  });

  it('does not count a campaign’s own data as its peers’ word: a well-pinned campaign keeps its reading', () => {
    const sure = pinned(30_000, 1.5);
    const [, , kept] = pooledSaturation([pinned(10_000, 2), pinned(10_000, 2), sure]);
    expect(summary(kept).mean).toBeCloseTo(summary(sure).mean, 6);
  });
});
