import { optimumSpends } from '@sandbox/truth';

import { curveDraws, optimalBudgets, type OptimizerCampaign, optimizerCampaigns, planBudgets } from './budgetOptimizer';
import { marginalCosts } from './marginalCpa';
import { accountOf, budgetCampaign } from './series.fixtures';

/** A campaign whose curve is known exactly (one draw), spending its whole budget. */
const known = (
  id: string,
  budget: number,
  scale: number,
  half: number,
  over: Partial<OptimizerCampaign> = {},
): OptimizerCampaign => ({
  id,
  budget,
  utilisation: 1,
  draws: [{ scale, half }],
  hold: null,
  min: null,
  max: null,
  ...over,
});
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the budget optimizer', () => {
  const campaigns = [known('a', 10_000, 20, 5_000), known('b', 10_000, 8, 20_000), known('c', 30_000, 15, 2_000)];

  it('finds the allocation the marginal returns equalise at, keeping the total', () => {
    const budgets = optimalBudgets(campaigns, { maxStep: null });
    const exact = optimumSpends(
      campaigns.map((c) => ({ scale: c.draws[0].scale, half: c.draws[0].half })),
      50_000,
    );
    budgets.forEach((b, i) => expect(b).toBeCloseTo(exact[i], -1));
    expect(sum(budgets)).toBeCloseTo(50_000, 3);
  });

  it('moves no campaign more than the step allows, nor past its own bounds, and keeps held ones', () => {
    const stepped = optimalBudgets(campaigns, { maxStep: 0.3 });
    stepped.forEach((b, i) => {
      expect(b).toBeGreaterThanOrEqual(campaigns[i].budget * 0.7 - 1e-6);
      expect(b).toBeLessThanOrEqual(campaigns[i].budget * 1.3 + 1e-6);
    });
    expect(sum(stepped)).toBeCloseTo(50_000, 3);
    const bounded = optimalBudgets(
      [{ ...campaigns[0], max: 11_000 }, campaigns[1], { ...campaigns[2], hold: 'locked' }],
      { maxStep: null },
    );
    expect(bounded[0]).toBeLessThanOrEqual(11_000 + 1e-6);
    expect(bounded[2]).toBe(30_000);
    expect(bounded[0] + bounded[1]).toBeCloseTo(20_000, 3);
  });

  it('leaves the budgets alone with fewer than two campaigns free to move', () => {
    expect(optimalBudgets([campaigns[0], { ...campaigns[1], hold: 'not_fitted' }], { maxStep: null })).toEqual([
      10_000, 10_000,
    ]);
  });

  it('plans whole minor units at the same total, with the expected gain and marginal costs', () => {
    const plan = planBudgets(campaigns, { maxStep: null });
    expect(sum(plan.campaigns.map((c) => c.to))).toBe(50_000);
    plan.campaigns.forEach((c) => expect(Number.isInteger(c.to)).toBe(true));
    expect(plan.gain.mid).toBeGreaterThan(0);
    expect(plan.after.mid).toBeCloseTo(plan.now.mid + plan.gain.mid, 6);
    // At the optimum the marginal costs of the moved campaigns meet.
    const after = plan.campaigns.map((c) => c.marginalCpaAfter!);
    expect(Math.max(...after) / Math.min(...after)).toBeLessThan(1.01);
  });

  it('never plans a loss when the start is already the optimum', () => {
    const exact = optimumSpends(
      campaigns.map((c) => ({ scale: c.draws[0].scale, half: c.draws[0].half })),
      50_000,
    );
    const atOptimum = campaigns.map((c, i) => ({ ...c, budget: Math.round(exact[i]) }));
    const plan = planBudgets(atOptimum, { maxStep: 0.3 });
    expect(plan.gain.mid).toBeGreaterThanOrEqual(-1e-6);
    plan.campaigns.forEach((c) => expect(Math.abs(c.to - c.from)).toBeLessThanOrEqual(2));
  });

  it('equalises the expected marginal returns of campaigns known only by draws', () => {
    // Each campaign's curve uncertain: 200 draws of its half-saturation spend around its own value.
    const uncertain = (id: string, budget: number, scale: number, half: number): OptimizerCampaign =>
      known(id, budget, scale, half, {
        draws: Array.from({ length: 200 }, (_, k) => ({
          scale: scale * (1 + 0.2 * Math.sin(k)),
          half: half * Math.exp(0.5 * Math.cos(3 * k)),
        })),
      });
    const fuzzy = [
      uncertain('a', 10_000, 20, 5_000),
      uncertain('b', 10_000, 8, 20_000),
      uncertain('c', 30_000, 15, 2_000),
      uncertain('d', 7_000, 30, 40_000),
    ];
    const budgets = optimalBudgets(fuzzy, { maxStep: null });
    expect(sum(budgets)).toBeCloseTo(57_000, 3);
    const marginal = (c: OptimizerCampaign, budget: number) =>
      c.draws.reduce((s, d) => s + (d.scale * d.half) / (d.half + budget) ** 2, 0) / c.draws.length;
    const moved = budgets.map((b, i) => ({ b, m: marginal(fuzzy[i], b) })).filter(({ b }) => b > 1);
    const ms = moved.map(({ m }) => m);
    expect(Math.max(...ms) / Math.min(...ms)).toBeLessThan(1 + 1e-6);
  });

  it('reads a small campaign’s curve at its own conversions per unit of spend, not pulled to the account’s', () => {
    // Two big campaigns at 1,000 a conversion, and a small one at 200: far from saturation, it converts five times as well.
    const big = ['a', 'b'].map((id) => budgetCampaign(id, 120_000, { spend: 100_000, conversions: 100 }));
    const small = budgetCampaign('small', 600, { spend: 500, conversions: 2.5 });
    const costs = marginalCosts(accountOf([...big, small]), [1])!;
    const unit = costs.units.find((u) => u.campaign.id === 'small')!;
    const draws = curveDraws(unit, 400);
    const perSpend = draws.reduce((s, d) => s + (d.scale * 500) / (d.half + 500), 0) / draws.length / 500;
    // 70 conversions for 14,000 over the window, with one conversion's worth of the account's rate: within 10% of 1 / 200.
    expect(perSpend * 200).toBeGreaterThan(0.9);
    // The pooled optimizer campaigns carry the same level.
    const pooled = optimizerCampaigns(costs).find((c) => c.id === 'small')!;
    const pooledPerSpend =
      pooled.draws.reduce((s, d) => s + (d.scale * 500) / (d.half + 500), 0) / pooled.draws.length / 500;
    expect(pooledPerSpend * 200).toBeGreaterThan(0.9);
  });
});
