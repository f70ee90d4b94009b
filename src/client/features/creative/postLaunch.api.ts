import { baseApi } from '@client/api/baseApi';
import type { PostLaunchAdImage, PostLaunchQuery, PostLaunchView } from '@shared/api/creativePostLaunch';

/**
 * Post-launch scores (contract: @shared/api/creativePostLaunch), injected into the one API: the
 * account's delivering ads scored against their campaigns, refreshed with the dashboard's data
 * (the Sync tag), and a synced ad's image fetched for the analyzer.
 */
export const postLaunchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostLaunch: build.query<PostLaunchView, PostLaunchQuery>({
      query: ({ account, objective }) => ({
        url: 'creative/post-launch/',
        params: { ...(account ? { account } : {}), ...(objective ? { objective } : {}) },
      }),
      providesTags: ['Sync'],
    }),
    // An action rather than data: each "Analyse this ad" reads the image afresh.
    fetchPostLaunchImage: build.mutation<PostLaunchAdImage, { account: string; ad: string }>({
      query: ({ account, ad }) => ({ url: 'creative/post-launch/image/', method: 'GET', params: { account, ad } }),
    }),
  }),
});

export const { useGetPostLaunchQuery, useFetchPostLaunchImageMutation } = postLaunchApi;
