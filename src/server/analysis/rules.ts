import {
  MONEY_METRICS,
  RULE_METRIC_LABELS,
  RULE_OPERATOR_SYMBOLS,
  type RuleCondition,
  type RuleDefinition,
  type RuleMetric,
  type RuleWindow,
  STATE_METRICS,
  windowWords,
} from '@shared/api/rules';
import { minorDigits } from '@shared/money';

import type { DayCounts, EntityStatus } from './types';
import { dayNumber } from './window';

/**
 * Automated rules, judged: the conditions of a rule on one entity as of one day, from the
 * entity's daily figures (pure: the live run and the dry run both call it). Windows are the
 * account's calendar days: 'today' is the as-of day (still filling in when live), 'yesterday'
 * the day before, 'last N days' the N finished days before the as-of day, 'lifetime' every day
 * up to and including it. Money is compared in major units of the entity's own currency.
 */

/** One entity a rule can judge: an account, a campaign or an ad, with its days (oldest first). */
export interface RuleEntity {
  /** Unique across the workspace: `${accountRef}:${level}:${entityId}`. */
  key: string;
  accountRef: string;
  level: 'account' | 'campaign' | 'ad';
  entityId: string;
  entityName: string;
  /** The ad's campaign (campaign and ad levels). */
  campaignId: string | null;
  campaignName: string | null;
  platform: string;
  currency: string;
  status: EntityStatus;
  /** Daily budget in minor units (campaigns with one of their own). */
  budgetMinor: number | null;
  days: DayCounts[];
}

/** Running sums of an entity's days over a dense day grid: any window's total in O(1). */
export interface EntityTotals {
  first: number;
  /** First day with delivery (impressions or spend), or null. */
  firstDelivery: number | null;
  spend: Float64Array;
  impressions: Float64Array;
  clicks: Float64Array;
  conversions: Float64Array;
  value: Float64Array;
}

export function entityTotals(days: DayCounts[]): EntityTotals {
  const first = days.length ? dayNumber(days[0].date) : 0;
  const span = days.length ? dayNumber(days[days.length - 1].date) - first + 1 : 0;
  const make = () => new Float64Array(span + 1);
  const totals: EntityTotals = {
    first,
    firstDelivery: null,
    spend: make(),
    impressions: make(),
    clicks: make(),
    conversions: make(),
    value: make(),
  };
  const daily = { spend: make(), impressions: make(), clicks: make(), conversions: make(), value: make() };
  for (const day of days) {
    const i = dayNumber(day.date) - first;
    daily.spend[i] += day.spend;
    daily.impressions[i] += day.impressions;
    daily.clicks[i] += day.clicks;
    daily.conversions[i] += day.conversions;
    daily.value[i] += day.value;
    if ((day.impressions > 0 || day.spend > 0) && (totals.firstDelivery === null || first + i < totals.firstDelivery))
      totals.firstDelivery = first + i;
  }
  for (let i = 0; i < span; i++) {
    totals.spend[i + 1] = totals.spend[i] + daily.spend[i];
    totals.impressions[i + 1] = totals.impressions[i] + daily.impressions[i];
    totals.clicks[i + 1] = totals.clicks[i] + daily.clicks[i];
    totals.conversions[i + 1] = totals.conversions[i] + daily.conversions[i];
    totals.value[i + 1] = totals.value[i] + daily.value[i];
  }
  return totals;
}

export interface WindowSums {
  /** Calendar days the window covers (from the entity's first delivery on). */
  days: number;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  value: number;
}

/** The inclusive day range of a window as of `asOf` (null start: from the beginning). */
export function windowRange(
  window: RuleWindow,
  days: number | null,
  asOf: number,
): { from: number | null; to: number } {
  switch (window) {
    case 'today':
      return { from: asOf, to: asOf };
    case 'yesterday':
      return { from: asOf - 1, to: asOf - 1 };
    case 'last_n_days':
      return { from: asOf - (days ?? 1), to: asOf - 1 };
    case 'lifetime':
      return { from: null, to: asOf };
  }
}

