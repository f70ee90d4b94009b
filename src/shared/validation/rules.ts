import { array, boolean, type InferType, type Message, number, object, string } from 'yup';

import {
  MAX_CONDITIONS_PER_GROUP,
  MAX_GROUPS,
  MAX_SCHEDULE_TIMES,
  MAX_WINDOW_DAYS,
  RULE_ACTION_KINDS,
  RULE_ACTION_LABELS,
  RULE_ACTION_LEVELS,
  RULE_COMPARE_KINDS,
  RULE_LEVEL_LABELS,
  RULE_LEVELS,
  RULE_MATCHES,
  RULE_METRICS,
  RULE_OPERATORS,
  RULE_SCHEDULES,
  RULE_WINDOWS,
  type RuleActionKind,
  type RuleCompareKind,
  type RuleLevel,
  type RuleMatch,
  type RuleMetric,
  type RuleOperator,
  type RuleScheduleKind,
  type RuleWindow,
  STATE_METRICS,
} from '../api/rules';
import { type Platform, PLATFORMS } from '../constants';
import { UUID_PATTERN } from './uuid';

/**
 * The rule builder's schema: Formik validates the form with it and the server runs it on every
 * rule it is sent (create, update, dry run), so a message the server answers names the field the
 * way the form does: 'Group 1, condition 2 — metric: …'.
 */

export const RULE_NAME_MAX = 120;
export const RULE_SCOPE_NAME_MAX = 200;
export const RULE_MAX_ACCOUNTS = 200;
export const RULE_FACTOR_MAX = 100;
export const RULE_COOLDOWN_MAX_HOURS = 720;
export const RULE_MAX_ACTIONS_CAP = 100;
const BIG = 1e12;

const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  level: 'Applies to',
  'scope.platforms': 'Platforms',
  'scope.accounts': 'Accounts',
  'scope.name_contains': 'Name contains',
  match: 'Match',
  groups: 'Conditions',
  'action.kind': 'Action',
  'action.percent': 'Budget change (%)',
  'action.floor': 'Lowest daily budget',
  'action.cap': 'Highest daily budget',
  'schedule.kind': 'Schedule',
  'schedule.times': 'Run at',
  'schedule.time_zone': 'Time zone',
  'guard.min_impressions': 'Minimum impressions',
  'guard.min_spend': 'Minimum spend',
  cooldown_hours: 'Cooldown (hours)',
  max_actions_per_run: 'Most actions per run',
  revive: 'Revive',
  approval: 'Ask me to approve',
  enabled: 'Enabled',
};

const CONDITION_FIELD_WORDS: Record<string, string> = {
  metric: 'metric',
  window: 'window',
  days: 'days',
  operator: 'comparison',
  'compare.kind': 'compare with',
  'compare.value': 'value',
  'compare.metric': 'other metric',
  'compare.window': 'window of the comparison',
  'compare.days': 'days of the comparison',
  'compare.factor': 'factor',
};

/** A field's path in the words the form shows: 'groups[0].conditions[1].compare.factor' → 'Group 1, condition 2 — factor'. */
export function ruleFieldLabel(path: string | undefined): string {
  if (!path) return 'Rule';
  const condition = /^groups\[(\d+)\]\.conditions\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (condition) {
    const where = `Group ${Number(condition[1]) + 1}, condition ${Number(condition[2]) + 1}`;
    return condition[3] ? `${where} — ${CONDITION_FIELD_WORDS[condition[3]] ?? condition[3]}` : where;
  }
  const group = /^groups\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (group) return `Group ${Number(group[1]) + 1}${group[2] === 'match' ? ' — match' : ''}`;
  const time = /^schedule\.times\[(\d+)\]$/.exec(path);
  if (time) return `Run at, time ${Number(time[1]) + 1}`;
  return FIELD_WORDS[path] ?? path.replace(/\[\d+\]$/, '');
}

/** A message that names its field. */
const named =
  (text: string): Message =>
  ({ path }: { path?: string }) =>
    `${ruleFieldLabel(path)}: ${text}`;

const oneOfWords = (values: readonly string[]) => `must be one of: ${values.join(', ')}.`;

