import {
  type DryRun,
  type Rule,
  RULE_ACTION_LABELS,
  RULE_LEVEL_LABELS,
  RULE_METRIC_LABELS,
  RULE_OPERATOR_SYMBOLS,
  type RuleActionItem,
  type RuleActionKind,
  type RuleActionStatus,
  type RuleCondition,
  type RuleDefinition,
  type RuleLevel,
  type RuleRunSummary,
  STATE_METRICS,
  windowWords,
} from '@shared/api/rules';
import type { SuggestionChange } from '@shared/api/suggestions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { minorDigits } from '@shared/money';

import type { BacktestResult } from '../../analysis/ruleBacktest';
import type { connectedAdAccounts, ruleActions, ruleRuns, rules } from '../../db/schema';
import { changeLines } from '../actions/actions.words';

type AccountRow = typeof connectedAdAccounts.$inferSelect;

const conditionWords = (c: RuleCondition): string => {
  const left = STATE_METRICS.includes(c.metric)
    ? RULE_METRIC_LABELS[c.metric]
    : `${RULE_METRIC_LABELS[c.metric]} (${windowWords(c.window, c.days)})`;
  const op = RULE_OPERATOR_SYMBOLS[c.operator];
  const { compare } = c;
  if (compare.kind === 'value') return `${left} ${op} ${compare.value}`;
  if (compare.kind === 'metric') {
    const other = compare.metric ?? c.metric;
    const window = compare.window ?? c.window;
    const right = STATE_METRICS.includes(other)
      ? RULE_METRIC_LABELS[other]
      : `${RULE_METRIC_LABELS[other]} (${windowWords(window, compare.window ? compare.days : c.days)})`;
    return `${left} ${op} ${compare.factor} × ${right}`;
  }
  return `${left} ${op} ${compare.factor} × its ${windowWords(compare.window ?? 'lifetime', compare.days)} average`;
};

/** The rule in a few lines: what it looks at, when it acts, what it does. */
export function ruleSummary(definition: RuleDefinition): string[] {
  const scope = [
    RULE_LEVEL_LABELS[definition.level],
    definition.scope.platforms.length
      ? `on ${definition.scope.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}`
      : 'on every platform',
    definition.scope.accounts.length
      ? `in ${definition.scope.accounts.length} account${definition.scope.accounts.length === 1 ? '' : 's'}`
      : null,
    definition.scope.name_contains ? `named like “${definition.scope.name_contains}”` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const groups = definition.groups.map((group) =>
    group.conditions.map(conditionWords).join(group.match === 'all' ? ' and ' : ' or '),
  );
  const when =
    groups.length === 1 ? groups[0] : groups.map((g) => `(${g})`).join(definition.match === 'all' ? ' and ' : ' or ');
  const { action } = definition;
  const does =
    action.kind === 'budget_up' || action.kind === 'budget_down'
      ? `${RULE_ACTION_LABELS[action.kind]} by ${action.percent}%${action.floor !== null ? `, never below ${action.floor}` : ''}${action.cap !== null ? `, never above ${action.cap}` : ''}`
      : RULE_ACTION_LABELS[action.kind];
  const schedule =
    definition.schedule.kind === 'after_sync'
      ? 'after each sync'
      : `at ${definition.schedule.times.join(', ')} (${definition.schedule.time_zone})`;
  return [
    scope,
    `When ${when}`,
    `${does}${definition.approval && action.kind !== 'notify' ? ', after your approval' : ''}; ${schedule}`,
  ];
}

export function presentRun(row: typeof ruleRuns.$inferSelect): RuleRunSummary {
  return {
    id: row.id,
    trigger: row.trigger as RuleRunSummary['trigger'],
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    judged: row.judged,
    matched: row.matched,
    acted: row.acted,
    failed: row.failed,
    revived: row.revived,
    skipped: row.skipped,
  };
}

export function presentRule(
  row: typeof rules.$inferSelect,
  lastRun: typeof ruleRuns.$inferSelect | null,
  createdByName: string | null,
): Rule {
  const definition = row.definition as RuleDefinition;
  return {
    ...definition,
    name: row.name,
    enabled: row.enabled,
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: { id: row.createdBy, name: createdByName ?? 'A former member' },
    summary: ruleSummary(definition),
    last_run: lastRun ? presentRun(lastRun) : null,
  };
}

export function presentRuleAction(row: typeof ruleActions.$inferSelect, account: AccountRow): RuleActionItem {
  const platform = row.platform as Platform;
  const change = row.change as SuggestionChange | null;
  return {
    id: row.id,
    rule: { id: row.ruleId, name: row.ruleName },
    platform,
    account: { id: account.id, name: account.name, currency: account.currency },
    level: row.level as RuleLevel,
    entity_id: row.entityId,
    entity_name: row.entityName,
    kind: row.kind as RuleActionKind | 'revive',
    change_lines: change ? changeLines(platform, change) : [],
    reasons: row.reasons as string[],
    status: row.status as RuleActionStatus,
    error: row.error,
    action_id: row.actionId,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const major = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);
const cpa = (spend: number, conversions: number, currency: string) =>
  conversions > 0 ? major(spend, currency) / conversions : null;

export function presentDryRun(result: BacktestResult, accounts: Map<string, AccountRow>): DryRun {
  return {
    from: result.from,
    to: result.to,
    entities: result.entities,
    firings: result.firings.map((firing) => {
      const account = accounts.get(firing.entity.accountRef)!;
      const { currency } = firing.entity;
      return {
        day: firing.day,
        platform: account.platform as Platform,
        account: { id: account.id, name: account.name, currency },
        entity_id: firing.entity.entityId,
        entity_name: firing.entity.entityName,
        kind: firing.kind,
        reasons: firing.reasons,
        after: {
          days: firing.after.days,
          spend: major(firing.after.spend, currency),
          conversions: firing.after.conversions,
          cpa: cpa(firing.after.spend, firing.after.conversions, currency),
        },
        before: {
          days: firing.before.days,
          spend: major(firing.before.spend, currency),
          conversions: firing.before.conversions,
          cpa: cpa(firing.before.spend, firing.before.conversions, currency),
        },
      };
    }),
    skipped: result.skipped,
    effect: result.effect,
    caveats: result.caveats,
  };
}
