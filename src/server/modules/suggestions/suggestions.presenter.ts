import type { ActionOutcome, ActionRecord, Interval, Suggestion, SuggestionChange, SuggestionStatus, SuggestionType } from '@shared/api/suggestions';
import { PLATFORM_LABELS, type Platform } from '@shared/constants';
import { minorToDecimal } from '@shared/money';
import type { actions, suggestions } from '../../db/schema';
import type { SuggestionBody } from './suggestions.compute';

/** Rows as the API presents them. */

export interface AccountInfo {
  id: string;
  name: string;
  currency: string;
}

const STATUS_WORDS = { ACTIVE: 'Active', PAUSED: 'Paused' } as const;

/** A daily budget in words: 'INR 1200.00 a day'. */
export const budgetWords = (minor: number, currency: string) => `${currency} ${minorToDecimal(minor, currency)} a day`;

/** One line per change, naming the platform, in the words the confirmation shows (a task marked done: `done`). */
export function changeLines(platform: Platform, change: SuggestionChange, done = false): string[] {
  const label = PLATFORM_LABELS[platform];
  switch (change.kind) {
    case 'ad_status':
      return [`${label}: set ad “${change.ad_name}” in campaign “${change.campaign_name}” from ${STATUS_WORDS[change.from]} to ${STATUS_WORDS[change.to]}`];
    case 'campaign_status':
      return [`${label}: set campaign “${change.campaign_name}” from ${STATUS_WORDS[change.from]} to ${STATUS_WORDS[change.to]}`];
    case 'campaign_budget':
      return [`${label}: change the daily budget of campaign “${change.campaign_name}” from ${budgetWords(change.from, change.currency)} to ${budgetWords(change.to, change.currency)}`];
    case 'move_budget':
      return [
        `${label}: lower the daily budget of campaign “${change.source.campaign_name}” from ${budgetWords(change.source.from, change.currency)} to ${budgetWords(change.source.to, change.currency)}`,
        `${label}: raise the daily budget of campaign “${change.target.campaign_name}” from ${budgetWords(change.target.from, change.currency)} to ${budgetWords(change.target.to, change.currency)}`,
      ];
    case 'budgets':
      return change.steps.map(
        (step) => `${label}: ${step.to > step.from ? 'raise' : 'lower'} the daily budget of campaign “${step.campaign_name}” from ${budgetWords(step.from, change.currency)} to ${budgetWords(step.to, change.currency)}`,
      );
    case 'task':
      return [`${done ? 'Done' : 'To do'} by hand at ${label}: ${change.description}`];
  }
}

export function presentSuggestion(row: typeof suggestions.$inferSelect, account: AccountInfo, now: Date): Suggestion {
  const body = row.body as SuggestionBody;
  const platform = row.platform as Platform;
  // A snooze that has run out shows the suggestion as open again.
  const status: SuggestionStatus = row.status === 'snoozed' && row.snoozedUntil && row.snoozedUntil <= now ? 'open' : row.status;
  return {
    id: row.id,
    type: row.type as SuggestionType,
    platform,
    account,
    headline: row.headline,
    confidence: row.confidence,
    evidence: body.evidence,
    chart: body.chart,
    impact: body.impact,
    change: body.change,
    change_lines: changeLines(platform, body.change),
    applicable: body.change.kind !== 'task',
    status,
    computed_at: row.computedAt.toISOString(),
    snoozed_until: status === 'snoozed' ? (row.snoozedUntil?.toISOString() ?? null) : null,
  };
}

export function presentAction(row: typeof actions.$inferSelect, account: AccountInfo, appliedBy: string | null, now: Date): ActionRecord {
  const platform = row.platform as Platform;
  const dueAt = new Date(row.appliedAt.getTime() + row.horizonDays * 86_400_000);
  return {
    id: row.id,
    suggestion_id: row.suggestionId,
    rule: row.ruleName === null ? null : { id: row.ruleId, name: row.ruleName },
    type: row.type as ActionRecord['type'],
    platform,
    account,
    headline: row.headline,
    change_lines: changeLines(platform, row.change as SuggestionChange, true),
    by_hand: (row.change as SuggestionChange).kind === 'task',
    applied_by: { id: row.appliedBy, name: appliedBy ?? 'A former member' },
    applied_at: row.appliedAt.toISOString(),
    undo_until: row.undoUntil.toISOString(),
    can_undo: row.status === 'applied' && now < row.undoUntil,
    undone_at: row.undoneAt?.toISOString() ?? null,
    status: row.status,
    forecast: row.forecast as Interval,
    horizon_days: row.horizonDays,
    due_at: dueAt.toISOString(),
    outcome: (row.outcome as ActionOutcome | null) ?? null,
  };
}