export function sumsOver(totals: EntityTotals, from: number | null, to: number): WindowSums {
  const length = totals.spend.length - 1;
  const start = from === null ? (totals.firstDelivery ?? totals.first) : Math.max(from, totals.firstDelivery ?? from);
  const a = Math.max(0, Math.min(length, start - totals.first));
  const b = Math.max(0, Math.min(length, to - totals.first + 1));
  const pick = (sums: Float64Array) => (b > a ? sums[b] - sums[a] : 0);
  return {
    days: Math.max(0, to - start + 1),
    spend: pick(totals.spend),
    impressions: pick(totals.impressions),
    clicks: pick(totals.clicks),
    conversions: pick(totals.conversions),
    value: pick(totals.value),
  };
}

const SUM_METRICS: readonly RuleMetric[] = ['spend', 'impressions', 'clicks', 'conversions'];

/** A metric over summed figures (money in major units); null when it cannot be computed (no conversions for a CPA …). */
export function metricOf(
  metric: RuleMetric,
  sums: WindowSums,
  entity: { budgetMinor: number | null },
  asOf: number,
  firstDelivery: number | null,
  scale: number,
): number | null {
  switch (metric) {
    case 'spend':
      return sums.spend / scale;
    case 'impressions':
      return sums.impressions;
    case 'clicks':
      return sums.clicks;
    case 'conversions':
      return sums.conversions;
    case 'ctr':
      return sums.impressions > 0 ? (100 * sums.clicks) / sums.impressions : null;
    case 'cpc':
      return sums.clicks > 0 ? sums.spend / scale / sums.clicks : null;
    case 'cpa':
      return sums.conversions > 0 ? sums.spend / scale / sums.conversions : null;
    case 'roas':
      return sums.spend > 0 ? sums.value / sums.spend : null;
    case 'budget':
      return entity.budgetMinor === null ? null : entity.budgetMinor / scale;
    case 'days_running':
      return firstDelivery === null ? null : asOf - firstDelivery + 1;
  }
}

/** How many days back a rule needs data for: its longest window (lifetime: null). */
export function longestWindow(rule: Pick<RuleDefinition, 'groups'>): number | null {
  let longest = 1;
  for (const group of rule.groups) {
    for (const condition of group.conditions) {
      for (const [window, days] of [
        [condition.window, condition.days],
        [condition.compare.window, condition.compare.days],
      ] as const) {
        if (window === 'lifetime') return null;
        if (window === 'last_n_days') longest = Math.max(longest, (days ?? 1) + 1);
        if (window === 'yesterday') longest = Math.max(longest, 2);
      }
    }
  }
  return longest;
}

export interface Judgement {
  /** Met the minimum-data guard. */
  enough: boolean;
  matched: boolean;
  /** Each condition of the groups that held, in words with the values seen. */
  reasons: string[];
  /** Spend over the rule's longest window (major units): who is acted on first when the cap bites. */
  weight: number;
}

/** One formatter per number of decimals (building an Intl formatter per call costs more than judging a rule). */
const FORMATTERS = new Map<number, Intl.NumberFormat>();
export function formatNumber(value: number, digits: number): string {
  let formatter = FORMATTERS.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    FORMATTERS.set(digits, formatter);
  }
  return formatter.format(value);
}

function valueWords(metric: RuleMetric, value: number, currency: string): string {
  if (MONEY_METRICS.includes(metric)) return `${currency} ${formatNumber(value, minorDigits(currency))}`;
  if (metric === 'ctr') return `${formatNumber(value, 2)}%`;
  if (metric === 'roas') return `${formatNumber(value, 2)}×`;
  if (metric === 'conversions') return formatNumber(value, Number.isInteger(value) ? 0 : 1);
  return formatNumber(value, 0);
}

const metricWords = (metric: RuleMetric, window: RuleWindow, days: number | null) =>
  STATE_METRICS.includes(metric)
    ? RULE_METRIC_LABELS[metric]
    : `${RULE_METRIC_LABELS[metric]} (${windowWords(window, days)})`;

