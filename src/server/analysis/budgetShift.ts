import { minorDigits, minorToDecimal } from '@shared/money';
import { beta, gamma, interval, mean, probabilityLess, type Posterior } from './distributions';
import { gammaPrior, relativeDispersion, updateGamma, type PeerUnit } from './empiricalBayes';
import type { EvidenceMetric, Finding, Learning } from './findings';
import type { AccountSeries, CampaignSeries, Range } from './types';
import { ageOf, median, windowTotals, type WindowTotals } from './window';

/**
 * Budget steps on one campaign at a time, against the account's other campaigns (same currency,
 * same platform, same conversion tracking):
 *
 * - reduce_budget (the spec's "reduce bids on high-CPC, low-CTR campaigns"): a campaign whose
 *   click-through is credibly below and cost per click credibly above the account's other
 *   campaigns', AND whose next conversion credibly costs more than the median campaign's: its
 *   daily budget down to 80%.
 * - scale_campaign: a campaign whose next conversion credibly costs less than the median
 *   campaign's and that spends most of its budget (so the budget is what holds it back): its
 *   daily budget up to 120%.
 *
 * What decides whether a step is right is the cost of the NEXT conversion (the marginal CPA), and
 * the data show the average one. On a saturating response curve the marginal CPA is the average
 * CPA times (half-saturation + spend) / half-saturation, 1 / elasticity: a factor from about 1.1
 * (far from saturation) to 3 or more (deep in it), and which one a campaign has is not measurable
 * from a few months of daily noise (spendResponse's fits are far too wide). So the factor is
 * treated as unknown: each campaign's marginal CPA is its average CPA's posterior times a factor
 * drawn from `saturation` (log-uniform), independently per campaign, and the probability that
 * the campaign is above (below) the median of the account's campaigns is counted over draws. A
 * campaign is then only judged dearer or cheaper than the median when its average CPA differs by
 * more than saturation alone could explain.
 */

export interface BudgetShiftParams {
  windowDays: number;
  /** A campaign with fewer days of delivery in the window, or fewer conversions, is learning. */
  minActiveDays: number;
  minConversions: number;
  /**
   * The same campaigns are judged again every day on overlapping windows, and the advice moves
   * money: the bar is higher than for one look (0.99 rather than 0.95).
   */
  probability: number;
  /** Marginal CPA ÷ average CPA, unknown per campaign: drawn log-uniform between these. */
  saturation: { low: number; high: number };
  /** The effect guard: own conversions per unit of spend at least this far from the other campaigns' median (a ratio). */
  minGap: number;
  /** Share of its budget a campaign must have spent over the last week to be budget-limited. */
  minUtilisation: number;
  /** The budget steps. */
  reduceTo: number;
  scaleTo: number;
  credibleLevel: number;
  /** A reduce_budget needs the click signals too (click-through below, cost per click above); off, the cost of conversions alone decides. */
  clickSignals: boolean;
  /** Monte Carlo draws. */
  draws: number;
}

export const BUDGET_SHIFT_DEFAULTS: BudgetShiftParams = {
  windowDays: 28,
  minActiveDays: 21,
  minConversions: 30,
  probability: 0.99,
  saturation: { low: 1.1, high: 3.5 },
  minGap: 0.2,
  minUtilisation: 0.7,
  reduceTo: 0.8,
  scaleTo: 1.2,
  credibleLevel: 0.9,
  clickSignals: true,
  draws: 4000,
};

/** A campaign delivered on one of the last days this many days (today included). */
const LIVE_WITHIN_DAYS = 3;
/** Days behind "spends most of its budget" (a week: also the spend a week the step changes). */
const UTILISATION_DAYS = 7;
/** Fixed seed of the draws: the same series give the same findings. */
const DRAW_SEED = 0x5eed;

interface Unit {
  campaign: CampaignSeries;
  totals: WindowTotals;
  /** Conversions per unit of spend, clicks per impression, clicks per unit of spend. */
  perSpend: Posterior;
  ctr: Posterior;
  clicksPerSpend: Posterior;
  judged: boolean;
  /** Spend over the last UTILISATION_DAYS days, and its share of the budget. */
  recentSpend: number;
  utilisation: number;
}

