import { findBudgetShifts, steppedBudget } from './budgetShift';
import { marginalCosts } from './marginalCpa';
import { accountOf as account, budgetCampaign as campaign, budgetPeers as peers } from './series.fixtures';
import type { AccountSeries } from './types';

/** The account's budget steps, on its campaigns' marginal CPAs. */
const shifts = (a: AccountSeries) => findBudgetShifts(a, marginalCosts(a, [1]));

describe('budget shifts', () => {
  it('lowers the budget of a campaign with low click-through, dear clicks and dear conversions to 80%, in whole units of the currency', () => {
    const bad = campaign('bad', 12_345, { spend: 10_000, conversions: 2, ctr: 0.004, cpc: 180 });
    const findings = shifts(account([...peers(), bad]));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'reduce_budget',
      key: 'reduce_budget:bad',
      level: 'campaign',
      entityId: 'bad',
      campaignId: 'bad',
      change: { kind: 'campaign_budget', campaignId: 'bad', from: 12_345, to: 9_900 },
    });
    expect(finding.headline).toMatch(
      /^Lower the budget of Campaign bad from 123\.45 USD to 99\.00 USD a day: it pays [45]\d\.\d\d USD a conversion against 10\.\d\d USD in the account’s other campaigns; its click-through is 0\.40% against 1\.00% and a click costs 1\.80 USD against 1\.00 USD$/,
    );
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    expect(finding.evidence.map((e) => e.metric)).toEqual(['marginal_cpa', 'conversions_per_1000_spend', 'ctr', 'cpc']);
    const marginal = finding.evidence[0];
    expect(marginal.entity.low).toBeGreaterThan(marginal.peers.mid);
    // Spend follows the budget: a week's 70,000 falls by the step (9,900 of 12,345); the conversions it bought at the margin go with it.
    expect(finding.impact.spendPerWeek.mid).toBeCloseTo(70_000 * (9_900 / 12_345 - 1), 6);
    const { low, mid, high } = finding.impact.conversionsPerWeek;
    expect(low).toBeLessThanOrEqual(mid);
    expect(mid).toBeLessThanOrEqual(high);
    expect(high).toBeLessThan(0);
  });

  it('does not lower a dear campaign whose clicks are not the problem (the spec’s low click-through, high cost per click)', () => {
    const dear = campaign('dear', 12_000, { spend: 10_000, conversions: 2, ctr: 0.02, cpc: 60 });
    expect(shifts(account([...peers(), dear]))).toEqual([]);
  });

  it('raises the budget of a campaign whose conversions cost far less and that spends most of its budget', () => {
    const star = campaign('star', 12_000, { spend: 10_000, conversions: 50 });
    const findings = shifts(account([...peers(), star]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      type: 'scale_campaign',
      key: 'scale_campaign:star',
      change: { kind: 'campaign_budget', from: 12_000, to: 14_400 },
    });
    expect(findings[0].headline).toMatch(
      /^Raise the budget of Campaign star from 120\.00 USD to 144\.00 USD a day: it gets \d+% more conversions per unit of spend/,
    );
    expect(findings[0].impact.spendPerWeek.mid).toBeCloseTo(14_000, 6);
    expect(findings[0].impact.conversionsPerWeek.low).toBeGreaterThan(0);
  });

  it('does not raise a budget the campaign does not spend', () => {
    const star = campaign('star', 40_000, { spend: 10_000, conversions: 50 });
    expect(shifts(account([...peers(), star]))).toEqual([]);
  });

  it('does not act on a gap in average CPA that saturation alone could explain: the next conversion is what counts', () => {
    // 1.8 times the peers' conversions per unit of spend: with the marginal CPA 1.1 to 3.5 times the average, not credibly cheaper at the margin.
    const better = campaign('better', 12_000, { spend: 10_000, conversions: 18 });
    const worse = campaign('worse', 12_000, { spend: 10_000, conversions: 5.5, ctr: 0.004, cpc: 180 });
    expect(shifts(account([...peers(), better]))).toEqual([]);
    expect(shifts(account([...peers(), worse]))).toEqual([]);
  });

  it('labels campaigns with too little data as learning and does not judge them', () => {
    const young = campaign('young', 12_000, { spend: 10_000, conversions: 0.2 }, 10);
    const a = account([...peers(), young]);
    const costs = marginalCosts(a, [1]);
    expect(findBudgetShifts(a, costs)).toEqual([]);
    expect(costs!.learning).toEqual([{ level: 'campaign', entityId: 'young', reason: 'too_new' }]);
  });

  it('steps budgets in whole units of the currency', () => {
    expect(steppedBudget(12_345, 0.8, 'USD')).toBe(9_900);
    expect(steppedBudget(1_234, 0.8, 'JPY')).toBe(987);
    expect(steppedBudget(100, 0.8, 'EUR')).toBe(100);
  });
});
