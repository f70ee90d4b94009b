import { type CampaignUnit, type MarginalCosts, sampleGamma } from './marginalCpa';
import { drawFactor, pooledSaturation } from './responseCurve';
import type { Range } from './types';
import { uniforms } from './uniforms';

/**
 * The budget optimizer: a reallocation of an account's daily budgets that maximises expected
 * conversions at the same total budget, on each campaign's fitted saturating curve
 * (conversions a day = scale × s / (half + s), s the day's spend), taken with its uncertainty:
 * the objective is the posterior mean over draws of the curve (responseCurve's saturation ratio
 * and marginalCpa's rate per unit of spend), which is concave, so the optimum is where every
 * moved campaign's expected marginal return is the same (water-filling on the marginals, by
 * bisection), within each campaign's bounds. How saturated one campaign is, a few months of its
 * own counts rarely say, so each is read with the account's other campaigns as a hierarchical
 * prior on its half-saturation spend (responseCurve's pooledSaturation), and the curve's level is
 * the campaign's own conversions per unit of spend (marginalCpa's ownPerSpend). A campaign whose
 * spend never varied enough to fit a curve, one still learning, and one the user locked, keep
 * their budgets: they are held, not guessed. The gain's range comes from the same draws.
 */

/** One draw of a campaign's curve, in spend (minor units a day). */
export interface CurveDraw {
  scale: number;
  half: number;
}

export type HoldReason = 'locked' | 'not_fitted' | 'learning';

export interface OptimizerCampaign {
  id: string;
  /** Daily budget now, minor units. */
  budget: number;
  /** Spend per unit of budget (recent days): the spend a budget buys. */
  utilisation: number;
  draws: CurveDraw[];
  /** Why it keeps its budget, or null when it may move. */
  hold: HoldReason | null;
  /** Budget bounds the user set (minor units); null: none. */
  min: number | null;
  max: number | null;
}

export interface OptimizerLimits {
  /** Largest move of one campaign's budget in one step, as a fraction (0.3: ±30%); null: no limit. */
  maxStep: number | null;
}

export const OPTIMIZER_DEFAULTS: OptimizerLimits = { maxStep: 0.3 };

export interface CampaignPlan {
  id: string;
  from: number;
  to: number;
  hold: HoldReason | null;
  /** Expected conversions a day at each budget, with the draws' 90% range. */
  conversionsNow: Range;
  conversionsAfter: Range;
  /** Cost of the next conversion at each budget (minor units), posterior mean of the marginal return inverted; null when nothing converts. */
  marginalCpaNow: number | null;
  marginalCpaAfter: number | null;
}

export interface OptimizerPlan {
  campaigns: CampaignPlan[];
  /** Expected conversions a day of the account now and after, and the gain, with 90% ranges. */
  now: Range;
  after: Range;
  gain: Range;
}

const conversionsAt = (draw: CurveDraw, spend: number) => (draw.scale * spend) / (draw.half + spend);
/** d conversions / d spend. */
const marginalAt = (draw: CurveDraw, spend: number) => (draw.scale * draw.half) / (draw.half + spend) ** 2;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Expected extra conversions per unit of budget at a budget, and its slope (d/d budget): one pass over the draws. */
function expectedMarginalAndSlope(campaign: OptimizerCampaign, budget: number): { marginal: number; slope: number } {
  const spend = budget * campaign.utilisation;
  let marginal = 0;
  let slope = 0;
  for (const { scale, half } of campaign.draws) {
    const inverse = 1 / (half + spend);
    const m = scale * half * inverse * inverse;
    marginal += m;
    slope -= 2 * m * inverse;
  }
  const count = Math.max(1, campaign.draws.length);
  const u = campaign.utilisation;
  return { marginal: (u * marginal) / count, slope: (u * u * slope) / count };
}

/** Expected extra conversions per unit of budget at a budget. */
function expectedMarginal(campaign: OptimizerCampaign, budget: number): number {
  return expectedMarginalAndSlope(campaign, budget).marginal;
}

