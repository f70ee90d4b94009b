import { countBand, countScore } from './countTails';
import { median } from './window';

/**
 * A causal anomaly detector for one regular series (daily or hourly metrics): each point is
 * judged only from the points before it, as it is live, so what it says of a day never changes
 * when later days arrive.
 *
 * The baseline is robust and seasonal: values are put on a scale where their noise is about even
 * (square roots for counts, logarithms for positive amounts), the seasonal profile is the median
 * of each phase's distance from its cycle's median, the level is the median of the last cycle with
 * the profile taken out, and the spread comes from the differences between a point and the same
 * phase a cycle before. An amount is scored in spreads from the baseline; a count on how unlikely
 * it is under a Poisson or negative binomial of the expected mean and the spread's dispersion
 * (with a few events a day, distance in spreads misjudges the tails). A point is flagged when its
 * score reaches `threshold`; its severity grows with it.
 *
 * Anomalies do not teach the baseline: flagged points are left out of later baselines. A run of
 * `shiftAfter` points outside the band on the same side is a level shift, not a string of
 * anomalies: the baseline restarts from the run's first point, and the run is reported once.
 */

export type SeriesKind = 'count' | 'amount';
export type Severity = 'warning' | 'critical';

export interface DetectorParams {
  /** Points in one seasonal cycle (7 for daily series, 24 for hourly); 1 for none. */
  period: number;
  /** count: non-negative whole numbers (conversions, clicks); amount: positive amounts or rates. */
  kind: SeriesKind;
  /** Spreads from the baseline that flag a point. */
  threshold: number;
  /** Spreads from the baseline that make a flag critical. */
  criticalThreshold: number;
  /** Points of usable history needed before anything is judged (muted while the data are thin). */
  minHistory: number;
  /** Most points of history a baseline reads. */
  lookback: number;
  /** Points in a row outside the band, on one side, that make a level shift. */
  shiftAfter: number;
}

export const DAILY_DETECTOR: DetectorParams = {
  period: 7,
  kind: 'amount',
  threshold: 3.5,
  criticalThreshold: 7,
  minHistory: 21,
  lookback: 56,
  shiftAfter: 3,
};

/** Sensible parameters for a series with this many points a cycle. */
export function detectorFor(period: number, kind: SeriesKind): DetectorParams {
  const cycle = Math.max(1, period);
  // Enough history for the profile to be measured three times over, at least three weeks of days.
  const span = cycle > 1 ? cycle * 3 : 21;
  return { ...DAILY_DETECTOR, period: cycle, kind, minHistory: span, lookback: Math.max(span, cycle > 1 ? cycle * 8 : 56) };
}

export interface Judgement {
  index: number;
  value: number;
  /** What the baseline expected, on the series' own scale. */
  expected: number;
  /** The band of values that would not have been flagged. */
  low: number;
  high: number;
  /** Signed distance from the baseline in spreads. */
  score: number;
}

export interface Detection extends Judgement {
  direction: 'high' | 'low';
  severity: Severity;
}

/** Noise-evening scale: square roots for counts (Anscombe), logarithms for amounts. */
interface Scale {
  to(x: number): number;
  from(y: number): number;
  /** Least spread on this scale: a count's Poisson noise is never below about a half. */
  floor: number;
}

function scaleFor(kind: SeriesKind, history: number[]): Scale {
  if (kind === 'count') {
    return { to: (x) => Math.sqrt(Math.max(0, x) + 3 / 8), from: (y) => Math.max(0, y * y - 3 / 8), floor: 0.5 };
  }
  // Amounts: a log with an offset of a small share of the typical value, so zeros stay finite.
  const positive = history.filter((x) => x > 0);
  const offset = positive.length ? median(positive) * 0.05 : 1;
  return { to: (x) => Math.log(Math.max(0, x) + offset), from: (y) => Math.max(0, Math.exp(y) - offset), floor: 0.01 };
}

const MAD_TO_SD = 1.4826;
/** A count averaging less than this over its last cycle is not judged. */
export const MIN_COUNT_MEAN = 1;

/** The mean of the last cycle's values (on their own scale), flagged points left out. */
function recentMean(history: (number | null)[], period: number, scale: Scale): number {
  const last = history.slice(-Math.max(period, 7)).filter((v): v is number => v !== null);
  return last.length ? last.reduce((sum, y) => sum + scale.from(y), 0) / last.length : 0;
}

interface Baseline {
  expected: number;
  spread: number;
}

/**
 * The baseline for the point after `history` (oldest first, transformed; null where a point is
 * missing or was flagged): what it should be, and the spread of the noise around that.
 */
