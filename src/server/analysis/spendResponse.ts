import { Matrix, inverse } from 'ml-matrix';
import { knownShare } from './lag';
import type { DayCounts } from './types';
import { ageOf } from './window';

/**
 * How a campaign's conversions respond to its spend: the elasticity d log(conversions) /
 * d log(spend), from a regression of daily log conversions on log spend with a weekday effect
 * and a slow trend (creatives wearing out, new ones launching), over the days whose share of late
 * conversions is known (their counts scaled up by it). Under diminishing returns the elasticity
 * is below 1, and the cost of one more conversion (the marginal CPA) is the average CPA divided
 * by it. A campaign whose spend never varied enough says nothing about its curve: no estimate.
 */

export interface SpendResponse {
  elasticity: number;
  /** Standard error of the elasticity. */
  standardError: number;
  /** Days used. */
  days: number;
  /** Standard deviation of log spend over those days: how much the data could show. */
  spendSpread: number;
}

/** Fewest usable days for a fit. */
export const MIN_RESPONSE_DAYS = 28;
/** Least spread of log spend (about ±8%) for a fit. */
export const MIN_SPEND_SPREAD = 0.08;
/** Days of history fitted. */
export const RESPONSE_WINDOW_DAYS = 90;

export function spendResponse(days: DayCounts[], today: string, lag: (number | null)[]): SpendResponse | null {
  const rows: { x: number; y: number; weekday: number; t: number }[] = [];
  for (const day of days) {
    const age = ageOf(day.date, today);
    if (day.spend <= 0 || age < 0 || age >= RESPONSE_WINDOW_DAYS) continue;
    const share = knownShare(lag, age);
    if (share === null || share <= 0) continue;
    rows.push({ x: Math.log(day.spend), y: Math.log(day.conversions / share + 0.5), weekday: new Date(`${day.date}T00:00:00Z`).getUTCDay(), t: -age / 30 });
  }
  if (rows.length < MIN_RESPONSE_DAYS) return null;
  const meanX = rows.reduce((s, r) => s + r.x, 0) / rows.length;
  const spendSpread = Math.sqrt(rows.reduce((s, r) => s + (r.x - meanX) ** 2, 0) / (rows.length - 1));
  if (spendSpread < MIN_SPEND_SPREAD) return null;

  // Columns: log spend, trend, one intercept per weekday.
  const design = new Matrix(rows.map((r) => [r.x, r.t, ...Array.from({ length: 7 }, (_, d) => (d === r.weekday ? 1 : 0))]));
  const present = Array.from({ length: 7 }, (_, d) => rows.some((r) => r.weekday === d));
  if (present.includes(false)) return null;
  const y = Matrix.columnVector(rows.map((r) => r.y));
  const xtxInverse = inverse(design.transpose().mmul(design));
  const coefficients = xtxInverse.mmul(design.transpose()).mmul(y);
  const residuals = y.sub(design.mmul(coefficients));
  const dof = rows.length - design.columns;
  const sigma2 = residuals.transpose().mmul(residuals).get(0, 0) / dof;
  return { elasticity: coefficients.get(0, 0), standardError: Math.sqrt(sigma2 * xtxInverse.get(0, 0)), days: rows.length, spendSpread };
}
