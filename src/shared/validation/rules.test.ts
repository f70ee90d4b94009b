import { blankRule, RULE_PRESETS, type RuleDefinition } from '../api/rules';
import { checkInOrder } from './firstError';
import { ruleFieldLabel, ruleSchema } from './rules';

const check = (rule: unknown) => checkInOrder(ruleSchema, rule);
const withCondition = (patch: Record<string, unknown>): RuleDefinition => {
  const rule = RULE_PRESETS[0].definition('UTC');
  return { ...rule, groups: [{ match: 'all', conditions: [{ ...rule.groups[0].conditions[0], ...patch } as never] }] };
};

describe('ruleSchema', () => {
  it('accepts every preset as it comes', () => {
    for (const preset of RULE_PRESETS) expect(check(preset.definition('Europe/Paris')).error).toBeUndefined();
  });

  it('accepts a blank rule once it has a name', () => {
    expect(check({ ...blankRule(), name: 'Watch CPA' }).error).toBeUndefined();
    expect(check(blankRule()).error).toEqual({ message: 'Name: give the rule a name.', field: 'name' });
  });

  it('names the field of an unknown metric', () => {
    const { error } = check(withCondition({ metric: 'vibes' }));
    expect(error?.field).toBe('groups[0].conditions[0].metric');
    expect(error?.message).toMatch(/^Group 1, condition 1 — metric: is not a metric/);
  });

  it('refuses an empty group', () => {
    const rule = { ...RULE_PRESETS[0].definition('UTC'), groups: [{ match: 'all', conditions: [] }] };
    expect(check(rule).error?.message).toBe(
      'Group 1: add at least one condition; an empty group would match everything.',
    );
    expect(check({ ...rule, groups: [] }).error?.message).toBe('Conditions: add at least one group of conditions.');
  });

  it('refuses windows over 90 days', () => {
    expect(check(withCondition({ window: 'last_n_days', days: 91 })).error?.message).toBe(
      'Group 1, condition 1 — days: windows are at most 90 days.',
    );
    expect(check(withCondition({ window: 'last_n_days', days: null })).error?.field).toBe(
      'groups[0].conditions[0].days',
    );
  });

  it('refuses a budget change without a cap or floor', () => {
    const rule = RULE_PRESETS.find((p) => p.id === 'scale-roas')!.definition('UTC');
    expect(check({ ...rule, action: { ...rule.action, cap: null } }).error?.message).toBe(
      'Highest daily budget: a budget the rule raises needs a cap it never goes above.',
    );
    expect(
      check({ ...rule, action: { kind: 'budget_down', percent: 10, floor: null, cap: null } }).error?.message,
    ).toBe('Lowest daily budget: a budget the rule lowers needs a floor it never goes below.');
  });

  it('refuses an action the level cannot take', () => {
    const rule = RULE_PRESETS.find((p) => p.id === 'scale-roas')!.definition('UTC');
    expect(check({ ...rule, level: 'ad' }).error?.message).toBe(
      'Action: Raise daily budget can act on campaigns, not ads.',
    );
  });

  it('refuses revive on a rule that does not pause, and a bad schedule', () => {
    const rule = RULE_PRESETS[1].definition('UTC');
    expect(check({ ...rule, revive: true }).error?.field).toBe('revive');
    expect(check({ ...rule, schedule: { kind: 'times', times: [], time_zone: 'UTC' } }).error?.message).toBe(
      'Run at: add at least one time of day.',
    );
    expect(check({ ...rule, schedule: { kind: 'times', times: ['25:00'], time_zone: 'UTC' } }).error?.message).toBe(
      'Run at, time 1: give a time as HH:MM, 00:00 to 23:59.',
    );
    expect(
      check({ ...rule, schedule: { kind: 'times', times: ['07:00'], time_zone: 'Mars/Olympus' } }).error?.message,
    ).toBe('Time zone: is not a time zone (e.g. Europe/Paris).');
  });

  it('turns empty form inputs into a clear message', () => {
    expect(
      check(
        withCondition({ compare: { kind: 'value', value: '', metric: null, window: null, days: null, factor: null } }),
      ).error?.message,
    ).toBe('Group 1, condition 1 — value: give a number.');
    expect(
      check(
        withCondition({
          compare: { kind: 'average', value: null, metric: null, window: 'last_n_days', days: 30, factor: null },
        }),
      ).error?.message,
    ).toBe('Group 1, condition 1 — factor: give a factor, e.g. 1.5.');
  });

  it('labels paths', () => {
    expect(ruleFieldLabel('groups[1].conditions[2].compare.factor')).toBe('Group 2, condition 3 — factor');
    expect(ruleFieldLabel('action.cap')).toBe('Highest daily budget');
  });
});
