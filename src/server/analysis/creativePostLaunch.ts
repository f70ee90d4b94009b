import { addDays } from '@shared/days';
import { minorToDecimal } from '@shared/money';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

import { isLive } from './adPeers';
import { cdf, interval, mean, type Posterior } from './distributions';
import {
  betaPrior,
  DEFAULT_RELATIVE_DISPERSION,
  gammaPrior,
  type PeerUnit,
  relativeDispersion,
  updateBeta,
  updateGamma,
} from './empiricalBayes';
import {
  type AccountFatigue,
  fitAccountFatigue,
  logMultiplierAt,
  NO_FATIGUE,
  perImpressionLogMultiplierAt,
} from './fatigueCurve';
import { type AdFatigue, adFatigue, FATIGUE_TREND_DEFAULTS, type FatigueTrendParams } from './fatigueTrend';
import { knownShare } from './lag';
import { type RateDay, steadyRate } from './steadyRate';
import type { AccountSeries, AdSeries, CampaignSeries, DayCounts, EntityStatus } from './types';
import { ageOf, sumByDate, type WindowTotals, windowTotals } from './window';

/**
 * The post-launch score: each ad of a campaign scored 1–100 against the campaign's ads on its
 * hook (click-through), its conversion (conversions per click) and its efficiency (conversions
 * per unit of spend, or value per unit of spend for a ROAS objective), with an overall score.
 *
 * Bias-aware in four ways:
 * - Media setup: an ad is compared only with its own campaign (same audience, bidding, budget).
 * - Time: the campaign's rate an ad is held against is the campaign's over the days that ad
 *   delivered, so an ad launched last week is compared with last week's campaign, not with a
 *   season, budget or creative mix it never saw (spend moves cost per conversion a lot through
 *   diminishing returns). Over the few days a new ad takes to spend the floor the campaign has
 *   few conversions of its own, so its conversion rates there are steadied by the four weeks
 *   before (steadyRate): as far as those weeks were steady from block to block, and not where
 *   the ad's days sit far outside them (a jump in the campaign's level). On the creative bench
 *   this lifted the share of the bound from 0.73 to 0.88 on seed 42, where it was chosen, and on
 *   the four seeds held out (7: 0.86 -> 0.92, 1234: 0.91 -> 0.95, 99: 0.80 -> 0.85, 2024:
 *   0.86 -> 0.92), and on the sandbox's realistic noise too.
 * - Luck: every rate is an empirical-Bayes posterior, shrunk towards the campaign's by how much
 *   the account's ads truly differ from their campaigns (empiricalBayes.relativeDispersion): an
 *   ad with little spend sits near its prior with a wide interval, however lucky its first days were.
 * - Age: the prior is the campaign's rate times what the ad's age alone predicts against the
 *   campaign's other ads on the same days (the workspace's wear by age, fatigueCurve, learnt
 *   from all its accounts' ads' series, each campaign-day its own level; flat when they show no
 *   credible wear). Ads wear, so a fresh ad
 *   among worn ones is truly likely better than their mean; without this a young ad with a few
 *   conversions would be pulled all the way to the campaign. The spread of the prior is then how
 *   much ads differ beyond their age (PostLaunchDispersion.beyondAge); the scores' scale stays how
 *   much they differ in all.
 *   Recent days' conversions are judged against the clicks and spend of the share of their
 *   conversions known so far (the lag profile), as the other modules do.
 *
 * Below the spend floor (₹4,000 by default, about Motion's $50) the counts are shown and the
 * scores withheld.
 *
 * The score of a rate: 100 · Φ(ln θ / s), θ the ad's posterior mean rate as a multiple of the
 * campaign's, s = √ln(1 + τ²) the spread of the account's ads around their campaigns on that rate
 * (τ² the relative dispersion). It reads as a percentile: the share of ads in a campaign like this
 * one that the ad's rate beats; 50 is on par with the campaign, 84 one spread above it. It is
 * monotone in the ad's shrunk rate. The interval maps the posterior's credible bounds the same way.
 *
 * The overall score leads with efficiency (OVERALL_WEIGHTS: 70% efficiency, 20% conversions per
 * click, 10% click-through, on the 1–100 scale). Efficiency is conversions per unit of spend for
 * a CPA objective; for ROAS it is value per unit of spend, the value counted in the campaign's
 * average orders (conversion equivalents) so the same Poisson shrinkage applies.
 *
 * Fatigue (fatigueTrend): each ad's click-through and cost per click trend with age and with
 * cumulative impressions, with a warning state.
 *
 * Tried and dropped (2026-12-02): the prior's shape learnt from the workspace's ads in place of a
 * gamma with the account's spread: a nonparametric maximum-likelihood prior (Kiefer and Wolfowitz;
 * EM on a 25 × 36 grid of click-through and conversions-per-impression multiples), from each ad's
 * clicks and conversions against its campaign's rates over its days as the score reads them, all
 * the bench's scored ads at once, the ad ranked by its posterior mean conversions per impression.
 * On the creative bench it ranked ads worse than the score on all four seeds tried: 0.57, 0.62,
 * 0.75, 0.51 (seeds 42, 99, 7, 1234; the two multiples independent, 20 EM steps) and 0.50, 0.61,
 * 0.70, 0.63 (jointly, the coupling clickbait would show) against the score's 0.62, 0.74, 0.80,
 * 0.71; 300 steps read lower still. Sixty to ninety ads with a handful of conversions each do
 * not show a prior's shape; the bench's learner that reaches 0.80 on seed 99 (learnPriorFairly)
 * reads the world's own likelihood, which no workspace knows.
 */

