import { beta, gamma, type Posterior } from './distributions';

/**
 * Empirical-Bayes priors from a peer group. The peers' observed rates, each as a multiple of its
 * group's rate, vary more than counting noise alone explains; that extra spread (the relative
 * dispersion τ²) is how different the peers truly are, and sets how strongly a unit with little
 * data is pulled towards its group. Computed per account and platform, never pooled across them.
 */

export interface PeerUnit {
  events: number;
  exposure: number;
  /** The rate of the unit's group (its campaign, its account). */
  groupRate: number;
  /**
   * How much of the unit's true difference shows against its group rate, as a share of τ²: 1 (the
   * default) for a group much larger than the unit; less when the unit is a large part of its own
   * group, whose rate then moves with it (two ads of equal delivery: half of each difference shows
   * twice over, (1 − ½)² + ½² = ½).
   */
  varianceFactor?: number;
}

/** Spread assumed when too few peers carry evidence: peers differ by about ±30%. */
export const DEFAULT_RELATIVE_DISPERSION = 0.09;
/** Bounds on τ²: peers differ by at least ±5% and at most ±100%. */
const MIN_DISPERSION = 0.0025;
const MAX_DISPERSION = 1;
/** A unit takes part in the estimate once its group rate predicts this many events for it. */
const MIN_EXPECTED_EVENTS = 10;
/** Peers with evidence needed to estimate the spread rather than assume it. */
const MIN_PEERS = 4;

/**
 * A spread to lean on when the peers are few: `units` pseudo-peers at `dispersion` are counted
 * with the real ones, so a few ads move τ² a little and many move it all the way. A moment
 * estimate from five or ten ads is mostly noise (it often hits either bound); pooled, it is not.
 */
export interface DispersionPooling {
  dispersion: number;
  units: number;
}

/**
 * τ² by the method of moments: the mean squared deviation of each unit's relative rate from 1,
 * less its Poisson sampling variance 1 / expected events, over the mean share of τ² that shows
 * against the unit's group (varianceFactor).
 */
export function relativeDispersion(units: PeerUnit[], pooling?: DispersionPooling): number {
  const usable = units.filter((u) => u.groupRate > 0 && u.exposure * u.groupRate >= MIN_EXPECTED_EVENTS);
  if (usable.length < MIN_PEERS && !pooling) return DEFAULT_RELATIVE_DISPERSION;
  let excess = 0;
  let factors = 0;
  for (const u of usable) {
    const expected = u.exposure * u.groupRate;
    const ratio = u.events / expected;
    excess += (ratio - 1) ** 2 - 1 / expected;
    factors += u.varianceFactor ?? 1;
  }
  if (pooling) {
    excess += pooling.units * pooling.dispersion;
    factors += pooling.units;
  }
  return Math.min(MAX_DISPERSION, Math.max(MIN_DISPERSION, excess / factors));
}

/** Gamma prior for events per unit of exposure with the group's rate as its mean and τ² as its squared coefficient of variation. */
export function gammaPrior(groupRate: number, dispersion: number): Posterior {
  const shape = 1 / dispersion;
  return gamma(shape, shape / Math.max(groupRate, Number.MIN_VALUE));
}

/** Beta prior for a per-trial rate with the group's rate as its mean and the same relative spread. */
export function betaPrior(groupRate: number, dispersion: number): Posterior {
  const m = Math.min(0.999, Math.max(1e-6, groupRate));
  // Var = (m·τ)² = m(1−m)/(κ+1)  ⇒  κ = (1−m)/(m·τ²) − 1, kept ≥ 2 so the prior stays proper and weak.
  const concentration = Math.max(2, (1 - m) / (m * dispersion) - 1);
  return beta(m * concentration, (1 - m) * concentration);
}

/** Conjugate updates. Exposure may be fractional (clicks scaled by the share of conversions known so far). */
export function updateGamma(prior: Posterior, events: number, exposure: number): Posterior {
  return gamma(prior.a + events, prior.b + exposure);
}

export function updateBeta(prior: Posterior, successes: number, trials: number): Posterior {
  return beta(prior.a + successes, prior.b + Math.max(0, trials - successes));
}
