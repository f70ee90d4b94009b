import type { Platform } from '../constants';

/**
 * Automated rules, shared by client and server. Every route is under the API base, needs the
 * signed-in user's access token and answers for the current workspace (WORKSPACE_HEADER).
 * Reading needs 'rules:read' (owner, manager, viewer); changing rules, dry runs and approvals
 * need 'rules:write' (owner, manager).
 *
 * GET    rules/                              -> RuleList          every rule with its last run, and the actions waiting for approval
 * POST   rules/            RuleDefinition    -> Rule              created (validated by ruleSchema, the form's own schema)
 * POST   rules/dry-run/    RuleDefinition    -> DryRun            what the rule would have done over the last DRY_RUN_DAYS days
 * GET    rules/<id>/                         -> RuleDetail        the rule with its recent runs
 * PUT    rules/<id>/       RuleDefinition    -> Rule
 * PUT    rules/<id>/enabled/ {enabled}       -> Rule
 * DELETE rules/<id>/                         -> 204               the actions it took stay in the actions log
 * POST   rules/approvals/<id>/approve/       -> RuleActionItem    written at the platform now
 * POST   rules/approvals/<id>/reject/        -> RuleActionItem
 *
 * Rules run after every sync of the workspace (or at set times), once per new data: two syncs
 * finishing together evaluate a rule once. Every change a rule makes goes through the platform
 * clients and into the actions log (GET actions/), measured like applied suggestions; a platform
 * refusing it marks the action failed and raises an alert, and the rule does not retry that
 * entity before its cooldown has passed.
 */

export const RULE_LEVELS = ['account', 'campaign', 'ad'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export const RULE_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'ctr',
  'cpc',
  'cpa',
  'roas',
  'budget',
  'days_running',
] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

/** Metrics that are a state now, not a sum over days: their window is not used. */
export const STATE_METRICS: readonly RuleMetric[] = ['budget', 'days_running'];
/** Metrics in money (major units of each account's own currency). */
export const MONEY_METRICS: readonly RuleMetric[] = ['spend', 'cpc', 'cpa', 'budget'];

export const RULE_WINDOWS = ['today', 'yesterday', 'last_n_days', 'lifetime'] as const;
export type RuleWindow = (typeof RULE_WINDOWS)[number];

export const RULE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_COMPARE_KINDS = ['value', 'metric', 'average'] as const;
export type RuleCompareKind = (typeof RULE_COMPARE_KINDS)[number];

export const RULE_ACTION_KINDS = ['notify', 'pause', 'resume', 'budget_up', 'budget_down'] as const;
export type RuleActionKind = (typeof RULE_ACTION_KINDS)[number];

