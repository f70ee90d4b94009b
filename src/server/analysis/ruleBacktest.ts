import {
  DRY_RUN_DAYS,
  DRY_RUN_EFFECT_DAYS,
  RULE_LEVEL_LABELS,
  type RuleActionKind,
  type RuleDefinition,
} from '@shared/api/rules';
import { minorDigits } from '@shared/money';

import {
  type EntityTotals,
  entityTotals,
  formatNumber,
  inScope,
  judgeEntity,
  longestWindow,
  planChange,
  type RuleEntity,
  sumsOver,
} from './rules';
import type { EntityStatus } from './types';
import { dateOf } from './window';

/**
 * The dry run: a rule replayed over the last DRY_RUN_DAYS finished days, each day judged with
 * only the data up to it, with the rule's guard, cooldown and cap, and what each entity it would
 * have acted on did in the days after (as recorded, so: had the rule not acted). Statuses and
 * budgets in the past are not kept, so an entity counts as running on a day it delivered, and
 * budgets start from today's.
 */

export interface BacktestFiring {
  day: string;
  entity: RuleEntity;
  kind: RuleActionKind;
  reasons: string[];
  /** Minor units. */
  before: { days: number; spend: number; conversions: number };
  after: { days: number; spend: number; conversions: number };
}

export interface BacktestResult {
  from: string;
  to: string;
  entities: number;
  firings: BacktestFiring[];
  skipped: { guard: number; cooldown: number; cap: number };
  effect: string[];
  caveats: string[];
}

const money = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return `${currency} ${formatNumber(minor / 10 ** digits, digits)}`;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const cpaWords = (spend: number, conversions: number, currency: string) =>
  conversions > 0 ? `CPA ${money(spend / conversions, currency)}` : 'no conversions';

const VERBS: Record<RuleActionKind, string> = {
  notify: 'notified you about',
  pause: 'paused',
  resume: 'resumed',
  budget_up: 'raised the budget of',
  budget_down: 'lowered the budget of',
};

/** `today`: the account's day number today (the replay ends the day before). */
export function backtestRule(
  rule: RuleDefinition,
  entities: RuleEntity[],
  today: number,
  span = DRY_RUN_DAYS,
): BacktestResult {
  const scoped = entities.filter((entity) => inScope(rule, entity));
  const totals = new Map<string, EntityTotals>(scoped.map((entity) => [entity.key, entityTotals(entity.days)]));
  const longest = longestWindow(rule) ?? span;
  const cooldownDays = Math.max(1, Math.ceil(rule.cooldown_hours / 24));
  const lastActed = new Map<string, number>();
  const status = new Map<string, EntityStatus>();
  const budget = new Map<string, number | null>(scoped.map((entity) => [entity.key, entity.budgetMinor]));
  const firings: BacktestFiring[] = [];
  const skipped = { guard: 0, cooldown: 0, cap: 0 };

  for (let day = today - span; day < today; day++) {
    const matches: { entity: RuleEntity; reasons: string[]; weight: number }[] = [];
    for (const entity of scoped) {
      const entityTotal = totals.get(entity.key)!;
      const judgement = judgeEntity(rule, entity, entityTotal, day);
      if (!judgement.enough) {
        // Only entities alive then count as held back (not the ones that had not started yet).
        if (entityTotal.firstDelivery !== null && entityTotal.firstDelivery <= day) skipped.guard += 1;
        continue;
      }
      if (judgement.matched) matches.push({ entity, reasons: judgement.reasons, weight: judgement.weight });
    }
    matches.sort((a, b) => b.weight - a.weight || a.entity.key.localeCompare(b.entity.key));
    let acted = 0;
    for (const match of matches) {
      const { entity } = match;
      const last = lastActed.get(entity.key);
      if (last !== undefined && day - last < cooldownDays) {
        skipped.cooldown += 1;
        continue;
      }
      const entityTotal = totals.get(entity.key)!;
      const delivered = sumsOver(entityTotal, day, day).impressions > 0;
      const simulated = status.get(entity.key) ?? (delivered ? 'ACTIVE' : 'PAUSED');
      const change = planChange(rule, {
        status: simulated,
        budgetMinor: budget.get(entity.key) ?? null,
        currency: entity.currency,
      });
      if (!change) continue;
      if (acted >= rule.max_actions_per_run) {
        skipped.cap += 1;
        continue;
      }
      acted += 1;
      lastActed.set(entity.key, day);
      if (change.kind === 'status') status.set(entity.key, change.to);
      if (change.kind === 'budget') budget.set(entity.key, change.to);
      const before = sumsOver(entityTotal, day - longest + 1, day);
      const after = sumsOver(entityTotal, day + 1, Math.min(today - 1, day + DRY_RUN_EFFECT_DAYS));
      firings.push({
        day: dateOf(day),
        entity,
        kind: rule.action.kind,
        reasons: match.reasons,
        before: { days: Math.min(longest, before.days), spend: before.spend, conversions: before.conversions },
        after: {
          days: Math.max(0, Math.min(today - 1, day + DRY_RUN_EFFECT_DAYS) - day),
          spend: after.spend,
          conversions: after.conversions,
        },
      });
    }
  }
  return {
    from: dateOf(today - span),
    to: dateOf(today - 1),
    entities: scoped.length,
    firings,
    skipped,
    effect: effectWords(rule, firings),
    caveats: [
      'Past statuses are not kept: an entity counts as running on the days it delivered.',
      ...(rule.action.kind === 'budget_up' || rule.action.kind === 'budget_down'
        ? ['Past budgets are not kept: budget changes start from today’s budgets.']
        : []),
      'The figures after each firing are what happened without the rule, so they show what it would have acted on, not what acting would have changed.',
    ],
  };
}