/** Empty inputs of a form arrive as '' (or NaN); they mean "not set". */
const optionalNumber = (message: string) =>
  number()
    .transform((value: unknown, original: unknown) =>
      original === '' || original === null || Number.isNaN(value) ? null : value,
    )
    .nullable()
    .typeError(named(message));

const dayCount = () =>
  optionalNumber(`give a whole number of days from 2 to ${MAX_WINDOW_DAYS}.`)
    .integer(named(`give a whole number of days from 2 to ${MAX_WINDOW_DAYS}.`))
    .min(2, named(`give a whole number of days from 2 to ${MAX_WINDOW_DAYS}.`))
    .max(MAX_WINDOW_DAYS, named(`windows are at most ${MAX_WINDOW_DAYS} days.`));

const windowField = () => string().oneOf(RULE_WINDOWS as readonly RuleWindow[], named(oneOfWords(RULE_WINDOWS)));

const comparandSchema = object({
  kind: string()
    .required(named('choose what to compare with.'))
    .oneOf(RULE_COMPARE_KINDS as readonly RuleCompareKind[], named(oneOfWords(RULE_COMPARE_KINDS))),
  value: optionalNumber('give a number.').when('kind', {
    is: 'value',
    then: (s) =>
      s.required(named('give a number.')).min(0, named('must be 0 or more.')).max(BIG, named('is too large.')),
  }),
  metric: string()
    .nullable()
    .oneOf(
      [...(RULE_METRICS as readonly RuleMetric[]), null],
      named(`is not a metric; use one of: ${RULE_METRICS.join(', ')}.`),
    )
    .when('kind', { is: 'metric', then: (s) => s.required(named('choose the metric to compare with.')) }),
  window: windowField()
    .nullable()
    .when('kind', {
      is: 'average',
      then: (s) =>
        s
          .required(named('choose the span of the average.'))
          .oneOf(['last_n_days', 'lifetime'], named('an average is over the last N days or the lifetime.')),
    }),
  days: dayCount().when('window', {
    is: 'last_n_days',
    then: (s) => s.required(named(`give a whole number of days from 2 to ${MAX_WINDOW_DAYS}.`)),
  }),
  factor: optionalNumber('give a factor, e.g. 1.5.').when('kind', {
    is: (kind: string) => kind === 'metric' || kind === 'average',
    then: (s) =>
      s
        .required(named('give a factor, e.g. 1.5.'))
        .moreThan(0, named('must be more than 0.'))
        .max(RULE_FACTOR_MAX, named(`must be at most ${RULE_FACTOR_MAX}.`)),
  }),
});

const conditionSchema = object({
  metric: string()
    .required(named('choose a metric.'))
    .oneOf(RULE_METRICS as readonly RuleMetric[], named(`is not a metric; use one of: ${RULE_METRICS.join(', ')}.`)),
  window: windowField().required(named('choose a window.')),
  days: dayCount().when('window', {
    is: 'last_n_days',
    then: (s) => s.required(named(`give a whole number of days from 2 to ${MAX_WINDOW_DAYS}.`)),
  }),
  operator: string()
    .required(named('choose a comparison.'))
    .oneOf(RULE_OPERATORS as readonly RuleOperator[], named(oneOfWords(RULE_OPERATORS))),
  compare: comparandSchema.required(),
}).test(
  'average-of-state',
  named('a daily budget or days running has no average over time; compare it with a number.'),
  (condition) => {
    return !(condition.compare?.kind === 'average' && STATE_METRICS.includes(condition.metric as RuleMetric));
  },
);

const groupSchema = object({
  match: string()
    .required()
    .oneOf(RULE_MATCHES as readonly RuleMatch[], named(oneOfWords(RULE_MATCHES))),
  conditions: array(conditionSchema.required())
    .required(named('add at least one condition.'))
    .min(
      1,
      ({ path }) =>
        `${ruleFieldLabel(path.replace(/\.conditions$/, ''))}: add at least one condition; an empty group would match everything.`,
    )
    .max(
      MAX_CONDITIONS_PER_GROUP,
      ({ path }) =>
        `${ruleFieldLabel(path.replace(/\.conditions$/, ''))}: at most ${MAX_CONDITIONS_PER_GROUP} conditions.`,
    ),
});

