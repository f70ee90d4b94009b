import { DAY_MS } from '@shared/days';

import type { Range } from './types';
import { dateOf, dayNumber } from './window';

/**
 * Budget pacing for a month: what has been spent, where the month will end at the rate the
 * running campaigns spend now, and whether that is inside a tolerance band that tightens as the
 * month goes (Optmyzr's: ±25% at its start, ±1% at its end, linearly in between). The forecast
 * for each day left is the current daily level times the scope's weekday shape (learnt from its
 * last four weeks); the current level is what the running campaigns' budgets spend now when it
 * is known (paused campaigns and budget changes are then already in it), else the last week's
 * spend. Its interval comes from how much days scatter around the weekday-shaped level, and how
 * well a week pins the level down. Off the band, the change of daily spend that lands the month
 * on target is part of the answer.
 */

export interface PacingBand {
  /** Tolerance (fraction of the target either side) on the first and on the last day of the month. */
  start: number;
  end: number;
}

export const OPTMYZR_BAND: PacingBand = { start: 0.25, end: 0.01 };

export interface PacingInput {
  /** 'YYYY-MM'. */
  month: string;
  /** The scope's calendar day today (in the month); its spend so far is partial. */
  today: string;
  /** The month's target, minor units. */
  target: number;
  /** Daily spend of the budget's scope (minor units), any order; days without spend may be missing. */
  days: { date: string; spend: number }[];
  /** What the scope's running campaigns are set to spend a day now (Σ budget × share spent), or null when unknown. */
  levelNow: number | null;
  band?: PacingBand;
}

export type PacingStatus = 'on_track' | 'under' | 'over';

export interface PacingPoint {
  date: string;
  /** Cumulative spend up to and including the day (null after today). */
  actual: number | null;
  /** Cumulative target if spent evenly. */
  ideal: number;
  /** Cumulative forecast with its 90% band (from today on; null before). */
  forecast: Range | null;
}

export interface Pacing {
  /** Month to date, today's partial spend included. */
  spent: number;
  /** Month-end spend, 90% interval. */
  projected: Range;
  /** projected.mid ÷ target, and the band it is judged against. */
  ratio: number;
  tolerance: number;
  status: PacingStatus;
  /** Expected spend a day now, and the spend a day from today on that would land on target. */
  dailyNow: number;
  dailyNeeded: number;
  /** dailyNeeded ÷ dailyNow − 1: the budget change that brings the month back on track. */
  change: number;
  points: PacingPoint[];
}

const Z90 = 1.6449;
const SHAPE_DAYS = 28;
const LEVEL_DAYS = 7;

const weekdayOf = (day: number) => new Date(day * DAY_MS).getUTCDay();

/** Days in the month of `month` ('YYYY-MM') as day numbers. */
function monthDays(month: string): number[] {
  const [y, m] = month.split('-').map(Number);
  const first = dayNumber(`${month}-01`);
  const next = Math.round(Date.UTC(y, m, 1) / DAY_MS);
  return Array.from({ length: next - first }, (_, i) => first + i);
}

export function pace(input: PacingInput): Pacing {
  const band = input.band ?? OPTMYZR_BAND;
  const today = dayNumber(input.today);
  const spendOf = new Map<number, number>();
  for (const d of input.days) spendOf.set(dayNumber(d.date), (spendOf.get(dayNumber(d.date)) ?? 0) + d.spend);
  const spend = (day: number) => spendOf.get(day) ?? 0;

  // The weekday shape of the last four finished weeks (flat when they spent nothing).
  const history = Array.from({ length: SHAPE_DAYS }, (_, i) => today - SHAPE_DAYS + i);
  const historyMean = history.reduce((s, d) => s + spend(d), 0) / SHAPE_DAYS;
  const shape = Array.from({ length: 7 }, (_, w) => {
    const of = history.filter((d) => weekdayOf(d) === w);
    const mean = of.reduce((s, d) => s + spend(d), 0) / Math.max(1, of.length);
    return historyMean > 0 ? mean / historyMean : 1;
  });
  // The level now: the running campaigns' settings, else the last week's spend, weekday shape taken out.
  const week = history.slice(-LEVEL_DAYS);
  const weekShape = week.reduce((s, d) => s + shape[weekdayOf(d)], 0);
  const levelFromWeek = weekShape > 0 ? week.reduce((s, d) => s + spend(d), 0) / weekShape : 0;
  const level = input.levelNow ?? levelFromWeek;
  // Scatter of a day around the weekday-shaped level, relative to the level.
  const relative = history.map((d) => (historyMean > 0 ? spend(d) / (historyMean * shape[weekdayOf(d)]) - 1 : 0));
  const relativeSd = Math.sqrt(relative.reduce((s, r) => s + r * r, 0) / Math.max(1, relative.length - 1));

  const days = monthDays(input.month);
  const finished = days.filter((d) => d < today);
  const ahead = days.filter((d) => d >= today);
  const spentFinished = finished.reduce((s, d) => s + spend(d), 0);
  const spent = spentFinished + (days.includes(today) ? spend(today) : 0);

  /** The forecast of the k first days ahead: mean and sd (each day's scatter, plus the level's own uncertainty over them all). */
  const forecastOf = (k: number) => {
    const shapes = ahead.slice(0, k).map((d) => shape[weekdayOf(d)]);
    const mid = level * shapes.reduce((a, b) => a + b, 0);
    const dayVariance = shapes.reduce((s, w) => s + (level * w * relativeSd) ** 2, 0);
    const levelSd = (mid * relativeSd) / Math.sqrt(LEVEL_DAYS);
    return { mid, sd: Math.sqrt(dayVariance + levelSd ** 2) };
  };
  const rest = forecastOf(ahead.length);
  // The month never ends below what it has spent already: on its last days today's spend so far can
  // pass the forecast for the rest of it, and then the spend itself is the projection.
  const mid = Math.max(spent, spentFinished + rest.mid);
  const projected = {
    mid,
    low: Math.max(spent, spentFinished + rest.mid - Z90 * rest.sd),
    high: Math.max(mid, spentFinished + rest.mid + Z90 * rest.sd),
  };
  const elapsed = finished.length / days.length;
  const tolerance = band.start + (band.end - band.start) * elapsed;
  const ratio = input.target > 0 ? projected.mid / input.target : Infinity;
  const status: PacingStatus = ratio < 1 - tolerance ? 'under' : ratio > 1 + tolerance ? 'over' : 'on_track';
  const shapeAhead = ahead.reduce((s, d) => s + shape[weekdayOf(d)], 0);
  const dailyNeeded = shapeAhead > 0 ? Math.max(0, input.target - spentFinished) / shapeAhead : 0;

  let cumulative = 0;
  const points: PacingPoint[] = days.map((d, i) => {
    if (d <= today) cumulative += spend(d);
    const f = d >= today ? forecastOf(d - today + 1) : null;
    return {
      date: dateOf(d),
      actual: d <= today ? cumulative : null,
      ideal: (input.target * (i + 1)) / days.length,
      forecast: f
        ? {
            mid: spentFinished + f.mid,
            low: spentFinished + f.mid - Z90 * f.sd,
            high: spentFinished + f.mid + Z90 * f.sd,
          }
        : null,
    };
  });
  return {
    spent,
    projected,
    ratio,
    tolerance,
    status,
    dailyNow: level,
    dailyNeeded,
    change: level > 0 ? dailyNeeded / level - 1 : Infinity,
    points,
  };
}
