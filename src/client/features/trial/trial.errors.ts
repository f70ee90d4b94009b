import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { trialApi } from './trial.api';

/**
 * What a failed request of trial.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const trialErrorFallbacks = {
  startTrial: 'Failed to start trial',
} satisfies ErrorFallbacksOf<typeof trialApi>;
