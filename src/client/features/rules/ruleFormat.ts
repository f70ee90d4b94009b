import { formatExactTime, formatRange } from '@client/lib/format';
import {
  DRY_RUN_DAYS,
  type DryRun,
  RULE_ACTION_LABELS,
  type RuleActionItem,
  type RuleCompareKind,
  type RuleLevel,
  type RuleOperator,
  type RuleRunSummary,
  type RuleWindow,
} from '@shared/api/rules';

/** One of a level's entities, in words: 'Ad', 'Campaign', 'Account'. */
export const LEVEL_ENTITY: Record<RuleLevel, string> = { account: 'Account', campaign: 'Campaign', ad: 'Ad' };

/** The comparisons as the builder offers them. */
export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  gt: '> more than',
  gte: '≥ at least',
  lt: '< less than',
  lte: '≤ at most',
  eq: '= equal to',
};

/** What a condition can be compared with. */
export const COMPARE_KIND_LABELS: Record<RuleCompareKind, string> = {
  value: 'a number',
  metric: 'another metric × a factor',
  average: 'its own average × a factor',
};

/** The windows as the builder offers them: 'Today', 'Last N days'. */
export const WINDOW_OPTION_LABELS: Record<RuleWindow, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_n_days: 'Last N days',
  lifetime: 'Lifetime',
};

/** '1 time', '3 times'. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A run's figures: 'judged 42 · matched 3 · acted 2 · failed 0'. */
export function runFigures(run: RuleRunSummary): string {
  return `judged ${run.judged} · matched ${run.matched} · acted ${run.acted} · failed ${run.failed}`;
}

/** Said of a rule that has not run yet. */
export const NEVER_RUN = 'Not run yet: it runs after the next sync.';

/** The last run in a line: 'Last run 7 Jan 2030, 09:00: judged 42 · matched 3 · acted 2 · failed 0'. */
export function lastRunText(run: RuleRunSummary | null): string {
  if (!run) return NEVER_RUN;
  return `Last run ${formatExactTime(run.started_at)}: ${runFigures(run)}`;
}

/** The entities a dry run's firings were about, once each. */
export function firedEntities(dryRun: DryRun): number {
  return new Set(dryRun.firings.map((firing) => `${firing.platform}:${firing.account.id}:${firing.entity_id}`)).size;
}

/** The dry run in one sentence: 'Over 8 Dec 2029 – 6 Jan 2030, this rule would have acted 3 times on 2 entities.' */
export function dryRunHeadline(dryRun: DryRun): string {
  const span = `Over ${formatRange(dryRun.from, dryRun.to)}`;
  if (dryRun.firings.length === 0)
    return `${span}, this rule would not have acted: none of the ${count(dryRun.entities, 'entity', 'entities')} in scope met its conditions.`;
  return `${span}, this rule would have acted ${count(dryRun.firings.length, 'time', 'times')} on ${count(firedEntities(dryRun), 'entity', 'entities')}.`;
}

/** What held firings back: 'Held back: 4 by the minimum-data guard, 1 by the cooldown, 0 by the most actions per run.' */
export function skippedText(skipped: DryRun['skipped']): string {
  return `Held back: ${skipped.guard} by the minimum-data guard, ${skipped.cooldown} by the cooldown, ${skipped.cap} by the most actions per run.`;
}

/** The dry run step's introduction. */
export const DRY_RUN_INTRO = `What this rule would have done over the last ${DRY_RUN_DAYS} days, replayed on your accounts' data. Nothing is changed.`;

/** The entity a rule action is about: 'Ad “Spring sale”'. */
export function entityText(item: Pick<RuleActionItem, 'level' | 'entity_name'>): string {
  return `${LEVEL_ENTITY[item.level]} “${item.entity_name}”`;
}

/** A rule action's change in words, or the action's label when the server gave none. */
export function changeText(item: Pick<RuleActionItem, 'change_lines' | 'kind'>): string {
  if (item.change_lines.length > 0) return item.change_lines.join('; ');
  return item.kind === 'revive' ? 'Resume' : RULE_ACTION_LABELS[item.kind];
}
