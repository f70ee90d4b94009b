import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess } from '@client/api/tags';
import type { StartTrialResult } from '@shared/api/auth';

/** The trial endpoint (spec section 7), injected into the one API. */
export const trialApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startTrial: build.mutation<StartTrialResult, void>({
      // The spec's payload is an empty object, not an absent body.
      query: () => ({ url: 'start-trial/', method: 'POST', body: {} }),
      // user-info carries the trial, so it is fetched again once the trial has started.
      invalidatesTags: invalidatesOnSuccess([{ type: 'UserInfo' as const }]),
    }),
  }),
});

/** The generated hook. */
export const { useStartTrialMutation } = trialApi;
