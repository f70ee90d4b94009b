import type { Posterior } from './distributions';
import { gammaPrior, type PeerUnit, relativeDispersion, updateGamma } from './empiricalBayes';
import type { Learning } from './findings';
import {
  drawFactor,
  factorAtSpend,
  SATURATION_DEFAULTS,
  type SaturationPosterior,
  saturationPosterior,
} from './responseCurve';
import type { AccountSeries, CampaignSeries, Range } from './types';
import { uniforms } from './uniforms';
import { ageOf, median, type WindowTotals, windowTotals } from './window';

/**
 * The cost of each delivering campaign's NEXT conversion (its marginal CPA), for all of an
 * account's campaigns at once, as Monte Carlo draws. What decides whether a budget should move
 * is the marginal CPA, and the data show the average one: on a saturating response curve the
 * marginal is the average times a saturation ratio, from about 1.1 far from saturation to 3 or
 * more deep in it, and a few months of daily noise rarely say which (responseCurve's posterior,
 * which is its prior for a campaign whose spend never varied). So each draw takes a campaign's
 * average CPA from its posterior (conversions per unit of spend over the window as its live ads
 * deliver now, shrunk to the account's rate by how much the account's campaigns truly differ)
 * and multiplies it by a draw of its ratio, independently per campaign. A campaign is then only
 * credibly dearer or cheaper at the margin than another when its average differs by more than
 * saturation could explain. Budget steps (budgetShift) and moves (moveBudget) decide on these
 * draws; peers are the account's campaigns only (one platform, one currency).
 */

export interface MarginalParams {
  windowDays: number;
  /** A campaign with fewer days of delivery in the window, or fewer conversions, is learning. */
  minActiveDays: number;
  minConversions: number;
  /**
   * The saturation ratio's prior, log-uniform: a budget set by feel lies anywhere from far below
   * the point of diminishing returns (1.1) to well past it (3.5).
   */
  saturation: { low: number; high: number };
  /**
   * A campaign whose last week's daily spend is more than this factor off its window's (a budget
   * moved, a step of a move applied) is not judged: its window's average cost is of another
   * spend, and which way saturation moved it is the unknown the ratio stands for.
   */
  maxSpendChange: number;
  /** Monte Carlo draws. */
  draws: number;
}

export const MARGINAL_DEFAULTS: MarginalParams = {
  windowDays: 28,
  minActiveDays: 21,
  minConversions: 30,
  saturation: { low: 1.1, high: 3.5 },
  maxSpendChange: 1.5,
  draws: 4000,
};

/** A campaign delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;
/** Days behind "the spend now" and "spends most of its budget" (a week: also the spend a week a step changes). */
const RECENT_DAYS = 7;
/** Conversions' worth of the account's rate in the prior of a campaign's own rate (ownPerSpend). */
const OWN_RATE_PRIOR_CONVERSIONS = 1;
/** Fixed seed of the draws: the same series give the same findings. */
const DRAW_SEED = 0x5eed;

export interface CampaignUnit {
  campaign: CampaignSeries;
  totals: WindowTotals;
  /** Conversions per unit of spend over the window, as its live ads deliver now. */
  perSpend: Posterior;
  /**
   * The same rate with only OWN_RATE_PRIOR_CONVERSIONS' worth of pull to the account's rate: the
   * level of the campaign's own response curve (budgetOptimizer). Conversions per unit of spend
   * differ between an account's campaigns several-fold by how saturated each is alone (a small
   * campaign far from saturation converts far more per unit than a big one deep in it), so
   * pulling a small campaign towards the account's rate, which the big ones set, would make it
   * look worse than it is, just where more budget would do the most.
   */
  ownPerSpend: Posterior;
  /** Enough days and conversions, at a steady spend, to be judged (else it is in `learning`). */
  judged: boolean;
  /** Spend over the last RECENT_DAYS days, and its share of the budget. */
  recentSpend: number;
  utilisation: number;
  saturation: SaturationPosterior;
  /** Mean daily spend over the window's days of delivery. */
  windowDailySpend: number;
}

export interface MarginalCosts {
  units: CampaignUnit[];
  /** The saturation ratio's prior range the draws started from. */
  saturation: { low: number; high: number };
  /** draws[k][i]: the k-th draw of unit i's marginal CPA (minor units). */
  draws: number[][];
  learning: Learning[];
}

function isDelivering(campaign: CampaignSeries, today: string): boolean {
  return (
    campaign.status === 'ACTIVE' &&
    (campaign.dailyBudget ?? 0) > 0 &&
    campaign.days.some((d) => d.spend > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS)
  );
}

/**
 * The campaign's window as its delivery is now: the totals of the ads that still deliver (an ad
 * paused or stopped in the window no longer says what the campaign's next unit of spend buys;
 * its share goes to the others, which convert as they did), with the campaign's own days of
 * delivery. A campaign whose series carries no ads is taken as a whole.
 */
