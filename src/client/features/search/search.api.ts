import { baseApi } from '@client/api/baseApi';
import type { SearchResult } from '@shared/api/search';

/** The site search endpoint (contract: @shared/api/search), injected into the one API. */
export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchSite: build.query<SearchResult[], string>({
      query: (q) => ({ url: 'search/', params: { q } }),
    }),
  }),
});

/** The generated hook. */
export const { useSearchSiteQuery } = searchApi;
