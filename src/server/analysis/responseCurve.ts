import { knownShare } from './lag';
import type { CampaignSeries } from './types';
import { ageOf } from './window';

/**
 * How saturated a campaign is: the cost of its NEXT conversion against the cost of its average
 * one, at the spend it runs at now. On a saturating response curve, conversions a day =
 * M · s / (h + s), the ratio is (h + s) / h: near 1 far from saturation, 2 at the half-saturation
 * spend h, and higher deeper in. Which one a campaign has can only be read from days it spent
 * different amounts (budget changes, the daily ups and downs of delivery), and a few months of
 * daily counts rarely pin it down, so the answer is a posterior over the ratio, not a number.
 *
 * The fit: each day's reported conversions are Poisson around
 *   share known × M · s / (h + s) × weekday effect × slow trend × the day's ad mix,
 * with the weekday effects (platforms deliver and convert differently by weekday), a trend per
 * month (creatives wearing out, audiences changing) and the mix (which of the campaign's ads
 * delivered, at their own conversions per impression: a paused ad is not a budget effect)
 * profiled out by a Poisson regression at each ratio on a grid. The profile likelihood, widened
 * by the overdispersion the residuals show, times a log-uniform prior, is the posterior. A
 * campaign whose spend never varied gets its prior back.
 */

export interface SaturationParams {
  /** Days of history fitted. */
  windowDays: number;
  /** Fewest usable days for a fit; with fewer, the prior alone. */
  minDays: number;
  /** Days whose mean daily spend is "the spend now". */
  recentDays: number;
  /**
   * The prior on the ratio, log-uniform between these: from a campaign spending a twentieth of
   * its half-saturation spend (the next conversion costs 5% more than the average) to one
   * spending five times it (six times the average). Budgets set by feel fall anywhere in it.
   */
  prior: { low: number; high: number };
  /** Points of the grid over the prior. */
  gridPoints: number;
}

export const SATURATION_DEFAULTS: SaturationParams = {
  windowDays: 90,
  minDays: 28,
  recentDays: 7,
  prior: { low: 1.05, high: 6 },
  gridPoints: 48,
};

export interface SaturationPosterior {
  /** Marginal CPA ÷ average CPA at `spendNow`, on a grid. */
  factors: number[];
  /** Posterior weight of each grid point; they sum to 1. */
  weights: number[];
  /** Mean daily spend over the recent days: the spend the ratio is at. */
  spendNow: number;
  /** Whether days were fitted (false: the prior alone). */
  fitted: boolean;
}

/** Log-spaced grid over the prior's range. */
function grid(params: SaturationParams): number[] {
  const { low, high } = params.prior;
  const n = params.gridPoints;
  return Array.from({ length: n }, (_, i) => low * (high / low) ** (i / (n - 1)));
}

/** The prior alone: every grid point weighs the same (log-uniform). */
export function saturationPrior(spendNow: number, params: SaturationParams = SATURATION_DEFAULTS): SaturationPosterior {
  const factors = grid(params);
  return { factors, weights: factors.map(() => 1 / factors.length), spendNow, fitted: false };
}

/**
 * The ratio at another spend: with h fixed by the ratio f at spendNow (h = spendNow / (f − 1)),
 * the ratio at `spend` is (h + spend) / h.
 */
export function factorAtSpend(factor: number, spendNow: number, spend: number): number {
  if (spendNow <= 0) return factor;
  return 1 + (spend * (factor - 1)) / spendNow;
}

interface Row {
  spend: number;
  conversions: number;
  /** log(share known) + log(mix): the offset before the curve term. */
  offset: number;
  weekday: number;
  /** Months before today (0 today, negative in the past). */
  trend: number;
}

