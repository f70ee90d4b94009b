import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { rulesApi } from './rules.api';

/**
 * What a failed request of rules.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const rulesErrorFallbacks = {
  // The rules page and the builder show a failed list, load, dry run or save inline (a refused
  // field on the field itself); the rest are said here in the server's words first.
  listRules: null,
  getRule: null,
  dryRunRule: null,
  createRule: null,
  updateRule: null,
  setRuleEnabled: 'Unable to turn the rule on or off. Please try again.',
  deleteRule: 'Unable to delete the rule. Please try again.',
  approveRuleAction: 'Unable to approve the change. Please try again.',
  rejectRuleAction: 'Unable to reject the change. Please try again.',
} satisfies ErrorFallbacksOf<typeof rulesApi>;