export const RULE_MATCHES = ['all', 'any'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

export const RULE_SCHEDULES = ['after_sync', 'times'] as const;
export type RuleScheduleKind = (typeof RULE_SCHEDULES)[number];

/** Longest window a condition may look back over ("last N days"), and the dry run's span. */
export const MAX_WINDOW_DAYS = 90;
export const DRY_RUN_DAYS = 30;
export const MAX_GROUPS = 5;
export const MAX_CONDITIONS_PER_GROUP = 10;
export const MAX_SCHEDULE_TIMES = 24;
export const MAX_RULES_PER_WORKSPACE = 100;
/** Defaults of the minimum-data guard and the safety limits. */
export const RULE_DEFAULTS = { minImpressions: 1000, minSpend: 10, cooldownHours: 24, maxActionsPerRun: 10 } as const;

/** How a condition's value is compared: with a number, another metric × a factor, or the entity's own average × a factor. */
export interface RuleComparand {
  kind: RuleCompareKind;
  /** kind 'value': the number (money in major units of the account's currency; CTR in %; ROAS as a multiple). */
  value: number | null;
  /** kind 'metric': the other metric and its window. */
  metric: RuleMetric | null;
  /** kind 'metric' and 'average': the window (for 'average': the span the per-day average is taken over). */
  window: RuleWindow | null;
  days: number | null;
  /** kind 'metric' and 'average'. */
  factor: number | null;
}

export interface RuleCondition {
  metric: RuleMetric;
  window: RuleWindow;
  /** For 'last_n_days': N (2..MAX_WINDOW_DAYS); otherwise null. */
  days: number | null;
  operator: RuleOperator;
  compare: RuleComparand;
}

export interface RuleConditionGroup {
  match: RuleMatch;
  conditions: RuleCondition[];
}

export interface RuleAction {
  kind: RuleActionKind;
  /** Budget actions: the change in percent (1..100). */
  percent: number | null;
  /** Budget actions: never below this daily budget, never above this one (major units of the account's currency). */
  floor: number | null;
  cap: number | null;
}

export interface RuleSchedule {
  kind: RuleScheduleKind;
  /** kind 'times': HH:MM in `time_zone`. */
  times: string[];
  time_zone: string;
}

/** What the builder sends and the server stores (validated by ruleSchema on both sides). */
export interface RuleDefinition {
  name: string;
  level: RuleLevel;
  /** Empty lists and an empty name match mean every platform, account or name. */
  scope: { platforms: Platform[]; accounts: string[]; name_contains: string };
  /** How the groups combine; each group combines its own conditions. */
  match: RuleMatch;
  groups: RuleConditionGroup[];
  action: RuleAction;
  schedule: RuleSchedule;
  /** The entity needs at least this much data over the rule's longest window before the rule judges it. */
  guard: { min_impressions: number; min_spend: number };
  /** After acting on an entity, the rule leaves it alone this long. */
  cooldown_hours: number;
  max_actions_per_run: number;
  /** Resume what this rule paused when late data (late conversions) no longer meet its conditions. */
  revive: boolean;
  /** Notify only and queue the change for one-click approval instead of writing it. */
  approval: boolean;
  enabled: boolean;
}

export interface RuleRunSummary {
  id: string;
  trigger: 'sync' | 'schedule' | 'manual';
  started_at: string;
  finished_at: string | null;
  /** Entities judged, matched, acted on (written or queued), failed, revived. */
  judged: number;
  matched: number;
  acted: number;
  failed: number;
  revived: number;
  /** Entities held back by the guard, the cooldown or the cap. */
  skipped: number;
}

export interface Rule extends RuleDefinition {
  id: string;
  created_at: string;
  updated_at: string;
  created_by: { id: string | null; name: string };
  /** One line per part, in the words the list shows: 'Ads · CPA (last 3 days) > 1.5 × its 30-day average'. */
  summary: string[];
  last_run: RuleRunSummary | null;
}

/** applying: approved (or decided by the rule) and being written at the platform, through the actions log. */
export const RULE_ACTION_STATUSES = [
  'pending',
  'applying',
  'applied',
  'failed',
  'rejected',
  'notified',
  'expired',
] as const;
export type RuleActionStatus = (typeof RULE_ACTION_STATUSES)[number];

/** One thing a rule did or wants to do to one entity. */
export interface RuleActionItem {
  id: string;
  rule: { id: string | null; name: string };
  platform: Platform;
  account: { id: string; name: string; currency: string };
  level: RuleLevel;
  entity_id: string;
  entity_name: string;
  kind: RuleActionKind | 'revive';
  /** The change in words, naming the platform (empty for notify). */
  change_lines: string[];
  /** Why: each condition with the value it saw. */
  reasons: string[];
  status: RuleActionStatus;
  /** The platform's words when it refused. */
  error: string | null;
  /** The actions-log entry, once written. */
  action_id: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface RuleList {
  rules: Rule[];
  /** Changes waiting for a manager's approval, newest first. */
  pending: RuleActionItem[];
}

export interface RuleDetail {
  rule: Rule;
  runs: RuleRunSummary[];
  actions: RuleActionItem[];
}

/** One firing in a dry run. */
export interface DryRunFiring {
  day: string;
  platform: Platform;
  account: { id: string; name: string; currency: string };
  entity_id: string;
  entity_name: string;
  kind: RuleActionKind;
  reasons: string[];
  /** What the entity did in the DRY_RUN_EFFECT_DAYS after the firing (as recorded, i.e. had the rule not acted), account currency major units. */
  after: { days: number; spend: number; conversions: number; cpa: number | null };
  /** The same over the days before (the rule's longest window). */
  before: { days: number; spend: number; conversions: number; cpa: number | null };
}

/** Days after a dry-run firing whose figures show its effect. */
export const DRY_RUN_EFFECT_DAYS = 7;

export interface DryRun {
  from: string;
  to: string;
  /** Entities in scope over the span. */
  entities: number;
  firings: DryRunFiring[];
  /** Firings held back by the guard, the cooldown or the cap. */
  skipped: { guard: number; cooldown: number; cap: number };
  /** In words, per currency: what the entities the rule would have acted on spent and converted after it. */
  effect: string[];
  /** The data the dry run could not replay (budgets are today's: their history is not kept). */
  caveats: string[];
}

export const RULE_LEVEL_LABELS: Record<RuleLevel, string> = { account: 'Accounts', campaign: 'Campaigns', ad: 'Ads' };

export const RULE_METRIC_LABELS: Record<RuleMetric, string> = {
  spend: 'Spend',
  impressions: 'Impressions',
  clicks: 'Clicks',
  conversions: 'Conversions',
  ctr: 'CTR (%)',
  cpc: 'CPC',
  cpa: 'CPA',
  roas: 'ROAS',
  budget: 'Daily budget',
  days_running: 'Days running',
};

export const RULE_WINDOW_LABELS: Record<RuleWindow, string> = {
  today: 'today',
  yesterday: 'yesterday',
  last_n_days: 'last N days',
  lifetime: 'lifetime',
};

export const RULE_OPERATOR_SYMBOLS: Record<RuleOperator, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' };

export const RULE_ACTION_LABELS: Record<RuleActionKind, string> = {
  notify: 'Notify me',
  pause: 'Pause',
  resume: 'Resume',
  budget_up: 'Raise daily budget',
  budget_down: 'Lower daily budget',
};

/** Which levels each action can act on (budgets are a campaign's; accounts can only be watched). */
export const RULE_ACTION_LEVELS: Record<RuleActionKind, readonly RuleLevel[]> = {
  notify: ['account', 'campaign', 'ad'],
  pause: ['campaign', 'ad'],
  resume: ['campaign', 'ad'],
  budget_up: ['campaign'],
  budget_down: ['campaign'],
};

/** A window in words: 'today', 'last 7 days', 'lifetime'. */
export function windowWords(window: RuleWindow, days: number | null): string {
  return window === 'last_n_days' ? `last ${days ?? '?'} days` : RULE_WINDOW_LABELS[window];
}

export const RULE_MESSAGES = {
  notFound: 'No such rule in this workspace.',
  actionNotFound: 'No such rule action in this workspace.',
  notPending: 'This change is no longer waiting for approval.',
  tooMany: `A workspace can have at most ${MAX_RULES_PER_WORKSPACE} rules. Delete one first.`,
  nameTaken: 'Another rule already has this name.',
  badEnabled: 'Enabled must be true or false.',
  refused: (platform: string, reason: string) => `${platform} refused the change: ${reason}`,
  budgetMoved: (platform: string, now: string) =>
    `The daily budget changed at ${platform} since the rule judged it (now ${now}); nothing was written.`,
} as const;

const comparandValue = (value: number): RuleComparand => ({
  kind: 'value',
  value,
  metric: null,
  window: null,
  days: null,
  factor: null,
});
const comparandAverage = (factor: number, days: number): RuleComparand => ({
  kind: 'average',
  value: null,
  metric: null,
  window: 'last_n_days',
  days,
  factor,
});

/** A new rule's starting point (the builder's blank form). */
export function blankRule(timeZone = 'UTC'): RuleDefinition {
  return {
    name: '',
    level: 'campaign',
    scope: { platforms: [], accounts: [], name_contains: '' },
    match: 'all',
    groups: [
      {
        match: 'all',
        conditions: [{ metric: 'cpa', window: 'last_n_days', days: 7, operator: 'gt', compare: comparandValue(0) }],
      },
    ],
    action: { kind: 'notify', percent: null, floor: null, cap: null },
    schedule: { kind: 'after_sync', times: [], time_zone: timeZone },
    guard: { min_impressions: RULE_DEFAULTS.minImpressions, min_spend: RULE_DEFAULTS.minSpend },
    cooldown_hours: RULE_DEFAULTS.cooldownHours,
    max_actions_per_run: RULE_DEFAULTS.maxActionsPerRun,
    revive: false,
    approval: false,
    enabled: true,
  };
}

export interface RulePreset {
  id: string;
  title: string;
  /** Why it is good practice, in one or two sentences. */
  why: string;
  /** Numbers the user should set for their own account (target CPA, target ROAS) before saving. */
  asks: string[];
  definition: (timeZone: string) => RuleDefinition;
}

/** Presets that teach good practice: each waits for enough data and leaves a cooldown. */
export const RULE_PRESETS: readonly RulePreset[] = [
  {
    id: 'pause-no-conversion',
    title: 'Pause ads that spent 2× target CPA with no conversion',
    why: 'An ad that has spent twice what a conversion should cost without one is unlikely to recover; the guard waits for 1,000 impressions, and revive resumes it if late conversions arrive.',
    asks: ['Your target CPA (the preset assumes 1,000 in the account’s currency; 2× is 2,000).'],
    definition: (timeZone) => ({
      ...blankRule(timeZone),
      name: 'Pause ads that spent 2× target CPA with no conversion',
      level: 'ad',
      groups: [
        {
          match: 'all',
          conditions: [
            { metric: 'spend', window: 'last_n_days', days: 7, operator: 'gt', compare: comparandValue(2000) },
            { metric: 'conversions', window: 'last_n_days', days: 7, operator: 'eq', compare: comparandValue(0) },
          ],
        },
      ],
      action: { kind: 'pause', percent: null, floor: null, cap: null },
      revive: true,
    }),
  },
  {
    id: 'cpa-above-average',
    title: 'CPA 50% above its 30-day average, with at least 2,000 spend over 3 days',
    why: 'Compares each campaign with its own history rather than a fixed number, and only once it has spent enough for the CPA to mean something.',
    asks: [],
    definition: (timeZone) => ({
      ...blankRule(timeZone),
      name: 'CPA 50% above its 30-day average',
      level: 'campaign',
      groups: [
        {
          match: 'all',
          conditions: [
            { metric: 'cpa', window: 'last_n_days', days: 3, operator: 'gt', compare: comparandAverage(1.5, 30) },
            { metric: 'spend', window: 'last_n_days', days: 3, operator: 'gte', compare: comparandValue(2000) },
          ],
        },
      ],
      action: { kind: 'notify', percent: null, floor: null, cap: null },
    }),
  },
  {
    id: 'scale-roas',
    title: 'Budget up 20% on campaigns beating target ROAS for 3 days',
    why: 'Scales winners in steps small enough for the platform’s learning to keep up, never past the cap you set, and at most once a day per campaign.',
    asks: [
      'Your target ROAS (the preset assumes 3×).',
      'The most a campaign may get per day (the preset caps at 50,000).',
    ],
    definition: (timeZone) => ({
      ...blankRule(timeZone),
      name: 'Budget up 20% on campaigns beating target ROAS',
      level: 'campaign',
      groups: [
        {
          match: 'all',
          conditions: [{ metric: 'roas', window: 'last_n_days', days: 3, operator: 'gt', compare: comparandValue(3) }],
        },
      ],
      action: { kind: 'budget_up', percent: 20, floor: null, cap: 50000 },
    }),
  },
  {
    id: 'spend-pacing',
    title: 'Tell me when a campaign has spent over half its daily budget by the sync',
    why: 'Spend past half the budget early in the day means the budget will run out before the evening; a notice, not an action.',
    asks: [],
    definition: (timeZone) => ({
      ...blankRule(timeZone),
      name: 'Spend over half the daily budget today',
      level: 'campaign',
      groups: [
        {
          match: 'all',
          conditions: [
            {
              metric: 'spend',
              window: 'today',
              days: null,
              operator: 'gt',
              compare: { kind: 'metric', value: null, metric: 'budget', window: 'today', days: null, factor: 0.5 },
            },
          ],
        },
      ],
      guard: { min_impressions: 0, min_spend: 0 },
      action: { kind: 'notify', percent: null, floor: null, cap: null },
    }),
  },
  {
    id: 'ctr-drop',
    title: 'Pause ads whose CTR fell below half their 30-day average',
    why: 'A click-through rate that halves against the ad’s own history is the clearest sign of a worn creative; the change waits for your approval.',
    asks: [],
    definition: (timeZone) => ({
      ...blankRule(timeZone),
      name: 'Pause ads whose CTR halved',
      level: 'ad',
      groups: [
        {
          match: 'all',
          conditions: [
            { metric: 'ctr', window: 'last_n_days', days: 3, operator: 'lt', compare: comparandAverage(0.5, 30) },
          ],
        },
      ],
      action: { kind: 'pause', percent: null, floor: null, cap: null },
      approval: true,
    }),
  },
];
