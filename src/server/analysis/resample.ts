/**
 * Puts a series read at any times (regular or not, with gaps, sub-hourly) on a regular grid for
 * the anomaly detector: the step is the typical time between the first readings, rounded to a
 * plain step (1, 2, 5, 10, 15, 20 or 30 minutes, 1 to 12 hours, a day); each grid step holds the
 * mean of the readings that fall in it, and a step without any is a gap (null), so seasons stay
 * aligned whatever the sampling. Steps start on the clock (a 5-minute step at :00, :05, ...)
 * unless the readings keep to a phase of their own: a sensor reporting near :00 whose clock
 * wanders by a minute either way would straddle the clock's step boundaries, two readings landing
 * in one step and the next step empty, so the steps are laid between the readings instead (see
 * `gridPhase`). The step and the phase are read from the first readings only, so what the grid
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

/**
 * Readings whose times within the step cluster this tightly (the mean resultant length of their
 * phases as angles: 1 all at one phase, about 0 spread evenly) keep to a phase of their own.
 */
const PHASE_CONCENTRATION = 0.5;

/**
 * Where the grid's steps start within the step (ms past the clock's step boundary): half a step
 * before the first readings' mean phase when they keep to one (a circular mean, so readings at
 * 4:59 and 5:01 average to 5:00), else on the clock.
 */
export function gridPhase(times: number[], stepMs: number): number {
  let sin = 0;
  let cos = 0;
  const first = times.slice(0, STEP_FROM + 1);
  for (const t of first) {
    const angle = (2 * Math.PI * (((t % stepMs) + stepMs) % stepMs)) / stepMs;
    sin += Math.sin(angle);
    cos += Math.cos(angle);
  }
  if (!first.length || Math.hypot(sin, cos) / first.length < PHASE_CONCENTRATION) return 0;
  const mean = (Math.atan2(sin, cos) / (2 * Math.PI)) * stepMs;
  return (((mean - stepMs / 2) % stepMs) + stepMs) % stepMs;
}

/** Readings (times in UTC ms, ascending; null values skipped) on a regular grid. */
export function toGrid(times: number[], values: (number | null)[], stepMs = typicalStep(times)): Grid {
  const grid: Grid = { stepMs, period: periodOf(stepMs), times: [], values: [], merged: 0 };
  if (!times.length) return grid;
  const phase = gridPhase(times, stepMs);
  const origin = Math.floor((times[0] - phase) / stepMs) * stepMs + phase;
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
