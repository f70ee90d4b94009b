import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import type { Finding } from './findings';
import { spendResponse, type SpendResponse } from './spendResponse';
import type { AccountSeries, CampaignSeries } from './types';
import { windowTotals } from './window';

/**
 * Move budget between campaigns: from one whose next unit of spend buys conversions credibly
 * dearer than another's in the same account, to that other one, at equal total spend. The cost
 * of one more conversion is estimated per campaign (average CPA over the window ÷ elasticity,
 * see spendResponse) with its uncertainty on the log scale; a move is advised only when the
 * difference is larger than the uncertainty of both (the probability that the order is right is
 * at least `probability`), and by a step no campaign's budget moves more than `maxStep`.
 */

export interface MoveBudgetParams {
  windowDays: number;
  probability: number;
  /** Largest share of a budget one step moves (out of the source, into the target). */
  maxStep: number;
  /** Elasticities below this are not trusted to divide by. */
  minElasticity: number;
  /** Largest relative standard error of an elasticity that is used. */
  maxRelativeError: number;
  /** Fewest conversions in the window behind an average CPA. */
  minConversions: number;
}

export const MOVE_BUDGET_DEFAULTS: MoveBudgetParams = { windowDays: 28, probability: 0.95, maxStep: 0.2, minElasticity: 0.1, maxRelativeError: 0.35, minConversions: 30 };

interface Estimate {
  campaign: CampaignSeries;
  response: SpendResponse;
  /** Marginal CPA, minor units, and the variance of its logarithm. */
  marginalCpa: number;
  logVariance: number;
  dailySpend: number;
}

function estimate(campaign: CampaignSeries, today: string, lag: (number | null)[], params: MoveBudgetParams): Estimate | null {
  if (campaign.status !== 'ACTIVE' || !campaign.dailyBudget) return null;
  const response = spendResponse(campaign.days, today, lag);
  if (!response || response.elasticity < params.minElasticity || response.standardError / response.elasticity > params.maxRelativeError) return null;
  const totals = windowTotals(campaign.days, today, params.windowDays, lag);
  if (totals.conversions < params.minConversions || totals.activeDays < params.windowDays / 2) return null;
  const averageCpa = totals.knownSpend / totals.conversions;
  return {
    campaign,
    response,
    marginalCpa: averageCpa / response.elasticity,
    logVariance: (response.standardError / response.elasticity) ** 2 + 1 / totals.conversions,
    dailySpend: totals.spend / Math.max(1, totals.activeDays),
  };
}

export function findBudgetMoves(account: AccountSeries, lag: (number | null)[], params: MoveBudgetParams = MOVE_BUDGET_DEFAULTS): Finding[] {
  const estimates = account.campaigns.map((c) => estimate(c, account.today, lag, params)).filter((e): e is Estimate => e !== null);
  const candidates: Finding[] = [];
  for (const from of estimates) {
    for (const to of estimates) {
      if (from === to) continue;
      const gap = Math.log(from.marginalCpa / to.marginalCpa);
      const probability = normalCdf(gap / Math.sqrt(from.logVariance + to.logVariance), 0, 1);
      if (gap <= 0 || probability < params.probability) continue;
      candidates.push(describe(from, to, probability, params));
    }
  }
  // Each campaign in at most one move per run: the most valuable first.
  candidates.sort((a, b) => b.impact.conversionsPerWeek.mid - a.impact.conversionsPerWeek.mid);
  const used = new Set<string>();
  const findings: Finding[] = [];
  for (const finding of candidates) {
    if (finding.change.kind !== 'move_budget') continue;
    const { fromCampaignId, toCampaignId } = finding.change;
    if (used.has(fromCampaignId) || used.has(toCampaignId)) continue;
    used.add(fromCampaignId);
    used.add(toCampaignId);
    findings.push(finding);
  }
  return findings;
}

function describe(from: Estimate, to: Estimate, probability: number, params: MoveBudgetParams): Finding {
  const fromBudget = from.campaign.dailyBudget!;
  const toBudget = to.campaign.dailyBudget!;
  const amount = Math.max(1, Math.round(Math.min(fromBudget * params.maxStep, toBudget * params.maxStep)));
  // Spend follows budget in proportion to how much of its budget each campaign spends.
  const spendMoved = amount * Math.min(from.dailySpend / fromBudget, to.dailySpend / toBudget);
  const z = 1.645;
  const perWeek = (fromCpa: number, toCpa: number) => 7 * spendMoved * (1 / toCpa - 1 / fromCpa);
  const spread = (e: Estimate, sign: number) => e.marginalCpa * Math.exp(sign * z * Math.sqrt(e.logVariance));
  return {
    type: 'move_budget',
    key: `move_budget:${from.campaign.id}>${to.campaign.id}`,
    level: 'campaign',
    entityId: from.campaign.id,
    entityName: from.campaign.name,
    campaignId: from.campaign.id,
    headline: `Move budget from ${from.campaign.name} to ${to.campaign.name}: one more conversion costs ${Math.round((from.marginalCpa / to.marginalCpa - 1) * 100)}% more in ${from.campaign.name}`,
    confidence: probability,
    evidence: [
      {
        metric: 'marginal_cpa',
        label: 'Cost of one more conversion',
        entity: { mid: from.marginalCpa, low: spread(from, -1), high: spread(from, 1) },
        peers: { mid: to.marginalCpa, low: spread(to, -1), high: spread(to, 1) },
        probability,
      },
    ],
    impact: {
      conversionsPerWeek: { mid: perWeek(from.marginalCpa, to.marginalCpa), low: Math.max(0, perWeek(spread(from, -1), spread(to, 1))), high: perWeek(spread(from, 1), spread(to, -1)) },
      spendPerWeek: { mid: 0, low: 0, high: 0 },
    },
    change: { kind: 'move_budget', fromCampaignId: from.campaign.id, toCampaignId: to.campaign.id, amount, from: [fromBudget, fromBudget - amount], to: [toBudget, toBudget + amount] },
  };
}
