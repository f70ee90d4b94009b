import betaCdf from '@stdlib/stats-base-dists-beta-cdf';
import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import gammaCdf from '@stdlib/stats-base-dists-gamma-cdf';
import gammaQuantile from '@stdlib/stats-base-dists-gamma-quantile';

/**
 * The two posteriors the analysis uses, with what a finding needs from them: mean, credible
 * interval, and the probability of lying below a value or below another posterior.
 *
 * - Beta(alpha, beta): a rate per trial (click-through per impression, conversions per click).
 * - Gamma(shape, rate): events per unit of exposure (conversions per impression or per unit of
 *   spend), the conjugate of a Poisson count.
 */

export interface Posterior {
  kind: 'beta' | 'gamma';
  /** alpha for Beta, shape for Gamma. */
  a: number;
  /** beta for Beta, rate (1 / scale) for Gamma. */
  b: number;
}

export const beta = (alpha: number, betaParam: number): Posterior => ({ kind: 'beta', a: alpha, b: betaParam });
export const gamma = (shape: number, rate: number): Posterior => ({ kind: 'gamma', a: shape, b: rate });

export function mean(p: Posterior): number {
  return p.kind === 'beta' ? p.a / (p.a + p.b) : p.a / p.b;
}

export function variance(p: Posterior): number {
  if (p.kind === 'gamma') return p.a / (p.b * p.b);
  const n = p.a + p.b;
  return (p.a * p.b) / (n * n * (n + 1));
}

export function quantile(p: Posterior, q: number): number {
  return p.kind === 'beta' ? betaQuantile(q, p.a, p.b) : gammaQuantile(q, p.a, p.b);
}

export function cdf(p: Posterior, x: number): number {
  return p.kind === 'beta' ? betaCdf(x, p.a, p.b) : gammaCdf(x, p.a, p.b);
}

/** The central credible interval holding `level` of the posterior (0.9: from the 5th to the 95th percentile). */
export function interval(p: Posterior, level = 0.9): { low: number; high: number } {
  const tail = (1 - level) / 2;
  return { low: quantile(p, tail), high: quantile(p, 1 - tail) };
}

/** Points of the quantile grid used to integrate one posterior against another. */
const GRID = 400;

/**
 * P(X < Y) for independent X ~ x and Y ~ y: the mean of P(Y > X) over X's quantiles (a
 * midpoint rule on X's probability scale, exact enough at 400 points for decisions at 0.95).
 */
export function probabilityLess(x: Posterior, y: Posterior): number {
  let total = 0;
  for (let k = 0; k < GRID; k += 1) total += 1 - cdf(y, quantile(x, (k + 0.5) / GRID));
  return total / GRID;
}