const isTimeZone = (zone: string | undefined) => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const budgetActions: readonly RuleActionKind[] = ['budget_up', 'budget_down'];

const actionSchema = object({
  kind: string()
    .required(named('choose what the rule does.'))
    .oneOf(RULE_ACTION_KINDS as readonly RuleActionKind[], named(oneOfWords(RULE_ACTION_KINDS))),
  percent: optionalNumber('give the change in percent, 1 to 100.').when('kind', {
    is: (kind: RuleActionKind) => budgetActions.includes(kind),
    then: (s) =>
      s
        .required(named('give the change in percent, 1 to 100.'))
        .integer(named('give a whole percent, 1 to 100.'))
        .min(1, named('give the change in percent, 1 to 100.'))
        .max(100, named('give the change in percent, 1 to 100.')),
  }),
  floor: optionalNumber('give an amount.')
    .min(0, named('must be 0 or more.'))
    .max(BIG, named('is too large.'))
    .when('kind', {
      is: 'budget_down',
      then: (s) => s.required(named('a budget the rule lowers needs a floor it never goes below.')),
    }),
  cap: optionalNumber('give an amount.')
    .min(0, named('must be 0 or more.'))
    .max(BIG, named('is too large.'))
    .when('kind', {
      is: 'budget_up',
      then: (s) => s.required(named('a budget the rule raises needs a cap it never goes above.')),
    }),
}).test(
  'floor-below-cap',
  ({ path }) => `${ruleFieldLabel(`${path ? `${path}.` : ''}floor`)}: must be below the highest daily budget.`,
  (action) => {
    return (
      action.floor === null ||
      action.floor === undefined ||
      action.cap === null ||
      action.cap === undefined ||
      action.floor < action.cap
    );
  },
);

