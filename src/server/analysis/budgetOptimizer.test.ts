import { optimumSpends } from '@sandbox/truth';
import { optimalBudgets, planBudgets, type OptimizerCampaign } from './budgetOptimizer';

/** A campaign whose curve is known exactly (one draw), spending its whole budget. */
const known = (id: string, budget: number, scale: number, half: number, over: Partial<OptimizerCampaign> = {}): OptimizerCampaign => ({
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
    const bounded = optimalBudgets([{ ...campaigns[0], max: 11_000 }, campaigns[1], { ...campaigns[2], hold: 'locked' }], { maxStep: null });
    expect(bounded[0]).toBeLessThanOrEqual(11_000 + 1e-6);
    expect(bounded[2]).toBe(30_000);
    expect(bounded[0] + bounded[1]).toBeCloseTo(20_000, 3);
  });

  it('leaves the budgets alone with fewer than two campaigns free to move', () => {
    expect(optimalBudgets([campaigns[0], { ...campaigns[1], hold: 'not_fitted' }], { maxStep: null })).toEqual([10_000, 10_000]);
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
});
