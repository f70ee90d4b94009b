/**
 * Calibration of a detector's scores on the series' own past: the alarm threshold is the level
 * that the past's scores passed with a chosen probability (split-conformal: a new score from the
 * same process passes it with at most that probability, whatever its distribution). Where the
 * chosen probability is smaller than the past can show (one alarm in 365 days from 200 past days),
 * the tail beyond the past's 90th percentile is fitted with a generalised Pareto distribution
 * (extreme value theory's "peaks over threshold", as in SPOT by Siffer et al. 2017) and read off
 * that; heavy tails give a heavier Pareto and so a higher threshold. Pure: no clock, no I/O.
 *
 * The Pareto is fitted by its moments. Tried on the alerts' training proxies (NAB's 34 series,
 * whole, paused and short) and dropped: probability-weighted moments (Hosking and Wallis 1987,
 * steadier on a short tail), which fitted lighter tails to these series, 46 → 41 windows whole
 * and 10 → 8 short and paused at lower precision (0.35 → 0.26); a shape allowed up to 0.6, in
 * place of 0.45, which moved nothing (the moments seldom reach 0.45).
 */

/** Scores kept (the latest ones) and the fewest that calibrate at all. */
export const CALIBRATION_MAX = 4000;
export const CALIBRATION_MIN = 40;
/** The share of past scores taken as the tail, and the fewest tail points a Pareto is fitted on. */
const TAIL_SHARE = 0.1;
const TAIL_MIN = 8;

export interface Tail {
  /** Scores calibrated on. */
  n: number;
  /** Where the tail starts, how many past scores are beyond it, and its Pareto's scale and shape. */
  start: number;
  beyond: number;
  scale: number;
  shape: number;
  /**
   * The extremal index: the share of the tail's scores that start a run of them (1 when they
   * come one at a time, 1/10 when they come ten in a row), by Ferro and Segers' intervals
   * estimator on the gaps between them.
   */
  clustering: number;
}

/** A running, bounded set of past scores (absolute values), kept sorted. */
export class Calibration {
  private readonly order: number[] = [];
  private readonly sorted: number[] = [];
  private cached: Tail | null | undefined;

  constructor(private readonly capacity = CALIBRATION_MAX) {}

  get size(): number {
    return this.sorted.length;
  }

  add(score: number): void {
    const s = Math.abs(score);
    if (!Number.isFinite(s)) return;
    this.order.push(s);
    this.sorted.splice(lowerBound(this.sorted, s), 0, s);
    if (this.order.length > this.capacity) {
      const old = this.order.shift() as number;
      this.sorted.splice(lowerBound(this.sorted, old), 1);
    }
    this.cached = undefined;
  }

  /** The Pareto tail of the past scores, or null while there are too few of them. */
  tail(): Tail | null {
    if (this.cached !== undefined) return this.cached;
    const n = this.sorted.length;
    this.cached = null;
    if (n < CALIBRATION_MIN) return null;
    const beyond = Math.max(TAIL_MIN, Math.floor(n * TAIL_SHARE));
    const start = this.sorted[n - beyond - 1];
    let sum = 0;
    let sumSq = 0;
    for (let k = n - beyond; k < n; k += 1) {
      const e = this.sorted[k] - start;
      sum += e;
      sumSq += e * e;
    }
    const mean = sum / beyond;
    const variance = Math.max(1e-12, sumSq / beyond - mean * mean);
    // Method of moments for the generalised Pareto (mean σ/(1−ξ), variance σ²/((1−ξ)²(1−2ξ))).
    // The shape is kept in [0, 0.45]: a handful of tail points cannot vouch for a heavier tail, nor
    // for a bounded one (a negative shape would call anything past its end impossible).
    const ratio = (mean * mean) / variance;
    const shape = Math.min(0.45, Math.max(0, 0.5 * (1 - ratio)));
    const scale = Math.max(1e-9, mean * (1 - shape));
    this.cached = { n, start, beyond, scale, shape, clustering: extremalIndex(this.order, start) };
    return this.cached;
  }

