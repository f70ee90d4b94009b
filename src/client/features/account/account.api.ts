import { normalizeUserInfo, hasActiveTrial, type UserInfo } from '@shared/api/userInfo';
import { USER_INFO_POLL_MS } from '@shared/constants';
import { baseApi } from '@client/api/baseApi';
import { useAppSelector } from '@client/app/hooks';
import { selectIsLoggedIn } from '@client/features/session/session.slice';

/** The user-info path (spec section 7). */
export const USER_INFO_PATH = 'user-info/';

/** The account endpoints, injected into the one API. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => USER_INFO_PATH,
      transformResponse: (body: unknown) => normalizeUserInfo(body),
      providesTags: ['UserInfo'],
    }),
  }),
});

/** The generated hook; most screens want `useUserInfo` instead. */
export const { useGetUserInfoQuery } = accountApi;

/** The signed-in user's info, refreshed every USER_INFO_POLL_MS; nothing is fetched while signed out. */
export function useUserInfo() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useGetUserInfoQuery(undefined, { skip: !isLoggedIn, pollingInterval: USER_INFO_POLL_MS });
}

/** True for a signed-in user whose trial is on and ends in the future. */
export function useHasActiveTrial(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useUserInfo();
  return isLoggedIn && hasActiveTrial(data, Date.now());
}
