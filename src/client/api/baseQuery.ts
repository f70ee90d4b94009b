import { API_BASE_URL } from '@client/lib/config';
import { expired, tokensRefreshed, type WithSession } from '@client/session/session.slice';
import {
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  fetchBaseQuery,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { TIME_ZONE_HEADER } from '@shared/api/auth';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';

import { SESSION_EXPIRED_ERROR } from './errors';

/** The path that trades a refresh token for new tokens. */
export const TOKEN_REFRESH_PATH = 'token/refresh/';

const HTTP_UNAUTHORIZED = 401;

type Args = string | FetchArgs;
type ExtraOptions = Record<string, unknown>;

function sessionOf(api: Pick<BaseQueryApi, 'getState'>) {
  return (api.getState() as WithSession).session;
}

/** The browser's IANA time zone (e.g. `Asia/Kolkata`), or null when the runtime cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

// Every request says which time zone the user lives in, so the server counts daily
// visits and streaks in the user's days rather than the server's.
function addTimeZone(headers: Headers): Headers {
  const timeZone = browserTimeZone();
  if (timeZone) headers.set(TIME_ZONE_HEADER, timeZone);
  return headers;
}

const authedQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders: (headers, { getState }) => {
    const { access, username, workspace } = (getState() as WithSession).session;
    if (username) headers.set('X-User-Email', username);
    if (access) headers.set('Authorization', `Bearer ${access}`);
    // Without it the server answers for the user's personal workspace.
    if (access && workspace) headers.set(WORKSPACE_HEADER, workspace.id);
    return addTimeZone(headers);
  },
});

// The refresh call goes out without the expired bearer, which a server may reject
// before it even reads the body.
const plainQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, prepareHeaders: addTimeZone });

function isTokenPair(value: unknown): value is { access: string; refresh?: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { access, refresh } = value as Record<string, unknown>;
  return typeof access === 'string' && access !== '' && (refresh === undefined || typeof refresh === 'string');
}

// The mutex: while one refresh runs, every other request waits for it instead of
// starting its own, so N parallel 401s cost one refresh.
let refreshInFlight: Promise<boolean> | null = null;

async function refreshTokens(api: BaseQueryApi, extraOptions: ExtraOptions): Promise<boolean> {
  const { refresh } = sessionOf(api);
  if (refresh) {
    // Its own signal: one caller giving up must not cancel the refresh the others await.
    const detached: BaseQueryApi = { ...api, signal: new AbortController().signal };
    const result = await plainQuery(
      { url: TOKEN_REFRESH_PATH, method: 'POST', body: { refresh } },
      detached,
      extraOptions,
    );
    if (isTokenPair(result.data)) {
      api.dispatch(tokensRefreshed({ access: result.data.access, refresh: result.data.refresh }));
      return true;
    }
  }
  api.dispatch(expired());
  return false;
}

function refreshOnce(api: BaseQueryApi, extraOptions: ExtraOptions): Promise<boolean> {
  refreshInFlight ??= refreshTokens(api, extraOptions).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * The API's base query: adds X-User-Email, the bearer token and the current workspace, returns only the
 * response body, and on a 401 refreshes the tokens once (shared by parallel
 * requests) and retries; when that fails the session expires.
 */
export const baseQuery: BaseQueryFn<Args, unknown, FetchBaseQueryError, ExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  if (refreshInFlight) await refreshInFlight;
  const sentWith = sessionOf(api).access;
  let result = await authedQuery(args, api, extraOptions);

  if (result.error?.status === HTTP_UNAUTHORIZED && sentWith !== null) {
    const current = sessionOf(api).access;
    // Another request may already have refreshed (or expired) the session meanwhile.
    const refreshed = current === sentWith ? await refreshOnce(api, extraOptions) : current !== null;
    if (!refreshed) {
      return { error: { status: 'CUSTOM_ERROR', error: SESSION_EXPIRED_ERROR, data: result.error.data } };
    }
    result = await authedQuery(args, api, extraOptions);
  }

  // Only the body travels on: the Request/Response pair in `meta` is not serializable
  // and would carry the Authorization header into actions and diagnostics.
  return result.error ? { error: result.error } : { data: result.data };
};
