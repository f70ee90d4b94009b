import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { searchApi } from './search.api';

/**
 * What a failed request of search.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const searchErrorFallbacks = {
  // The site search shows its failures on the page, with Retry.
  searchSite: null,
} satisfies ErrorFallbacksOf<typeof searchApi>;
