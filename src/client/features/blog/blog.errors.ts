import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { blogApi } from './blog.api';

/**
 * What a failed request of blog.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const blogErrorFallbacks = {
  // The blog shows their failures on the page (Retry, or the article's not-found state).
  listBlogPosts: null,
  getBlogPost: null,
} satisfies ErrorFallbacksOf<typeof blogApi>;