/**
 * The budget in [low, high] where the expected marginal return is `lambda` (the bound when it is
 * beyond). The expected marginal is a mean of decreasing convex curves, so Newton's method from
 * the low side converges fast; every step also narrows a bisection bracket, and a step that
 * leaves the bracket bisects instead, so it cannot go astray.
 */
function budgetAtMarginal(campaign: OptimizerCampaign, lambda: number, low: number, high: number): number {
  if (expectedMarginal(campaign, low) <= lambda) return low;
  if (expectedMarginal(campaign, high) >= lambda) return high;
  let a = low;
  let b = high;
  let x = low;
  for (let i = 0; i < 60 && b - a > 1e-6 * Math.max(1, b); i += 1) {
    const { marginal, slope } = expectedMarginalAndSlope(campaign, x);
    if (marginal > lambda) a = x;
    else b = x;
    const newton = slope < 0 ? x - (marginal - lambda) / slope : NaN;
    const next = newton > a && newton < b ? newton : (a + b) / 2;
    // Newton's steps shrink fast near the root; once one is below the tolerance the root is found.
    if (Math.abs(next - x) <= 1e-7 * Math.max(1, x)) return next;
    x = next;
  }
  return (a + b) / 2;
}

/** Bounds of a campaign's budget in this step: the user's, and the step limit around today's. */
function boundsOf(campaign: OptimizerCampaign, limits: OptimizerLimits): { low: number; high: number } {
  if (campaign.hold) return { low: campaign.budget, high: campaign.budget };
  let low = campaign.min ?? 0;
  let high = campaign.max ?? Infinity;
  if (limits.maxStep !== null) {
    low = Math.max(low, campaign.budget * (1 - limits.maxStep));
    high = Math.min(high, campaign.budget * (1 + limits.maxStep));
  }
  // Today's budget always stays allowed (a user bound it already breaks is met as far as the step allows).
  return { low: Math.min(low, campaign.budget), high: Math.max(high, campaign.budget) };
}

/**
 * The budgets (minor units, unrounded) that maximise expected conversions at today's total budget,
 * within the bounds. Held campaigns keep theirs.
 */
export function optimalBudgets(campaigns: OptimizerCampaign[], limits: OptimizerLimits = OPTIMIZER_DEFAULTS): number[] {
  const bounds = campaigns.map((c) => boundsOf(c, limits));
  const movable = campaigns.map((c, i) => !c.hold && bounds[i].high > bounds[i].low && c.draws.length > 0);
  const total = campaigns.reduce((s, c, i) => s + (movable[i] ? c.budget : 0), 0);
  if (movable.filter(Boolean).length < 2 || total <= 0) return campaigns.map((c) => c.budget);
  const at = (lambda: number) =>
    campaigns.map((c, i) =>
      movable[i] ? budgetAtMarginal(c, lambda, bounds[i].low, Math.min(bounds[i].high, total)) : c.budget,
    );
  const spent = (budgets: number[]) => budgets.reduce((s, b, i) => s + (movable[i] ? b : 0), 0);
  // The marginal returns' range brackets λ: at the largest, every campaign sits at its low bound.
  let low = Infinity;
  let high = 0;
  campaigns.forEach((c, i) => {
    if (!movable[i]) return;
    high = Math.max(high, expectedMarginal(c, bounds[i].low));
    low = Math.min(low, expectedMarginal(c, Math.min(bounds[i].high, total)));
  });
  low = Math.max(low, Number.MIN_VALUE);
  high = Math.max(high, low * 1.000001);
  // Geometric bisection on λ, down to a relative width far below a minor unit's worth of budget.
  for (let i = 0; i < 100 && high / low > 1 + 1e-12; i += 1) {
    const mid = Math.sqrt(low * high);
    if (spent(at(mid)) > total) low = mid;
    else high = mid;
  }
  const budgets = at(high);
  // Bisection leaves a sliver of the total unspent: it goes to the movable campaigns in proportion, within bounds.
  const gap = total - spent(budgets);
  const room = budgets.map((b, i) => (movable[i] ? Math.max(0, Math.min(bounds[i].high, total) - b) : 0));
  const roomTotal = room.reduce((a, b) => a + b, 0);
  return budgets.map((b, i) => (roomTotal > 0 ? b + (gap * room[i]) / roomTotal : b));
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];
function rangeOf(values: number[]): Range {
  const sorted = [...values].sort((a, b) => a - b);
  return { mid: mean(values), low: quantile(sorted, 0.05), high: quantile(sorted, 0.95) };
}

