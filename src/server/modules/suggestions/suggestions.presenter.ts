import type { Suggestion, SuggestionStatus, SuggestionType } from '@shared/api/suggestions';
import type { Platform } from '@shared/constants';

import type { suggestions } from '../../db/schema';
import { changeLines } from '../actions/actions.words';
import type { SuggestionBody } from './suggestions.compute';

/** Rows as the API presents them. */

export interface AccountInfo {
  id: string;
  name: string;
  currency: string;
}

export function presentSuggestion(row: typeof suggestions.$inferSelect, account: AccountInfo, now: Date): Suggestion {
  const body = row.body as SuggestionBody;
  const platform = row.platform as Platform;
  // A snooze that has run out shows the suggestion as open again.
  const status: SuggestionStatus =
    row.status === 'snoozed' && row.snoozedUntil && row.snoozedUntil <= now ? 'open' : row.status;
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
