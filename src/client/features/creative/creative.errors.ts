import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { creativeApi } from './creative.api';
import type { feedbackApi } from './feedback.api';
import type { postLaunchApi } from './postLaunch.api';

/**
 * What a failed request of creative.api.ts, feedback.api.ts, postLaunch.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const creativeErrorFallbacks = {
  // The Creative Analyzer says a refusal (not Pro, a refused field, anything else) on the page.
  analyzeCreative: null,
  compareCreatives: null,
  // The history, a saved analysis, the share dialog's list and the public link show their failures on the page.
  listCreativeAnalyses: null,
  getCreativeAnalysis: null,
  listCreativeShares: null,
  getSharedCreative: null,
  createCreativeShare: 'Unable to create the link. Please try again.',
  revokeCreativeShare: 'Unable to revoke the link. Please try again.',
  deleteCreativeAnalysis: 'Unable to delete the analysis. Please try again.',
  downloadCreativePdf: 'Unable to make the PDF right now. Please try again.',
  // The live ads' scores show a failed load inline; a failed image read fills the form without it and says so.
  getPostLaunch: null,
  fetchPostLaunchImage: null,
  // The refit panel under them says its own load failure (nothing when the workspace is not on Pro,
  // since the list above says so) and toasts a failed refit with the refit's own words.
  getCreativeFeedback: null,
  refitCreativeWeights: null,
} satisfies ErrorFallbacksOf<typeof creativeApi | typeof feedbackApi | typeof postLaunchApi>;