export const ruleSchema = object({
  name: string()
    .trim()
    .required(named('give the rule a name.'))
    .max(RULE_NAME_MAX, named(`at most ${RULE_NAME_MAX} characters.`)),
  level: string()
    .required(named('choose what the rule looks at.'))
    .oneOf(RULE_LEVELS as readonly RuleLevel[], named(oneOfWords(RULE_LEVELS))),
  scope: object({
    platforms: array(
      string()
        .required()
        .oneOf(PLATFORMS as readonly Platform[], named(oneOfWords(PLATFORMS))),
    )
      .default([])
      .max(PLATFORMS.length),
    accounts: array(
      string().required().matches(UUID_PATTERN, named('must be ids of the workspace’s connected accounts.')),
    )
      .default([])
      .max(RULE_MAX_ACCOUNTS, named(`at most ${RULE_MAX_ACCOUNTS} accounts.`)),
    name_contains: string()
      .trim()
      .default('')
      .max(RULE_SCOPE_NAME_MAX, named(`at most ${RULE_SCOPE_NAME_MAX} characters.`)),
  }).required(),
  match: string()
    .required()
    .oneOf(RULE_MATCHES as readonly RuleMatch[], named(oneOfWords(RULE_MATCHES))),
  groups: array(groupSchema.required())
    .required(named('add at least one group of conditions.'))
    .min(1, named('add at least one group of conditions.'))
    .max(MAX_GROUPS, named(`at most ${MAX_GROUPS} groups.`)),
  action: actionSchema.required(),
  schedule: object({
    kind: string()
      .required()
      .oneOf(RULE_SCHEDULES as readonly RuleScheduleKind[], named(oneOfWords(RULE_SCHEDULES))),
    times: array(
      string()
        .required()
        .matches(/^([01]\d|2[0-3]):[0-5]\d$/, named('give a time as HH:MM, 00:00 to 23:59.')),
    )
      .default([])
      .max(MAX_SCHEDULE_TIMES, named(`at most ${MAX_SCHEDULE_TIMES} times a day.`))
      .when('kind', { is: 'times', then: (s) => s.min(1, named('add at least one time of day.')) }),
    time_zone: string()
      .trim()
      .default('UTC')
      .test('zone', named('is not a time zone (e.g. Europe/Paris).'), isTimeZone),
  }).required(),
  guard: object({
    min_impressions: number()
      .typeError(named('give a whole number, 0 or more.'))
      .required(named('give a whole number, 0 or more.'))
      .integer(named('give a whole number, 0 or more.'))
      .min(0, named('give a whole number, 0 or more.'))
      .max(BIG, named('is too large.')),
    min_spend: number()
      .typeError(named('give an amount, 0 or more.'))
      .required(named('give an amount, 0 or more.'))
      .min(0, named('give an amount, 0 or more.'))
      .max(BIG, named('is too large.')),
  }).required(),
  cooldown_hours: number()
    .typeError(named(`give whole hours from 1 to ${RULE_COOLDOWN_MAX_HOURS}.`))
    .required(named(`give whole hours from 1 to ${RULE_COOLDOWN_MAX_HOURS}.`))
    .integer(named(`give whole hours from 1 to ${RULE_COOLDOWN_MAX_HOURS}.`))
    .min(1, named(`give whole hours from 1 to ${RULE_COOLDOWN_MAX_HOURS}.`))
    .max(RULE_COOLDOWN_MAX_HOURS, named(`give whole hours from 1 to ${RULE_COOLDOWN_MAX_HOURS}.`)),
  max_actions_per_run: number()
    .typeError(named(`give a whole number from 1 to ${RULE_MAX_ACTIONS_CAP}.`))
    .required(named(`give a whole number from 1 to ${RULE_MAX_ACTIONS_CAP}.`))
    .integer(named(`give a whole number from 1 to ${RULE_MAX_ACTIONS_CAP}.`))
    .min(1, named(`give a whole number from 1 to ${RULE_MAX_ACTIONS_CAP}.`))
    .max(RULE_MAX_ACTIONS_CAP, named(`give a whole number from 1 to ${RULE_MAX_ACTIONS_CAP}.`)),
  revive: boolean().strict().default(false).typeError(named('must be true or false.')),
  approval: boolean().strict().default(false).typeError(named('must be true or false.')),
  enabled: boolean().strict().default(true).typeError(named('must be true or false.')),
})
  .test('action-level', (rule, context) => {
    const kind = rule.action?.kind as RuleActionKind | undefined;
    const level = rule.level as RuleLevel | undefined;
    if (!kind || !level || !RULE_ACTION_LEVELS[kind] || RULE_ACTION_LEVELS[kind].includes(level)) return true;
    const can = RULE_ACTION_LEVELS[kind].map((l) => RULE_LEVEL_LABELS[l].toLowerCase()).join(' and ');
    return context.createError({
      path: 'action.kind',
      message: `Action: ${RULE_ACTION_LABELS[kind]} can act on ${can}, not ${RULE_LEVEL_LABELS[level].toLowerCase()}.`,
    });
  })
  .test('revive-needs-pause', (rule, context) => {
    if (!rule.revive || rule.action?.kind === 'pause') return true;
    return context.createError({
      path: 'revive',
      message: 'Revive: only a rule that pauses can resume what it paused.',
    });
  })
  .test('budget-metric-level', (rule, context) => {
    // A daily budget belongs to a campaign: ads and accounts have none of their own to compare.
    if (rule.level === 'campaign') return true;
    for (const [g, group] of (rule.groups ?? []).entries()) {
      for (const [c, condition] of (group?.conditions ?? []).entries()) {
        if (condition?.metric === 'budget' || condition?.compare?.metric === 'budget') {
          return context.createError({
            path: `groups[${g}].conditions[${c}]`,
            message: `${ruleFieldLabel(`groups[${g}].conditions[${c}]`)}: a daily budget is a campaign’s; choose Campaigns under Applies to.`,
          });
        }
      }
    }
    return true;
  });
export type RuleInput = InferType<typeof ruleSchema>;

/** PUT rules/<id>/enabled/. */
export const ruleEnabledSchema = object({
  enabled: boolean().strict().required('Enabled must be true or false.').typeError('Enabled must be true or false.'),
});