/** The day's mix of ads: Σ impressions × the ad's conversions per impression over the window, ÷ impressions. */
function mixByDate(
  campaign: CampaignSeries,
  today: string,
  windowDays: number,
  lag: (number | null)[],
): Map<string, number> {
  const rates = campaign.ads.map((ad) => {
    let conversions = 0;
    let exposure = 0;
    for (const day of ad.days) {
      const age = ageOf(day.date, today);
      const share = knownShare(lag, age);
      if (age < 0 || age >= windowDays || share === null || share <= 0) continue;
      conversions += day.conversions;
      exposure += day.impressions * share;
    }
    return { ad, conversions, exposure };
  });
  const all = rates.reduce(
    (s, r) => ({ conversions: s.conversions + r.conversions, exposure: s.exposure + r.exposure }),
    { conversions: 0, exposure: 0 },
  );
  if (all.exposure <= 0 || all.conversions <= 0) return new Map();
  const campaignRate = all.conversions / all.exposure;
  // Shrunk towards the campaign's rate by a few conversions' worth, so a thin ad does not swing the mix.
  const PRIOR_CONVERSIONS = 5;
  const rateOf = new Map(
    rates.map((r) => [r.ad.id, (r.conversions + PRIOR_CONVERSIONS) / (r.exposure + PRIOR_CONVERSIONS / campaignRate)]),
  );
  const weighted = new Map<string, { impressions: number; expected: number }>();
  for (const ad of campaign.ads) {
    const rate = rateOf.get(ad.id)!;
    for (const day of ad.days) {
      const entry = weighted.get(day.date) ?? { impressions: 0, expected: 0 };
      entry.impressions += day.impressions;
      entry.expected += day.impressions * rate;
      weighted.set(day.date, entry);
    }
  }
  const mix = new Map<string, number>();
  for (const [date, { impressions, expected }] of weighted)
    if (impressions > 0) mix.set(date, expected / impressions / campaignRate);
  return mix;
}

function rowsOf(campaign: CampaignSeries, today: string, lag: (number | null)[], params: SaturationParams): Row[] {
  const mix = campaign.ads.length > 1 ? mixByDate(campaign, today, params.windowDays, lag) : new Map<string, number>();
  const rows: Row[] = [];
  for (const day of campaign.days) {
    const age = ageOf(day.date, today);
    if (day.spend <= 0 || age < 0 || age >= params.windowDays) continue;
    const share = knownShare(lag, age);
    if (share === null || share <= 0) continue;
    rows.push({
      spend: day.spend,
      conversions: day.conversions,
      offset: Math.log(share) + Math.log(mix.get(day.date) ?? 1),
      weekday: new Date(`${day.date}T00:00:00Z`).getUTCDay(),
      trend: -age / 30,
    });
  }
  return rows;
}

/** Columns: one level per weekday, then the trend. */
const COLUMNS = 8;
const WEEKDAYS = 7;
const IRLS_MAX_ITERATIONS = 25;
const IRLS_TOLERANCE = 1e-7;

/**
 * The Poisson regression's coefficients: one log level per weekday, then the trend per month.
 * Profiling walks the grid from one ratio to the next, and the coefficients at one ratio are an
 * excellent start for the next (the curve term moves the offsets a little), so the walk carries
 * them along instead of restarting each fit from the weekday means.
 */
type Coefficients = Float64Array;

/** Start: each weekday's level from its mean, no trend. */
function initialCoefficients(rows: Row[], offsets: Float64Array): Coefficients {
  const theta = new Float64Array(COLUMNS);
  const observed = new Float64Array(WEEKDAYS);
  const expected = new Float64Array(WEEKDAYS);
  rows.forEach((r, i) => {
    observed[r.weekday] += r.conversions;
    expected[r.weekday] += Math.exp(offsets[i]);
  });
  for (let d = 0; d < WEEKDAYS; d += 1)
    theta[d] = Math.log((observed[d] + 0.5) / Math.max(expected[d], Number.MIN_VALUE));
  return theta;
}

/**
 * Maximum Poisson log-likelihood (up to a constant) of the rows with the curve term fixed by
 * h, over the weekday levels and trend (iteratively reweighted least squares), and the Pearson
 * statistic at the maximum. The design is one weekday indicator plus the trend, so XᵀWX is a
 * diagonal block bordered by the trend's row: each step is solved in closed form (the trend
 * from its Schur complement, then each weekday's level) rather than by a general 8×8 solve.
 * `start` (updated in place to the fitted coefficients) is where IRLS begins.
 */
