import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type { DisplayCurrency } from '@shared/api/dashboard';
import type { WorkspaceOverview, WorkspaceSummary } from '@shared/api/workspaces';
import type { WorkspaceNameInput } from '@shared/validation/workspaces';

/** The argument of getWorkspaceOverview: a display currency, or the user's own when left out. */
export interface WorkspaceOverviewArgs {
  currency?: DisplayCurrency;
}

/** The workspace list and the All clients figures go stale together when a workspace is added. */
const WORKSPACES_CHANGED = [{ type: 'Workspace' as const, id: LIST_ID }, { type: 'WorkspaceOverview' as const }];

/** The user's workspaces (contract: @shared/api/workspaces), injected into the one API. */
export const workspacesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWorkspaces: build.query<WorkspaceSummary[], void>({
      query: () => 'workspaces/',
      providesTags: (result) => providesList('Workspace', result),
    }),
    createWorkspace: build.mutation<WorkspaceSummary, WorkspaceNameInput>({
      query: (body) => ({ url: 'workspaces/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess(WORKSPACES_CHANGED),
    }),
    // No invalidation: the switch that follows resets the whole cache.
    setCurrentWorkspace: build.mutation<WorkspaceSummary, { workspace_id: string }>({
      query: (body) => ({ url: 'workspaces/current/', method: 'PUT', body }),
    }),
    getWorkspaceOverview: build.query<WorkspaceOverview, WorkspaceOverviewArgs>({
      query: ({ currency }) => ({ url: 'workspaces/overview/', params: currency ? { currency } : {} }),
      providesTags: ['WorkspaceOverview'],
    }),
  }),
});

/** The generated hooks. */
export const {
  useListWorkspacesQuery,
  useCreateWorkspaceMutation,
  useSetCurrentWorkspaceMutation,
  useGetWorkspaceOverviewQuery,
} = workspacesApi;
