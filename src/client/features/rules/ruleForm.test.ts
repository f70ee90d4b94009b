import { ruleBody } from '@client/test/rules.handlers';
import { blankRule, RULE_PRESETS, type RuleDefinition } from '@shared/api/rules';

import { parseNumberText } from './RuleFields';
import {
  actionsForLevel,
  comparandOfKind,
  definitionOf,
  errorField,
  stepErrors,
  stepOfField,
  toDefinition,
  validateRule,
} from './ruleForm';

describe('toDefinition', () => {
  it('sends every preset as it is', () => {
    for (const preset of RULE_PRESETS)
      expect(toDefinition(preset.definition('Europe/Paris'))).toEqual(preset.definition('Europe/Paris'));
  });

  it('trims text and leaves out what hidden inputs still hold', () => {
    const rule = blankRule('UTC');
    const values: RuleDefinition = {
      ...rule,
      name: '  Watch CPA ',
      scope: { platforms: ['meta'], accounts: [], name_contains: ' Sale ' },
      groups: [
        {
          match: 'all',
          conditions: [
            // A window that is not "last N days" has no days; a number has no factor.
            {
              metric: 'cpa',
              window: 'yesterday',
              days: 7,
              operator: 'gt',
              compare: { kind: 'value', value: 5, metric: 'spend', window: 'today', days: 3, factor: 2 },
            },
            // A state has no window of its own.
            {
              metric: 'budget',
              window: 'last_n_days',
              days: 7,
              operator: 'lt',
              compare: { kind: 'value', value: 100, metric: null, window: null, days: null, factor: null },
            },
          ],
        },
      ],
      action: { kind: 'pause', percent: 10, floor: 5, cap: 50 },
      schedule: { kind: 'after_sync', times: ['07:00'], time_zone: ' UTC ' },
      revive: true,
      approval: true,
    };
    expect(toDefinition(values)).toEqual({
      ...values,
      name: 'Watch CPA',
      scope: { platforms: ['meta'], accounts: [], name_contains: 'Sale' },
      groups: [
        {
          match: 'all',
          conditions: [
            {
              metric: 'cpa',
              window: 'yesterday',
              days: null,
              operator: 'gt',
              compare: { kind: 'value', value: 5, metric: null, window: null, days: null, factor: null },
            },
            {
              metric: 'budget',
              window: 'today',
              days: null,
              operator: 'lt',
              compare: { kind: 'value', value: 100, metric: null, window: null, days: null, factor: null },
            },
          ],
        },
      ],
      action: { kind: 'pause', percent: null, floor: null, cap: null },
      schedule: { kind: 'after_sync', times: [], time_zone: 'UTC' },
      revive: true,
      approval: true,
    });
    // Revive is a pausing rule's, approval a changing one's.
    expect(
      toDefinition({ ...values, action: { kind: 'notify', percent: null, floor: null, cap: null } }),
    ).toMatchObject({ revive: false, approval: false });
  });
});

describe('definitionOf', () => {
  it('takes the server-only fields off a rule', () => {
    expect(definitionOf(ruleBody())).toEqual(RULE_PRESETS[0].definition('UTC'));
  });
});

describe('comparandOfKind', () => {
  it('keeps the factor and span a comparison had when its kind changes', () => {
    const average = comparandOfKind('average', {
      kind: 'value',
      value: 3,
      metric: null,
      window: null,
      days: null,
      factor: null,
    });
    expect(average).toEqual({ kind: 'average', value: null, metric: null, window: 'last_n_days', days: 30, factor: 1 });
    expect(comparandOfKind('metric', { ...average, factor: 1.5 })).toEqual({
      kind: 'metric',
      value: null,
      metric: null,
      window: 'today',
      days: null,
      factor: 1.5,
    });
    expect(comparandOfKind('value', average)).toEqual({
      kind: 'value',
      value: null,
      metric: null,
      window: null,
      days: null,
      factor: null,
    });
  });
});

describe('steps and fields', () => {
  it('finds the step holding a field', () => {
    expect(stepOfField('groups[0].conditions[1].days')).toBe('conditions');
    expect(stepOfField('name')).toBe('conditions');
    expect(stepOfField('guard.min_spend')).toBe('actions');
    expect(stepOfField('schedule.times[2]')).toBe('schedule');
    expect(stepOfField(undefined)).toBeNull();
    expect(stepOfField('nonsense')).toBeNull();
  });

  it("judges one step by the shared schema's messages on its own fields only", async () => {
    const errors = await validateRule({ ...blankRule('UTC'), cooldown_hours: 0 });
    expect(errors.name).toBe('Name: give the rule a name.');
    expect(stepErrors(errors, 'conditions')).toEqual({ name: 'Name: give the rule a name.' });
    expect(stepErrors(errors, 'actions')).toEqual({
      cooldown_hours: 'Cooldown (hours): give whole hours from 1 to 720.',
    });
    expect(stepErrors(errors, 'schedule')).toEqual({});
    expect(await validateRule({ ...blankRule('UTC'), name: 'Watch CPA' })).toEqual({});
  });

  it('reads the field of a server 400', () => {
    expect(errorField({ status: 400, data: { detail: 'Another rule already has this name.', field: 'name' } })).toBe(
      'name',
    );
    expect(errorField({ status: 500, data: { detail: 'Oops' } })).toBeNull();
    expect(errorField(new Error('offline'))).toBeNull();
  });

  it('offers only the actions a level can take', () => {
    expect(actionsForLevel('account')).toEqual(['notify']);
    expect(actionsForLevel('ad')).toEqual(['notify', 'pause', 'resume']);
    expect(actionsForLevel('campaign')).toEqual(['notify', 'pause', 'resume', 'budget_up', 'budget_down']);
  });
});

describe('parseNumberText', () => {
  it('reads an empty input as not set, never as 0, and junk as no number', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('  ')).toBeNull();
    expect(parseNumberText('0')).toBe(0);
    expect(parseNumberText('1.5')).toBe(1.5);
    expect(parseNumberText('1,5')).toBe(1.5);
    expect(parseNumberText('abc')).toBeNaN();
  });
});