/** What the entities acted on did before and after, per currency, in words. */
function effectWords(rule: RuleDefinition, firings: BacktestFiring[]): string[] {
  if (!firings.length) return [`The rule would not have acted in the last ${DRY_RUN_DAYS} days.`];
  const noun = RULE_LEVEL_LABELS[rule.level].toLowerCase().replace(/s$/, '');
  const byCurrency = new Map<string, BacktestFiring[]>();
  for (const firing of firings)
    byCurrency.set(firing.entity.currency, [...(byCurrency.get(firing.entity.currency) ?? []), firing]);
  const lines: string[] = [];
  for (const [currency, list] of byCurrency) {
    const entities = new Set(list.map((f) => f.entity.key)).size;
    const sum = (pick: (f: BacktestFiring) => number) => list.reduce((total, f) => total + pick(f), 0);
    const afterSpend = sum((f) => f.after.spend);
    const afterConversions = sum((f) => f.after.conversions);
    const beforeSpend = sum((f) => f.before.spend);
    const beforeConversions = sum((f) => f.before.conversions);
    const head = `Would have ${VERBS[rule.action.kind]} ${plural(entities, noun)} (${plural(list.length, 'time')})`;
    lines.push(
      `${head}. Before each firing they spent ${money(beforeSpend, currency)} for ${afterConversionsWords(beforeConversions)} (${cpaWords(beforeSpend, beforeConversions, currency)}); in the ${DRY_RUN_EFFECT_DAYS} days after, ${money(afterSpend, currency)} for ${afterConversionsWords(afterConversions)} (${cpaWords(afterSpend, afterConversions, currency)}).`,
    );
    if (rule.action.kind === 'pause') {
      lines.push(
        afterConversions === 0
          ? `Pausing would have saved about ${money(afterSpend, currency)} that brought no conversion.`
          : `Pausing would have saved about ${money(afterSpend, currency)} but lost about ${afterConversionsWords(afterConversions)}.`,
      );
    }
  }
  return lines;
}

const afterConversionsWords = (n: number) =>
  `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${n === 1 ? 'conversion' : 'conversions'}`;
