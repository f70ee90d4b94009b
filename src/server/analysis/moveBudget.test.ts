import { marginalCosts } from './marginalCpa';
import { findBudgetMoves } from './moveBudget';
import { accountOf as account, budgetCampaign as campaign, budgetPeers as peers } from './series.fixtures';
import type { AccountSeries } from './types';

/** The account's moves of budget, on its campaigns' marginal CPAs. */
const moves = (a: AccountSeries) => findBudgetMoves(a, marginalCosts(a, [1]));

/** Five times the peers' cost per conversion, and a fifth of it (both spending 10,000 of 12,000: budget-limited). */
const dear = () => campaign('dear', 12_000, { spend: 10_000, conversions: 2 });
const cheap = () => campaign('cheap', 12_000, { spend: 10_000, conversions: 50 });

describe('move budget between campaigns', () => {
  it('moves 30% of the smaller budget from a campaign credibly dearer at the margin to a cheaper one that spends its budget, at equal total budget', () => {
    const [finding] = moves(account([...peers(), dear(), cheap()]));
    expect(finding).toMatchObject({
      type: 'move_budget',
      key: 'move_budget:dear>cheap',
      level: 'campaign',
      entityId: 'dear',
      campaignId: 'dear',
    });
    expect(finding.change).toEqual({
      kind: 'move_budget',
      amount: 3_600,
      source: { campaignId: 'dear', from: 12_000, to: 8_400 },
      target: { campaignId: 'cheap', from: 12_000, to: 15_600 },
    });
    expect(finding.headline).toMatch(
      /^Move 36\.00 USD a day from Campaign dear to Campaign cheap: one more conversion costs about \d+\.\d\d USD in Campaign dear against \d+\.\d\d USD in Campaign cheap$/,
    );
    expect(finding.confidence).toBeGreaterThanOrEqual(0.99);
    const [marginal, perSpend] = finding.evidence;
    expect(marginal.metric).toBe('marginal_cpa');
    expect(marginal.entity.low).toBeGreaterThan(marginal.peers.high);
    expect(perSpend.entity.high).toBeLessThan(perSpend.peers.low);
    const { low, mid, high } = finding.impact.conversionsPerWeek;
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThanOrEqual(mid);
    expect(mid).toBeLessThanOrEqual(high);
    // Both spend the same share of their budgets: the week's spend does not move.
    expect(finding.impact.spendPerWeek.mid).toBeCloseTo(0, 6);
  });

  it('moves budget only between campaigns that spend what they have', () => {
    // The cheapest campaign spends a quarter of its budget: more budget would not be more spend. The dear one's budget goes to a peer instead.
    const idle = campaign('idle', 40_000, { spend: 10_000, conversions: 50 });
    expect(
      moves(account([...peers(), dear(), idle])).map(
        (f) => f.change.kind === 'move_budget' && f.change.target.campaignId,
      ),
    ).not.toContain('idle');
    // A dear campaign that leaves most of its budget unspent would not spend less for a lower one.
    const sources = moves(
      account([...peers(), campaign('lavish', 40_000, { spend: 10_000, conversions: 2 }), cheap()]),
    ).map((f) => f.change.kind === 'move_budget' && f.change.source.campaignId);
    expect(sources).not.toContain('lavish');
  });

  it('does not act on a gap in average CPA that saturation alone could explain', () => {
    // 1.8 times the conversions per unit of spend: with each marginal CPA 1.1 to 3.5 times its average, not credibly cheaper at the margin.
    expect(moves(account([...peers(), campaign('better', 12_000, { spend: 10_000, conversions: 18 })]))).toEqual([]);
  });

  it('puts each campaign in one move at most, the most valuable first', () => {
    const found = moves(
      account([
        dear(),
        campaign('dear2', 12_000, { spend: 10_000, conversions: 2.5 }),
        cheap(),
        campaign('cheap2', 12_000, { spend: 10_000, conversions: 40 }),
        ...peers(),
      ]),
    );
    const touched = found.flatMap((f) =>
      f.change.kind === 'move_budget' ? [f.change.source.campaignId, f.change.target.campaignId] : [],
    );
    expect(new Set(touched).size).toBe(touched.length);
    expect(found.map((f) => f.key)).toEqual(['move_budget:dear>cheap', 'move_budget:dear2>cheap2']);
  });
});
