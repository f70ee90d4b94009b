import { baseApi } from '@client/api/baseApi';
import { definedParams } from '@client/api/params';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type {
  AdSearchResult,
  CampaignAds,
  CampaignPage,
  CampaignQuery,
  CampaignStatusLabel,
  CampaignStatusResult,
  DashboardQuery,
  DashboardSettings,
  DashboardView,
  PlatformPerformance,
  SyncRequest,
  SyncStatus,
} from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';
import type { IsoDay } from '@shared/days';

/** The argument of getPlatformPerformance; the error toast names the platform from it. */
export interface PlatformPerformanceArgs {
  platform: Platform;
  from?: IsoDay;
  to?: IsoDay;
}

/** The argument of getCampaignAds. */
export interface CampaignAdsArgs {
  id: string;
  from?: IsoDay;
  to?: IsoDay;
}

/** The argument of setCampaignStatus. */
export interface CampaignStatusArgs {
  id: string;
  status: CampaignStatusLabel;
}

/** The CSV export takes what the table is showing, without its paging. */
export type CampaignExportArgs = Omit<CampaignQuery, 'page' | 'page_size'>;

/** PUT sync/settings/: how often the workspace's connections sync on their own. */
export interface SyncSettings {
  interval_minutes: number;
}

/** Everything a display-currency change makes stale. */
const CURRENCY_DEPENDENT = [
  { type: 'Dashboard' as const },
  { type: 'Campaign' as const, id: LIST_ID },
  { type: 'CampaignAds' as const },
  { type: 'Performance' as const },
];

/** The Unified Ad Intelligence endpoints (contract: @shared/api/dashboard), injected into the one API. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardView, DashboardQuery>({
      query: (query) => ({ url: 'dashboard/', params: definedParams(query) }),
      providesTags: ['Dashboard'],
    }),
    listCampaigns: build.query<CampaignPage, CampaignQuery>({
      query: (query) => ({ url: 'dashboard/campaigns/', params: definedParams(query) }),
      providesTags: (result) => providesList('Campaign', result?.items),
    }),
    // A GET, but an action: every click wants the file as it is now, never a cached copy. The
    // body is text/csv; a failure is the usual JSON error, whose detail the toast prefers.
    exportCampaigns: build.mutation<string, CampaignExportArgs>({
      query: (query) => ({
        url: 'dashboard/campaigns/',
        method: 'GET',
        params: { ...definedParams(query), format: 'csv' },
        responseHandler: 'content-type',
      }),
    }),
    // The command palette's jump list: ads by name, each with the campaign whose drill-down shows it.
    searchAds: build.query<AdSearchResult, { q: string }>({
      query: ({ q }) => ({ url: 'dashboard/ads/', params: { q } }),
      providesTags: [{ type: 'CampaignAds' }],
    }),
    getCampaignAds: build.query<CampaignAds, CampaignAdsArgs>({
      query: ({ id, ...range }) => ({
        url: `dashboard/campaigns/${encodeURIComponent(id)}/ads/`,
        params: definedParams(range),
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'CampaignAds', id }],
    }),
    setCampaignStatus: build.mutation<CampaignStatusResult, CampaignStatusArgs>({
      query: ({ id, status }) => ({
        url: `dashboard/campaigns/${encodeURIComponent(id)}/status/`,
        method: 'POST',
        body: { status },
      }),
      // Optimistic: every cached campaigns page holding this campaign shows the new status at
      // once; a failure puts the old one back (and the error channel says why).
      async onQueryStarted({ id, status }, { dispatch, getState, queryFulfilled }) {
        const cached = dashboardApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Campaign', id }])
          .filter(({ endpointName }) => endpointName === 'listCampaigns');
        const patches = cached.map(({ originalArgs }) =>
          dispatch(
            dashboardApi.util.updateQueryData('listCampaigns', originalArgs as CampaignQuery, (page) => {
              const row = page.items.find((item) => item.id === id);
              if (row) row.status = status;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      // The drill-down shows the campaign's status too.
      invalidatesTags: invalidatesOnSuccess(({ id }) => [{ type: 'CampaignAds', id }]),
    }),
    updateDashboardSettings: build.mutation<DashboardSettings, DashboardSettings>({
      query: (body) => ({ url: 'dashboard/settings/', method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess(CURRENCY_DEPENDENT),
    }),
    getPlatformPerformance: build.query<PlatformPerformance, PlatformPerformanceArgs>({
      query: ({ platform, ...range }) => ({ url: `auth/${platform}/performance/`, params: definedParams(range) }),
      providesTags: (_result, _error, { platform }) => [{ type: 'Performance', id: platform }],
    }),
    startSync: build.mutation<SyncStatus, SyncRequest>({
      query: (body) => ({ url: 'sync/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Sync' as const }]),
    }),
    getSyncStatus: build.query<SyncStatus, void>({
      query: () => 'sync/',
      providesTags: ['Sync'],
    }),
    // Optimistic: the cadence the page shows (in each cached view's sync state, and in the sync
    // status) changes at once; a failure puts the old one back (the error channel says why).
    updateSyncSettings: build.mutation<SyncStatus, SyncSettings>({
      query: (body) => ({ url: 'sync/settings/', method: 'PUT', body }),
      async onQueryStarted({ interval_minutes }, { dispatch, getState, queryFulfilled }) {
        const views = dashboardApi.util
          .selectInvalidatedBy(getState(), ['Dashboard'])
          .filter(({ endpointName }) => endpointName === 'getDashboard');
        const patches = [
          ...views.map(({ originalArgs }) =>
            dispatch(
              dashboardApi.util.updateQueryData('getDashboard', originalArgs as DashboardQuery, (view) => {
                view.sync.interval_minutes = interval_minutes;
              }),
            ),
          ),
          dispatch(
            dashboardApi.util.updateQueryData('getSyncStatus', undefined, (status) => {
              status.interval_minutes = interval_minutes;
            }),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      invalidatesTags: invalidatesOnSuccess([{ type: 'Sync' as const }]),
    }),
  }),
});

/** The generated hooks. */
export const {
  useGetDashboardQuery,
  useListCampaignsQuery,
  useExportCampaignsMutation,
  useGetCampaignAdsQuery,
  useSearchAdsQuery,
  useSetCampaignStatusMutation,
  useUpdateDashboardSettingsMutation,
  useGetPlatformPerformanceQuery,
  useStartSyncMutation,
  useLazyGetSyncStatusQuery,
  useUpdateSyncSettingsMutation,
} = dashboardApi;