export function currentMixTotals(
  campaign: CampaignSeries,
  today: string,
  windowDays: number,
  lag: (number | null)[],
): WindowTotals {
  const whole = windowTotals(campaign.days, today, windowDays, lag);
  const live = campaign.ads.filter(
    (ad) => ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS),
  );
  if (live.length === 0) return whole;
  const totals = live.map((ad) => windowTotals(ad.days, today, windowDays, lag));
  const add = (pick: (t: WindowTotals) => number) => totals.reduce((s, t) => s + pick(t), 0);
  return {
    ...whole,
    spend: add((t) => t.spend),
    impressions: add((t) => t.impressions),
    clicks: add((t) => t.clicks),
    conversions: add((t) => t.conversions),
    value: add((t) => t.value),
    knownSpend: add((t) => t.knownSpend),
    knownImpressions: add((t) => t.knownImpressions),
    knownClicks: add((t) => t.knownClicks),
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, rate) draw (Marsaglia–Tsang; shape below 1 by the usual boost). */
export function sampleGamma(p: Posterior, random: () => number): number {
  if (p.a < 1) return sampleGamma({ ...p, a: p.a + 1 }, random) * (1 - random()) ** (1 / p.a);
  const d = p.a - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = 1 - random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return (d * v) / p.b;
  }
}

/**
 * A draw of one campaign's marginal CPA now: its average CPA over the window, moved from the
 * window's spend to today's along the curve the drawn ratio fixes ((h + s) scales the average
 * CPA), times that ratio.
 */
function drawMarginal(unit: CampaignUnit, random: () => number): number {
  const factor = drawFactor(unit.saturation, random(), random());
  const average = 1 / Math.max(sampleGamma(unit.perSpend, random), Number.MIN_VALUE);
  const atWindowSpend = factorAtSpend(factor, unit.saturation.spendNow, unit.windowDailySpend);
  return ((average * factor) / atWindowSpend) * factor;
}

/** Every delivering campaign of the account with its marginal CPA's draws; null with fewer than two or no conversions. */
export function marginalCosts(
  account: AccountSeries,
  lag: (number | null)[],
  params: MarginalParams = MARGINAL_DEFAULTS,
): MarginalCosts | null {
  const { today } = account;
  const delivering = account.campaigns
    .filter((c) => isDelivering(c, today))
    .map((campaign) => ({ campaign, totals: currentMixTotals(campaign, today, params.windowDays, lag) }));
  if (delivering.length < 2) return null;

  const conversions = delivering.reduce((s, x) => s + x.totals.conversions, 0);
  const knownSpend = delivering.reduce((s, x) => s + x.totals.knownSpend, 0);
  const accountRate = knownSpend > 0 ? conversions / knownSpend : 0;
  if (accountRate <= 0) return null;
  // Campaigns as peers of one another: their true spread sets how far a thin one is pulled to the account's rate.
  const spread = relativeDispersion(
    delivering.map((x): PeerUnit => ({
      events: x.totals.conversions,
      exposure: x.totals.knownSpend,
      groupRate: accountRate,
    })),
  );

  const learning: Learning[] = [];
  const saturation = { ...SATURATION_DEFAULTS, prior: params.saturation };
  const units: CampaignUnit[] = delivering.map(({ campaign, totals }) => {
    const recent = windowTotals(campaign.days, today, RECENT_DAYS, [1]);
    const whole = windowTotals(campaign.days, today, params.windowDays, [1]);
    const windowDailySpend = whole.spend / Math.max(1, whole.activeDays);
    const recentDailySpend = recent.spend / Math.max(1, recent.activeDays);
    const spendChanged =
      Math.abs(Math.log(Math.max(recentDailySpend, 1) / Math.max(windowDailySpend, 1))) >
      Math.log(params.maxSpendChange);
    const reason =
      totals.activeDays < params.minActiveDays
        ? 'too_new'
        : totals.conversions < params.minConversions
          ? 'too_little_data'
          : spendChanged
            ? 'spend_changed'
            : null;
    if (reason) learning.push({ level: 'campaign', entityId: campaign.id, reason });
    return {
      campaign,
      totals,
      perSpend: updateGamma(gammaPrior(accountRate, spread), totals.conversions, totals.knownSpend),
      ownPerSpend: updateGamma(
        gammaPrior(accountRate, 1 / OWN_RATE_PRIOR_CONVERSIONS),
        totals.conversions,
        totals.knownSpend,
      ),
      judged: reason === null,
      recentSpend: recent.spend,
      utilisation: recent.spend / (RECENT_DAYS * campaign.dailyBudget!),
      saturation: saturationPosterior(campaign, today, lag, saturation),
      windowDailySpend,
    };
  });

  const random = uniforms(DRAW_SEED);
  const draws: number[][] = [];
  for (let k = 0; k < params.draws; k += 1) draws.push(units.map((u) => drawMarginal(u, random)));
  return { units, saturation: params.saturation, draws, learning };
}

const quantileOf = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];

/** The median and central `level` interval of a set of draws. */
export function rangeOfDraws(values: number[], level: number): Range {
  const sorted = [...values].sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return { mid: quantileOf(sorted, 0.5), low: quantileOf(sorted, tail), high: quantileOf(sorted, 1 - tail) };
}

/** The median of the other campaigns' marginal CPAs in each draw. */
export function peersMedianDraws(costs: MarginalCosts, i: number): number[] {
  return costs.draws.map((d) => median(d.filter((_, j) => j !== i)));
}
