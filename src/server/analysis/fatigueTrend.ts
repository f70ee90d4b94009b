import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

import { probabilityBelowShare } from './creativeFatigue';
import { beta } from './distributions';
import type { AdSeries, Range } from './types';
import { ageOf, dayNumber } from './window';

/**
 * The trend of one ad's click-through and cost per click as it ages, for a warning before
 * fatigue bites. creativeFatigue flags an ad once its click-through is already credibly down
 * more than 15% on its first weeks; this looks at the slope: click-through that is still near
 * its early level but credibly falling is worth watching, with the days left until it crosses
 * the same line.
 *
 * Each trend is a Poisson log-linear fit of the daily counts on the ad's recent days (clicks per
 * impression for click-through, clicks per unit of spend for cost per click) against the ad's age
 * and, separately, against its cumulative impressions. The platforms report no reach, so the
 * frequency a person sees the ad at cannot be known; cumulative impressions stand in for it
 * (an ad shown twice as often to the same audience has, roughly, twice the impressions).
 */

export interface FatigueTrendParams {
  /** Days of history the trend is fitted on (today included). */
  trendDays: number;
  /** Days of delivery of the ad's early level: its first ones in the history read. */
  earlyDays: number;
  /** Days of delivery of its level now: its last ones. */
  recentDays: number;
  /** Fewest days of delivery in the trend window, and fewest clicks in it, for a trend to be fitted. */
  minTrendDays: number;
  minClicks: number;
  /** The share of its early click-through an ad must keep; below it, the ad is fatigued (creativeFatigue's 0.85). */
  keepShare: number;
  /** Probability for 'fatigued' (now below keepShare × early) and for 'watch' (the slope below zero). */
  probability: number;
  /** Credible level of the intervals shown. */
  credibleLevel: number;
}

/**
 * A display state, not advice: 0.9 rather than ADVICE_PROBABILITY, since a warning on screen
 * costs nothing if it proves early, and creativeFatigue still gates the task at 0.99.
 */
export const FATIGUE_TREND_DEFAULTS: FatigueTrendParams = {
  trendDays: 28,
  earlyDays: 7,
  recentDays: 7,
  minTrendDays: 7,
  minClicks: 100,
  keepShare: 0.85,
  probability: 0.9,
  credibleLevel: 0.9,
};

/** 'fresh': no credible decline; 'watch': click-through credibly falling but still above keepShare of its early level; 'fatigued': credibly below it. */
export type FatigueState = 'fresh' | 'watch' | 'fatigued';

export interface AdFatigue {
  state: FatigueState;
  /** Days since the ad's first delivery in the history read. */
  ageDays: number;
  /** Click-through of its first earlyDays of delivery, and of its last recentDays. */
  earlyCtr: number;
  recentCtr: number;
  /** Change of click-through per week of age (−0.05: 5% lower each week), with its interval. */
  ctrPerWeek: Range;
  /** Change of cost per click per week of age (+0.05: 5% dearer each week). */
  cpcPerWeek: Range;
  /** Change of click-through each time its cumulative impressions double (the frequency proxy: no reach is reported). */
  ctrPerImpressionDoubling: Range;
  /** P(the click-through slope with age is below zero). */
  probabilityDeclining: number;
  /** P(click-through now is below keepShare × its early level). */
  probabilityFatigued: number;
  /** Days until the fitted click-through reaches keepShare × its early level at the current slope: 0 when there, null when not falling. */
  daysToFatigue: number | null;
  /** One line for the screen. */
  explanation: string;
}

/** One day of a trend: its events, its exposure and the regressor. */
export interface TrendPoint {
  x: number;
  events: number;
  exposure: number;
}

export interface TrendFit {
  /** Log-rate at the exposure-weighted mean of x, and the slope of the log-rate per unit of x. */
  intercept: number;
  centre: number;
  slope: number;
  /** Standard error of the slope, inflated by the Pearson dispersion when the counts vary more than Poisson. */
  standardError: number;
}

const NEWTON_STEPS = 50;
const NEWTON_TOLERANCE = 1e-10;

/**
 * events ~ Poisson(exposure · exp(a + b·x)) by maximum likelihood. For a fixed slope the best
 * intercept is closed-form, so Newton runs on the slope alone (the profile likelihood), whose
 * information is Σ μ (x − x̄_μ)². Null without two distinct x or without events.
 */
export function poissonTrend(points: TrendPoint[]): TrendFit | null {
  const used = points.filter((p) => p.exposure > 0);
  const events = used.reduce((s, p) => s + p.events, 0);
  if (used.length < 2 || events <= 0) return null;
  const exposure = used.reduce((s, p) => s + p.exposure, 0);
  const centre = used.reduce((s, p) => s + p.exposure * p.x, 0) / exposure;
  const xs = used.map((p) => p.x - centre);
  if (xs.every((x) => Math.abs(x) < 1e-12)) return null;
  // Fitted means at slope b (intercept profiled out), with their weighted mean and variance of x.
  const moments = (b: number) => {
    const w = used.map((p, i) => p.exposure * Math.exp(b * xs[i]));
    const total = w.reduce((s, v) => s + v, 0);
    const mu = w.map((v) => (events * v) / total);
    const mean = mu.reduce((s, m, i) => s + m * xs[i], 0) / events;
    const information = mu.reduce((s, m, i) => s + m * (xs[i] - mean) ** 2, 0);
    return { mu, total, mean, information };
  };
  const observed = used.reduce((s, p, i) => s + p.events * xs[i], 0);
  let slope = 0;
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    const m = moments(slope);
    if (m.information <= 0) return null;
    const delta = (observed - events * m.mean) / m.information;
    slope += delta;
    if (Math.abs(delta) < NEWTON_TOLERANCE) break;
  }
  const m = moments(slope);
  const pearson = used.reduce((s, p, i) => s + (p.events - m.mu[i]) ** 2 / Math.max(m.mu[i], Number.MIN_VALUE), 0);
  const dispersion = used.length > 2 ? Math.max(1, pearson / (used.length - 2)) : 1;
  return { intercept: Math.log(events / m.total), centre, slope, standardError: Math.sqrt(dispersion / m.information) };
}