function compare(operator: RuleCondition['operator'], left: number, right: number): boolean {
  const tolerance = 1e-9 * Math.max(1, Math.abs(left), Math.abs(right));
  switch (operator) {
    case 'gt':
      return left > right + tolerance;
    case 'gte':
      return left >= right - tolerance;
    case 'lt':
      return left < right - tolerance;
    case 'lte':
      return left <= right + tolerance;
    case 'eq':
      return Math.abs(left - right) <= tolerance;
  }
}

/** What one condition saw: its two sides (null: could not be computed) and the base the right side was scaled from. */
interface ConditionValues {
  holds: boolean;
  left: number | null;
  right: number | null;
  base: number | null;
}

/** One condition on one entity as of a day, in numbers (no words: the hot path of every run). */
function evaluateCondition(
  condition: RuleCondition,
  entity: RuleEntity,
  totals: EntityTotals,
  asOf: number,
  scale: number,
): ConditionValues {
  const range = windowRange(condition.window, condition.days, asOf);
  const sums = sumsOver(totals, range.from, range.to);
  let left = metricOf(condition.metric, sums, entity, asOf, totals.firstDelivery, scale);
  let base: number | null;
  const { compare: against } = condition;
  if (against.kind === 'value') {
    base = against.value ?? 0;
    const holds = left !== null && compare(condition.operator, left, base);
    return { holds, left, right: base, base };
  }
  if (against.kind === 'metric') {
    const otherRange = windowRange(
      against.window ?? condition.window,
      against.window ? against.days : condition.days,
      asOf,
    );
    base = metricOf(
      against.metric ?? condition.metric,
      sumsOver(totals, otherRange.from, otherRange.to),
      entity,
      asOf,
      totals.firstDelivery,
      scale,
    );
  } else {
    // The entity's own average: per day for counts and money, the ratio itself for rates.
    const avgRange = windowRange(against.window ?? 'lifetime', against.days, asOf);
    const avgSums = sumsOver(totals, avgRange.from, avgRange.to);
    base = metricOf(condition.metric, avgSums, entity, asOf, totals.firstDelivery, scale);
    if (SUM_METRICS.includes(condition.metric)) {
      if (base !== null) base = avgSums.days > 0 ? base / avgSums.days : null;
      if (left !== null) left = sums.days > 0 ? left / sums.days : null;
    }
  }
  const right = base === null ? null : base * (against.factor ?? 1);
  // A value that cannot be computed (a CPA without conversions) never meets a condition.
  return { holds: left !== null && right !== null && compare(condition.operator, left, right), left, right, base };
}

/** A condition and what it saw, in words: 'CPA (last 3 days) INR 1,234.00 > 1.5 × its last 30 days average INR 700.00'. */
function conditionWords(condition: RuleCondition, entity: RuleEntity, seen: ConditionValues): string {
  const { compare: against } = condition;
  let rightWords: string;
  if (against.kind === 'value') rightWords = valueWords(condition.metric, seen.right ?? 0, entity.currency);
  else if (against.kind === 'metric') {
    const other = against.metric ?? condition.metric;
    rightWords = `${against.factor ?? 1} × ${metricWords(other, against.window ?? condition.window, against.window ? against.days : condition.days)}${seen.base === null ? '' : ` ${valueWords(other, seen.base, entity.currency)}`}`;
  } else {
    const perDay = SUM_METRICS.includes(condition.metric) ? ' a day' : '';
    rightWords = `${against.factor ?? 1} × its ${windowWords(against.window ?? 'lifetime', against.days)} average${seen.base === null ? '' : ` ${valueWords(condition.metric, seen.base, entity.currency)}${perDay}`}`;
  }
  const leftWords = `${metricWords(condition.metric, condition.window, condition.days)} ${seen.left === null ? 'n/a' : valueWords(condition.metric, seen.left, entity.currency)}`;
  return `${leftWords} ${RULE_OPERATOR_SYMBOLS[condition.operator]} ${rightWords}`;
}