export type PostLaunchObjective = 'cpa' | 'roas';

export interface PostLaunchParams {
  /** Days of history scored (today included). */
  windowDays: number;
  /** Credible level of the intervals. */
  credibleLevel: number;
  fatigue: FatigueTrendParams;
}

/**
 * 90 days: an ad is scored on its life up to the history the product keeps, so an ad that needed
 * six weeks to spend the floor is still scored; each ad is held against the campaign on its own
 * days, so older ads' longer windows do not bias the comparison.
 */
export const POST_LAUNCH_DEFAULTS: PostLaunchParams = {
  windowDays: 90,
  credibleLevel: 0.9,
  fatigue: FATIGUE_TREND_DEFAULTS,
};

/** The default spend floor, in rupees: about Motion's $50. Convert it to the account's currency (minor units) for spendFloor. */
export const POST_LAUNCH_SPEND_FLOOR_INR = 4000;
/** Rupees a US dollar at the time the floor was set. */
const INR_PER_USD_AT_FLOOR = 83;
/** The same floor in US dollars (about $48). */
export const POST_LAUNCH_SPEND_FLOOR_USD = POST_LAUNCH_SPEND_FLOOR_INR / INR_PER_USD_AT_FLOOR;

/** The relative dispersion τ² of each rate (empiricalBayes), as computed over the account's ads. */
export interface PostLaunchRates {
  clickThrough: number;
  perClick: number;
  /** Conversions per unit of spend (conversion equivalents at the campaign's value per conversion, for ROAS). */
  perSpend: number;
}

/**
 * How much the account's ads differ from their campaigns on each rate (the scores' scale), and,
 * with a wear curve, how much beyond what their ages already say (the priors' spread: an ad's age
 * explains part of how it differs, so its own counts need to explain less).
 */
export interface PostLaunchDispersion extends PostLaunchRates {
  beyondAge?: PostLaunchRates;
}

export interface PostLaunchOptions {
  /** The account's current day. */
  today: string;
  /** The account's currency, for the explanations. */
  currency: string;
  /** Spend in the window below which scores are withheld, minor units of the account currency. */
  spendFloor: number;
  /** Share of conversions known by age (lag.estimateLagProfile); without it every day counts as complete. */
  lag?: (number | null)[];
  /** 'cpa' (default): efficiency is conversions per unit of spend; 'roas': value per unit of spend. */
  objective?: PostLaunchObjective;
  /** The account's dispersion (postLaunchDispersion); without it, estimated from this campaign's ads alone. */
  dispersion?: PostLaunchDispersion;
  /** The wear by age (fatigueCurve.fitWorkspaceFatigue over the workspace's accounts); without it, ads of every age start level with their campaign. */
  fatigueCurve?: AccountFatigue;
  params?: Partial<PostLaunchParams>;
}

export type PostLaunchMetric = 'ctr' | 'cvr' | 'cpa' | 'roas';

/** A figure of the metric: a rate (click-through, conversions per click), a cost (minor units) or a return (value ÷ spend). */
export interface PostLaunchScore {
  metric: PostLaunchMetric;
  /** 1–100 against the campaign's ads (50: on par). */
  score: number;
  /** The score's credible interval. */
  low: number;
  high: number;
  /** The ad's figure as reported (recent conversions against the share of clicks or spend known); null for a cost per conversion without a conversion yet. */
  observed: number | null;
  /** The ad's shrunk figure (posterior mean) and the campaign's over the ad's days, in the metric's units. */
  estimate: number;
  campaign: number;
  /** P(the ad is better than the campaign on this figure: higher, or cheaper for cost per conversion). */
  probabilityBetter: number;
  /** One line for the screen. */
  explanation: string;
}

