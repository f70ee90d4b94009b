import { blankRule, RULE_PRESETS, type RuleCondition, type RuleDefinition } from '@shared/api/rules';

import { backtestRule } from './ruleBacktest';
import { entityTotals, inScope, judgeEntity, planChange, type RuleEntity } from './rules';
import type { DayCounts } from './types';
import { dateOf, dayNumber } from './window';

const TODAY = dayNumber('2026-03-31');

/** n days ending `end` (a day number), each from `make(i)` (i = 0 is the oldest). */
function days(n: number, end: number, make: (i: number) => Partial<DayCounts>): DayCounts[] {
  return Array.from({ length: n }, (_, i) => ({
    date: dateOf(end - n + 1 + i),
    spend: 0,
    impressions: 0,
    clicks: 0,
    conversions: 0,
    value: 0,
    ...make(i),
  }));
}

function entity(over: Partial<RuleEntity> = {}): RuleEntity {
  return {
    key: 'acc:ad:1',
    accountRef: 'acc',
    level: 'ad',
    entityId: '1',
    entityName: 'Spring sale',
    campaignId: 'c1',
    campaignName: 'Brand',
    platform: 'google',
    currency: 'INR',
    status: 'ACTIVE',
    budgetMinor: null,
    days: [],
    ...over,
  };
}

const rule = (conditions: RuleCondition[], over: Partial<RuleDefinition> = {}): RuleDefinition => ({
  ...blankRule(),
  name: 'Test',
  level: 'ad',
  groups: [{ match: 'all', conditions }],
  guard: { min_impressions: 0, min_spend: 0 },
  ...over,
});
const value = (v: number) => ({
  kind: 'value' as const,
  value: v,
  metric: null,
  window: null,
  days: null,
  factor: null,
});
const judge = (r: RuleDefinition, e: RuleEntity, asOf = TODAY) => judgeEntity(r, e, entityTotals(e.days), asOf);

