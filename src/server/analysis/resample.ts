/**
 * Puts a series read at any times (regular or not, with gaps, sub-hourly) on a regular grid for
 * the anomaly detector: the step is the typical time between the first readings, rounded to a
 * plain step (1, 2, 5, 10, 15, 20 or 30 minutes, 1 to 12 hours, a day); each grid step holds the
 * mean of the readings that fall in it, and a step without any is a gap (null), so seasons stay
 * aligned whatever the sampling. The step is read from the first readings only, so what the grid
 * says of the past never changes as later readings arrive. Pure: no clock, no I/O.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [1, 2, 5, 10, 15, 20, 30]
  .map((m) => m * MINUTE)
  .concat(
    [1, 2, 3, 4, 6, 12].map((h) => h * HOUR),
    [DAY],
  );
/** Readings whose gaps set the step. */
const STEP_FROM = 200;

export interface Grid {
  stepMs: number;
  /** Points in one seasonal cycle: a week of days, a day of anything shorter (1: none). */
  period: number;
  /** The start of each grid step (UTC ms) and its value (null: no reading in it). */
  times: number[];
  values: (number | null)[];
  /** Readings that shared a step with another (averaged). */
  merged: number;
}

/** The plain step nearest (on a log scale) to the median of the first readings' gaps. */
export function typicalStep(times: number[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < Math.min(times.length, STEP_FROM + 1); i += 1)
    if (times[i] > times[i - 1]) gaps.push(times[i] - times[i - 1]);
  if (!gaps.length) return DAY;
  gaps.sort((a, b) => a - b);
  const typical = gaps[Math.floor(gaps.length / 2)];
  return STEPS.reduce(
    (best, s) => (Math.abs(Math.log(s / typical)) < Math.abs(Math.log(best / typical)) ? s : best),
    STEPS[0],
  );
}

export function periodOf(stepMs: number): number {
  if (stepMs >= DAY) return stepMs === DAY ? 7 : 1;
  const perDay = DAY / stepMs;
  return Number.isInteger(perDay) && perDay >= 2 ? perDay : 1;
}

/** Readings (times in UTC ms, ascending; null values skipped) on a regular grid. */
export function toGrid(times: number[], values: (number | null)[], stepMs = typicalStep(times)): Grid {
  const grid: Grid = { stepMs, period: periodOf(stepMs), times: [], values: [], merged: 0 };
  if (!times.length) return grid;
  const origin = Math.floor(times[0] / stepMs) * stepMs;
  const sums: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < times.length; i += 1) {
    const v = values[i];
    if (v === null || !Number.isFinite(v) || !Number.isFinite(times[i])) continue;
    const k = Math.floor((times[i] - origin) / stepMs);
    if (k < 0) continue;
    while (sums.length <= k) {
      sums.push(0);
      counts.push(0);
    }
    if (counts[k] > 0) grid.merged += 1;
    sums[k] += v;
    counts[k] += 1;
  }
  for (let k = 0; k < sums.length; k += 1) {
    grid.times.push(origin + k * stepMs);
    grid.values.push(counts[k] ? sums[k] / counts[k] : null);
  }
  return grid;
}
