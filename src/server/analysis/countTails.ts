import nbinomCdf from '@stdlib/stats-base-dists-negative-binomial-cdf';
import nbinomPmf from '@stdlib/stats-base-dists-negative-binomial-pmf';
import nbinomQuantile from '@stdlib/stats-base-dists-negative-binomial-quantile';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import poissonCdf from '@stdlib/stats-base-dists-poisson-cdf';
import poissonPmf from '@stdlib/stats-base-dists-poisson-pmf';
import poissonQuantile from '@stdlib/stats-base-dists-poisson-quantile';

/**
 * Tails of a count with a given mean and dispersion (variance ÷ mean): Poisson at 1, negative
 * binomial above. A day's count is judged on how unlikely it is, not on its distance in standard
 * deviations: with a handful of events a day the two differ a lot (15 against an expected 5 is
 * as rare as 4.6 standard deviations of a normal would suggest only by accident: P ≈ 0.0002).
 */

/** Below this dispersion the count is taken as Poisson (the negative binomial's r would blow up). */
const POISSON_BELOW = 1.01;
/** Tail probabilities are kept off 0 so that their normal quantile stays finite. */
const SMALLEST_TAIL = 1e-15;

interface Count {
  cdf(x: number): number;
  pmf(x: number): number;
  quantile(p: number): number;
}

function countOf(mean: number, dispersion: number): Count {
  const mu = Math.max(mean, 1e-9);
  if (dispersion < POISSON_BELOW)
    return { cdf: (x) => poissonCdf(x, mu), pmf: (x) => poissonPmf(x, mu), quantile: (p) => poissonQuantile(p, mu) };
  const p = 1 / dispersion;
  const r = mu / (dispersion - 1);
  return { cdf: (x) => nbinomCdf(x, r, p), pmf: (x) => nbinomPmf(x, r, p), quantile: (q) => nbinomQuantile(q, r, p) };
}

/**
 * A count as a signed z: the normal quantile of its mid-p tail probability (P(X beyond x) plus
 * half of P(X = x)), positive above the mean, negative below.
 */
export function countScore(observed: number, mean: number, dispersion: number): number {
  const x = Math.max(0, Math.round(observed));
  const count = countOf(mean, dispersion);
  const atX = count.pmf(x);
  const below = x > 0 ? count.cdf(x - 1) : 0;
  const lower = below + atX / 2;
  const upper = 1 - below - atX / 2;
  if (upper <= lower) return -normalQuantile(Math.max(SMALLEST_TAIL, upper), 0, 1);
  return normalQuantile(Math.max(SMALLEST_TAIL, lower), 0, 1);
}

/** The counts a score of ±`z` stands for: the band a day may fall in without being flagged. */
export function countBand(mean: number, dispersion: number, z: number): { low: number; high: number } {
  const count = countOf(mean, dispersion);
  return { low: count.quantile(normalCdf(-z, 0, 1)), high: count.quantile(normalCdf(z, 0, 1)) };
}
