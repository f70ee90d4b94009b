import {
  blankRule,
  type Rule,
  RULE_ACTION_LEVELS,
  type RuleActionKind,
  type RuleComparand,
  type RuleCondition,
  type RuleDefinition,
  type RuleLevel,
  type RuleMetric,
  STATE_METRICS,
} from '@shared/api/rules';
import { ruleSchema } from '@shared/validation/rules';
import { type FormikErrors, yupToFormErrors } from 'formik';
import { ValidationError } from 'yup';

import type { RuleFormStep } from './ruleBuilder.machine';

/** The fields each step of the builder holds (top-level keys of RuleDefinition). */
export const STEP_FIELDS: Record<RuleFormStep, readonly (keyof RuleDefinition)[]> = {
  conditions: ['name', 'level', 'scope', 'match', 'groups'],
  actions: ['action', 'approval', 'revive', 'cooldown_hours', 'max_actions_per_run', 'guard'],
  schedule: ['schedule', 'enabled'],
};

/** The stepper's names of the steps. */
export const STEP_TITLES = ['Conditions', 'Action', 'Schedule', 'Dry run'] as const;

/** The step that holds a field named by its path ('groups[0].conditions[1].days' → 'conditions'); null for none. */
export function stepOfField(path: string | undefined | null): RuleFormStep | null {
  if (!path) return null;
  const top = path.split(/[.[]/)[0] as keyof RuleDefinition;
  for (const [step, fields] of Object.entries(STEP_FIELDS) as [RuleFormStep, readonly (keyof RuleDefinition)[]][]) {
    if (fields.includes(top)) return step;
  }
  return null;
}

/** The errors of one step's fields only. */
export function stepErrors(errors: FormikErrors<RuleDefinition>, step: RuleFormStep): FormikErrors<RuleDefinition> {
  const picked: Record<string, unknown> = {};
  for (const field of STEP_FIELDS[step]) if (errors[field] !== undefined) picked[field] = errors[field];
  return picked as FormikErrors<RuleDefinition>;
}

/**
 * The form's validation: the shared schema, exactly as the server runs it (no Formik clean-up of
 * empty strings first, so an emptied time reads "give a time as HH:MM", not yup's default words).
 */
export async function validateRule(values: RuleDefinition): Promise<FormikErrors<RuleDefinition>> {
  try {
    await ruleSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<RuleDefinition>(error);
    throw error;
  }
}

/** The time zone of the browser, which a new rule's schedule starts from. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The server-only fields of a rule taken off: what the builder edits and sends back. */
export function definitionOf(rule: Rule): RuleDefinition {
  const {
    id: _id,
    created_at: _createdAt,
    updated_at: _updatedAt,
    created_by: _createdBy,
    summary: _summary,
    last_run: _lastRun,
    ...definition
  } = rule;
  return definition;
}

/** Whether a metric is a state now (a daily budget, days running): no window, no average. */
export const isStateMetric = (metric: RuleMetric | null): boolean => metric !== null && STATE_METRICS.includes(metric);

/** Whether an action changes a daily budget. */
export const isBudgetAction = (kind: RuleActionKind): boolean => kind === 'budget_up' || kind === 'budget_down';

/** The actions a rule at `level` may take. */
export const actionsForLevel = (level: RuleLevel): RuleActionKind[] =>
  (Object.keys(RULE_ACTION_LEVELS) as RuleActionKind[]).filter((kind) => RULE_ACTION_LEVELS[kind].includes(level));

/** A new condition, as the blank rule starts one. */
export function newCondition(): RuleCondition {
  return structuredClone(blankRule().groups[0].conditions[0]);
}

/** What a comparison of `kind` starts from when the user switches to it (the factor and span it had are kept). */
export function comparandOfKind(kind: RuleComparand['kind'], previous: RuleComparand): RuleComparand {
  switch (kind) {
    case 'value':
      return { kind, value: previous.value, metric: null, window: null, days: null, factor: null };
    case 'metric':
      return { kind, value: null, metric: previous.metric, window: 'today', days: null, factor: previous.factor ?? 1 };
    case 'average':
      return {
        kind,
        value: null,
        metric: null,
        window: previous.window === 'lifetime' ? 'lifetime' : 'last_n_days',
        days: previous.days ?? 30,
        factor: previous.factor ?? 1,
      };
  }
}

function comparandToSend(compare: RuleComparand): RuleComparand {
  switch (compare.kind) {
    case 'value':
      return { kind: 'value', value: compare.value, metric: null, window: null, days: null, factor: null };
    case 'metric': {
      const state = isStateMetric(compare.metric);
      const window = state ? 'today' : compare.window;
      return {
        kind: 'metric',
        value: null,
        metric: compare.metric,
        window,
        days: window === 'last_n_days' ? compare.days : null,
        factor: compare.factor,
      };
    }
    case 'average':
      return {
        kind: 'average',
        value: null,
        metric: null,
        window: compare.window,
        days: compare.window === 'last_n_days' ? compare.days : null,
        factor: compare.factor,
      };
  }
}

function conditionToSend(condition: RuleCondition): RuleCondition {
  const window = isStateMetric(condition.metric) ? 'today' : condition.window;
  return {
    metric: condition.metric,
    window,
    days: window === 'last_n_days' ? condition.days : null,
    operator: condition.operator,
    compare: comparandToSend(condition.compare),
  };
}

/**
 * The form's values as the server should get them: text trimmed, and what hidden inputs still
 * hold left out (the days of a window that is not "last N days", a budget change's figures on
 * another action, revive on a rule that does not pause, times when it runs after each sync).
 */
export function toDefinition(values: RuleDefinition): RuleDefinition {
  const { action } = values;
  const budget = isBudgetAction(action.kind);
  return {
    name: values.name.trim(),
    level: values.level,
    scope: {
      platforms: [...values.scope.platforms],
      accounts: [...values.scope.accounts],
      name_contains: values.scope.name_contains.trim(),
    },
    match: values.match,
    groups: values.groups.map((group) => ({ match: group.match, conditions: group.conditions.map(conditionToSend) })),
    action: {
      kind: action.kind,
      percent: budget ? action.percent : null,
      floor: budget ? action.floor : null,
      cap: budget ? action.cap : null,
    },
    schedule: {
      kind: values.schedule.kind,
      times: values.schedule.kind === 'times' ? [...values.schedule.times] : [],
      time_zone: values.schedule.time_zone.trim(),
    },
    guard: { ...values.guard },
    cooldown_hours: values.cooldown_hours,
    max_actions_per_run: values.max_actions_per_run,
    revive: action.kind === 'pause' && values.revive,
    approval: action.kind !== 'notify' && values.approval,
    enabled: values.enabled,
  };
}

/** The request field a 400 names: one rule for the whole client. */
export { errorField } from '@client/api/errors';