/** Why an ad has no scores: spend in the window below the floor, or no other ad of the campaign delivered on its days (nothing to hold it against). */
export type PostLaunchWithheld = 'below_spend_floor' | 'no_other_ads';

export interface PostLaunchAd {
  adId: string;
  name: string;
  status: EntityStatus;
  /** Delivering now (an impression in the last three days) and active. */
  live: boolean;
  firstDay: string;
  /** Days since its first delivery in the history read. */
  ageDays: number;
  /** Totals over the window as reported (minor units for money). */
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  value: number;
  /** False below the spend floor or without another ad to compare with: the scores are then null. */
  enoughData: boolean;
  withheld: PostLaunchWithheld | null;
  overall: PostLaunchScore | null;
  hook: PostLaunchScore | null;
  conversion: PostLaunchScore | null;
  efficiency: PostLaunchScore | null;
  /** Click-through and cost-per-click trend with age and cumulative impressions; null with too little delivery to fit one. */
  fatigue: AdFatigue | null;
  /** One line for the screen. */
  summary: string;
}

export interface PostLaunchCampaign {
  campaignId: string;
  name: string;
  objective: PostLaunchObjective;
  spendFloor: number;
  dispersion: PostLaunchDispersion;
  /** Ads with delivery in the window, best overall first, then those without scores by spend. */
  ads: PostLaunchAd[];
}

/** An ad's window and the campaign's over the ad's own delivered days. */
interface Measured {
  ad: AdSeries;
  /** Every day of the window as reported (the hook and the counts shown). */
  raw: Omit<WindowTotals, 'knownSpend' | 'knownImpressions' | 'knownClicks' | 'firstActiveDay'>;
  own: WindowTotals;
  campaign: WindowTotals;
  campaignRaw: { impressions: number; clicks: number };
  /**
   * The campaign's days in the REFERENCE_DAYS before the ad's first, with the share of each
   * day's conversions known so far: they steady the campaign's rate over the ad's days.
   */
  before: { d: DayCounts; share: number }[];
  /** Whether another ad of the campaign delivered on any of its days. */
  hasPeers: boolean;
  /** The share of its true difference that shows against the campaign's rate, which holds its own delivery (empiricalBayes.PeerUnit). */
  varianceFactor: number;
  /** What its age alone says of each rate against the campaign's over its days (fatigueCurve): each rate's prior mean is the campaign's times this. */
  ageMultiplier: Record<keyof PostLaunchRates, number>;
}

/** Events and exposure of one factor for the ad, and the campaign's rate it is held against. */
interface Factor {
  kind: 'beta' | 'gamma';
  events: number;
  exposure: number;
  /** The campaign's rate over the ad's days; for conversions, steadied by the weeks before them (steadiedGroupRate). */
  groupRate: number;
  /** The prior's mean as a multiple of the campaign's rate (the ad's age against its campaign-mates'). */
  priorMultiplier: number;
}

const rate = (events: number, exposure: number) => (exposure > 0 ? events / exposure : 0);

/** The first day each ad delivered (on or before today): its age on a later day counts from it. */
function firstDeliveries(campaignAds: AdSeries[], today: string): Map<AdSeries, string> {
  const out = new Map<AdSeries, string>();
  for (const a of campaignAds) {
    const first = a.days.find((d) => (d.impressions > 0 || d.spend > 0) && d.date <= today);
    if (first) out.set(a, first.date);
  }
  return out;
}

/**
 * Each rate's multiplier that the ad's age alone predicts against its campaign over the ad's own
 * days: on each day, the account's wear at the ad's age over the exposure-weighted mean wear of
 * the campaign's delivering ads at theirs, averaged over the ad's days by its exposure. A fresh
 * ad among worn ones starts above 1, an old one among fresh ones below.
 */
