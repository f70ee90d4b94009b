import { Matrix, solve } from 'ml-matrix';
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

export const SATURATION_DEFAULTS: SaturationParams = { windowDays: 90, minDays: 28, recentDays: 7, prior: { low: 1.05, high: 6 }, gridPoints: 48 };

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
function mixByDate(campaign: CampaignSeries, today: string, windowDays: number, lag: (number | null)[]): Map<string, number> {
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
  const all = rates.reduce((s, r) => ({ conversions: s.conversions + r.conversions, exposure: s.exposure + r.exposure }), { conversions: 0, exposure: 0 });
  if (all.exposure <= 0 || all.conversions <= 0) return new Map();
  const campaignRate = all.conversions / all.exposure;
  // Shrunk towards the campaign's rate by a few conversions' worth, so a thin ad does not swing the mix.
  const PRIOR_CONVERSIONS = 5;
  const rateOf = new Map(rates.map((r) => [r.ad.id, (r.conversions + PRIOR_CONVERSIONS) / (r.exposure + PRIOR_CONVERSIONS / campaignRate)]));
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
  for (const [date, { impressions, expected }] of weighted) if (impressions > 0) mix.set(date, expected / impressions / campaignRate);
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
    rows.push({ spend: day.spend, conversions: day.conversions, offset: Math.log(share) + Math.log(mix.get(day.date) ?? 1), weekday: new Date(`${day.date}T00:00:00Z`).getUTCDay(), trend: -age / 30 });
  }
  return rows;
}

/** Columns: one level per weekday, then the trend. */
const COLUMNS = 8;

/**
 * Maximum Poisson log-likelihood (up to a constant) of the rows with the curve term fixed by
 * h, over the weekday levels and trend (iteratively reweighted least squares), and the Pearson
 * statistic at the maximum.
 */
function profile(rows: Row[], h: number): { logLik: number; pearson: number } {
  const offsets = rows.map((r) => r.offset + Math.log(r.spend / (h + r.spend)));
  // Start: each weekday's level from its mean, no trend.
  const theta = new Array<number>(COLUMNS).fill(0);
  for (let d = 0; d < 7; d += 1) {
    const of = rows.map((r, i) => ({ r, o: offsets[i] })).filter(({ r }) => r.weekday === d);
    const y = of.reduce((s, x) => s + x.r.conversions, 0);
    const e = of.reduce((s, x) => s + Math.exp(x.o), 0);
    theta[d] = Math.log((y + 0.5) / Math.max(e, Number.MIN_VALUE));
  }
  const x = (r: Row) => [...Array.from({ length: 7 }, (_, d) => (d === r.weekday ? 1 : 0)), r.trend];
  const design = rows.map(x);
  const predictor = (i: number) => offsets[i] + design[i].reduce((s, v, j) => s + v * theta[j], 0);
  for (let iteration = 0; iteration < 25; iteration += 1) {
    const xtwx = Matrix.zeros(COLUMNS, COLUMNS);
    const xtwz = Matrix.zeros(COLUMNS, 1);
    rows.forEach((r, i) => {
      const eta = predictor(i);
      const mu = Math.exp(eta);
      const z = eta - offsets[i] + (r.conversions - mu) / mu;
      for (let a = 0; a < COLUMNS; a += 1) {
        if (design[i][a] === 0) continue;
        xtwz.set(a, 0, xtwz.get(a, 0) + mu * design[i][a] * z);
        for (let b = 0; b < COLUMNS; b += 1) if (design[i][b] !== 0) xtwx.set(a, b, xtwx.get(a, b) + mu * design[i][a] * design[i][b]);
      }
    });
    const next = solve(xtwx, xtwz).to1DArray();
    const step = Math.max(...next.map((v, j) => Math.abs(v - theta[j])));
    next.forEach((v, j) => (theta[j] = v));
    if (step < 1e-7) break;
  }
  let logLik = 0;
  let pearson = 0;
  rows.forEach((r, i) => {
    const mu = Math.exp(predictor(i));
    logLik += r.conversions * Math.log(mu) - mu;
    pearson += (r.conversions - mu) ** 2 / mu;
  });
  return { logLik, pearson };
}

export function saturationPosterior(campaign: CampaignSeries, today: string, lag: (number | null)[], params: SaturationParams = SATURATION_DEFAULTS): SaturationPosterior {
  const recent = campaign.days.filter((d) => d.spend > 0 && ageOf(d.date, today) >= 0 && ageOf(d.date, today) < params.recentDays);
  const spendNow = recent.length > 0 ? recent.reduce((s, d) => s + d.spend, 0) / recent.length : 0;
  const rows = rowsOf(campaign, today, lag, params);
  const weekdays = new Set(rows.map((r) => r.weekday));
  if (spendNow <= 0 || rows.length < params.minDays || weekdays.size < 7 || rows.every((r) => r.conversions === 0)) return saturationPrior(spendNow, params);

  const factors = grid(params);
  const fits = factors.map((f) => profile(rows, spendNow / (f - 1)));
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
