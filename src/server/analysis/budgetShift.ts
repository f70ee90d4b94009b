import { minorDigits, minorToDecimal } from '@shared/money';

import { beta, gamma, interval, mean, type Posterior, probabilityLess } from './distributions';
import { ADVICE_PROBABILITY, type EvidenceMetric, type Finding } from './findings';
import { type CampaignUnit, type MarginalCosts, peersMedianDraws, rangeOfDraws } from './marginalCpa';
import type { AccountSeries, Range } from './types';
import { median } from './window';

/**
 * Budget steps on one campaign at a time, against the account's other campaigns (same currency,
 * same platform, same conversion tracking), on the draws of every campaign's marginal CPA
 * (marginalCpa):
 *
 * - reduce_budget (the spec's "reduce bids on high-CPC, low-CTR campaigns"): a campaign whose
 *   click-through is credibly below and cost per click credibly above the account's other
 *   campaigns', AND whose next conversion credibly costs more than the median campaign's: its
 *   daily budget down to 80%.
 * - scale_campaign: a campaign whose next conversion credibly costs less than the median
 *   campaign's and that spends most of its budget (so the budget is what holds it back): its
 *   daily budget up to 120%.
 */

export interface BudgetShiftParams {
  windowDays: number;
  /** Probability that the campaign's marginal CPA is above (below) the median campaign's (ADVICE_PROBABILITY). */
  probability: number;
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
}

export const BUDGET_SHIFT_DEFAULTS: BudgetShiftParams = {
  windowDays: 28,
  probability: ADVICE_PROBABILITY,
  minGap: 0.2,
  minUtilisation: 0.7,
  reduceTo: 0.8,
  scaleTo: 1.2,
  credibleLevel: 0.9,
  clickSignals: true,
};

/** A budget times a step, in whole units of the currency (at least one). */
export function steppedBudget(budget: number, step: number, currency: string): number {
  const unit = 10 ** minorDigits(currency);
  return Math.max(unit, Math.round((budget * step) / unit) * unit);
}

export interface MarginalEstimate {
  /** P(marginal CPA above / below the median of all the account's delivering campaigns, itself included). */
  above: number;
  below: number;
  own: Range;
  /** The median of the other campaigns' marginal CPAs. */
  peers: Range;
}

function marginalEstimates(costs: MarginalCosts, level: number): MarginalEstimate[] {
  return costs.units.map((_, i) => {
    let above = 0;
    let below = 0;
    for (const draw of costs.draws) {
      const middle = median(draw);
      if (draw[i] > middle) above += 1;
      if (draw[i] < middle) below += 1;
    }
    return {
      above: above / costs.draws.length,
      below: below / costs.draws.length,
      own: rangeOfDraws(
        costs.draws.map((d) => d[i]),
        level,
      ),
      peers: rangeOfDraws(peersMedianDraws(costs, i), level),
    };
  });
}

/** Steps for the account's campaigns, but for those in `excluded` (already advised: a move of budget). */
export function findBudgetShifts(
  account: AccountSeries,
  costs: MarginalCosts | null,
  params: BudgetShiftParams = BUDGET_SHIFT_DEFAULTS,
  excluded: ReadonlySet<string> = new Set(),
): Finding[] {
  if (!costs) return [];
  const { units } = costs;
  const estimates = marginalEstimates(costs, params.credibleLevel);
  const findings: Finding[] = [];
  units.forEach((unit, i) => {
    if (!unit.judged || excluded.has(unit.campaign.id)) return;
    const others = units.filter((u) => u !== unit);
    const estimate = estimates[i];
    // The effect guard: the average differs from the other campaigns' median by a gap worth a budget step.
    const gap = mean(unit.perSpend) / median(others.map((o) => mean(o.perSpend)));
    // A budget too small to step in whole units of the currency is left as it is.
    const step = (share: number) =>
      steppedBudget(unit.campaign.dailyBudget!, share, account.currency) !== unit.campaign.dailyBudget;
    if (estimate.above >= params.probability && gap <= 1 - params.minGap && step(params.reduceTo)) {
      const pooled = pool(others);
      const clicks = clickPosteriors(unit.totals);
      const ctrProbability = probabilityLess(clicks.ctr, pooled.ctr);
      const cpcProbability = probabilityLess(clicks.clicksPerSpend, pooled.clicksPerSpend);
      if (!params.clickSignals || (ctrProbability >= params.probability && cpcProbability >= params.probability)) {
        const confidence = params.clickSignals
          ? Math.min(estimate.above, ctrProbability, cpcProbability)
          : estimate.above;
        findings.push(
          describe(
            'reduce_budget',
            account,
            costs,
            unit,
            others,
            { ...pooled, own: clicks, ctrProbability, cpcProbability },
            estimate,
            confidence,
            params,
          ),
        );
      }
    } else if (
      estimate.below >= params.probability &&
      gap >= 1 + params.minGap &&
      unit.utilisation >= params.minUtilisation &&
      step(params.scaleTo)
    ) {
      findings.push(
        describe(
          'scale_campaign',
          account,
          costs,
          unit,
          others,
          { ...pool(others), own: clickPosteriors(unit.totals), ctrProbability: 0, cpcProbability: 0 },
          estimate,
          estimate.below,
          params,
        ),
      );
    }
  });
  return findings;
}