function ageMultipliers(
  ad: AdSeries,
  campaignAds: AdSeries[],
  dates: Set<string>,
  today: string,
  lag: (number | null)[],
  fatigue: AccountFatigue,
): Record<keyof PostLaunchRates, number> {
  const first = firstDeliveries(campaignAds, today);
  const wear: Record<keyof PostLaunchRates, (age: number) => number> = {
    clickThrough: (age) => Math.exp(logMultiplierAt(fatigue.clickThrough, age)),
    perClick: (age) => Math.exp(logMultiplierAt(fatigue.perClick, age)),
    perSpend: (age) => Math.exp(perImpressionLogMultiplierAt(fatigue, age)),
  };
  const exposure: Record<keyof PostLaunchRates, (d: DayCounts, share: number) => number> = {
    clickThrough: (d) => d.impressions,
    perClick: (d, share) => d.clicks * share,
    perSpend: (d, share) => d.spend * share,
  };
  const sums = Object.fromEntries(KEYS.map((k) => [k, { weighted: 0, exposure: 0 }])) as Record<
    keyof PostLaunchDispersion,
    { weighted: number; exposure: number }
  >;
  const byDate = new Map<string, { a: AdSeries; d: DayCounts }[]>();
  for (const a of campaignAds)
    for (const d of a.days)
      if (dates.has(d.date) && (d.impressions > 0 || d.spend > 0))
        byDate.set(d.date, [...(byDate.get(d.date) ?? []), { a, d }]);
  for (const [date, delivering] of byDate) {
    const own = delivering.find((x) => x.a === ad);
    if (!own) continue;
    const share = knownShare(lag, ageOf(date, today)) ?? 0;
    const ageOn = (a: AdSeries) => ageOf(first.get(a) ?? date, date);
    for (const k of KEYS) {
      let mix = 0;
      let total = 0;
      for (const { a, d } of delivering) {
        const x = exposure[k](d, k === 'clickThrough' ? 1 : share);
        mix += x * wear[k](ageOn(a));
        total += x;
      }
      const x = exposure[k](own.d, k === 'clickThrough' ? 1 : share);
      if (x <= 0 || mix <= 0) continue;
      sums[k].weighted += (x * wear[k](ageOn(ad))) / (mix / total);
      sums[k].exposure += x;
    }
  }
  return Object.fromEntries(
    KEYS.map((k) => [k, sums[k].exposure > 0 ? sums[k].weighted / sums[k].exposure : 1]),
  ) as Record<keyof PostLaunchRates, number>;
}

function measure(
  ad: AdSeries,
  campaignAds: AdSeries[],
  today: string,
  windowDays: number,
  lag: (number | null)[],
  fatigue: AccountFatigue,
): Measured | null {
  const inWindow = (d: DayCounts) =>
    (d.impressions > 0 || d.spend > 0) && ageOf(d.date, today) >= 0 && ageOf(d.date, today) < windowDays;
  const days = ad.days.filter(inWindow);
  if (days.length === 0) return null;
  const raw = { spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0, activeDays: days.length };
  for (const d of days) {
    raw.spend += d.spend;
    raw.impressions += d.impressions;
    raw.clicks += d.clicks;
    raw.conversions += d.conversions;
    raw.value += d.value;
  }
  const dates = new Set(days.map((d) => d.date));
  const onItsDays = (a: AdSeries) => a.days.filter((d) => dates.has(d.date) && (d.impressions > 0 || d.spend > 0));
  const campaignDays = sumByDate(campaignAds.flatMap(onItsDays));
  // Each ad's share of the campaign's spend over these days: the campaign's rate here is partly the ad's own.
  const spendOf = (a: AdSeries) => onItsDays(a).reduce((s, d) => s + d.spend, 0);
  const campaignSpend = campaignAds.reduce((s, a) => s + spendOf(a), 0);
  const shares = campaignAds.map((a) => (campaignSpend > 0 ? spendOf(a) / campaignSpend : 0));
  const ownShare = campaignSpend > 0 ? spendOf(ad) / campaignSpend : 1;
  const firstDay = days.reduce((first, d) => (d.date < first ? d.date : first), days[0].date);
  const stretchStart = addDays(firstDay, -REFERENCE_DAYS);
  const before = sumByDate(
    campaignAds.flatMap((a) => a.days.filter((d) => inWindow(d) && d.date >= stretchStart && d.date < firstDay)),
  )
    .map((d) => ({ d, share: knownShare(lag, ageOf(d.date, today)) ?? 0 }))
    .filter((x) => x.share > 0);
  return {
    before,
    varianceFactor: (1 - ownShare) ** 2 + shares.reduce((s, w) => s + w * w, 0) - ownShare ** 2,
    hasPeers: campaignAds.some((a) => a !== ad && onItsDays(a).length > 0),
    ad,
    raw,
    own: windowTotals(ad.days, today, windowDays, lag),
    campaign: windowTotals(campaignDays, today, windowDays, lag),
    campaignRaw: {
      impressions: campaignDays.reduce((s, d) => s + d.impressions, 0),
      clicks: campaignDays.reduce((s, d) => s + d.clicks, 0),
    },
    ageMultiplier: ageMultipliers(ad, campaignAds, dates, today, lag, fatigue),
  };
}

/** Value per conversion of the campaign over the ad's days: ROAS counts value in these units (conversion equivalents). */
const campaignOrderValue = (m: Measured) => rate(m.campaign.value, m.campaign.conversions);

