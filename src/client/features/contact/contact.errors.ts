import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { contactApi } from './contact.api';

/**
 * What a failed request of contact.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const contactErrorFallbacks = {
  sendContactMessage: 'Failed to submit. Please try again.',
} satisfies ErrorFallbacksOf<typeof contactApi>;