/** A move is only made when the gain it expects is credibly above nothing: its draws' share of losses at most this. */
export const MAX_LOSS_SHARE = 0.1;
/** Shares of the way to the optimum tried, longest first, until one passes MAX_LOSS_SHARE. */
const MOVE_SHARES = [1, 0.85, 0.7, 0.55, 0.4, 0.3, 0.2, 0.1];

/** The plan for an account: budgets rounded to whole minor units (the total kept), with what each is expected to bring. */
export function planBudgets(
  campaigns: OptimizerCampaign[],
  limits: OptimizerLimits = OPTIMIZER_DEFAULTS,
): OptimizerPlan {
  const exact = optimalBudgets(campaigns, limits);
  const from = campaigns.map((c) => c.budget);
  const draws = Math.min(...campaigns.map((c) => c.draws.length).filter((n) => n > 0), Infinity);
  const perDraw = (budgets: number[]) =>
    Number.isFinite(draws)
      ? Array.from({ length: draws }, (_, k) =>
          campaigns.reduce(
            (s, c, i) => s + (c.draws[k] ? conversionsAt(c.draws[k], budgets[i] * c.utilisation) : 0),
            0,
          ),
        )
      : [0];
  const nowDraws = perDraw(from);
  // The optimum of the posterior mean can still lose under many of its draws (a start already
  // near the optimum, curves barely pinned down): then a shorter move along the same line, or none.
  // The steps back are fine-grained, so a move that clears the guard only a little short of the
  // optimum is not cut in half.
  let rounded = from;
  for (const share of MOVE_SHARES) {
    const candidate = roundKeepingTotal(
      exact.map((b, i) => from[i] + share * (b - from[i])),
      from,
    );
    const candidateDraws = perDraw(candidate);
    const losses = candidateDraws.filter((after, k) => after < nowDraws[k]).length / candidateDraws.length;
    if (losses <= MAX_LOSS_SHARE) {
      rounded = candidate;
      break;
    }
  }
  const afterDraws = perDraw(rounded);
  return {
    campaigns: campaigns.map((c, i) => ({
      id: c.id,
      from: c.budget,
      to: rounded[i],
      hold: c.hold,
      conversionsNow: rangeOf(c.draws.map((d) => conversionsAt(d, c.budget * c.utilisation))),
      conversionsAfter: rangeOf(c.draws.map((d) => conversionsAt(d, rounded[i] * c.utilisation))),
      marginalCpaNow: marginalCost(c, c.budget),
      marginalCpaAfter: marginalCost(c, rounded[i]),
    })),
    now: rangeOf(nowDraws),
    after: rangeOf(afterDraws),
    gain: rangeOf(afterDraws.map((a, k) => a - nowDraws[k])),
  };
}

/** Expected extra conversions a day of other budgets than today's (90% range from the draws). */
export function expectedGain(campaigns: OptimizerCampaign[], budgets: number[]): Range {
  const draws = Math.min(...campaigns.map((c) => c.draws.length).filter((n) => n > 0), Infinity);
  if (!Number.isFinite(draws)) return { mid: 0, low: 0, high: 0 };
  const gains = Array.from({ length: draws }, (_, k) =>
    campaigns.reduce(
      (s, c, i) =>
        s +
        (c.draws[k]
          ? conversionsAt(c.draws[k], budgets[i] * c.utilisation) - conversionsAt(c.draws[k], c.budget * c.utilisation)
          : 0),
      0,
    ),
  );
  return rangeOf(gains);
}

