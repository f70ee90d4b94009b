import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { newsletterApi } from './newsletter.api';

/**
 * What a failed request of newsletter.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const newsletterErrorFallbacks = {
  // The newsletter opt-in and the confirm/unsubscribe page show their failures inline.
  subscribeNewsletter: null,
  confirmNewsletter: null,
  unsubscribeNewsletter: null,
  // A failed status check just leaves the Subscribe button in place.
  getNewsletterStatus: null,
} satisfies ErrorFallbacksOf<typeof newsletterApi>;
