import { baseApi } from '@client/api/baseApi';
import type { DetailReply, RegisteredUser, SessionPayload } from '@shared/api/auth';
import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '@shared/validation/auth';

/** The session endpoints (spec section 7), injected into the one API. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionPayload, LoginInput>({
      query: (body) => ({ url: 'login/', method: 'POST', body }),
    }),
    register: build.mutation<RegisteredUser, RegisterInput>({
      query: (body) => ({ url: 'register/', method: 'POST', body }),
    }),
    logout: build.mutation<void, { refresh: string | null }>({
      query: (body) => ({ url: 'logout/', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<DetailReply, ForgotPasswordInput>({
      query: (body) => ({ url: 'forgot-password/', method: 'POST', body }),
    }),
    resetPassword: build.mutation<DetailReply, ResetPasswordInput>({
      query: (body) => ({ url: 'reset-password/', method: 'POST', body }),
    }),
  }),
});

/** The generated hooks. */
export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = sessionApi;
