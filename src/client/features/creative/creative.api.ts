import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import {
  CREATIVE_HISTORY,
  type CreativeAnalysis,
  type CreativeAnalysisPage,
  type CreativeAnalysisRecord,
  type CreativeAnalyzeInput,
  type CreativeCompareInput,
  type CreativeComparison,
  type CreativeShare,
  type CreativeShareCreated,
  type CreativeSharedView,
} from '@shared/api/creative';

/** The HTTP status of a failed call, if it has one. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The request field a 400 names: one rule for the whole client. */
export { errorField } from '@client/api/errors';

const HISTORY = { type: 'CreativeAnalysis', id: LIST_ID } as const;

/**
 * The Creative Analyzer (contract: @shared/api/creative), injected into the one API. An analysis
 * is never served from the cache (each call is a new one); every one is saved, so it refreshes
 * the history.
 */
export const creativeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    analyzeCreative: build.mutation<CreativeAnalysis, CreativeAnalyzeInput>({
      query: (body) => ({ url: 'creative/analyze/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([HISTORY]),
    }),
    compareCreatives: build.mutation<CreativeComparison, CreativeCompareInput>({
      query: (body) => ({ url: 'creative/compare/', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess([HISTORY]),
    }),
    // Cursor paging, newest first: "Load more" appends the next (older) page.
    listCreativeAnalyses: build.infiniteQuery<CreativeAnalysisPage, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        url: 'creative/analyses/',
        params: { limit: CREATIVE_HISTORY.pageSize, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (result) =>
        providesList(
          'CreativeAnalysis',
          result?.pages.flatMap((page) => page.items),
        ),
    }),
    getCreativeAnalysis: build.query<CreativeAnalysisRecord, string>({
      query: (id) => `creative/analyses/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [{ type: 'CreativeAnalysis', id }],
    }),
    deleteCreativeAnalysis: build.mutation<void, string>({
      query: (id) => ({ url: `creative/analyses/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((id) => [HISTORY, { type: 'CreativeAnalysis', id }]),
    }),
    // A GET, but an action: each click wants a new file. The PDF becomes an object URL (the
    // store keeps no Blob); a failure is the usual JSON error.
    downloadCreativePdf: build.mutation<string, string>({
      query: (id) => ({
        url: `creative/analyses/${encodeURIComponent(id)}/pdf/`,
        method: 'GET',
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    createCreativeShare: build.mutation<CreativeShareCreated, { id: string; expires_in_days: number }>({
      query: ({ id, expires_in_days }) => ({
        url: `creative/analyses/${encodeURIComponent(id)}/share/`,
        method: 'POST',
        body: { expires_in_days },
      }),
      invalidatesTags: invalidatesOnSuccess(({ id }) => [{ type: 'CreativeShare', id }]),
    }),
    listCreativeShares: build.query<CreativeShare[], string>({
      query: (id) => `creative/analyses/${encodeURIComponent(id)}/shares/`,
      providesTags: (_result, _error, id) => [{ type: 'CreativeShare', id }],
    }),
    revokeCreativeShare: build.mutation<void, { shareId: string; analysisId: string }>({
      query: ({ shareId }) => ({ url: `creative/shares/${encodeURIComponent(shareId)}/`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess(({ analysisId }) => [{ type: 'CreativeShare', id: analysisId }]),
    }),
    getSharedCreative: build.query<CreativeSharedView, string>({
      query: (token) => `shared/creative/${encodeURIComponent(token)}/`,
    }),
  }),
});

export const {
  useAnalyzeCreativeMutation,
  useCompareCreativesMutation,
  useListCreativeAnalysesInfiniteQuery,
  useGetCreativeAnalysisQuery,
  useDeleteCreativeAnalysisMutation,
  useDownloadCreativePdfMutation,
  useCreateCreativeShareMutation,
  useListCreativeSharesQuery,
  useRevokeCreativeShareMutation,
  useGetSharedCreativeQuery,
} = creativeApi;