function isDelivering(campaign: CampaignSeries, today: string): boolean {
  return campaign.status === 'ACTIVE' && (campaign.dailyBudget ?? 0) > 0 && campaign.days.some((d) => d.spend > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS);
}

/** A budget times a step, in whole units of the currency (at least one). */
export function steppedBudget(budget: number, step: number, currency: string): number {
  const unit = 10 ** minorDigits(currency);
  return Math.max(unit, Math.round((budget * step) / unit) * unit);
}

/**
 * The campaign's window as its delivery is now: the totals of the ads that still deliver (an ad
 * paused or stopped in the window no longer says what the campaign's next unit of spend buys;
 * its share goes to the others, which convert as they did), with the campaign's own days of
 * delivery. A campaign whose series carries no ads is taken as a whole.
 */
export function currentMixTotals(campaign: CampaignSeries, today: string, windowDays: number, lag: (number | null)[]): WindowTotals {
  const whole = windowTotals(campaign.days, today, windowDays, lag);
  const live = campaign.ads.filter((ad) => ad.status === 'ACTIVE' && ad.days.some((d) => d.impressions > 0 && ageOf(d.date, today) < LIVE_WITHIN_DAYS));
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

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
function uniforms(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

/** Draws of every campaign's marginal CPA (minor units): draws[k][i] for campaign i. */
function marginalDraws(units: Unit[], params: BudgetShiftParams): number[][] {
  const random = uniforms(DRAW_SEED);
  const { low, high } = params.saturation;
  const draws: number[][] = [];
  for (let k = 0; k < params.draws; k += 1) {
    draws.push(units.map((u) => (low * (high / low) ** random()) / Math.max(sampleGamma(u.perSpend, random), Number.MIN_VALUE)));
  }
  return draws;
}

const quantileOf = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];

export interface MarginalEstimate {
  /** P(marginal CPA above / below the median of all the account's delivering campaigns, itself included). */
  above: number;
  below: number;
  own: Range;
  /** The median of the other campaigns' marginal CPAs. */
  peers: Range;
}

function marginalEstimates(units: Unit[], params: BudgetShiftParams): MarginalEstimate[] {
  const draws = marginalDraws(units, params);
  const tail = (1 - params.credibleLevel) / 2;
  const rangeOf = (values: number[]): Range => {
    const sorted = [...values].sort((a, b) => a - b);
    return { mid: quantileOf(sorted, 0.5), low: quantileOf(sorted, tail), high: quantileOf(sorted, 1 - tail) };
  };
  return units.map((_, i) => {
    let above = 0;
    let below = 0;
    for (const draw of draws) {
      const middle = median(draw);
      if (draw[i] > middle) above += 1;
      if (draw[i] < middle) below += 1;
    }
    return {
      above: above / draws.length,
      below: below / draws.length,
      own: rangeOf(draws.map((d) => d[i])),
      peers: rangeOf(draws.map((d) => median(d.filter((_, j) => j !== i)))),
    };
  });
}

export function findBudgetShifts(account: AccountSeries, lag: (number | null)[], params: BudgetShiftParams = BUDGET_SHIFT_DEFAULTS): { findings: Finding[]; learning: Learning[] } {
  const { today } = account;
  const learning: Learning[] = [];
  const delivering = account.campaigns.filter((c) => isDelivering(c, today)).map((campaign) => ({ campaign, totals: currentMixTotals(campaign, today, params.windowDays, lag) }));
  if (delivering.length < 2) return { findings: [], learning };

  const conversions = delivering.reduce((s, x) => s + x.totals.conversions, 0);
  const knownSpend = delivering.reduce((s, x) => s + x.totals.knownSpend, 0);
  const accountRate = knownSpend > 0 ? conversions / knownSpend : 0;
  if (accountRate <= 0) return { findings: [], learning };
  // Campaigns as peers of one another: their true spread sets how far a thin one is pulled to the account's rate.
  const spread = relativeDispersion(delivering.map((x): PeerUnit => ({ events: x.totals.conversions, exposure: x.totals.knownSpend, groupRate: accountRate })));

  const units: Unit[] = delivering.map(({ campaign, totals }) => {
    const recent = windowTotals(campaign.days, today, UTILISATION_DAYS, [1]);
    const judged = totals.activeDays >= params.minActiveDays && totals.conversions >= params.minConversions;
    if (!judged) learning.push({ level: 'campaign', entityId: campaign.id, reason: totals.activeDays < params.minActiveDays ? 'too_new' : 'too_little_data' });
    return {
      campaign,
      totals,
      perSpend: updateGamma(gammaPrior(accountRate, spread), totals.conversions, totals.knownSpend),
      ctr: beta(1 + totals.clicks, 1 + Math.max(0, totals.impressions - totals.clicks)),
      clicksPerSpend: gamma(0.5 + totals.clicks, Math.max(1, totals.spend)),
      judged,
      recentSpend: recent.spend,
      utilisation: recent.spend / (UTILISATION_DAYS * campaign.dailyBudget!),
    };
  });

  const estimates = marginalEstimates(units, params);
  const findings: Finding[] = [];
  units.forEach((unit, i) => {
    if (!unit.judged) return;
    const others = units.filter((u) => u !== unit);
    const estimate = estimates[i];
    // The effect guard: the average differs from the other campaigns' median by a gap worth a budget step.
    const gap = mean(unit.perSpend) / median(others.map((o) => mean(o.perSpend)));
    // A budget too small to step in whole units of the currency is left as it is.
    const step = (share: number) => steppedBudget(unit.campaign.dailyBudget!, share, account.currency) !== unit.campaign.dailyBudget;
    if (estimate.above >= params.probability && gap <= 1 - params.minGap && step(params.reduceTo)) {
      const pooled = pool(others);
      const ctrProbability = probabilityLess(unit.ctr, pooled.ctr);
      const cpcProbability = probabilityLess(unit.clicksPerSpend, pooled.clicksPerSpend);
      if (!params.clickSignals || (ctrProbability >= params.probability && cpcProbability >= params.probability)) {
        const confidence = params.clickSignals ? Math.min(estimate.above, ctrProbability, cpcProbability) : estimate.above;
        findings.push(describe('reduce_budget', account, unit, others, { ...pooled, ctrProbability, cpcProbability }, estimate, confidence, params));
      }
    } else if (estimate.below >= params.probability && gap >= 1 + params.minGap && unit.utilisation >= params.minUtilisation && step(params.scaleTo)) {
      findings.push(describe('scale_campaign', account, unit, others, { ...pool(others), ctrProbability: 0, cpcProbability: 0 }, estimate, estimate.below, params));
    }
  });
  return { findings, learning };
}

interface Pooled {
  ctr: Posterior;
  clicksPerSpend: Posterior;
}

function pool(units: Unit[]): Pooled {
  const t = units.reduce((s, u) => ({ impressions: s.impressions + u.totals.impressions, clicks: s.clicks + u.totals.clicks, spend: s.spend + u.totals.spend }), { impressions: 0, clicks: 0, spend: 0 });
  return { ctr: beta(1 + t.clicks, 1 + Math.max(0, t.impressions - t.clicks)), clicksPerSpend: gamma(0.5 + t.clicks, Math.max(1, t.spend)) };
}

const range = (p: Posterior, level: number, scale = 1): Range => {
  const { low, high } = interval(p, level);
  return { mid: mean(p) * scale, low: low * scale, high: high * scale };
};

/** The peers' figure: the median of their means and of their interval ends. */
const peerRange = (ps: Posterior[], level: number, scale = 1): Range => ({
  mid: median(ps.map((p) => mean(p))) * scale,
  low: median(ps.map((p) => interval(p, level).low)) * scale,
  high: median(ps.map((p) => interval(p, level).high)) * scale,
});

/** A CPC posterior's range from clicks per unit of spend (its reciprocal; the interval ends swap). */
const cpcRange = (p: Posterior, level: number): Range => {
  const { low, high } = interval(p, level);
  return { mid: 1 / mean(p), low: 1 / high, high: 1 / low };
};

function describe(
  type: 'reduce_budget' | 'scale_campaign',
  account: AccountSeries,
  unit: Unit,
  others: Unit[],
  pooled: Pooled & { ctrProbability: number; cpcProbability: number },
  estimate: MarginalEstimate,
  confidence: number,
  params: BudgetShiftParams,
): Finding {
  const { campaign } = unit;
  const level = params.credibleLevel;
  const budget = campaign.dailyBudget!;
  const reduce = type === 'reduce_budget';
  const to = steppedBudget(budget, reduce ? params.reduceTo : params.scaleTo, account.currency);
  const money = (minor: number) => `${minorToDecimal(Math.round(minor), account.currency)} ${account.currency}`;

  const own = range(unit.perSpend, level, 1000);
  const peers = peerRange(
    others.map((o) => o.perSpend),
    level,
    1000,
  );
  const ratio = own.mid / peers.mid;
  const cpa = (perThousand: number) => 1000 / perThousand;
  const evidence: EvidenceMetric[] = [
    {
      metric: 'marginal_cpa',
      label: `Cost of one more conversion (minor units), against the median of the account’s other campaigns: average CPA times an unknown saturation factor of ${params.saturation.low} to ${params.saturation.high}`,
      entity: estimate.own,
      peers: estimate.peers,
      probability: reduce ? estimate.above : estimate.below,
    },
    {
      metric: 'conversions_per_1000_spend',
      label: `Conversions per 1,000 of spend (minor units), last ${params.windowDays} days, against the median of the account’s other campaigns`,
      entity: own,
      peers,
      probability: confidence,
    },
  ];
  if (reduce) {
    evidence.push(
      { metric: 'ctr', label: 'Click-through, against the account’s other campaigns', entity: range(unit.ctr, level), peers: range(pooled.ctr, level), probability: pooled.ctrProbability },
      { metric: 'cpc', label: 'Cost per click (minor units), against the account’s other campaigns', entity: cpcRange(unit.clicksPerSpend, level), peers: cpcRange(pooled.clicksPerSpend, level), probability: pooled.cpcProbability },
    );
  }

  // Spend follows the budget in proportion to how much of it the campaign spends; each unit of
  // spend added or taken away buys (or bought) a conversion at the marginal CPA's draws.
  const spendChange = unit.recentSpend * (to / budget - 1);
  const conversions: Range =
    spendChange < 0
      ? { mid: spendChange / estimate.own.mid, low: spendChange / estimate.own.low, high: spendChange / estimate.own.high }
      : { mid: spendChange / estimate.own.mid, low: spendChange / estimate.own.high, high: spendChange / estimate.own.low };

  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const clickSignals = reduce && params.clickSignals ? `; its click-through is ${pct(mean(unit.ctr))} against ${pct(mean(pooled.ctr))} and a click costs ${money(1 / mean(unit.clicksPerSpend))} against ${money(1 / mean(pooled.clicksPerSpend))}` : '';
  const headline = reduce
    ? `Lower the budget of ${campaign.name} from ${money(budget)} to ${money(to)} a day: it pays ${money(cpa(own.mid))} a conversion against ${money(cpa(peers.mid))} in the account’s other campaigns${clickSignals}`
    : `Raise the budget of ${campaign.name} from ${money(budget)} to ${money(to)} a day: it gets ${Math.round((ratio - 1) * 100)}% more conversions per unit of spend than the account’s other campaigns (${money(cpa(own.mid))} a conversion against ${money(cpa(peers.mid))}) and spends ${Math.round(unit.utilisation * 100)}% of its budget`;
  return {
    type,
    key: `${type}:${campaign.id}`,
    level: 'campaign',
    entityId: campaign.id,
    entityName: campaign.name,
    campaignId: campaign.id,
    headline,
    confidence,
    evidence,
    impact: { conversionsPerWeek: conversions, spendPerWeek: { mid: spendChange, low: spendChange, high: spendChange } },
    change: { kind: 'campaign_budget', campaignId: campaign.id, from: budget, to },
  };
}
