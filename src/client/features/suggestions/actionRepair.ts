import { notify } from '@client/lib/notify';
import type { ActionRecord } from '@shared/api/actions';

import { useRetryActionMutation } from './suggestions.api';
import { useUndo } from './undoToast';

/** The Retry button's words, in the Apply dialog and the actions log. */
export const RETRY_LABEL = 'Retry';
/** What a change taken in part offers, under its words. */
export const PARTIAL_HELP =
  'Retry writes what did not go through; Undo sets back what was changed. Both stay available in Actions and results.';
/** What a successful Retry says. */
export const finishedMessage = (action: Pick<ActionRecord, 'headline'>) => `Finished: ${action.headline}`;

/**
 * Retry and Undo of a change the platform took only in part. Each resolves to whether it worked;
 * a failure is said by the API error channel in the server's words (a Retry cut off again says
 * what is at the platform now).
 */
export function useRepairAction() {
  const [retryAction, { isLoading: retrying }] = useRetryActionMutation();
  const { undo, undoing } = useUndo();
  const retry = async (actionId: string): Promise<boolean> => {
    try {
      notify(finishedMessage(await retryAction(actionId).unwrap()), 'success');
      return true;
    } catch {
      return false;
    }
  };
  return { retry, retrying, undo, undoing };
}