function baseline(history: (number | null)[], period: number, floor: number): Baseline | null {
  const n = history.length;
  const block = period > 1 ? period : 7;
  // Whole blocks ending at the last point, so phases line up with the point being judged.
  const blocks: { start: number; median: number }[] = [];
  for (let end = n; end - block >= 0; end -= block) {
    const values = history.slice(end - block, end).filter((v): v is number => v !== null);
    if (values.length >= Math.ceil(block / 2)) blocks.push({ start: end - block, median: median(values) });
  }
  if (!blocks.length) return null;
  // Seasonal profile: each phase's median distance from its block's median (phase 0 = the point after the last block).
  const profile = new Array<number>(block).fill(0);
  if (period > 1 && blocks.length >= 2) {
    for (let k = 0; k < block; k += 1) {
      const distances: number[] = [];
      for (const b of blocks) {
        const v = history[b.start + k];
        if (v !== null) distances.push(v - b.median);
      }
      profile[k] = distances.length ? median(distances) : 0;
    }
    const centre = median(profile);
    for (let k = 0; k < block; k += 1) profile[k] -= centre;
  }
  // The level now: the last block with the profile taken out (the first block is the latest).
  const latest = blocks[0];
  const recent: number[] = [];
  for (let k = 0; k < block; k += 1) {
    const v = history[latest.start + k];
    if (v !== null) recent.push(v - profile[k]);
  }
  const level = median(recent);
  // The noise: differences between a point and the same phase a cycle earlier (√2 times the
  // noise of one point), robustly. Residuals from the fitted profile would understate it: with a
  // few cycles the profile fits them. The baseline's own error is added: a median of n points
  // errs by about √(π/2n) of the noise, for the level and for the profile.
  const differences: number[] = [];
  for (let j = block; j < n; j += 1) {
    const a = history[j];
    const b = history[j - block];
    if (a !== null && b !== null) differences.push(Math.abs(a - b));
  }
  if (differences.length < block) return null;
  const noise = (MAD_TO_SD * median(differences)) / Math.SQRT2;
  const baselineError = (Math.PI / 2) * (1 / Math.max(1, recent.length) + (period > 1 ? 1 / blocks.length : 0));
  const spread = Math.max(floor, noise) * Math.sqrt(1 + baselineError);
  // The judged point sits at phase 0 of the next block.
  return { expected: level + profile[0], spread };
}

/**
 * Judges every point of a series in order and returns the flagged ones. `values[i]` null means
 * no data for that step (it is skipped, not judged).
 */
export function detectAnomalies(values: (number | null)[], params: DetectorParams): Detection[] {
  return traceAnomalies(values, params, false).detections;
}

/**
 * The detections and every point's judgement (null while muted or missing): the band an evidence
 * chart draws. Without `everyBand` only the flagged points get theirs (the others' are NaN).
 */
export function traceAnomalies(values: (number | null)[], params: DetectorParams, everyBand = true): { detections: Detection[]; judgements: (Judgement | null)[] } {
  const detections: Detection[] = [];
  const judgements: (Judgement | null)[] = values.map(() => null);
  /** Raw values until the scale is fixed (from the first `minHistory` points); then unused. */
  const early: number[] = [];
  let scale: Scale | null = null;
  /** Transformed history; null where a point is missing or was flagged as an anomaly. */
  const history: (number | null)[] = [];
  /** The current run of points outside the band on one side: where it started and their transformed values. */
  let run: { side: 1 | -1; indices: number[]; expected: number } | null = null;

  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null || !Number.isFinite(value)) {
      history.push(null);
      continue;
    }
    if (!scale) {
      early.push(value);
      history.push(value);
      if (early.length >= params.minHistory) {
        // The scale is fixed once, from the history seen so far, and the history is put on it.
        const fixed = scaleFor(params.kind, early);
        for (let j = 0; j < history.length; j += 1) history[j] = history[j] === null ? null : fixed.to(history[j] as number);
        scale = fixed;
      }
      continue;
    }
    const judged = baseline(history.slice(Math.max(0, i - params.lookback), i), params.period, scale.floor);
    const y = scale.to(value);
    if (!judged) {
      history.push(y);
      continue;
    }
    const expected = scale.from(judged.expected);
    if (params.kind === 'count' && recentMean(history, params.period, scale) < MIN_COUNT_MEAN) {
      // Too thin to judge: with under one event a day, any single event looks like a spike.
      history.push(y);
      run = null;
      continue;
    }
    // Dispersion of a count: its variance against a Poisson's (whose spread on the square-root scale is ½).
    const dispersion = (judged.spread / scale.floor) ** 2;
    const score = params.kind === 'count' ? countScore(value, expected, dispersion) : (y - judged.expected) / judged.spread;
    const { threshold } = params;
    // The band costs a quantile search for counts: only worked out where it is shown.
    const band =
      !everyBand && Math.abs(score) < threshold
        ? { low: Number.NaN, high: Number.NaN }
        : params.kind === 'count'
          ? countBand(expected, dispersion, threshold)
          : { low: scale.from(judged.expected - threshold * judged.spread), high: scale.from(judged.expected + threshold * judged.spread) };
    judgements[i] = { index: i, value, expected, low: band.low, high: band.high, score };
    if (Math.abs(score) < threshold) {
      history.push(y);
      run = null;
      continue;
    }
    const side = score > 0 ? 1 : -1;
    if (run && run.side === side) run.indices.push(i);
    else run = { side, indices: [i], expected: judged.expected };
    history.push(null);
    if (run.indices.length >= params.shiftAfter) {
      // A level shift: the run is the new normal. The past is moved to the new level (its profile
      // and spread still hold) and the run's points join the history.
      const shift = median(run.indices.map((j) => scale!.to(values[j] as number))) - run.expected;
      for (let j = 0; j < run.indices[0]; j += 1) if (history[j] !== null) history[j] = (history[j] as number) + shift;
      for (const j of run.indices) history[j] = scale.to(values[j] as number);
      run = null;
      continue;
    }
    // A run is reported once, at its first point.
    if (run.indices.length > 1) continue;
    detections.push({
      ...judgements[i]!,
      direction: side > 0 ? 'high' : 'low',
      severity: Math.abs(score) >= params.criticalThreshold ? 'critical' : 'warning',
    });
  }
  return { detections, judgements };
}
