import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { accountApi } from './account.api';

/**
 * What a failed request of account.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const accountErrorFallbacks = {
  deleteAccount: 'Failed to delete account.',
  // The route shell only logs user-info failures.
  getUserInfo: null,
  getAccountInfo: 'Failed to fetch account info.',
} satisfies ErrorFallbacksOf<typeof accountApi>;
