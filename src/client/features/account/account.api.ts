import { baseApi } from '@client/api/baseApi';
import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn } from '@client/session/session.slice';
import type { AccountInfo } from '@shared/api/auth';
import { hasActiveTrial, normalizeUserInfo, type UserInfo } from '@shared/api/userInfo';
import { USER_INFO_POLL_MS } from '@shared/constants';

/** The user-info path (spec section 7). */
export const USER_INFO_PATH = 'user-info/';
/** The account-info path (the spec leaves it open; the server serves it here). */
export const ACCOUNT_INFO_PATH = 'account-info/';

/** The account endpoints, injected into the one API. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => USER_INFO_PATH,
      transformResponse: (body: unknown) => normalizeUserInfo(body),
      providesTags: ['UserInfo'],
    }),
    getAccountInfo: build.query<AccountInfo, void>({
      query: () => ACCOUNT_INFO_PATH,
      providesTags: ['AccountInfo'],
    }),
    deleteAccount: build.mutation<void, void>({
      query: () => ({ url: 'delete-account/', method: 'POST' }),
    }),
  }),
});

/** The generated hooks; most screens want `useUserInfo` instead of the first. */
export const { useGetUserInfoQuery, useGetAccountInfoQuery, useDeleteAccountMutation } = accountApi;

/** Options of useUserInfo. */
export interface UseUserInfoOptions {
  /** Fetch again when the calling screen mounts, even with data cached (the account page does). */
  refetchOnMount?: boolean;
}

/** The signed-in user's info, refreshed every USER_INFO_POLL_MS; nothing is fetched while signed out. */
export function useUserInfo({ refetchOnMount = false }: UseUserInfoOptions = {}) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useGetUserInfoQuery(undefined, {
    skip: !isLoggedIn,
    pollingInterval: USER_INFO_POLL_MS,
    refetchOnMountOrArgChange: refetchOnMount,
  });
}

/** The signed-in user's account meta information; nothing is fetched while signed out. */
export function useAccountInfo() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useGetAccountInfoQuery(undefined, { skip: !isLoggedIn });
}

/** True for a signed-in user whose trial is on and ends in the future. */
export function useHasActiveTrial(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useUserInfo();
  return isLoggedIn && hasActiveTrial(data, Date.now());
}