/**
 * Days of the campaign before an ad's first that steady the campaign's rate over the ad's days
 * (steadyRate): four weeks, long enough to hold several blocks of an ad's first days, short
 * enough that the campaign's mix of ads and its budget are still much as they were.
 */
const REFERENCE_DAYS = 28;

/**
 * The campaign's events per unit of exposure over the ad's days, steadied by the same over the
 * weeks before them (steadyRate: at most as steady as those weeks were, and not at all when the
 * days sit far outside them); its rate over the ad's days alone when there were no weeks before.
 */
function steadiedGroupRate(
  m: Measured,
  groupEvents: number,
  groupExposure: number,
  perDay: (d: DayCounts, share: number) => RateDay,
): number {
  const steady = steadyRate(
    m.before.map(({ d, share }) => perDay(d, share)),
    { events: groupEvents, exposure: groupExposure },
    m.raw.activeDays,
  );
  return steady?.rate ?? rate(groupEvents, groupExposure);
}

function factors(m: Measured, objective: PostLaunchObjective): Record<keyof PostLaunchRates, Factor> {
  const orderValue = campaignOrderValue(m);
  const equivalents = (value: number) => (orderValue > 0 ? value / orderValue : 0);
  const perSpend =
    objective === 'roas'
      ? {
          events: equivalents(m.own.value),
          groupEvents: equivalents(m.campaign.value),
          dayEvents: (d: DayCounts) => equivalents(d.value),
        }
      : { events: m.own.conversions, groupEvents: m.campaign.conversions, dayEvents: (d: DayCounts) => d.conversions };
  return {
    clickThrough: {
      kind: 'beta',
      events: m.raw.clicks,
      exposure: m.raw.impressions,
      // Clicks are many: the campaign's click-through over the ad's days is measured well enough.
      groupRate: rate(m.campaignRaw.clicks, m.campaignRaw.impressions),
      priorMultiplier: m.ageMultiplier.clickThrough,
    },
    perClick: {
      kind: 'beta',
      events: m.own.conversions,
      exposure: m.own.knownClicks,
      groupRate: steadiedGroupRate(m, m.campaign.conversions, m.campaign.knownClicks, (d, share) => ({
        events: d.conversions,
        exposure: d.clicks * share,
      })),
      priorMultiplier: m.ageMultiplier.perClick,
    },
    perSpend: {
      kind: 'gamma',
      events: perSpend.events,
      exposure: m.own.knownSpend,
      groupRate: steadiedGroupRate(m, perSpend.groupEvents, m.campaign.knownSpend, (d, share) => ({
        events: perSpend.dayEvents(d),
        exposure: d.spend * share,
      })),
      priorMultiplier: m.ageMultiplier.perSpend,
    },
  };
}

/**
 * The account's spread is pooled with this many ads' worth at the default (ads differ from their
 * campaigns by about ±30%): an account has a handful of ads with enough conversions to measure it,
 * and a spread estimated from a handful swings from ±5% to ±60%, moving every score of the account.
 */
const DISPERSION_POOLING = { dispersion: DEFAULT_RELATIVE_DISPERSION, units: 8 };

const KEYS: (keyof PostLaunchRates)[] = ['clickThrough', 'perClick', 'perSpend'];

/** Each ad's events against its campaign's rate over its days, times what its age predicts when `byAge`. */
function units(
  measured: Measured[],
  objective: PostLaunchObjective,
  byAge: boolean,
): Record<keyof PostLaunchRates, PeerUnit[]> {
  const out = Object.fromEntries(KEYS.map((k) => [k, [] as PeerUnit[]])) as Record<
    keyof PostLaunchDispersion,
    PeerUnit[]
  >;
  for (const m of measured) {
    const f = factors(m, objective);
    for (const k of KEYS)
      out[k].push({
        events: f[k].events,
        exposure: f[k].exposure,
        groupRate: f[k].groupRate * (byAge ? f[k].priorMultiplier : 1),
        varianceFactor: m.varianceFactor,
      });
  }
  return out;
}

const ratesOf = (u: Record<keyof PostLaunchRates, PeerUnit[]>): PostLaunchRates =>
  Object.fromEntries(KEYS.map((k) => [k, relativeDispersion(u[k], DISPERSION_POOLING)])) as unknown as PostLaunchRates;

/** The dispersion of measured ads, and beyond their ages when a wear curve is known. */
const dispersionOf = (
  measured: Measured[],
  objective: PostLaunchObjective,
  withCurve: boolean,
): PostLaunchDispersion => ({
  ...ratesOf(units(measured, objective, false)),
  ...(withCurve ? { beyondAge: ratesOf(units(measured, objective, true)) } : {}),
});

