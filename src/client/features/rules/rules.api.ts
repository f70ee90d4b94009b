import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type { DryRun, Rule, RuleActionItem, RuleDefinition, RuleDetail, RuleList } from '@shared/api/rules';

/** The argument of updateRule. */
export interface UpdateRuleArgs {
  id: string;
  definition: RuleDefinition;
}

/** The argument of setRuleEnabled. */
export interface SetRuleEnabledArgs {
  id: string;
  enabled: boolean;
}

const LIST = { type: 'Rules' as const, id: LIST_ID };
/** The actions log (GET actions/, the suggestions feature's): an approved change is written there. */
const ACTIONS_LOG = { type: 'Action' as const, id: LIST_ID };
/** An approved change writes a status or a budget at the platform: the dashboard shows them. */
const PLATFORM_STATE = [
  { type: 'Dashboard' as const },
  { type: 'Campaign' as const, id: LIST_ID },
  { type: 'CampaignAds' as const },
];

const rulePath = (id: string) => `rules/${encodeURIComponent(id)}/`;
const approvalPath = (id: string, decision: 'approve' | 'reject') =>
  `rules/approvals/${encodeURIComponent(id)}/${decision}/`;

/** Automated rules (contract: @shared/api/rules), injected into the one API. */
export const rulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The rules with their last runs, and the changes waiting for approval.
    listRules: build.query<RuleList, void>({
      query: () => 'rules/',
      providesTags: (result) => providesList('Rules', result?.rules),
    }),
    getRule: build.query<RuleDetail, string>({
      query: (id) => rulePath(id),
      providesTags: (_result, _error, id) => [{ type: 'Rules', id }],
    }),
    createRule: build.mutation<Rule, RuleDefinition>({
      query: (body) => ({ url: 'rules/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([LIST]),
    }),
    updateRule: build.mutation<Rule, UpdateRuleArgs>({
      query: ({ id, definition }) => ({ url: rulePath(id), method: 'PUT', body: definition }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [LIST, { type: 'Rules' as const, id }]),
    }),
    // Optimistic: the switch moves at once, and a failure puts it back (the error channel says why).
    // The answer replaces the rule in the list and in its cached detail (the builder's starting
    // point), so nothing is asked again and the switch does not flicker.
    setRuleEnabled: build.mutation<Rule, SetRuleEnabledArgs>({
      query: ({ id, enabled }) => ({ url: `${rulePath(id)}enabled/`, method: 'PUT', body: { enabled } }),
      async onQueryStarted({ id, enabled }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          rulesApi.util.updateQueryData('listRules', undefined, (list) => {
            const rule = list.rules.find((candidate) => candidate.id === id);
            if (rule) rule.enabled = enabled;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            rulesApi.util.updateQueryData('listRules', undefined, (list) => {
              list.rules = list.rules.map((rule) => (rule.id === id ? data : rule));
            }),
          );
          dispatch(
            rulesApi.util.updateQueryData('getRule', id, (detail) => {
              detail.rule = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    deleteRule: build.mutation<void, string>({
      query: (id) => ({ url: rulePath(id), method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([LIST]),
    }),
    // What the rule would have done over the last DRY_RUN_DAYS days: nothing is cached or changed.
    dryRunRule: build.mutation<DryRun, RuleDefinition>({
      query: (body) => ({ url: 'rules/dry-run/', method: 'POST', body }),
    }),
    // Written at the platform now: the pending list, the actions log and the platform's state change.
    approveRuleAction: build.mutation<RuleActionItem, string>({
      query: (id) => ({ url: approvalPath(id, 'approve'), method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess([LIST, ACTIONS_LOG, ...PLATFORM_STATE]),
    }),
    rejectRuleAction: build.mutation<RuleActionItem, string>({
      query: (id) => ({ url: approvalPath(id, 'reject'), method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess([LIST, ACTIONS_LOG]),
    }),
  }),
});

/** The generated hooks. */
export const {
  useListRulesQuery,
  useGetRuleQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useSetRuleEnabledMutation,
  useDeleteRuleMutation,
  useDryRunRuleMutation,
  useApproveRuleActionMutation,
  useRejectRuleActionMutation,
} = rulesApi;