function profile(
  rows: Row[],
  logSpend: Float64Array,
  h: number,
  start?: Coefficients,
): { logLik: number; pearson: number; theta: Coefficients } {
  const n = rows.length;
  const offsets = new Float64Array(n);
  for (let i = 0; i < n; i += 1) offsets[i] = rows[i].offset + logSpend[i] - Math.log(h + rows[i].spend);
  const theta = start ?? initialCoefficients(rows, offsets);
  const weight = new Float64Array(WEEKDAYS);
  const weightTrend = new Float64Array(WEEKDAYS);
  const score = new Float64Array(WEEKDAYS);
  for (let iteration = 0; iteration < IRLS_MAX_ITERATIONS; iteration += 1) {
    weight.fill(0);
    weightTrend.fill(0);
    score.fill(0);
    let weightTrend2 = 0;
    let scoreTrend = 0;
    for (let i = 0; i < n; i += 1) {
      const r = rows[i];
      const linear = theta[r.weekday] + theta[WEEKDAYS] * r.trend;
      const mu = Math.exp(offsets[i] + linear);
      // Working response × weight: mu · (linear + (y − mu) / mu).
      const wz = mu * linear + (r.conversions - mu);
      weight[r.weekday] += mu;
      weightTrend[r.weekday] += mu * r.trend;
      score[r.weekday] += wz;
      weightTrend2 += mu * r.trend * r.trend;
      scoreTrend += wz * r.trend;
    }
    let schur = weightTrend2;
    let reduced = scoreTrend;
    for (let d = 0; d < WEEKDAYS; d += 1) {
      if (weight[d] <= 0) continue;
      schur -= (weightTrend[d] * weightTrend[d]) / weight[d];
      reduced -= (weightTrend[d] * score[d]) / weight[d];
    }
    const trend = schur > 0 ? reduced / schur : 0;
    let step = Math.abs(trend - theta[WEEKDAYS]);
    theta[WEEKDAYS] = trend;
    for (let d = 0; d < WEEKDAYS; d += 1) {
      if (weight[d] <= 0) continue;
      const level = (score[d] - weightTrend[d] * trend) / weight[d];
      step = Math.max(step, Math.abs(level - theta[d]));
      theta[d] = level;
    }
    if (step < IRLS_TOLERANCE) break;
  }
  let logLik = 0;
  let pearson = 0;
  for (let i = 0; i < n; i += 1) {
    const r = rows[i];
    const eta = offsets[i] + theta[r.weekday] + theta[WEEKDAYS] * r.trend;
    const mu = Math.exp(eta);
    logLik += r.conversions * eta - mu;
    pearson += (r.conversions - mu) ** 2 / mu;
  }
  return { logLik, pearson, theta };
}

export function saturationPosterior(
  campaign: CampaignSeries,
  today: string,
  lag: (number | null)[],
  params: SaturationParams = SATURATION_DEFAULTS,
): SaturationPosterior {
  const recent = campaign.days.filter(
    (d) => d.spend > 0 && ageOf(d.date, today) >= 0 && ageOf(d.date, today) < params.recentDays,
  );
  const spendNow = recent.length > 0 ? recent.reduce((s, d) => s + d.spend, 0) / recent.length : 0;
  const rows = rowsOf(campaign, today, lag, params);
  const weekdays = new Set(rows.map((r) => r.weekday));
  if (spendNow <= 0 || rows.length < params.minDays || weekdays.size < 7 || rows.every((r) => r.conversions === 0))
    return saturationPrior(spendNow, params);

  const factors = grid(params);
  const logSpend = Float64Array.from(rows, (r) => Math.log(r.spend));
  // Along the grid, each fit starts from its neighbour's coefficients (see profile).
  let carried: Coefficients | undefined;
  const fits = factors.map((f) => {
    const fit = profile(rows, logSpend, spendNow / (f - 1), carried);
    // A fit gone astray (it should not) is no start for the next: that one starts afresh.
    carried = Number.isFinite(fit.logLik) ? fit.theta : undefined;
    return fit;
  });
  const best = Math.max(...fits.map((fit) => fit.logLik));
  const bestFit = fits.find((fit) => fit.logLik === best)!;
  // Overdispersion: residuals wider than Poisson (the mix, fatigue and noise the model leaves) flatten the likelihood.
  const dispersion = Math.max(1, bestFit.pearson / Math.max(1, rows.length - COLUMNS - 1));
  const raw = fits.map((fit) => Math.exp((fit.logLik - best) / dispersion));
  const total = raw.reduce((a, b) => a + b, 0);
  return { factors, weights: raw.map((w) => w / total), spendNow, fitted: true };
}

