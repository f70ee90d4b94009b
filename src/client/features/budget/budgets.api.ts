import { baseApi } from '@client/api/baseApi';
import { partiallyAppliedAction } from '@client/api/errors';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type { ActionRecord } from '@shared/api/actions';
import type { ConnectedAdAccount } from '@shared/api/adAccounts';
import type {
  Budget,
  BudgetInput,
  BudgetList,
  FollowedPlan,
  FollowedPlanList,
  OptimizerApplyInput,
  OptimizerApplyResult,
  OptimizerObjective,
  OptimizerPlanView,
} from '@shared/api/budgets';
import type { CampaignPage } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';

/** The argument of updateBudget. */
export interface UpdateBudgetArgs {
  id: string;
  input: BudgetInput;
}

/** The argument of getOptimizerPlan (GET optimizer/?account&max_step&objective&locked). */
export interface OptimizerPlanArgs {
  account: string;
  /** The largest step a budget may move (0.3: ±30%). */
  max_step: number;
  objective: OptimizerObjective;
  /** Campaigns kept as they are; sent comma-separated, and left out when there is none. */
  locked: string[];
}

/** The most campaigns the cap picker lists (the campaigns route's largest page). */
export const CAP_CAMPAIGNS_PAGE_SIZE = 100;

const LIST = { type: 'Budgets' as const, id: LIST_ID };
/** The actions log (GET actions/, the suggestions feature's): an applied plan is written there. */
const ACTIONS_LOG = { type: 'Action' as const, id: LIST_ID };
/** An applied plan (or its undo) writes daily budgets at the platform: the dashboard shows them. */
const PLATFORM_STATE = [
  { type: 'Dashboard' as const },
  { type: 'Campaign' as const, id: LIST_ID },
  { type: 'CampaignAds' as const },
];

/** Every followed plan cached, whatever its account. */
const FOLLOWED_PLANS = { type: 'FollowedPlan' as const, id: LIST_ID };

const budgetPath = (id: string) => `budgets/${encodeURIComponent(id)}/`;

/** True for a 409 answer: a budget changed since the plan was made (or the budget is a duplicate). */
export function isConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status, data } = error as { status: unknown; data?: { code?: unknown } };
  return status === 409 || data?.code === ErrorCode.Conflict;
}

/** True for a 400 answer: the options asked for cannot make a plan (every campaign locked, no conversion value…). */
export function isBadRequest(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 400
  );
}

/** The request field a 400 names: one rule for the whole client. */
export { errorField } from '@client/api/errors';

/** Budget tools (contract: @shared/api/budgets), injected into the one API. */
export const budgetsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Every monthly budget with its pacing this month.
    listBudgets: build.query<BudgetList, void>({
      query: () => 'budgets/',
      providesTags: (result) => providesList('Budgets', result?.budgets),
    }),
    createBudget: build.mutation<Budget, BudgetInput>({
      query: (body) => ({ url: 'budgets/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([LIST]),
    }),
    updateBudget: build.mutation<Budget, UpdateBudgetArgs>({
      query: ({ id, input }) => ({ url: budgetPath(id), method: 'PUT', body: input }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [LIST, { type: 'Budgets' as const, id }]),
    }),
    deleteBudget: build.mutation<void, string>({
      query: (id) => ({ url: budgetPath(id), method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([LIST]),
    }),
    // The workspace's connected ad accounts (GET ad-accounts/, the same route as the connected
    // accounts screen's listAdAccounts), for the budget form's and the optimizer's pickers.
    listBudgetAccounts: build.query<ConnectedAdAccount[], void>({
      query: () => 'ad-accounts/',
      providesTags: (result) => providesList('AdAccount', result),
    }),
    // A proposal made now from the account's current budgets: never a cached copy.
    getOptimizerPlan: build.query<OptimizerPlanView, OptimizerPlanArgs>({
      query: ({ account, max_step, objective, locked }) => ({
        url: 'optimizer/',
        params: { account, max_step, objective, ...(locked.length ? { locked: locked.join(',') } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    // Written at the platform: the actions log, the budgets' pacing and the platform's state change
    // (and, followed, a new plan in the account's followed plans).
    applyOptimizerPlan: build.mutation<OptimizerApplyResult, OptimizerApplyInput>({
      query: (body) => ({ url: 'optimizer/apply/', method: 'POST', body }),
      // A plan the platform took only in part changed budgets and is in the actions log, though the request failed.
      invalidatesTags: (_result, error) =>
        !error || partiallyAppliedAction(error) ? [ACTIONS_LOG, LIST, FOLLOWED_PLANS, ...PLATFORM_STATE] : [],
    }),
    // The account's followed plans, newest first.
    listFollowedPlans: build.query<FollowedPlanList, string>({
      query: (account) => ({ url: 'optimizer/plans/', params: { account } }),
      providesTags: (result) => providesList('FollowedPlan', result?.plans),
    }),
    // Stops following; the budgets stay where the last step put them, so only the plans change.
    stopFollowedPlan: build.mutation<FollowedPlan, string>({
      query: (id) => ({ url: `optimizer/plans/${encodeURIComponent(id)}/stop/`, method: 'POST' }),
      // A 409 says the plan had already ended: the list is stale then too.
      invalidatesTags: (_result, error) => (!error || isConflict(error) ? [FOLLOWED_PLANS] : []),
    }),
    // One account's campaigns for the budget form's caps: the dashboard's campaigns route (the
    // same as its listCampaigns; features do not import each other), by name.
    listAccountCampaigns: build.query<CampaignPage, string>({
      query: (account) => ({
        url: 'dashboard/campaigns/',
        params: { account, sort: 'name', order: 'asc', page_size: CAP_CAMPAIGNS_PAGE_SIZE },
      }),
      providesTags: (result) => providesList('Campaign', result?.items),
    }),
    // Undo from the toast: the same POST actions/<id>/undo/ as the actions log's Undo.
    undoBudgetChange: build.mutation<ActionRecord, string>({
      query: (id) => ({ url: `actions/${encodeURIComponent(id)}/undo/`, method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess([ACTIONS_LOG, LIST, ...PLATFORM_STATE]),
    }),
  }),
});

/** The generated hooks. */
export const {
  useListBudgetsQuery,
  useCreateBudgetMutation,
  useUpdateBudgetMutation,
  useDeleteBudgetMutation,
  useListBudgetAccountsQuery,
  useLazyGetOptimizerPlanQuery,
  useApplyOptimizerPlanMutation,
  useUndoBudgetChangeMutation,
  useListFollowedPlansQuery,
  useLazyListFollowedPlansQuery,
  useStopFollowedPlanMutation,
  useListAccountCampaignsQuery,
} = budgetsApi;
