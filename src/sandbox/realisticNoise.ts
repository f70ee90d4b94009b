import { addDays } from '@shared/days';

import { unit } from './randomness';

/**
 * Realistic day-to-day noise for the sandbox world (`WorldOptions.noise: 'realistic'`): what real
 * ad accounts show on top of counting noise, none of it an anomaly to alert on. A detector that
 * only ever met Poisson noise around a smooth weekly rhythm floods on real series; these make the
 * sandbox punish it too. Every draw is a pure function of the seed and a key, like the rest of
 * the world, and the planted anomalies are untouched.
 *
 * - Demand varies from day to day with heavy tails: each campaign-day's clicks and conversions
 *   are multiplied by exp(0.1 × t₃), a Student-t with 3 degrees of freedom (a day 40% off its
 *   usual level every few months).
 * - A promotion day (one account-day in 40): people come ready to buy; conversions ×1.7, clicks ×1.25.
 * - Holidays (24, 25 and 31 December, 1 January): fewer people browse; clicks ×0.75, conversions ×0.6.
 * - A reporting catch-up (one account-day in 60): part of a day's conversions are recorded the
 *   next day; that day ×0.65, the next ×1.35.
 */

export type NoiseMode = 'clean' | 'realistic';

export const DEMAND_SIGMA = 0.1;
export const PROMOTION_RATE = 1 / 40;
export const PROMOTION_EFFECT = { clicks: 1.25, conversions: 1.7 };
export const HOLIDAYS = ['12-24', '12-25', '12-31', '01-01'];
export const HOLIDAY_EFFECT = { clicks: 0.75, conversions: 0.6 };
export const CATCH_UP_RATE = 1 / 60;
export const CATCH_UP_SHARE = 0.35;

/** A standard normal from two of the key's uniform numbers (Box–Muller). */
function normal(seed: number, key: string): number {
  const u1 = unit(seed, `${key}:n1`);
  const u2 = unit(seed, `${key}:n2`);
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}

/** A Student-t with 3 degrees of freedom: a normal over the root of a chi-square's mean. */
function studentT3(seed: number, key: string): number {
  const chi = (normal(seed, `${key}:c1`) ** 2 + normal(seed, `${key}:c2`) ** 2 + normal(seed, `${key}:c3`) ** 2) / 3;
  return normal(seed, `${key}:z`) / Math.sqrt(Math.max(1e-9, chi));
}

/** A clean world's day: no change. */
export const NO_BENIGN_CHANGE = { clicks: 1, conversions: 1 };

/** What the day's ordinary ups and downs multiply a campaign-day's clicks and conversions by. */
export function benignDay(
  seed: number,
  accountKey: string,
  campaignKey: string,
  date: string,
): { clicks: number; conversions: number } {
  const demand = Math.exp(DEMAND_SIGMA * Math.max(-6, Math.min(6, studentT3(seed, `${campaignKey}/${date}:demand`))));
  let clicks = demand;
  let conversions = demand;
  if (unit(seed, `${accountKey}/${date}:promotion`) < PROMOTION_RATE) {
    clicks *= PROMOTION_EFFECT.clicks;
    conversions *= PROMOTION_EFFECT.conversions;
  }
  if (HOLIDAYS.includes(date.slice(5))) {
    clicks *= HOLIDAY_EFFECT.clicks;
    conversions *= HOLIDAY_EFFECT.conversions;
  }
  if (unit(seed, `${accountKey}/${date}:catch-up`) < CATCH_UP_RATE) conversions *= 1 - CATCH_UP_SHARE;
  if (unit(seed, `${accountKey}/${addDays(date, -1)}:catch-up`) < CATCH_UP_RATE) conversions *= 1 + CATCH_UP_SHARE;
  return { clicks, conversions };
}
