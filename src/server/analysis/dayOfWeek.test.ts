import { findWeekdayGaps, flaggedWeekdays, weekdayTotals } from './dayOfWeek';
import type { AccountSeries, CampaignSeries, DayCounts } from './types';

const TODAY = '2026-03-31'; // a Tuesday
const date = (age: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - age * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (age: number) => new Date(`${date(age)}T00:00:00Z`).getUTCDay();

/** Delivery by weekday, Sunday .. Saturday: busier midweek. */
const DELIVERY = [0.8, 1.05, 1.1, 1.1, 1.05, 0.95, 0.8];

/**
 * A campaign's days: spend 10,000 × the weekday's delivery, conversions on a saturating curve
 * 60 × s / (h + s) times the weekday's efficiency.
 */
function campaign(
  days: number,
  efficiency: number[],
  half = 10_000,
  conversionsAt: (age: number, full: number) => number = (_, full) => full,
): CampaignSeries {
  const series: DayCounts[] = Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => {
    const spend = 10_000 * DELIVERY[weekdayOf(age)];
    const full = ((60 * spend) / (half + spend)) * efficiency[weekdayOf(age)];
    return {
      date: date(age),
      spend,
      impressions: spend,
      clicks: spend / 50,
      conversions: conversionsAt(age, full),
      value: 0,
    };
  });
  return { id: 'c1', name: 'Lead Gen', status: 'ACTIVE', dailyBudget: 12_000, days: series, ads: [] };
}

const account = (c: CampaignSeries): AccountSeries => ({
  platform: 'linkedin',
  accountRef: 'acc',
  currency: 'EUR',
  today: TODAY,
  campaigns: [c],
});
const FLAT = [1, 1, 1, 1, 1, 1, 1];

describe('day of week', () => {
  it('flags the weekdays that convert credibly worse, with the days, the cut and the gain in the advice', () => {
    const b2b = [0.75, 1.1, 1.15, 1.15, 1.1, 0.95, 0.6];
    const { findings } = findWeekdayGaps(account(campaign(84, b2b)), [1]);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      type: 'day_of_week',
      key: 'day_of_week:c1',
      level: 'campaign',
      entityId: 'c1',
      campaignId: 'c1',
    });
    expect(flaggedWeekdays(finding)).toContain(6);
    expect(flaggedWeekdays(finding).every((d) => b2b[d] < 1)).toBe(true);
    expect(finding.headline).toMatch(
      /^Spend less on .*Saturdays in Lead Gen: those days get at least \d+% fewer conversions/,
    );
    expect(finding.confidence).toBeGreaterThanOrEqual(0.95);
    expect(finding.change.kind).toBe('task');
    if (finding.change.kind === 'task')
      expect(finding.change.description).toMatch(/lower the budget on .*Saturdays by \d+%/);
    const [perSpend] = finding.evidence;
    expect(perSpend.entity.high).toBeLessThan(perSpend.peers.low);
    expect(finding.impact.conversionsPerWeek.mid).toBeGreaterThan(0);
    expect(finding.impact.conversionsPerWeek.low).toBeLessThanOrEqual(finding.impact.conversionsPerWeek.mid);
    expect(finding.impact.spendPerWeek.mid).toBe(0);
  });

  it('does not mistake saturation for a weak weekday: busy days get fewer conversions per unit of spend, not fewer conversions', () => {
    // Deep in saturation (spend 10× the half-saturation point): midweek conversions per unit of spend are ~25% lower.
    const saturated = campaign(84, FLAT, 1_000);
    const [tue, sat] = [2, 6].map((d) => weekdayTotals(saturated, TODAY, 84, [1])[d]);
    expect(tue.conversions / tue.spend / (sat.conversions / sat.spend)).toBeLessThan(0.8);
    expect(findWeekdayGaps(account(saturated), [1]).findings).toEqual([]);
  });

  it('needs whole weeks of data: a campaign with fewer than eight of each weekday is learning', () => {
    const { findings, learning } = findWeekdayGaps(account(campaign(40, [0.5, 1.1, 1.2, 1.2, 1.1, 1, 0.9])), [1]);
    expect(findings).toEqual([]);
    expect(learning).toEqual([{ level: 'campaign', entityId: 'c1', reason: 'too_new' }]);
  });

  it('judges recent days against the share of their conversions known so far, and leaves out days whose share is unknown', () => {
    const lag = [null, 0.5, 0.8, 1];
    const reported = campaign(
      84,
      FLAT,
      10_000,
      (age, full) => full * (age === 0 ? 0.3 : age === 1 ? 0.5 : age === 2 ? 0.8 : 1),
    );
    const totals = weekdayTotals(reported, TODAY, 84, lag);
    expect(totals[weekdayOf(0)].days).toBe(11); // today's share is unknown: left out
    const yesterday = totals[weekdayOf(1)];
    expect(yesterday.knownDays).toBeCloseTo(11.5, 6);
    expect(yesterday.knownSpend).toBeCloseTo(11.5 * 10_000 * DELIVERY[weekdayOf(1)], 3);
    expect(findWeekdayGaps(account(reported), lag).findings).toEqual([]);
  });
});