const z = (level: number) => normalQuantile(1 - (1 - level) / 2, 0, 1);

/** exp(k · slope) − 1 with its interval: the relative change over k units of x. */
function change(fit: TrendFit, k: number, level: number): Range {
  const spread = z(level) * fit.standardError;
  return {
    mid: Math.expm1(k * fit.slope),
    low: Math.expm1(k * (fit.slope - spread)),
    high: Math.expm1(k * (fit.slope + spread)),
  };
}

const DAYS_PER_WEEK = 7;
const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * An ad's fatigue trend over its last trendDays; null when it has too few days of delivery or
 * clicks there to fit one.
 */
export function adFatigue(
  ad: AdSeries,
  today: string,
  params: FatigueTrendParams = FATIGUE_TREND_DEFAULTS,
): AdFatigue | null {
  const delivered = ad.days
    .filter((d) => d.impressions > 0 && ageOf(d.date, today) >= 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  if (delivered.length === 0) return null;
  const firstDay = delivered[0].date;
  const launched = dayNumber(firstDay);
  let cumulative = 0;
  const points = delivered.map((d) => {
    // The day's midpoint of cumulative impressions: the exposure its own impressions were shown at.
    const mid = cumulative + d.impressions / 2;
    cumulative += d.impressions;
    return { day: d, age: dayNumber(d.date) - launched, doublings: Math.log2(mid) };
  });
  const recent = points.filter((p) => ageOf(p.day.date, today) < params.trendDays);
  const trendClicks = recent.reduce((s, p) => s + p.day.clicks, 0);
  if (recent.length < params.minTrendDays || trendClicks < params.minClicks) return null;

  const ctrByAge = poissonTrend(recent.map((p) => ({ x: p.age, events: p.day.clicks, exposure: p.day.impressions })));
  const cpcByAge = poissonTrend(
    recent.filter((p) => p.day.spend > 0).map((p) => ({ x: p.age, events: p.day.clicks, exposure: p.day.spend })),
  );
  const ctrByFrequency = poissonTrend(
    recent.map((p) => ({ x: p.doublings, events: p.day.clicks, exposure: p.day.impressions })),
  );
  if (!ctrByAge || !cpcByAge || !ctrByFrequency) return null;

  const level = params.credibleLevel;
  const sum = (days: typeof points) =>
    days.reduce((s, p) => ({ clicks: s.clicks + p.day.clicks, impressions: s.impressions + p.day.impressions }), {
      clicks: 0,
      impressions: 0,
    });
  const early = sum(points.slice(0, params.earlyDays));
  const late = sum(points.slice(-params.recentDays));
  const earlyCtr = early.clicks / early.impressions;
  const recentCtr = late.clicks / late.impressions;
  // Beta(1, 1) priors: the ad against itself, as creativeFatigue judges it.
  const before = beta(1 + early.clicks, 1 + Math.max(0, early.impressions - early.clicks));
  const now = beta(1 + late.clicks, 1 + Math.max(0, late.impressions - late.clicks));
  // Only an ad with an early window apart from its recent one can have fallen from it.
  const separate = points.length >= params.earlyDays + params.recentDays;
  const probabilityFatigued = separate ? probabilityBelowShare(now, before, params.keepShare) : 0;
  const probabilityDeclining = normalCdf(-ctrByAge.slope / ctrByAge.standardError, 0, 1);

  const ageToday = dayNumber(today) - launched;
  const fittedToday = Math.exp(ctrByAge.intercept + ctrByAge.slope * (ageToday - ctrByAge.centre));
  const line = params.keepShare * earlyCtr;
  const daysToFatigue =
    fittedToday <= line ? 0 : ctrByAge.slope < 0 ? Math.ceil(Math.log(line / fittedToday) / ctrByAge.slope) : null;

  const state: FatigueState =
    probabilityFatigued >= params.probability
      ? 'fatigued'
      : probabilityDeclining >= params.probability
        ? 'watch'
        : 'fresh';
  const perWeek = change(ctrByAge, DAYS_PER_WEEK, level);
  const explanation =
    state === 'fatigued'
      ? `Fatigued: click-through ${percent(1 - recentCtr / earlyCtr)} below its first ${Math.min(params.earlyDays, points.length)} days (${(earlyCtr * 100).toFixed(2)}% → ${(recentCtr * 100).toFixed(2)}%)`
      : state === 'watch'
        ? `Watch: click-through falling about ${percent(-perWeek.mid)} a week; ${daysToFatigue === 0 ? 'near' : `at this pace`} ${percent(1 - params.keepShare)} below its early level${daysToFatigue ? ` in about ${daysToFatigue} days` : ' already'}`
        : `Fresh: no credible fall in click-through over the last ${params.trendDays} days`;
  return {
    state,
    ageDays: ageToday,
    earlyCtr,
    recentCtr,
    ctrPerWeek: perWeek,
    cpcPerWeek: change({ ...cpcByAge, slope: -cpcByAge.slope }, DAYS_PER_WEEK, level),
    ctrPerImpressionDoubling: change(ctrByFrequency, 1, level),
    probabilityDeclining,
    probabilityFatigued,
    daysToFatigue,
    explanation,
  };
}