/** Cost of the next result at a budget (minor units): the posterior mean of the marginal return, inverted; null when nothing returns. */
export function marginalCost(c: OptimizerCampaign, budget: number): number | null {
  const m = c.draws.length ? mean(c.draws.map((d) => marginalAt(d, budget * c.utilisation))) : 0;
  return m > 0 ? 1 / m : null;
}

/** Expected results a day (in the curves' unit) of the campaigns at these budgets, with the draws' 90% range. */
export function expectedTotal(campaigns: OptimizerCampaign[], budgets: number[]): Range {
  const draws = Math.min(...campaigns.map((c) => c.draws.length).filter((n) => n > 0), Infinity);
  if (!Number.isFinite(draws)) return { mid: 0, low: 0, high: 0 };
  return rangeOf(
    Array.from({ length: draws }, (_, k) =>
      campaigns.reduce((s, c, i) => s + (c.draws[k] ? conversionsAt(c.draws[k], budgets[i] * c.utilisation) : 0), 0),
    ),
  );
}

/** Whole minor units whose sum is the sum of `from` (largest remainders get the leftover units). */
export function roundKeepingTotal(exact: number[], from: number[]): number[] {
  const total = from.reduce((a, b) => a + b, 0);
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/**
 * Draws of the campaign's curve from its posteriors: the saturation ratio at today's spend, and
 * its conversions per unit of spend over the window (its own rate, ownPerSpend, when the unit
 * carries it: see marginalCpa).
 */
export function curveDraws(unit: CampaignUnit, count: number, seed = 0x0b7): CurveDraw[] {
  const random = uniforms(seed);
  const spendNow = unit.saturation.spendNow;
  const windowSpend = unit.windowDailySpend;
  const draws: CurveDraw[] = [];
  for (let k = 0; k < count; k += 1) {
    const factor = drawFactor(unit.saturation, random(), random());
    const rate = sampleGamma(unit.ownPerSpend ?? unit.perSpend, random);
    const half = spendNow / Math.max(factor - 1, 1e-9);
    // Through the window's average: scale·w/(half + w) = rate·w.
    draws.push({ scale: rate * (half + windowSpend), half });
  }
  return draws;
}

/**
 * An account's campaigns for the optimizer, from its marginal costs (the delivering campaigns):
 * unfitted and learning ones held, `locked` held too. Each curve's saturation is read with the
 * account's other campaigns as a hierarchical prior (responseCurve's pooledSaturation: one
 * account's half-saturation spends are of one order), unless `pooled` is false: a few months of
 * one campaign's daily counts alone rarely say how saturated it is.
 */
export function optimizerCampaigns(
  costs: MarginalCosts,
  options: {
    draws?: number;
    locked?: ReadonlySet<string>;
    bounds?: ReadonlyMap<string, { min: number | null; max: number | null }>;
    pooled?: boolean;
  } = {},
): OptimizerCampaign[] {
  const saturation =
    options.pooled === false
      ? costs.units.map((u) => u.saturation)
      : pooledSaturation(costs.units.map((u) => u.saturation));
  return costs.units.map((unit, i) => {
    // Only a campaign too new to have a history is still learning here: a budget that moved lately
    // is what lets a curve be fitted, and a thin one's rate is already pulled to the account's.
    const learning = costs.learning.some((l) => l.entityId === unit.campaign.id && l.reason === 'too_new');
    const hold: HoldReason | null = options.locked?.has(unit.campaign.id)
      ? 'locked'
      : learning
        ? 'learning'
        : !unit.saturation.fitted
          ? 'not_fitted'
          : null;
    const bounds = options.bounds?.get(unit.campaign.id);
    return {
      id: unit.campaign.id,
      budget: unit.campaign.dailyBudget ?? 0,
      utilisation: unit.utilisation,
      draws: curveDraws({ ...unit, saturation: saturation[i] }, options.draws ?? 400, 0x0b7 + i),
      hold,
      min: bounds?.min ?? null,
      max: bounds?.max ?? null,
    };
  });
}