function campaignMeasures(
  campaign: CampaignSeries,
  today: string,
  windowDays: number,
  lag: (number | null)[],
  fatigue: AccountFatigue,
): Measured[] {
  return campaign.ads
    .map((ad) => measure(ad, campaign.ads, today, windowDays, lag, fatigue))
    .filter((m): m is Measured => m !== null);
}

/**
 * The relative dispersion of each rate over all the account's ads against their campaigns (each
 * ad over its own days), as adPeers computes its priors' spread: per account, never pooled across
 * platforms or currencies.
 */
export function postLaunchDispersion(
  account: AccountSeries,
  options: Pick<PostLaunchOptions, 'lag' | 'objective' | 'params' | 'fatigueCurve'> = {},
): PostLaunchDispersion {
  const params = { ...POST_LAUNCH_DEFAULTS, ...options.params };
  const lag = options.lag ?? [1];
  const objective = options.objective ?? 'cpa';
  const fatigue = options.fatigueCurve ?? NO_FATIGUE;
  const all = account.campaigns.flatMap((c) => campaignMeasures(c, account.today, params.windowDays, lag, fatigue));
  return dispersionOf(all, objective, options.fatigueCurve !== undefined);
}

/**
 * What the account's own series say before any one ad's counts: how its ads wear with age
 * (fatigueCurve, from every ad's days against its campaign-mates') and, given that, how much its
 * ads still differ from their campaigns (postLaunchDispersion). Score the account's campaigns with both.
 */
export function postLaunchAccountPriors(
  account: AccountSeries,
  options: Pick<PostLaunchOptions, 'lag' | 'objective' | 'params' | 'fatigueCurve'> & { learnFatigue?: boolean } = {},
): { fatigueCurve: AccountFatigue; dispersion: PostLaunchDispersion } {
  // The product passes the workspace's wear (fatigueCurve.fitWorkspaceFatigue, every connected
  // account's ads pooled): on the creative bench it raised the share of the bound on all five
  // seeds measured, two of them held out (0.67 -> 0.73, 0.85 -> 0.86, 0.76 -> 0.91; held out
  // 0.77 -> 0.80, 0.81 -> 0.86). One account's own curve (`learnFatigue`, the bench's
  // `--fatigue learnt`) lifted the seed it was built on (0.67 -> 0.91) but lowered both seeds held
  // out from that work (0.85 -> 0.74, 0.76 -> 0.70): an account's few ads show wear credibly in
  // some accounts and not in others, so fresh ads of accounts that wear alike were shifted by
  // different amounts. Without either, every ad starts level with its campaign.
  if (options.fatigueCurve)
    return { fatigueCurve: options.fatigueCurve, dispersion: postLaunchDispersion(account, options) };
  const fatigueCurve = options.learnFatigue ? fitAccountFatigue(account, options.lag) : NO_FATIGUE;
  return { fatigueCurve, dispersion: postLaunchDispersion(account, { ...options, fatigueCurve }) };
}

/** A rate's posterior against the campaign: the log of its mean as a multiple of the campaign's rate. */
interface Relative {
  posterior: Posterior;
  groupRate: number;
  logMean: number;
}

function relative(f: Factor, dispersion: number): Relative | null {
  const { groupRate } = f;
  if (groupRate <= 0) return null;
  const priorMean = groupRate * f.priorMultiplier;
  const posterior =
    f.kind === 'beta'
      ? updateBeta(betaPrior(priorMean, dispersion), f.events, f.exposure)
      : updateGamma(gammaPrior(priorMean, dispersion), f.events, f.exposure);
  const m = mean(posterior);
  return { posterior, groupRate, logMean: Math.log(m / groupRate) };
}

/** The spread on the log scale of rates with relative dispersion τ². */
const logSpread = (dispersion: number) => Math.sqrt(Math.log1p(dispersion));
const SCORE_MIN = 1;
const SCORE_MAX = 100;
const toScore = (logRatio: number, spread: number) =>
  Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(SCORE_MAX * normalCdf(logRatio / spread, 0, 1))));

const percent = (x: number, digits = 2) => `${(x * 100).toFixed(digits)}%`;
/** "92% likely lower"; never a flat 0% or 100%, which a posterior cannot claim. */
const likely = (p: number, better: string) =>
  `${p < 0.01 ? 'under 1%' : p > 0.99 ? 'over 99%' : `${Math.round(p * 100)}%`} likely ${better}`;

interface Shown {
  metric: PostLaunchMetric;
  observed: number | null;
  estimate: number;
  campaign: number;
  text: (value: number | null) => string;
  label: string;
  better: string;
}

