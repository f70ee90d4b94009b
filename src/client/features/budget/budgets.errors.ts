import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { budgetsApi } from './budgets.api';

/**
 * What a failed request of budgets.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const budgetErrorFallbacks = {
  // Budget tools: the page shows a failed list, the account pickers' load, a refused save (on its
  // field, or in the dialog), the plan and a refused apply (a stale plan is proposed again) inline.
  listBudgets: null,
  listBudgetAccounts: null,
  createBudget: null,
  updateBudget: null,
  getOptimizerPlan: null,
  applyOptimizerPlan: null,
  // The followed plans card and the campaign caps say a failed load inline; a refused stop is said in its dialog or on the followed plan.
  listFollowedPlans: null,
  stopFollowedPlan: null,
  listAccountCampaigns: null,
  deleteBudget: 'Unable to delete the budget. Please try again.',
  undoBudgetChange: 'Unable to undo the change. Please try again.',
} satisfies ErrorFallbacksOf<typeof budgetsApi>;