interface ClickPosteriors {
  /** Clicks per impression, and clicks per unit of spend (a CPC's reciprocal). */
  ctr: Posterior;
  clicksPerSpend: Posterior;
}

function clickPosteriors(t: { impressions: number; clicks: number; spend: number }): ClickPosteriors {
  return {
    ctr: beta(1 + t.clicks, 1 + Math.max(0, t.impressions - t.clicks)),
    clicksPerSpend: gamma(0.5 + t.clicks, Math.max(1, t.spend)),
  };
}

function pool(units: CampaignUnit[]): ClickPosteriors {
  return clickPosteriors(
    units.reduce(
      (s, u) => ({
        impressions: s.impressions + u.totals.impressions,
        clicks: s.clicks + u.totals.clicks,
        spend: s.spend + u.totals.spend,
      }),
      { impressions: 0, clicks: 0, spend: 0 },
    ),
  );
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
  costs: MarginalCosts,
  unit: CampaignUnit,
  others: CampaignUnit[],
  pooled: ClickPosteriors & { own: ClickPosteriors; ctrProbability: number; cpcProbability: number },
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
      label: `Cost of one more conversion (minor units), against the median of the account’s other campaigns: average CPA times how saturated each campaign is (${costs.saturation.low} to ${costs.saturation.high} times, narrowed where its spend varied)`,
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
      {
        metric: 'ctr',
        label: 'Click-through, against the account’s other campaigns',
        entity: range(pooled.own.ctr, level),
        peers: range(pooled.ctr, level),
        probability: pooled.ctrProbability,
      },
      {
        metric: 'cpc',
        label: 'Cost per click (minor units), against the account’s other campaigns',
        entity: cpcRange(pooled.own.clicksPerSpend, level),
        peers: cpcRange(pooled.clicksPerSpend, level),
        probability: pooled.cpcProbability,
      },
    );
  }

  // Spend follows the budget in proportion to how much of it the campaign spends; each unit of
  // spend added or taken away buys (or bought) a conversion at the marginal CPA's draws.
  const spendChange = unit.recentSpend * (to / budget - 1);
  const conversions: Range =
    spendChange < 0
      ? {
          mid: spendChange / estimate.own.mid,
          low: spendChange / estimate.own.low,
          high: spendChange / estimate.own.high,
        }
      : {
          mid: spendChange / estimate.own.mid,
          low: spendChange / estimate.own.high,
          high: spendChange / estimate.own.low,
        };

  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const clickSignals =
    reduce && params.clickSignals
      ? `; its click-through is ${pct(mean(pooled.own.ctr))} against ${pct(mean(pooled.ctr))} and a click costs ${money(1 / mean(pooled.own.clicksPerSpend))} against ${money(1 / mean(pooled.clicksPerSpend))}`
      : '';
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
    impact: {
      conversionsPerWeek: conversions,
      spendPerWeek: { mid: spendChange, low: spendChange, high: spendChange },
    },
    change: { kind: 'campaign_budget', campaignId: campaign.id, from: budget, to },
  };
}
