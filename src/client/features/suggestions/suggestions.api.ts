import { baseApi } from '@client/api/baseApi';
import { partiallyAppliedAction } from '@client/api/errors';
import { definedParams } from '@client/api/params';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type { ActionList, ActionRecord } from '@shared/api/actions';
import { ErrorCode } from '@shared/api/errors';
import type {
  ApplyPreview,
  DismissRequest,
  Suggestion,
  SuggestionList,
  SuggestionQuery,
} from '@shared/api/suggestions';

/** The argument of dismissSuggestion. */
export interface DismissArgs extends DismissRequest {
  id: string;
}

const LISTS = [
  { type: 'Suggestion' as const, id: LIST_ID },
  { type: 'Action' as const, id: LIST_ID },
];

/** Applying or undoing writes ad and campaign statuses and budgets at the platform: the dashboard shows them. */
const PLATFORM_STATE = [
  { type: 'Dashboard' as const },
  { type: 'Campaign' as const, id: LIST_ID },
  { type: 'CampaignAds' as const },
];

/** True for a 409 answer: the suggestion changed under us and the server withdrew it. */
export function isConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status, data } = error as { status: unknown; data?: { code?: unknown } };
  return status === 409 || data?.code === ErrorCode.Conflict;
}

const suggestionPath = (id: string, action: string) => `suggestions/${encodeURIComponent(id)}/${action}/`;

/** Smart Suggestions and the actions log (contract: @shared/api/suggestions), injected into the one API. */
export const suggestionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSuggestions: build.query<SuggestionList, SuggestionQuery>({
      query: (query) => ({ url: 'suggestions/', params: definedParams(query) }),
      providesTags: (result) => providesList('Suggestion', result?.items),
    }),
    // Read live at the platform: a cached copy could say "Active" about an ad paused since.
    getApplyPreview: build.query<ApplyPreview, string>({
      query: (id) => suggestionPath(id, 'preview'),
      keepUnusedDataFor: 0,
    }),
    applySuggestion: build.mutation<ActionRecord, string>({
      query: (id) => ({ url: suggestionPath(id, 'apply'), method: 'POST' }),
      // A 409 means the server withdrew the suggestion: the list is stale even though Apply failed.
      // A change taken in part is in the log and at the platform, though Apply failed.
      invalidatesTags: (_result, error) => {
        if (error && partiallyAppliedAction(error)) return [...LISTS, ...PLATFORM_STATE];
        if (error) return isConflict(error) ? [{ type: 'Suggestion', id: LIST_ID }] : [];
        return [...LISTS, ...PLATFORM_STATE];
      },
    }),
    // A task done by hand: nothing is written to a platform, only the log and the list change.
    markSuggestionDone: build.mutation<ActionRecord, string>({
      query: (id) => ({ url: suggestionPath(id, 'done'), method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess(LISTS),
    }),
    dismissSuggestion: build.mutation<Suggestion, DismissArgs>({
      query: ({ id, ...body }) => ({ url: suggestionPath(id, 'dismiss'), method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess(LISTS),
    }),
    snoozeSuggestion: build.mutation<Suggestion, string>({
      query: (id) => ({ url: suggestionPath(id, 'snooze'), method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess(LISTS),
    }),
    listActions: build.query<ActionList, void>({
      query: () => 'actions/',
      providesTags: (result) => providesList('Action', result?.items),
    }),
    // Read live: an action being written changes from one look to the next.
    getAction: build.query<ActionRecord, string>({
      query: (id) => `actions/${encodeURIComponent(id)}/`,
      keepUnusedDataFor: 0,
    }),
    // Undo and Retry of a change taken in part change the platform even when they fail half-way again.
    undoAction: build.mutation<ActionRecord, string>({
      query: (id) => ({ url: `actions/${encodeURIComponent(id)}/undo/`, method: 'POST' }),
      invalidatesTags: (_result, error) =>
        !error || partiallyAppliedAction(error) ? [...LISTS, ...PLATFORM_STATE] : [],
    }),
    retryAction: build.mutation<ActionRecord, string>({
      query: (id) => ({ url: `actions/${encodeURIComponent(id)}/retry/`, method: 'POST' }),
      invalidatesTags: (_result, error) =>
        !error || partiallyAppliedAction(error) ? [...LISTS, ...PLATFORM_STATE] : [],
    }),
  }),
});

/** Asks for the suggestion lists again: a preview found the suggestion withdrawn. */
export const invalidateSuggestionList = () => suggestionsApi.util.invalidateTags([{ type: 'Suggestion', id: LIST_ID }]);

/** The generated hooks. */
export const {
  useListSuggestionsQuery,
  useGetApplyPreviewQuery,
  useApplySuggestionMutation,
  useMarkSuggestionDoneMutation,
  useDismissSuggestionMutation,
  useSnoozeSuggestionMutation,
  useListActionsQuery,
  useGetActionQuery,
  useUndoActionMutation,
  useRetryActionMutation,
} = suggestionsApi;
