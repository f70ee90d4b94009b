import type { ActionRecord } from '@shared/api/actions';
import { UNDO_WINDOW_MINUTES } from '@shared/api/actions';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import type { ToolContext } from '../tool';

/** 'Google Ads account “Acme”'. */
export const whereWords = (platform: Platform, account: { name: string }) =>
  `${PLATFORM_LABELS[platform]} account “${account.name}”`;

/** What an act tool answers about the action it wrote, for list_actions and undo_action. */
export const actionView = (action: ActionRecord) => ({
  id: action.id,
  headline: action.headline,
  status: action.status,
  change_lines: action.change_lines,
  applied_at: action.applied_at,
  undo_until: action.undo_until,
  can_undo: action.can_undo,
});

export const undoHint = (actionId: string) =>
  `It is in the actions log; undo_action with action_id "${actionId}" sets it back within ${UNDO_WINDOW_MINUTES} minutes.`;

/** The action a service logged for the change it just made (null when nothing needed writing). */
export async function loggedAction(
  { services, principal }: ToolContext,
  actionId: string | null | undefined,
): Promise<ActionRecord | null> {
  return actionId ? services.actions.get(principal, actionId) : null;
}