describe('rule conditions', () => {
  // 100 INR a day (10,000 paise), 1,000 impressions, 20 clicks; one conversion every 5th day.
  const steady = entity({
    days: days(60, TODAY, (i) => ({
      spend: 10_000,
      impressions: 1000,
      clicks: 20,
      conversions: i % 5 === 0 ? 1 : 0,
      value: 50_000,
    })),
  });

  it('sums the finished days of "last N days" and reads money in major units', () => {
    const j = judge(
      rule([{ metric: 'spend', window: 'last_n_days', days: 7, operator: 'eq', compare: value(700) }]),
      steady,
    );
    expect(j.matched).toBe(true);
    expect(j.reasons).toEqual(['Spend (last 7 days) INR 700.00 = INR 700.00']);
  });

  it('today and yesterday are one day each; lifetime is everything up to the day', () => {
    expect(
      judge(
        rule([{ metric: 'impressions', window: 'today', days: null, operator: 'eq', compare: value(1000) }]),
        steady,
      ).matched,
    ).toBe(true);
    expect(
      judge(rule([{ metric: 'clicks', window: 'yesterday', days: null, operator: 'eq', compare: value(20) }]), steady)
        .matched,
    ).toBe(true);
    expect(
      judge(
        rule([{ metric: 'impressions', window: 'lifetime', days: null, operator: 'eq', compare: value(60_000) }]),
        steady,
      ).matched,
    ).toBe(true);
    expect(
      judge(rule([{ metric: 'days_running', window: 'today', days: null, operator: 'eq', compare: value(60) }]), steady)
        .matched,
    ).toBe(true);
  });

  it('computes rates, and a rate that cannot be computed never matches', () => {
    expect(
      judge(rule([{ metric: 'ctr', window: 'last_n_days', days: 10, operator: 'eq', compare: value(2) }]), steady)
        .matched,
    ).toBe(true);
    expect(
      judge(rule([{ metric: 'cpa', window: 'last_n_days', days: 10, operator: 'eq', compare: value(500) }]), steady)
        .matched,
    ).toBe(true);
    expect(
      judge(rule([{ metric: 'roas', window: 'today', days: null, operator: 'eq', compare: value(5) }]), steady).matched,
    ).toBe(true);
    const noConversions = entity({ days: days(10, TODAY, () => ({ spend: 10_000, impressions: 1000 })) });
    expect(
      judge(rule([{ metric: 'cpa', window: 'last_n_days', days: 7, operator: 'gt', compare: value(0) }]), noConversions)
        .matched,
    ).toBe(false);
    expect(
      judge(
        rule([{ metric: 'cpa', window: 'last_n_days', days: 7, operator: 'lt', compare: value(1e9) }]),
        noConversions,
      ).matched,
    ).toBe(false);
  });

  it('compares with another metric times a factor (spend today > 0.5 × daily budget)', () => {
    const campaign = entity({ level: 'campaign', budgetMinor: 15_000, days: steady.days });
    const c: RuleCondition = {
      metric: 'spend',
      window: 'today',
      days: null,
      operator: 'gt',
      compare: { kind: 'metric', value: null, metric: 'budget', window: 'today', days: null, factor: 0.5 },
    };
    const j = judge(rule([c], { level: 'campaign' }), campaign);
    expect(j.matched).toBe(true);
    expect(j.reasons[0]).toBe('Spend (today) INR 100.00 > 0.5 × Daily budget INR 150.00');
    expect(judge(rule([c], { level: 'campaign' }), { ...campaign, budgetMinor: 25_000 }).matched).toBe(false);
  });

  it('compares with its own average: per day for money and counts, the ratio for rates', () => {
    // CPA rose to 4× over the last 3 days.
    const worse = entity({
      days: days(40, TODAY, (i) => ({ spend: 10_000, impressions: 1000, clicks: 20, conversions: i >= 37 ? 0.25 : 1 })),
    });
    const cpa: RuleCondition = {
      metric: 'cpa',
      window: 'last_n_days',
      days: 3,
      operator: 'gt',
      compare: { kind: 'average', value: null, metric: null, window: 'last_n_days', days: 30, factor: 1.5 },
    };
    expect(judge(rule([cpa]), worse).matched).toBe(true);
    expect(judge(rule([cpa]), steady).matched).toBe(false);
    const spendAvg: RuleCondition = {
      metric: 'spend',
      window: 'last_n_days',
      days: 3,
      operator: 'eq',
      compare: { kind: 'average', value: null, metric: null, window: 'last_n_days', days: 30, factor: 1 },
    };
    expect(judge(rule([spendAvg]), steady).reasons[0]).toBe(
      'Spend (last 3 days) INR 100.00 = 1 × its last 30 days average INR 100.00 a day',
    );
  });

  it('holds back entities below the minimum-data guard over the longest window', () => {
    const thin = entity({ days: days(3, TODAY, () => ({ spend: 100_000, impressions: 200 })) });
    const r = rule([{ metric: 'conversions', window: 'last_n_days', days: 7, operator: 'eq', compare: value(0) }], {
      guard: { min_impressions: 1000, min_spend: 10 },
    });
    expect(judge(r, thin)).toMatchObject({ enough: false, matched: false });
    expect(judge(r, { ...thin, days: days(7, TODAY, () => ({ spend: 100_000, impressions: 200 })) })).toMatchObject({
      enough: true,
      matched: true,
    });
  });

  it('combines groups with all/any', () => {
    const yes: RuleCondition = { metric: 'clicks', window: 'today', days: null, operator: 'gt', compare: value(10) };
    const no: RuleCondition = { metric: 'clicks', window: 'today', days: null, operator: 'gt', compare: value(100) };
    const two = (match: 'all' | 'any', inner: 'all' | 'any') =>
      rule([], {
        match,
        groups: [
          { match: inner, conditions: [yes, no] },
          { match: 'all', conditions: [yes] },
        ],
      });
    expect(judge(two('all', 'all'), steady).matched).toBe(false);
    expect(judge(two('all', 'any'), steady).matched).toBe(true);
    expect(judge(two('any', 'all'), steady).matched).toBe(true);
  });

  it('scopes by level, platform, account and name', () => {
    const r = rule([], { scope: { platforms: ['google'], accounts: [], name_contains: 'spring' } });
    expect(inScope(r, steady)).toBe(true);
    expect(inScope({ ...r, level: 'campaign' }, steady)).toBe(false);
    expect(inScope({ ...r, scope: { ...r.scope, platforms: ['meta'] } }, steady)).toBe(false);
    expect(inScope({ ...r, scope: { ...r.scope, accounts: ['other'] } }, steady)).toBe(false);
    expect(inScope({ ...r, scope: { ...r.scope, name_contains: 'brand' } }, steady)).toBe(true);
  });
});