/** A draw of the ratio from the posterior, given two uniform numbers in [0, 1): one picks the grid point, the other spreads it over its cell (log scale). */
export function drawFactor(posterior: SaturationPosterior, pick: number, jitter: number): number {
  const { factors, weights } = posterior;
  const last = factors.length - 1;
  let i = 0;
  for (let cumulative = weights[0]; cumulative <= pick && i < last; i += 1) cumulative += weights[i + 1];
  const cell = last > 0 ? Math.log(factors[1] / factors[0]) : 0;
  return Math.min(factors[last], Math.max(factors[0], factors[i] * Math.exp((jitter - 0.5) * cell)));
}

/**
 * How far apart the half-saturation spends of one account's campaigns are assumed to lie: the
 * standard deviation of log h around the account's typical h. One account's campaigns sell to
 * one market in one currency, so their half-saturation spends are of one order (one standard
 * deviation is a factor of about 2.2 either way), while their budgets, set by feel, can differ
 * far more. That is what lets the account's campaigns inform one another: a budget ten times
 * its peers' is likely deeper into saturation than they are.
 */
export const HALF_SPEND_SPREAD = 0.8;
/** Points of the grid over the account's typical log h. */
const TYPICAL_HALF_POINTS = 80;

const logSumExp = (values: number[]) => {
  const top = Math.max(...values);
  if (!Number.isFinite(top)) return top;
  return top + Math.log(values.reduce((s, v) => s + Math.exp(v - top), 0));
};

/**
 * An account's saturation posteriors, each campaign's taken with a hierarchical prior: its log h
 * (h = spendNow / (ratio − 1)) normal around the account's typical log h with HALF_SPEND_SPREAD,
 * the typical one unknown (flat) and learnt from the OTHER campaigns' posteriors (so a campaign's
 * own data are not counted twice), on top of each campaign's own prior and likelihood. A
 * campaign whose spend never varied gets the others' word on its h (its posterior moves, but it
 * stays `fitted: false`). A campaign without spend, or an account of one, is left as it is.
 */
export function pooledSaturation(posteriors: SaturationPosterior[], spread = HALF_SPEND_SPREAD): SaturationPosterior[] {
  const pooled = posteriors.map((p, i) => ({ p, i })).filter(({ p }) => p.spendNow > 0 && p.factors.length > 0);
  if (pooled.length < 2) return posteriors;
  const logHalf = pooled.map(({ p }) => p.factors.map((f) => Math.log(p.spendNow / Math.max(f - 1, 1e-9))));
  const all = logHalf.flat();
  const low = Math.min(...all) - 3 * spread;
  const high = Math.max(...all) + 3 * spread;
  const typical = Array.from(
    { length: TYPICAL_HALF_POINTS },
    (_, k) => low + ((high - low) * k) / (TYPICAL_HALF_POINTS - 1),
  );
  const logNormal = (x: number, m: number) => -0.5 * ((x - m) / spread) ** 2;
  // log of each campaign's evidence on the typical log h: Σ over its grid of weight × N(log h; typical, spread).
  const evidence = pooled.map(({ p }, c) =>
    typical.map((m) =>
      logSumExp(p.weights.map((w, j) => (w > 0 ? Math.log(w) + logNormal(logHalf[c][j], m) : -Infinity))),
    ),
  );
  const total = typical.map((_, k) => evidence.reduce((s, e) => s + e[k], 0));
  const result = [...posteriors];
  pooled.forEach(({ p, i }, c) => {
    // The typical log h from the others: the product of their evidence (all of it, less this campaign's).
    const others = total.map((t, k) => t - evidence[c][k]);
    const norm = logSumExp(others);
    const typicalWeights = others.map((o) => Math.exp(o - norm));
    const raw = p.weights.map(
      (w, j) => w * typical.reduce((s, m, k) => s + typicalWeights[k] * Math.exp(logNormal(logHalf[c][j], m)), 0),
    );
    const sum = raw.reduce((a, b) => a + b, 0);
    if (sum > 0 && Number.isFinite(sum)) result[i] = { ...p, weights: raw.map((w) => w / sum) };
  });
  return result;
}
