/**
 * Scoring of detections against labelled anomaly windows, as the Numenta Anomaly Benchmark (NAB)
 * scores them under its standard profile, plus plain counts (windows caught, detections inside
 * and outside windows).
 *
 * NAB's rules, restated: the first 15% of a file (at most 750 points) is probation, not scored. A
 * window scores its best detection, weighted by a scaled sigmoid of how early in the window it
 * came (the left edge ≈ 1, the right edge ≈ 0); a window with none costs the false-negative weight.
 * A detection outside every window costs the false-positive weight, less when it falls just after
 * a window. The total is normalised: 0 is the detector that never fires, 100 the perfect one.
 */

export interface CostProfile {
  tp: number;
  fp: number;
  fn: number;
}

export const STANDARD_PROFILE: CostProfile = { tp: 1.0, fp: 0.11, fn: 1.0 };

const PROBATION_SHARE = 0.15;
const PROBATION_MAX = 750;

/** Points at the start of a file that NAB does not score: 15% of it, at most 750. */
export function probationOf(points: number): number {
  return Math.min(Math.floor(PROBATION_SHARE * points), PROBATION_MAX);
}

export interface FileScore {
  /** Windows after probation, and how many of them hold a detection. */
  windows: number;
  caught: number;
  /** Detections after probation, inside and outside windows. */
  inside: number;
  outside: number;
  /** NAB's raw score and its two bounds (all windows missed, all caught at their left edge). */
  raw: number;
  none: number;
  perfect: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** 2·sigmoid(−5x) − 1: about 1 at x = −1 (a window's left edge), 0 at its right edge, −1 from x = 3 on. */
export function scaledSigmoid(position: number): number {
  return position >= 3 ? -1 : 2 * sigmoid(-5 * position) - 1;
}

/**
 * Scores one file. `windows` are index ranges into the file's points (inclusive, in order, not
 * overlapping); `detections` the indices flagged.
 */
export function scoreFile(
  points: number,
  windows: [number, number][],
  detections: number[],
  profile: CostProfile = STANDARD_PROFILE,
): FileScore {
  const probation = probationOf(points);
  const flagged = new Set(detections.filter((i) => i >= probation));
  const scored = windows.filter(([, end]) => end >= probation);
  const maxTp = scaledSigmoid(-1);
  const result: FileScore = {
    windows: scored.length,
    caught: 0,
    inside: 0,
    outside: 0,
    raw: 0,
    none: -profile.fn * scored.length,
    perfect: profile.tp * scored.length,
  };

  let next = 0;
  let previous: { end: number; width: number } | null = null;
  const best = new Map<number, number>();
  for (let i = probation; i < points; i += 1) {
    while (next < scored.length && scored[next][1] < i) {
      previous = { end: scored[next][1], width: scored[next][1] - scored[next][0] + 1 };
      next += 1;
    }
    const window = next < scored.length && scored[next][0] <= i ? scored[next] : null;
    if (!flagged.has(i)) continue;
    if (window) {
      result.inside += 1;
      const width = window[1] - window[0] + 1;
      const score = (scaledSigmoid(-(window[1] - i + 1) / width) * profile.tp) / maxTp;
      best.set(next, Math.max(best.get(next) ?? -Infinity, score));
    } else {
      result.outside += 1;
      // Before any window a false alarm costs in full; just after one, less. A one-point window
      // has no width to measure by (NAB divides by width − 1), so it is taken as two.
      const position = previous ? Math.abs(i - previous.end) / Math.max(1, previous.width - 1) : 3;
      result.raw += scaledSigmoid(position) * profile.fp;
    }
  }
  result.caught = best.size;
  result.raw += [...best.values()].reduce((a, b) => a + b, 0) - profile.fn * (scored.length - best.size);
  return result;
}

/** NAB's normalised score over files: 100·(raw − none)/(perfect − none). */
export function normalisedScore(files: FileScore[]): number {
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const none = files.reduce((s, f) => s + f.none, 0);
  const perfect = files.reduce((s, f) => s + f.perfect, 0);
  return perfect === none ? 0 : (100 * (raw - none)) / (perfect - none);
}
