import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { suggestionsApi } from './suggestions.api';

/**
 * What a failed request of suggestions.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const suggestionsErrorFallbacks = {
  // The suggestions page, the dashboard panel, the Apply dialog and the actions log show their failures inline, with Retry.
  listSuggestions: null,
  getApplyPreview: null,
  listActions: null,
  // A refusal (409 withdrawn, the platform's reason, the undo window closed) is said in the server's words first.
  applySuggestion: 'Unable to apply the suggestion. Please try again.',
  dismissSuggestion: 'Unable to dismiss the suggestion. Please try again.',
  snoozeSuggestion: 'Unable to snooze the suggestion. Please try again.',
  undoAction: 'Unable to undo the change. Please try again.',
  retryAction: 'Unable to finish the change. Please try again.',
  getAction: null,
} satisfies ErrorFallbacksOf<typeof suggestionsApi>;
