import { mean, variance } from './distributions';
import {
  betaPrior,
  DEFAULT_RELATIVE_DISPERSION,
  gammaPrior,
  relativeDispersion,
  updateBeta,
  updateGamma,
} from './empiricalBayes';

/** Deterministic pseudo-random numbers for the simulated peers. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function poisson(random: () => number, mean: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  const u = random();
  while (u > cumulative) {
    k += 1;
    p *= mean / k;
    cumulative += p;
  }
  return k;
}

describe('empirical-Bayes priors', () => {
  it('recover the true spread of peers from noisy counts, and assume a default with too few peers', () => {
    const random = lcg(7);
    const trueSpread = 0.3; // peers differ by about ±30%: τ² = 0.09
    const units = Array.from({ length: 400 }, () => {
      const multiplier = Math.exp(
        trueSpread * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) -
          trueSpread ** 2 / 2,
      );
      const exposure = 2000 + random() * 8000;
      return { events: poisson(random, exposure * 0.01 * multiplier), exposure, groupRate: 0.01 };
    });
    expect(relativeDispersion(units)).toBeGreaterThan(0.06);
    expect(relativeDispersion(units)).toBeLessThan(0.13);
    expect(relativeDispersion(units.slice(0, 3))).toBe(DEFAULT_RELATIVE_DISPERSION);
  });

  it('finds almost no spread among identical peers (counting noise only)', () => {
    const random = lcg(11);
    const units = Array.from({ length: 300 }, () => ({ events: poisson(random, 30), exposure: 3000, groupRate: 0.01 }));
    expect(relativeDispersion(units)).toBeLessThan(0.02);
  });

  it('centre priors on the group rate with the given relative spread, and update by conjugacy', () => {
    const g = gammaPrior(0.02, 0.09);
    expect(mean(g)).toBeCloseTo(0.02, 10);
    expect(Math.sqrt(variance(g)) / mean(g)).toBeCloseTo(0.3, 6);
    const b = betaPrior(0.05, 0.09);
    expect(mean(b)).toBeCloseTo(0.05, 10);
    expect(Math.sqrt(variance(b)) / mean(b)).toBeCloseTo(0.3, 2);
    // Lots of data overwhelms the prior; little data barely moves it.
    expect(mean(updateGamma(g, 500, 10_000))).toBeCloseTo(0.05, 2);
    expect(mean(updateGamma(g, 1, 10))).toBeCloseTo(0.02, 2);
    expect(mean(updateBeta(b, 300, 1000))).toBeGreaterThan(0.25);
  });
});
