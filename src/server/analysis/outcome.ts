import { addDays, daysInRange } from '@shared/days';

import { beta, interval, mean } from './distributions';
import type { DayCounts, Range } from './types';
import { windowTotals } from './window';

/**
 * Did it work? An applied change is judged on the campaign it touched, against that campaign's
 * own recent rate: the conversions it got per unit of spend in the days after the change are
 * compared with what the same spend bought in the weeks before (its own trend, free of the
 * other campaigns' seasons). Recent days count against the share of their conversions known so
 * far, as everywhere in the analysis.
 */

export type Verdict = 'worked' | 'no_clear_effect' | 'backfired';

export interface Outcome {
  /** Conversions a week the change added (negative: lost), with a 90% interval. */
  observed: Range;
  verdict: Verdict;
}

/** Days of the campaign's own history before the change it is compared with. */
export const OUTCOME_BASELINE_DAYS = 28;

const Z90 = 1.6449;

/**
 * `before`: the campaign's days up to the day before the change; `after`: from the change's day
 * to `today`. Null when either side has no spend or no conversions to compare.
 */
export function measureOutcome(
  before: DayCounts[],
  after: DayCounts[],
  changeDay: string,
  today: string,
  lag: (number | null)[],
): Outcome | null {
  const dayBefore = addDays(changeDay, -1);
  const base = windowTotals(before, dayBefore, OUTCOME_BASELINE_DAYS, [1]);
  const since = windowTotals(after, today, Math.max(1, daysInRange(changeDay, today)), lag);
  if (base.spend <= 0 || since.knownSpend <= 0 || base.conversions <= 0) return null;

  const baseRate = base.conversions / base.spend;
  const expected = baseRate * since.knownSpend;
  const added = since.conversions - expected;
  // Poisson noise on both counts; the baseline's scaled by how much spend it is stretched over.
  const stretch = since.knownSpend / base.spend;
  const sd = Math.sqrt(since.conversions + stretch * stretch * base.conversions);
  const days = Math.max(1, since.activeDays);
  const perWeek = 7 / days;
  const observed = { mid: added * perWeek, low: (added - Z90 * sd) * perWeek, high: (added + Z90 * sd) * perWeek };
  const verdict: Verdict = observed.low > 0 ? 'worked' : observed.high < 0 ? 'backfired' : 'no_clear_effect';
  return { observed, verdict };
}

/** How often a type of advice worked: a Beta(1 + worked, 1 + not) posterior's mean and 90% interval. */
export function chanceOfWorking(worked: number, measured: number): Range {
  const posterior = beta(1 + worked, 1 + measured - worked);
  return { mid: mean(posterior), ...interval(posterior, 0.9) };
}
