import type { ActionOutcome, ActionRecord, ActionStatus } from '@shared/api/actions';
import type { Interval, SuggestionChange } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';
import { DAY_MS } from '@shared/days';

import type { AccountRow, ActionRow } from './actions.queries';
import { stepsOfRow, stepViews } from './actions.steps';
import { changeLines } from './actions.words';

export interface AccountInfo {
  id: string;
  name: string;
  currency: string;
}

export const accountInfo = (account: AccountRow): AccountInfo => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
});

export function presentAction(row: ActionRow, account: AccountInfo, appliedBy: string | null, now: Date): ActionRecord {
  const platform = row.platform as Platform;
  const status = row.status as ActionStatus;
  const change = row.change as SuggestionChange;
  const dueAt = new Date(row.appliedAt.getTime() + row.horizonDays * DAY_MS);
  return {
    id: row.id,
    suggestion_id: row.suggestionId,
    rule: row.ruleName === null ? null : { id: row.ruleId, name: row.ruleName },
    type: row.type as ActionRecord['type'],
    platform,
    account,
    headline: row.headline,
    change_lines: changeLines(platform, change, true),
    steps: stepViews(platform, stepsOfRow(row)),
    by_hand: change.kind === 'task',
    applied_by: { id: row.appliedBy, name: appliedBy ?? 'A former member' },
    via: row.viaClient,
    applied_at: row.appliedAt.toISOString(),
    undo_until: row.undoUntil.toISOString(),
    // A change left half made can always be set back; a whole one only within the window.
    can_undo: status === 'partially_applied' || (status === 'applied' && now < row.undoUntil),
    can_retry: status === 'partially_applied',
    undone_at: row.undoneAt?.toISOString() ?? null,
    status,
    problem: row.problem,
    note: row.note,
    forecast: row.forecast as Interval,
    horizon_days: row.horizonDays,
    due_at: dueAt.toISOString(),
    outcome: (row.outcome as ActionOutcome | null) ?? null,
  };
}