describe('planChange', () => {
  const budgetRule = (kind: 'budget_up' | 'budget_down', percent: number, floor: number | null, cap: number | null) =>
    rule([], { level: 'campaign', action: { kind, percent, floor, cap } });

  it('raises by the percentage, never past the cap, and never the wrong way', () => {
    expect(
      planChange(budgetRule('budget_up', 20, null, 1000), { status: 'ACTIVE', budgetMinor: 50_000, currency: 'INR' }),
    ).toEqual({ kind: 'budget', from: 50_000, to: 60_000 });
    expect(
      planChange(budgetRule('budget_up', 20, null, 550), { status: 'ACTIVE', budgetMinor: 50_000, currency: 'INR' }),
    ).toEqual({ kind: 'budget', from: 50_000, to: 55_000 });
    expect(
      planChange(budgetRule('budget_up', 20, null, 400), { status: 'ACTIVE', budgetMinor: 50_000, currency: 'INR' }),
    ).toBeNull();
    expect(
      planChange(budgetRule('budget_down', 50, 300, null), { status: 'ACTIVE', budgetMinor: 50_000, currency: 'INR' }),
    ).toEqual({ kind: 'budget', from: 50_000, to: 30_000 });
    expect(
      planChange(budgetRule('budget_down', 10, null, null), { status: 'ACTIVE', budgetMinor: null, currency: 'INR' }),
    ).toBeNull();
  });

  it('pauses only what runs and resumes only what is paused', () => {
    const pause = rule([], { action: { kind: 'pause', percent: null, floor: null, cap: null } });
    expect(planChange(pause, { status: 'ACTIVE', budgetMinor: null, currency: 'USD' })).toEqual({
      kind: 'status',
      from: 'ACTIVE',
      to: 'PAUSED',
    });
    expect(planChange(pause, { status: 'PAUSED', budgetMinor: null, currency: 'USD' })).toBeNull();
  });
});

describe('backtestRule', () => {
  const preset = RULE_PRESETS.find((p) => p.id === 'pause-no-conversion')!.definition('UTC');
  // Ten ads; ad 0 stops converting 12 days ago, the rest convert daily.
  const ads = Array.from({ length: 10 }, (_, n) =>
    entity({
      key: `acc:ad:${n}`,
      entityId: String(n),
      entityName: `Ad ${n}`,
      days: days(60, TODAY - 1, (i) => ({
        spend: 50_000,
        impressions: 2000,
        clicks: 30,
        conversions: n === 0 && i >= 48 ? 0 : 1,
      })),
    }),
  );

  it('fires once on the ad that stopped converting, after its 7-day window is empty, and reports what it did after', () => {
    const result = backtestRule(preset, ads, TODAY);
    expect(result.entities).toBe(10);
    expect(result.firings.map((f) => [f.day, f.entity.entityId])).toEqual([[dateOf(TODAY - 5), '0']]);
    const [firing] = result.firings;
    expect(firing.after).toEqual({ days: 4, spend: 200_000, conversions: 0 });
    expect(result.effect.join(' ')).toContain('Would have paused 1 ad (1 time)');
    expect(result.effect.join(' ')).toContain(
      'Pausing would have saved about INR 2,000.00 that brought no conversion.',
    );
  });

  it('keeps to the cooldown and the cap per run', () => {
    const notify = {
      ...preset,
      action: { kind: 'notify' as const, percent: null, floor: null, cap: null },
      groups: [
        {
          match: 'all' as const,
          conditions: [
            {
              metric: 'spend' as const,
              window: 'yesterday' as const,
              days: null,
              operator: 'gt' as const,
              compare: value(1),
            },
          ],
        },
      ],
    };
    const capped = backtestRule({ ...notify, max_actions_per_run: 3, cooldown_hours: 24 }, ads, TODAY, 10);
    expect(capped.firings).toHaveLength(30);
    expect(capped.skipped.cap).toBe(70);
    const cooled = backtestRule({ ...notify, max_actions_per_run: 100, cooldown_hours: 72 }, ads, TODAY, 9);
    expect(cooled.firings).toHaveLength(30);
    expect(cooled.skipped.cooldown).toBe(60);
  });
});