/** One condition on one entity as of a day: whether it holds, and in words. */
export function judgeCondition(
  condition: RuleCondition,
  entity: RuleEntity,
  totals: EntityTotals,
  asOf: number,
): { holds: boolean; words: string } {
  const seen = evaluateCondition(condition, entity, totals, asOf, 10 ** minorDigits(entity.currency));
  return { holds: seen.holds, words: conditionWords(condition, entity, seen) };
}

/** A rule's conditions and guard on one entity as of a day. */
export function judgeEntity(rule: RuleDefinition, entity: RuleEntity, totals: EntityTotals, asOf: number): Judgement {
  const longest = longestWindow(rule);
  const guardSums = sumsOver(totals, longest === null ? null : asOf - longest + 1, asOf);
  const scale = 10 ** minorDigits(entity.currency);
  const weight = guardSums.spend / scale;
  const enough = guardSums.impressions >= rule.guard.min_impressions && weight >= rule.guard.min_spend;
  if (!enough) return { enough, matched: false, reasons: [], weight };
  const seen = rule.groups.map((group) =>
    group.conditions.map((condition) => evaluateCondition(condition, entity, totals, asOf, scale)),
  );
  const groupHolds = seen.map((results, g) =>
    rule.groups[g].match === 'all' ? results.every((r) => r.holds) : results.some((r) => r.holds),
  );
  const matched = rule.match === 'all' ? groupHolds.every(Boolean) : groupHolds.some(Boolean);
  if (!matched) return { enough, matched, reasons: [], weight };
  // Words only for what matched: the conditions that held, in the groups that held.
  const reasons = seen.flatMap((results, g) =>
    groupHolds[g]
      ? results.flatMap((r, c) => (r.holds ? [conditionWords(rule.groups[g].conditions[c], entity, r)] : []))
      : [],
  );
  return { enough, matched, reasons, weight };
}

/** Whether an entity is in a rule's scope (platforms, accounts, name). */
export function inScope(rule: RuleDefinition, entity: RuleEntity): boolean {
  if (entity.level !== rule.level) return false;
  if (rule.scope.platforms.length && !rule.scope.platforms.includes(entity.platform as never)) return false;
  if (rule.scope.accounts.length && !rule.scope.accounts.includes(entity.accountRef)) return false;
  const needle = rule.scope.name_contains.trim().toLowerCase();
  return (
    !needle ||
    entity.entityName.toLowerCase().includes(needle) ||
    (entity.campaignName ?? '').toLowerCase().includes(needle)
  );
}

/** What an action does to an entity: the new status or budget, or null when there is nothing to do. */
export type PlannedChange =
  | { kind: 'notify' }
  | { kind: 'status'; from: EntityStatus; to: EntityStatus }
  | { kind: 'budget'; from: number; to: number };

export function planChange(
  rule: RuleDefinition,
  entity: Pick<RuleEntity, 'status' | 'budgetMinor' | 'currency'>,
): PlannedChange | null {
  const { action } = rule;
  switch (action.kind) {
    case 'notify':
      return { kind: 'notify' };
    case 'pause':
      return entity.status === 'ACTIVE' ? { kind: 'status', from: 'ACTIVE', to: 'PAUSED' } : null;
    case 'resume':
      return entity.status === 'PAUSED' ? { kind: 'status', from: 'PAUSED', to: 'ACTIVE' } : null;
    case 'budget_up':
    case 'budget_down': {
      if (entity.budgetMinor === null) return null;
      const scale = 10 ** minorDigits(entity.currency);
      const sign = action.kind === 'budget_up' ? 1 : -1;
      let to = Math.round(entity.budgetMinor * (1 + (sign * (action.percent ?? 0)) / 100));
      if (action.cap !== null) to = Math.min(to, Math.round(action.cap * scale));
      if (action.floor !== null) to = Math.max(to, Math.round(action.floor * scale));
      // Never the wrong way: a raise that the cap turns into a cut (or the reverse) does nothing.
      if (sign > 0 ? to <= entity.budgetMinor : to >= entity.budgetMinor) return null;
      return { kind: 'budget', from: entity.budgetMinor, to };
    }
  }
}
