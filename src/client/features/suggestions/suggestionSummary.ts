import {
  type Interval,
  type Suggestion,
  SUGGESTION_TYPE_LABELS,
  type SuggestionChange,
  type SuggestionType,
} from '@shared/api/suggestions';
import { PLATFORM_LABELS } from '@shared/constants';

/** How the /suggestions page groups its cards: none (best first), by account or by type. */
export const SUGGESTION_GROUPINGS = ['none', 'account', 'type'] as const;
export type SuggestionGrouping = (typeof SUGGESTION_GROUPINGS)[number];

export const isSuggestionGrouping = (value: unknown): value is SuggestionGrouping =>
  typeof value === 'string' && (SUGGESTION_GROUPINGS as readonly string[]).includes(value);

/** What some suggestions add up to: how many, and the conversions a week if all of them are applied. */
export interface ImpactTotal {
  count: number;
  /** The sum of the counted suggestions' expected conversions a week; low and high: each at its own low or high. */
  conversionsPerWeek: Interval;
  /** Suggestions left out of the sum: they change a budget a larger one already changes. */
  overlapping: number;
}

/** The page's summary: the total, and the same per type (types in the order of their best suggestion). */
export interface SuggestionSummary extends ImpactTotal {
  byType: (ImpactTotal & { type: SuggestionType })[];
}

/** One group of cards: its heading, its suggestions (best first) and what they add up to. */
export interface SuggestionGroup {
  key: string;
  title: string;
  suggestions: Suggestion[];
  total: ImpactTotal;
}

/** The budgets a change sets, each named by account and campaign: two suggestions setting one budget cannot both take effect as computed. */
function budgetsSet(account: string, change: SuggestionChange): string[] {
  const budget = (campaign: string) => `${account}:${campaign}`;
  switch (change.kind) {
    case 'campaign_budget':
      return [budget(change.campaign_id)];
    case 'move_budget':
      return [budget(change.source.campaign_id), budget(change.target.campaign_id)];
    case 'budgets':
      return change.steps.map((step) => budget(step.campaign_id));
    default:
      return [];
  }
}

/**
 * The ids of the suggestions whose impact is added up. Each suggestion's expected impact is
 * computed as if it alone were applied. The analysis gives an ad one piece of advice at most and a
 * campaign one budget step or move, but a monthly budget's pacing sets every budget of its
 * account, and so may set one a step or move also sets: of suggestions setting the same budget,
 * only the one expected to bring the most is counted.
 */
function counted(suggestions: readonly Suggestion[]): Set<string> {
  const byGain = [...suggestions].sort((a, b) => b.impact.conversions_per_week.mid - a.impact.conversions_per_week.mid);
  const taken = new Set<string>();
  const ids = new Set<string>();
  for (const suggestion of byGain) {
    const budgets = budgetsSet(suggestion.account.id, suggestion.change);
    if (budgets.some((budget) => taken.has(budget))) continue;
    for (const budget of budgets) taken.add(budget);
    ids.add(suggestion.id);
  }
  return ids;
}

function totalOf(suggestions: readonly Suggestion[], ids: ReadonlySet<string>): ImpactTotal {
  const conversionsPerWeek = { mid: 0, low: 0, high: 0 };
  let overlapping = 0;
  for (const suggestion of suggestions) {
    if (!ids.has(suggestion.id)) {
      overlapping += 1;
      continue;
    }
    const { mid, low, high } = suggestion.impact.conversions_per_week;
    conversionsPerWeek.mid += mid;
    conversionsPerWeek.low += low;
    conversionsPerWeek.high += high;
  }
  return { count: suggestions.length, conversionsPerWeek, overlapping };
}

/** `items` split by `keyOf`, the groups in the order of their first (best) item. */
function splitBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** How many suggestions there are, the conversions a week if all are applied (each budget counted once), and both per type. */
export function summariseSuggestions(suggestions: readonly Suggestion[]): SuggestionSummary {
  const ids = counted(suggestions);
  const byType = [...splitBy(suggestions, (suggestion) => suggestion.type)].map(([type, items]) => ({
    type: type as SuggestionType,
    ...totalOf(items, ids),
  }));
  return { ...totalOf(suggestions, ids), byType };
}

/** The suggestions (best first) in groups by account or by type, each group with its total; one group of all for 'none'. */
export function groupSuggestions(suggestions: readonly Suggestion[], grouping: SuggestionGrouping): SuggestionGroup[] {
  const ids = counted(suggestions);
  if (grouping === 'none')
    return [{ key: 'all', title: '', suggestions: [...suggestions], total: totalOf(suggestions, ids) }];
  const keyOf =
    grouping === 'account'
      ? (suggestion: Suggestion) => suggestion.account.id
      : (suggestion: Suggestion) => suggestion.type;
  return [...splitBy(suggestions, keyOf)].map(([key, items]) => ({
    key,
    title:
      grouping === 'account'
        ? `${items[0].account.name} (${PLATFORM_LABELS[items[0].platform]})`
        : SUGGESTION_TYPE_LABELS[items[0].type],
    suggestions: items,
    total: totalOf(items, ids),
  }));
}
