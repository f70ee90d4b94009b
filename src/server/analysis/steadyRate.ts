import gammaln from '@stdlib/math-base-special-gammaln';

import { gammaPrior, type PeerUnit, relativeDispersion } from './empiricalBayes';

/**
 * A group's rate over a few days, steadied by its rate over the weeks before them.
 *
 * An ad is held against its campaign over the ad's own days, so that budget, season and weekday,
 * which move every ad of a campaign together, cancel. Over the three or four days an ad takes to
 * spend the floor, though, the campaign has a handful of conversions, and the reference it is
 * held against is then nearly as noisy as the ad itself: much of what looks like an ad's lead is
 * the campaign's luck on those days.
 *
 * So the campaign's rate on the ad's days gets a prior from the weeks before them:
 * - How much the campaign's rate truly moves from stretch to stretch is measured on the campaign
 *   itself: the weeks before cut into blocks as long as the ad's days (at least four blocks), each
 *   block's rate against the weeks' rate, less counting noise (empiricalBayes.relativeDispersion,
 *   the method of moments; ±30% assumed when fewer than four blocks carry ten expected events).
 * - That spread, centred on the weeks' rate, is the prior of the rate on the days (gamma), and
 *   the days' own events update it (gamma–Poisson).
 * - A level can also jump (a tracking change, the end of a promotion, a new bid strategy), which
 *   a steady spread does not foresee. So the prior is a mixture: with MOVED_PRIOR the rate on the
 *   days has left the weeks' behind, and is known only to within ±100% of it (an exponential
 *   prior). The days' events weigh the two by how likely each makes them (negative binomial), so
 *   a campaign whose days sit far outside its weeks' spread keeps to its own days, as without
 *   the prior.
 */

/** Blocks the weeks before are cut into at the fewest: relativeDispersion measures a spread from four units. */
const MIN_BLOCKS = 4;
/** Prior probability that a campaign's rate on an ad's days has jumped away from its weeks before. */
export const MOVED_PRIOR = 0.1;

export interface RateDay {
  /** Events of the day (conversions, or conversion equivalents). */
  events: number;
  /** Exposure of the day (spend or clicks, counted at the share of conversions known so far). */
  exposure: number;
}

export interface SteadyRate {
  /** The posterior mean of the rate on the days. */
  rate: number;
  /** The rate over the weeks before, and the relative dispersion of a block of days around it. */
  before: number;
  dispersion: number;
  /** Posterior probability that the rate on the days has jumped away from the weeks before. */
  moved: number;
}

/** Log marginal likelihood of `events` over `exposure` under a gamma prior (negative binomial, real-valued events allowed). */
function logMarginal(shape: number, rate: number, events: number, exposure: number): number {
  return (
    gammaln(shape + events) -
    gammaln(shape) -
    gammaln(events + 1) +
    shape * Math.log(rate / (rate + exposure)) +
    events * Math.log(exposure / (rate + exposure))
  );
}

/**
 * `before` the days before the ones of interest in date order, `days` the days of interest
 * (summed), `blockDays` how many days they are. Null when the days before have no events or no
 * exposure, or the days no exposure: nothing to steady with.
 */
export function steadyRate(before: RateDay[], days: RateDay, blockDays: number): SteadyRate | null {
  const events = before.reduce((s, d) => s + d.events, 0);
  const exposure = before.reduce((s, d) => s + d.exposure, 0);
  if (events <= 0 || exposure <= 0 || days.exposure <= 0) return null;
  const beforeRate = events / exposure;
  const withExposure = before.filter((d) => d.exposure > 0);
  const size = Math.max(1, Math.min(Math.round(blockDays), Math.floor(withExposure.length / MIN_BLOCKS)));
  const blocks: PeerUnit[] = [];
  for (let start = 0; start + size <= withExposure.length; start += size) {
    const block = withExposure.slice(start, start + size);
    blocks.push({
      events: block.reduce((s, d) => s + d.events, 0),
      exposure: block.reduce((s, d) => s + d.exposure, 0),
      groupRate: beforeRate,
    });
  }
  const dispersion = relativeDispersion(blocks);
  const steady = gammaPrior(beforeRate, dispersion);
  const moved = gammaPrior(beforeRate, 1);
  const logSteady = Math.log(1 - MOVED_PRIOR) + logMarginal(steady.a, steady.b, days.events, days.exposure);
  const logMoved = Math.log(MOVED_PRIOR) + logMarginal(moved.a, moved.b, days.events, days.exposure);
  const pMoved = 1 / (1 + Math.exp(logSteady - logMoved));
  const posteriorMean = (prior: { a: number; b: number }) => (prior.a + days.events) / (prior.b + days.exposure);
  return {
    rate: (1 - pMoved) * posteriorMean(steady) + pMoved * posteriorMean(moved),
    before: beforeRate,
    dispersion,
    moved: pMoved,
  };
}
