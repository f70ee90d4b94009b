import { minorToDecimal } from '@shared/money';

import { steppedBudget } from './budgetShift';
import { interval, mean, type Posterior } from './distributions';
import { ADVICE_PROBABILITY, type Finding } from './findings';
import { type CampaignUnit, type MarginalCosts, rangeOfDraws } from './marginalCpa';
import type { AccountSeries, Range } from './types';

/**
 * Move budget between campaigns at equal total budget: from one whose next conversion credibly
 * costs more than another's in the same account, to that other one, when both spend most of
 * their budgets (so budget moved is spend moved: a campaign that leaves half its budget unspent
 * would not spend less for a lower one). Decided on the draws of the campaigns' marginal
 * CPAs (marginalCpa): a move is advised only when the order of the two holds in at least
 * `probability` of them, and their average costs differ by a gap worth a step. One step moves
 * `step` of the smaller budget, so neither campaign moves by more than that share at once; each
 * campaign takes part in one move a run at most, the most valuable first.
 */

export interface MoveBudgetParams {
  /** Share of the draws in which the source's marginal CPA is above the target's (ADVICE_PROBABILITY). */
  probability: number;
  /** The effect guard: the target's conversions per unit of spend at least this much above the source's (a ratio). */
  minGap: number;
  /** Share of the smaller of the two budgets one move shifts: the budget tools' limit of ±30% on any campaign in one step. */
  step: number;
  /** Share of its budget each campaign must have spent over the last week to be budget-limited. */
  minUtilisation: number;
  credibleLevel: number;
}

export const MOVE_BUDGET_DEFAULTS: MoveBudgetParams = {
  probability: ADVICE_PROBABILITY,
  minGap: 0.2,
  step: 0.3,
  minUtilisation: 0.7,
  credibleLevel: 0.9,
};

export function findBudgetMoves(
  account: AccountSeries,
  costs: MarginalCosts | null,
  params: MoveBudgetParams = MOVE_BUDGET_DEFAULTS,
): Finding[] {
  if (!costs) return [];
  const { units, draws } = costs;
  const candidates: { finding: Finding; from: string; to: string }[] = [];
  units.forEach((source, i) => {
    units.forEach((target, j) => {
      if (
        i === j ||
        !source.judged ||
        !target.judged ||
        source.utilisation < params.minUtilisation ||
        target.utilisation < params.minUtilisation
      )
        return;
      if (mean(target.perSpend) < (1 + params.minGap) * mean(source.perSpend)) return;
      const dearer = draws.reduce((n, d) => n + (d[i] > d[j] ? 1 : 0), 0) / draws.length;
      if (dearer < params.probability) return;
      const finding = describe(account, costs, i, j, dearer, params);
      if (finding) candidates.push({ finding, from: source.campaign.id, to: target.campaign.id });
    });
  });
  candidates.sort((a, b) => b.finding.impact.conversionsPerWeek.mid - a.finding.impact.conversionsPerWeek.mid);
  const used = new Set<string>();
  const findings: Finding[] = [];
  for (const { finding, from, to } of candidates) {
    if (used.has(from) || used.has(to)) continue;
    used.add(from);
    used.add(to);
    findings.push(finding);
  }
  return findings;
}

/** Daily spend that follows a budget change of `amount`: the campaign spends this share of its budget. */
const spendOf = (unit: CampaignUnit, amount: number) => amount * Math.min(1, unit.utilisation);

function describe(
  account: AccountSeries,
  costs: MarginalCosts,
  i: number,
  j: number,
  confidence: number,
  params: MoveBudgetParams,
): Finding | null {
  const source = costs.units[i];
  const target = costs.units[j];
  const fromBudget = source.campaign.dailyBudget!;
  const toBudget = target.campaign.dailyBudget!;
  const amount =
    fromBudget -
    steppedBudget(fromBudget, 1 - (params.step * Math.min(fromBudget, toBudget)) / fromBudget, account.currency);
  if (amount <= 0 || amount >= fromBudget) return null;
  const level = params.credibleLevel;
  const money = (minor: number) => `${minorToDecimal(Math.round(minor), account.currency)} ${account.currency}`;
  // Conversions a week the move wins: what the target's extra spend buys at its margin, less what the source's lost spend bought at its.
  const gains = costs.draws.map((d) => 7 * (spendOf(target, amount) / d[j] - spendOf(source, amount) / d[i]));
  const sourceMarginal = rangeOfDraws(
    costs.draws.map((d) => d[i]),
    level,
  );
  const targetMarginal = rangeOfDraws(
    costs.draws.map((d) => d[j]),
    level,
  );
  const perThousand = (p: Posterior): Range => {
    const { low, high } = interval(p, level);
    return { mid: mean(p) * 1000, low: low * 1000, high: high * 1000 };
  };
  const weeklySpendChange = 7 * (spendOf(target, amount) - spendOf(source, amount));
  return {
    type: 'move_budget',
    key: `move_budget:${source.campaign.id}>${target.campaign.id}`,
    level: 'campaign',
    entityId: source.campaign.id,
    entityName: source.campaign.name,
    campaignId: source.campaign.id,
    headline:
      `Move ${money(amount)} a day from ${source.campaign.name} to ${target.campaign.name}: one more conversion costs about ${money(sourceMarginal.mid)} in ${source.campaign.name} ` +
      `against ${money(targetMarginal.mid)} in ${target.campaign.name}`,
    confidence,
    evidence: [
      {
        metric: 'marginal_cpa',
        label: `Cost of one more conversion (minor units) in ${source.campaign.name}, against ${target.campaign.name}: average CPA times how saturated each campaign is (${costs.saturation.low} to ${costs.saturation.high} times, narrowed where its spend varied)`,
        entity: sourceMarginal,
        peers: targetMarginal,
        probability: confidence,
      },
      {
        metric: 'conversions_per_1000_spend',
        label: `Conversions per 1,000 of spend (minor units), last ${source.totals.activeDays} days of delivery, in ${source.campaign.name} against ${target.campaign.name}`,
        entity: perThousand(source.perSpend),
        peers: perThousand(target.perSpend),
        probability: confidence,
      },
    ],
    impact: {
      conversionsPerWeek: rangeOfDraws(gains, level),
      spendPerWeek: { mid: weeklySpendChange, low: weeklySpendChange, high: weeklySpendChange },
    },
    change: {
      kind: 'move_budget',
      amount,
      source: { campaignId: source.campaign.id, from: fromBudget, to: fromBudget - amount },
      target: { campaignId: target.campaign.id, from: toBudget, to: toBudget + amount },
    },
  };
}
