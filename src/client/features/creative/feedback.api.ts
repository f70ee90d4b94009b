import { baseApi } from '@client/api/baseApi';
import type { CreativeFeedbackView } from '@shared/api/creativeFeedback';

/**
 * The feedback loop (contract: @shared/api/creativeFeedback), injected into the one API: the
 * workspace's refit of the pre-launch weights, refreshed with the synced data (each sync queues
 * a refit), and a refit on request.
 */
export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCreativeFeedback: build.query<CreativeFeedbackView, void>({
      query: () => 'creative/feedback/',
      providesTags: ['CreativeFeedback', 'Sync'],
    }),
    refitCreativeWeights: build.mutation<CreativeFeedbackView, void>({
      query: () => ({ url: 'creative/feedback/refit/', method: 'POST', body: {} }),
      // The answer is the new refit: the cache takes it as is, and the analyses that follow use its weights.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(feedbackApi.util.upsertQueryData('getCreativeFeedback', undefined, data));
        } catch {
          // The caller tells the user; what was shown stays.
        }
      },
    }),
  }),
});

export const { useGetCreativeFeedbackQuery, useRefitCreativeWeightsMutation } = feedbackApi;