function scoreOf(r: Relative, dispersion: number, level: number, shown: Shown): PostLaunchScore {
  const spread = logSpread(dispersion);
  const { low, high } = interval(r.posterior, level);
  const probabilityBetter = 1 - cdf(r.posterior, r.groupRate);
  const score = toScore(r.logMean, spread);
  return {
    metric: shown.metric,
    score,
    low: toScore(Math.log(low / r.groupRate), spread),
    high: toScore(Math.log(high / r.groupRate), spread),
    observed: shown.observed,
    estimate: shown.estimate,
    campaign: shown.campaign,
    probabilityBetter,
    explanation: `${shown.label} ${shown.text(shown.observed)} vs the campaign’s ${shown.text(shown.campaign)}; ${likely(probabilityBetter, shown.better)}`,
  };
}

interface Scored {
  overall: PostLaunchScore;
  hook: PostLaunchScore;
  conversion: PostLaunchScore;
  efficiency: PostLaunchScore;
}

/**
 * The overall score's weights, on the 1–100 scale. Efficiency leads: it is what the advertiser
 * pays for, and it already holds both other figures (conversions per unit of spend = click-through
 * × conversions per click × impressions per unit of spend). Conversions per click gets a fifth: at
 * the spend floor its posterior is a second, less cost-noisy read of whether the ad's traffic
 * converts. The hook gets a tenth only: a click-through lead is worth what it converts, and
 * clickbait (many clicks, few conversions) is common, so the hook breaks ties and no more.
 * Adding the factors as independent parts instead (their log-rates with weight 1 each, the hook
 * kept at its full, well-measured lead) ranked ads worse against the sandbox's truth, for that
 * reason.
 */
export const OVERALL_WEIGHTS = { efficiency: 0.7, conversion: 0.2, hook: 0.1 } as const;

/** The weighted score; its interval the same weights of the bounds (as if the three moved together: the wider, honest choice). */
function combine(
  efficiency: PostLaunchScore,
  conversion: PostLaunchScore,
  hook: PostLaunchScore,
  roas: boolean,
): PostLaunchScore {
  const w = OVERALL_WEIGHTS;
  const weighted = (pick: (s: PostLaunchScore) => number) =>
    Math.round(w.efficiency * pick(efficiency) + w.conversion * pick(conversion) + w.hook * pick(hook));
  const score = weighted((s) => s.score);
  return {
    ...efficiency,
    score,
    low: weighted((s) => s.low),
    high: weighted((s) => s.high),
    explanation: `${score} of 100 against the campaign’s ads: ${roas ? 'return on ad spend' : 'cost per conversion'} ${efficiency.score}, conversions per click ${conversion.score}, click-through ${hook.score} (weighted ${w.efficiency * 100}/${
      w.conversion * 100
    }/${w.hook * 100})`,
  };
}

function scoreAd(
  m: Measured,
  objective: PostLaunchObjective,
  dispersion: PostLaunchDispersion,
  currency: string,
  level: number,
): Scored | null {
  const f = factors(m, objective);
  const prior = dispersion.beyondAge ?? dispersion;
  const clickThrough = relative(f.clickThrough, prior.clickThrough);
  const perClick = relative(f.perClick, prior.perClick);
  const perSpend = relative(f.perSpend, prior.perSpend);
  // A campaign without clicks or conversions over the ad's days has no rate to be held against.
  if (!clickThrough || !perClick || !perSpend) return null;
  const orderValue = campaignOrderValue(m);
  const money = (minor: number) => `${minorToDecimal(Math.round(minor), currency)} ${currency}`;
  const roas = objective === 'roas';
  // What a rate of conversion equivalents per unit of spend shows as: cost per conversion, or value per unit of spend.
  const display = (perUnit: number) => (roas ? perUnit * orderValue : 1 / perUnit);
  const efficiency = scoreOf(
    perSpend,
    dispersion.perSpend,
    level,
    roas
      ? {
          metric: 'roas',
          observed: rate(m.own.value, m.own.knownSpend),
          estimate: display(mean(perSpend.posterior)),
          campaign: display(perSpend.groupRate),
          text: (x) => `${(x ?? 0).toFixed(2)}×`,
          label: 'Return on ad spend',
          better: 'above it',
        }
      : {
          metric: 'cpa',
          observed: m.own.conversions > 0 ? display(rate(m.own.conversions, m.own.knownSpend)) : null,
          estimate: display(mean(perSpend.posterior)),
          campaign: display(perSpend.groupRate),
          text: (x) => (x === null ? 'none yet' : money(x)),
          label: 'Cost per conversion',
          better: 'lower',
        },
  );
  const hook = scoreOf(clickThrough, dispersion.clickThrough, level, {
    metric: 'ctr',
    observed: rate(m.raw.clicks, m.raw.impressions),
    estimate: mean(clickThrough.posterior),
    campaign: clickThrough.groupRate,
    text: (x) => percent(x ?? 0),
    label: 'Click-through',
    better: 'above it',
  });
  const conversion = scoreOf(perClick, dispersion.perClick, level, {
    metric: 'cvr',
    observed: rate(m.own.conversions, m.own.knownClicks),
    estimate: mean(perClick.posterior),
    campaign: perClick.groupRate,
    text: (x) => percent(x ?? 0, 1),
    label: 'Conversions per click',
    better: 'above it',
  });
  return { overall: combine(efficiency, conversion, hook, roas), efficiency, hook, conversion };
}

