import { baseApi } from '@client/api/baseApi';
import { invalidatesOnSuccess, LIST_ID, providesList } from '@client/api/tags';
import type {
  ConnectedAdAccount,
  DeleteConnectedAccountRequest,
  DeleteConnectedAccountResult,
  GenerateOtpResult,
  StartConnectionResult,
  VerifyOtpRequest,
  VerifyOtpResult,
} from '@shared/api/adAccounts';
import type { Platform } from '@shared/constants';

/** The argument of startConnection; the error toast names the platform from it. */
export interface StartConnectionArgs {
  platform: Platform;
}

/** The connected ad accounts endpoints (spec section 7), injected into the one API. */
export const adAccountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAdAccounts: build.query<ConnectedAdAccount[], void>({
      query: () => 'ad-accounts/',
      providesTags: (result) => providesList('AdAccount', result),
    }),
    // A GET, but an action rather than data: every click needs a fresh state and verifier, never a cached one.
    startConnection: build.mutation<StartConnectionResult, StartConnectionArgs>({
      query: ({ platform }) => ({ url: `auth/${platform}/`, method: 'GET' }),
    }),
    generateOtp: build.mutation<GenerateOtpResult, void>({
      // The contract's body is an empty object, not an absent body.
      query: () => ({ url: 'generate-otp/', method: 'POST', body: {} }),
    }),
    verifyOtp: build.mutation<VerifyOtpResult, VerifyOtpRequest>({
      query: ({ otp }) => ({ url: 'verify-otp/', method: 'POST', body: { otp } }),
    }),
    deleteConnectedAccount: build.mutation<DeleteConnectedAccountResult, DeleteConnectedAccountRequest>({
      query: ({ accid }) => ({ url: 'delete-connected-account/', method: 'POST', body: { accid } }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'AdAccount' as const, id: LIST_ID }]),
    }),
  }),
});

/** The generated hooks. */
export const {
  useListAdAccountsQuery,
  useStartConnectionMutation,
  useGenerateOtpMutation,
  useVerifyOtpMutation,
  useDeleteConnectedAccountMutation,
} = adAccountsApi;
