import { baseApi } from '@client/api/baseApi';
import { definedParams } from '@client/api/params';
import { invalidatesOnSuccess } from '@client/api/tags';
import type { DashboardQuery } from '@shared/api/dashboard';
import type {
  ConversionBasis,
  ConversionBasisView,
  FirstPartyDay,
  FirstPartyImportResult,
  FirstPartyKey,
  FirstPartyKeyCreated,
  FirstPartyView,
} from '@shared/api/firstParty';

/** GET first-party/days/. */
export interface FirstPartyDays {
  range: { from: string; to: string };
  days: FirstPartyDay[];
}

/** The figures and stored days: an import changes both. */
const FIGURES = { type: 'FirstParty' as const, id: 'FIGURES' };
/** The ingestion key: changed only by making or deleting it. */
const KEY = { type: 'FirstParty' as const, id: 'KEY' };
/** Which conversions suggestions and the optimizer weigh; the factors move with the days, so an import refreshes them too. */
const BASIS = { type: 'FirstParty' as const, id: 'BASIS' };

const HTTP_NOT_FOUND = 404;

/** First-party conversions (contract: @shared/api/firstParty), injected into the one API. */
export const firstPartyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFirstParty: build.query<FirstPartyView, DashboardQuery>({
      query: (query) => ({ url: 'first-party/', params: definedParams({ ...query }) }),
      // A change of display currency refetches the dashboard's figures, these with them.
      providesTags: [FIGURES, { type: 'Dashboard' }],
    }),
    getFirstPartyDays: build.query<FirstPartyDays, Pick<DashboardQuery, 'from' | 'to'>>({
      query: (query) => ({ url: 'first-party/days/', params: definedParams({ ...query }) }),
      providesTags: [FIGURES],
    }),
    // The file goes as it is: the server reads the same CSV the browser checked.
    importFirstPartyCsv: build.mutation<FirstPartyImportResult, string>({
      query: (csv) => ({
        url: 'first-party/import/',
        method: 'POST',
        body: csv,
        headers: { 'Content-Type': 'text/csv' },
      }),
      invalidatesTags: invalidatesOnSuccess([FIGURES, BASIS]),
    }),
    getConversionBasis: build.query<ConversionBasisView, void>({
      query: () => 'first-party/basis/',
      providesTags: [BASIS],
    }),
    // Suggestions and the optimizer read the basis on their next run: their lists refetch then, not now.
    setConversionBasis: build.mutation<ConversionBasisView, ConversionBasis>({
      query: (basis) => ({ url: 'first-party/basis/', method: 'PUT', body: { basis } }),
      invalidatesTags: invalidatesOnSuccess([BASIS]),
    }),
    // No key is an answer, not a failure: null.
    getFirstPartyKey: build.query<FirstPartyKey | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('first-party/key/');
        if (result.error?.status === HTTP_NOT_FOUND) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as FirstPartyKey };
      },
      providesTags: [KEY],
    }),
    createFirstPartyKey: build.mutation<FirstPartyKeyCreated, void>({
      query: () => ({ url: 'first-party/key/', method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess([KEY]),
    }),
    deleteFirstPartyKey: build.mutation<void, void>({
      query: () => ({ url: 'first-party/key/', method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess([KEY]),
    }),
  }),
});

export const {
  useGetFirstPartyQuery,
  useGetFirstPartyDaysQuery,
  useImportFirstPartyCsvMutation,
  useGetConversionBasisQuery,
  useSetConversionBasisMutation,
  useGetFirstPartyKeyQuery,
  useCreateFirstPartyKeyMutation,
  useDeleteFirstPartyKeyMutation,
} = firstPartyApi;
