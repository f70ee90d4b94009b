import { optimalBudgets, type OptimizerCampaign, roundKeepingTotal } from './budgetOptimizer';
import { knownShare } from './lag';
import type { CampaignSeries, Range } from './types';
import { ageOf } from './window';

/**
 * Following an optimizer plan over several days, and the conversion-value objective: pure pieces
 * the optimizer service and the follow job share. A plan moves each campaign at most ±maxStep a
 * day towards its target (the best split with no step limit), so a big reallocation is reached in
 * a few steps and can be stopped when the results do not come in as forecast.
 */

/** Days of history the value of a conversion is read from. */
export const VALUE_WINDOW_DAYS = 28;

/**
 * Conversion value per conversion of each campaign over the last VALUE_WINDOW_DAYS days (minor
 * units), the account's own where a campaign has no conversions of its own yet; null when the
 * account reports no value at all (then value cannot be optimised).
 */
export function valuePerConversion(campaigns: CampaignSeries[], today: string): number[] | null {
  const recent = (c: CampaignSeries) =>
    c.days.filter((d) => ageOf(d.date, today) >= 1 && ageOf(d.date, today) <= VALUE_WINDOW_DAYS);
  const totals = campaigns.map((c) =>
    recent(c).reduce((t, d) => ({ conversions: t.conversions + d.conversions, value: t.value + d.value }), {
      conversions: 0,
      value: 0,
    }),
  );
  const account = totals.reduce((t, c) => ({ conversions: t.conversions + c.conversions, value: t.value + c.value }), {
    conversions: 0,
    value: 0,
  });
  if (account.value <= 0 || account.conversions <= 0) return null;
  const accountAverage = account.value / account.conversions;
  // A campaign's own average once it has a handful of conversions, shrunk towards the account's before.
  const PRIOR_CONVERSIONS = 10;
  return totals.map((t) => (t.value + PRIOR_CONVERSIONS * accountAverage) / (t.conversions + PRIOR_CONVERSIONS));
}

/**
 * The same campaigns with curves in conversion value: a day's value is its conversions times the
 * campaign's value per conversion, taken as not changing with spend (the value of an order rarely
 * depends on the budget that bought it), so each draw's scale is multiplied by it.
 */
export function inValue(campaigns: OptimizerCampaign[], perConversion: number[]): OptimizerCampaign[] {
  return campaigns.map((c, i) => ({
    ...c,
    draws: c.draws.map((d) => ({ scale: d.scale * perConversion[i], half: d.half })),
  }));
}

/**
 * The next step of a followed plan: from today's budgets towards `target`, no campaign past its
 * target and none moved more than maxStep, at the same total (re-optimised on the curves, so the
 * money a capped campaign cannot take yet goes where it does most good meanwhile).
 */
export function nextStep(campaigns: OptimizerCampaign[], target: number[], maxStep: number): number[] {
  const toward = campaigns.map((c, i) =>
    c.hold ? c : { ...c, min: Math.min(target[i], c.budget), max: Math.max(target[i], c.budget) },
  );
  const exact = optimalBudgets(toward, { maxStep });
  return roundKeepingTotal(
    exact,
    campaigns.map((c) => c.budget),
  );
}

/** A step moves less than this share of the total: the plan has arrived. */
export const ARRIVED_SHARE = 0.01;

/** Whether a step from `from` to `to` is too small to be worth writing. */
export function hasArrived(from: number[], to: number[]): boolean {
  const total = from.reduce((a, b) => a + b, 0);
  const moved = from.reduce((s, b, i) => s + Math.abs(to[i] - b), 0) / 2;
  return total <= 0 || moved <= ARRIVED_SHARE * total;
}

/** Steps of at most ±maxStep a day that take every campaign from `from` to `target` (at most 30; a cut to nothing never quite arrives). */
export function stepsToTarget(from: number[], target: number[], maxStep: number): number {
  let steps = 0;
  from.forEach((b, i) => {
    const t = target[i];
    if (Math.abs(t - b) <= Math.max(1, ARRIVED_SHARE * b)) return;
    const needed =
      b <= 0
        ? 30
        : t > b
          ? Math.log(t / b) / Math.log(1 + maxStep)
          : t <= 0
            ? 30
            : Math.log(t / b) / Math.log(1 - Math.min(maxStep, 0.999));
    steps = Math.max(steps, Math.ceil(needed - 1e-9));
  });
  return Math.min(30, steps);
}

/** One finished day of a followed plan's campaigns: conversions as reported so far, and the forecast of the step in effect. */
export interface FollowedDay {
  date: string;
  conversions: number;
  expected: Range;
}

export interface Divergence {
  diverged: boolean;
  /** Conversions reported since the first step, and what the forecast expected to be reported by now (mid and low end). */
  observed: number;
  expectedMid: number;
  expectedLow: number;
}

/** Expected reported conversions below which a shortfall is not judged: too few to tell from noise. */
export const MIN_EXPECTED_TO_JUDGE = 5;
/** One-sided 95% normal quantile. */
const Z95 = 1.645;

/**
 * Whether a followed plan's results fall credibly short of its forecast: the conversions reported
 * since the first step against the forecast, each day's expectation cut to the share of its
 * conversions already reported (the late ones are still coming). It diverges when what came in is
 * below the forecast's own low end by more than Poisson noise: the forecast was wrong, not unlucky.
 */
export function divergence(days: FollowedDay[], today: string, lag: (number | null)[]): Divergence {
  let observed = 0;
  let expectedMid = 0;
  let expectedLow = 0;
  for (const day of days) {
    // A day whose share known at its age is not learnt yet is left out, as everywhere else.
    const share = knownShare(lag, ageOf(day.date, today));
    if (share === null) continue;
    observed += day.conversions;
    expectedMid += share * day.expected.mid;
    expectedLow += share * day.expected.low;
  }
  const diverged = expectedMid >= MIN_EXPECTED_TO_JUDGE && observed < expectedLow - Z95 * Math.sqrt(expectedMid);
  return { diverged, observed, expectedMid, expectedLow };
}