const plural = (n: number, word: string) =>
  `${Math.round(n).toLocaleString('en-US')} ${word}${Math.round(n) === 1 ? '' : 's'}`;

/**
 * Scores every ad of a campaign that delivered in the window against the campaign's ads. Pass
 * the account's dispersion (postLaunchDispersion) when scoring a whole account, so a campaign
 * of two or three ads borrows the account's evidence on how much ads differ.
 */
export function scoreCampaignAds(campaign: CampaignSeries, options: PostLaunchOptions): PostLaunchCampaign {
  const params = { ...POST_LAUNCH_DEFAULTS, ...options.params };
  const lag = options.lag ?? [1];
  const objective = options.objective ?? 'cpa';
  const { today, currency, spendFloor } = options;
  const measured = campaignMeasures(campaign, today, params.windowDays, lag, options.fatigueCurve ?? NO_FATIGUE);
  const dispersion = options.dispersion ?? dispersionOf(measured, objective, options.fatigueCurve !== undefined);
  const money = (minor: number) => `${minorToDecimal(Math.round(minor), currency)} ${currency}`;

  const ads = measured.map((m): PostLaunchAd => {
    const firstDay = m.ad.days.find((d) => d.impressions > 0 || d.spend > 0)!.date;
    const withheld: PostLaunchWithheld | null =
      m.raw.spend < spendFloor ? 'below_spend_floor' : m.hasPeers ? null : 'no_other_ads';
    const scored = withheld ? null : scoreAd(m, objective, dispersion, currency, params.credibleLevel);
    const counts = `${plural(m.raw.clicks, 'click')}, ${plural(m.raw.conversions, 'conversion')}`;
    const summary =
      withheld === 'below_spend_floor'
        ? `Not enough data yet: ${minorToDecimal(Math.round(m.raw.spend), currency)} of ${money(spendFloor)} spent (${counts} so far)`
        : withheld === 'no_other_ads' || !scored
          ? `No other ad of the campaign delivered on its days to compare with (${counts})`
          : `Scores ${scored.overall.score} (${scored.overall.low}–${scored.overall.high}) against the campaign’s ads on ${money(m.raw.spend)} of spend (${counts})`;
    return {
      adId: m.ad.id,
      name: m.ad.name,
      status: m.ad.status,
      live: isLive(m.ad, today),
      firstDay,
      ageDays: ageOf(firstDay, today),
      spend: m.raw.spend,
      impressions: m.raw.impressions,
      clicks: m.raw.clicks,
      conversions: m.raw.conversions,
      value: m.raw.value,
      enoughData: scored !== null,
      withheld: scored ? null : (withheld ?? 'no_other_ads'),
      overall: scored?.overall ?? null,
      hook: scored?.hook ?? null,
      conversion: scored?.conversion ?? null,
      efficiency: scored?.efficiency ?? null,
      fatigue: adFatigue(m.ad, today, params.fatigue),
      summary,
    };
  });
  ads.sort((a, b) => (b.overall?.score ?? -1) - (a.overall?.score ?? -1) || b.spend - a.spend);
  return { campaignId: campaign.id, name: campaign.name, objective, spendFloor, dispersion, ads };
}

/**
 * Every active campaign of an account scored, with the account's dispersion; with `fatigueCurve`
 * (the workspace's wear by age, fitWorkspaceFatigue) each ad's prior starts from what its age says
 * against its campaign-mates'.
 */
export function scoreAccountAds(
  account: AccountSeries,
  options: Omit<PostLaunchOptions, 'today' | 'currency' | 'dispersion'>,
): PostLaunchCampaign[] {
  const { fatigueCurve, dispersion } = postLaunchAccountPriors(account, options);
  return account.campaigns
    .filter((c) => c.status === 'ACTIVE')
    .map((c) =>
      scoreCampaignAds(c, { ...options, today: account.today, currency: account.currency, dispersion, fatigueCurve }),
    )
    .filter((c) => c.ads.length > 0);
}