  /** The score a new point passes with probability `alpha` (Infinity never; null: not calibrated yet). */
  threshold(alpha: number): number | null {
    const tail = this.tail();
    if (!tail) return null;
    const { n } = tail;
    // Conformal rank: the ⌈(n+1)(1−α)⌉-th smallest, where the past reaches that far.
    const rank = Math.ceil((n + 1) * (1 - alpha));
    if (alpha * n >= tail.beyond && rank <= n) return this.sorted[rank - 1];
    return paretoQuantile(tail, alpha);
  }

  /**
   * The threshold for a rate of `alpha` runs of large scores rather than single points: scores
   * that come in runs (a slow series read every few minutes) may pass it `alpha / runShare` of the
   * time, since a run of them is one alarm; runs are counted at most `maxRun` points long. The same
   * as `threshold` where scores come one at a time.
   */
  runThreshold(alpha: number, maxRun = Infinity): number | null {
    if (!this.tail()) return null;
    return this.threshold(Math.min(0.5, alpha / this.runShare(maxRun)));
  }

  /**
   * The share of large scores that start a run of them (1: they come alone), never below
   * 1 / `maxRun`: how many alarms a point past the threshold is worth.
   */
  runShare(maxRun = Infinity): number {
    return Math.min(1, Math.max(this.tail()?.clustering ?? 1, 1 / Math.max(1, maxRun)));
  }

  /** The probability of a score at least this large (how unusual a point is, per point). */
  tailProbability(score: number): number | null {
    const tail = this.tail();
    if (!tail) return null;
    const s = Math.abs(score);
    if (s <= tail.start) return (tail.n - lowerBound(this.sorted, s) + 1) / (tail.n + 1);
    const share = tail.beyond / (tail.n + 1);
    const z = (s - tail.start) / tail.scale;
    const survival = Math.abs(tail.shape) < 1e-6 ? Math.exp(-z) : Math.max(0, 1 + tail.shape * z) ** (-1 / tail.shape);
    return Math.max(1e-12, share * survival);
  }
}

/**
 * Ferro and Segers' (2003) intervals estimator of the extremal index from the gaps between the
 * scores above `level` (in the order they came); 1 when there are too few of them to tell.
 */
export function extremalIndex(scores: number[], level: number): number {
  let previous = -1;
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  let sum1 = 0;
  let sum12 = 0;
  let longest = 0;
  for (let k = 0; k < scores.length; k += 1) {
    if (scores[k] <= level) continue;
    if (previous >= 0) {
      const gap = k - previous;
      count += 1;
      sum += gap;
      sumSq += gap * gap;
      sum1 += gap - 1;
      sum12 += (gap - 1) * (gap - 2);
      longest = Math.max(longest, gap);
    }
    previous = k;
  }
  if (count < TAIL_MIN) return 1;
  const theta = longest <= 2 ? (2 * sum * sum) / (count * sumSq) : sum12 > 0 ? (2 * sum1 * sum1) / (count * sum12) : 1;
  return Math.min(1, Math.max(1 / count, theta));
}

function paretoQuantile(tail: Tail, alpha: number): number {
  const q = (alpha * (tail.n + 1)) / tail.beyond;
  if (Math.abs(tail.shape) < 1e-6) return tail.start - tail.scale * Math.log(q);
  return tail.start + (tail.scale / tail.shape) * (q ** -tail.shape - 1);
}

function lowerBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Student-t (4 degrees of freedom) two-sided tail: the heavy-tailed reading of a score before calibration. */
export function studentT4TwoSided(score: number): number {
  const t = Math.abs(score);
  const u = t / Math.sqrt(t * t + 4);
  const cdf = 0.5 + 0.75 * u * (1 - (u * u) / 3);
  return Math.max(0, 2 * (1 - cdf));
}

/** The score a Student-t (4 degrees of freedom) passes, either side, with probability `alpha`. */
export function studentT4Quantile(alpha: number): number {
  let lo = 0;
  let hi = 1e4;
  for (let k = 0; k < 100; k += 1) {
    const mid = (lo + hi) / 2;
    if (studentT4TwoSided(mid) > alpha) lo = mid;
    else hi = mid;
  }
  return hi;
}
