import { type AppStore, makeStore } from '@client/app/store';
import { SESSION_EXPIRED_MESSAGE } from '@client/session/session.listeners';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { TIME_ZONE_HEADER } from '@shared/api/auth';
import { SESSION_STORAGE_KEY } from '@shared/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { baseApi } from './baseApi';
import { baseQuery, browserTimeZone, TOKEN_REFRESH_PATH } from './baseQuery';
import { SESSION_EXPIRED_ERROR } from './errors';

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getThing: build.query<{ thing: number }, void>({ query: () => 'thing/' }),
    getOther: build.query<{ other: number }, void>({ query: () => 'other/' }),
  }),
});

/** Answers 200 only for the given bearer token, 401 otherwise; records what it saw. */
function protectedRoute(path: string, validToken: string, body: object, seen: string[] = []) {
  return http.get(api(path), ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    seen.push(auth);
    return auth === `Bearer ${validToken}`
      ? HttpResponse.json(body)
      : HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
  });
}

/** What RTK Query hands a base query, built on a real store. */
function queryApi(store: AppStore) {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint: 'getThing',
    type: 'query' as const,
  };
}

function storedSession(storage: Storage) {
  const text = storage.getItem(SESSION_STORAGE_KEY);
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

/** A token/refresh/ handler that counts how often it is called. */
function countingRefresh(reply: () => Response) {
  let calls = 0;
  return {
    handler: http.post(api(TOKEN_REFRESH_PATH), () => {
      calls += 1;
      return reply();
    }),
    calls: () => calls,
  };
}

describe('baseQuery', () => {
  it('sends X-User-Email and the bearer token', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(api('thing/'), ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ thing: 1 });
      }),
    );
    const store = makeStore({ session: signedInSession({ access: 'acc-1', username: 'asha@example.com' }) });

    await store.dispatch(testApi.endpoints.getThing.initiate());

    expect(headers?.get('X-User-Email')).toBe('asha@example.com');
    expect(headers?.get('Authorization')).toBe('Bearer acc-1');
  });

  it("sends the browser's time zone on every request, signed in or not", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(api('thing/'), ({ request }) => {
        seen.push(request.headers.get(TIME_ZONE_HEADER));
        return HttpResponse.json({ thing: 1 });
      }),
    );
    const expected = Intl.DateTimeFormat().resolvedOptions().timeZone;

    await makeStore({ session: signedInSession() }).dispatch(testApi.endpoints.getThing.initiate());
    await makeStore().dispatch(testApi.endpoints.getThing.initiate());

    expect(expected).not.toBe('');
    expect(browserTimeZone()).toBe(expected);
    expect(seen).toEqual([expected, expected]);
  });

  it('sends neither header while signed out', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(api('thing/'), ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ thing: 1 });
      }),
    );
    const store = makeStore();
    await store.dispatch(testApi.endpoints.getThing.initiate());
    expect(headers?.has('X-User-Email')).toBe(false);
    expect(headers?.has('Authorization')).toBe(false);
  });

  it('returns only the response body', async () => {
    server.use(http.get(api('thing/'), () => HttpResponse.json({ thing: 7 })));
    const store = makeStore({ session: signedInSession() });

    const result = await baseQuery('thing/', queryApi(store), {});

    expect(result).toEqual({ data: { thing: 7 } });
    expect(await store.dispatch(testApi.endpoints.getThing.initiate()).unwrap()).toEqual({ thing: 7 });
  });

  it('on a 401 refreshes once, stores the new tokens and retries', async () => {
    const refreshBodies: unknown[] = [];
    const refreshTimeZones: (string | null)[] = [];
    const seen: string[] = [];
    server.use(
      protectedRoute('thing/', 'acc-2', { thing: 2 }, seen),
      http.post(api(TOKEN_REFRESH_PATH), async ({ request }) => {
        refreshBodies.push(await request.json());
        refreshTimeZones.push(request.headers.get(TIME_ZONE_HEADER));
        return HttpResponse.json({ access: 'acc-2', refresh: 'ref-2' });
      }),
    );
    const store = makeStore({ session: signedInSession({ access: 'acc-1', refresh: 'ref-1', remember: true }) });

    const data = await store.dispatch(testApi.endpoints.getThing.initiate()).unwrap();

    expect(data).toEqual({ thing: 2 });
    expect(refreshBodies).toEqual([{ refresh: 'ref-1' }]);
    expect(refreshTimeZones).toEqual([browserTimeZone()]);
    expect(seen).toEqual(['Bearer acc-1', 'Bearer acc-2']);
    expect(store.getState().session).toMatchObject({ access: 'acc-2', refresh: 'ref-2' });
    expect(storedSession(localStorage)).toMatchObject({ access: 'acc-2', refresh: 'ref-2' });
  });

  it('refreshes once for parallel 401s', async () => {
    const refresh = countingRefresh(() => HttpResponse.json({ access: 'acc-2', refresh: 'ref-2' }));
    server.use(
      protectedRoute('thing/', 'acc-2', { thing: 2 }),
      protectedRoute('other/', 'acc-2', { other: 3 }),
      refresh.handler,
    );
    const store = makeStore({ session: signedInSession({ access: 'acc-1', refresh: 'ref-1' }) });

    const [thing, other] = await Promise.all([
      store.dispatch(testApi.endpoints.getThing.initiate()).unwrap(),
      store.dispatch(testApi.endpoints.getOther.initiate()).unwrap(),
    ]);

    expect(thing).toEqual({ thing: 2 });
    expect(other).toEqual({ other: 3 });
    expect(refresh.calls()).toBe(1);
  });

  it('keeps the refresh token when the server does not rotate it', async () => {
    server.use(
      protectedRoute('thing/', 'acc-2', { thing: 2 }),
      http.post(api(TOKEN_REFRESH_PATH), () => HttpResponse.json({ access: 'acc-2' })),
    );
    const store = makeStore({ session: signedInSession({ access: 'acc-1', refresh: 'ref-1', remember: false }) });
    await store.dispatch(testApi.endpoints.getThing.initiate());
    expect(store.getState().session).toMatchObject({ access: 'acc-2', refresh: 'ref-1' });
    expect(storedSession(sessionStorage)).toMatchObject({ access: 'acc-2', refresh: 'ref-1' });
    expect(storedSession(localStorage)).toBeNull();
  });

  it('ends the session and says so when the refresh fails', async () => {
    const refresh = countingRefresh(() => HttpResponse.json({ detail: 'Refresh token expired' }, { status: 401 }));
    server.use(protectedRoute('thing/', 'never', { thing: 0 }), refresh.handler);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'acc-1', refresh: 'ref-1' }));
    const { store } = renderWithProviders(<main />, {
      preloadedState: { session: signedInSession({ access: 'acc-1', refresh: 'ref-1' }) },
    });

    const result = await act(async () => await baseQuery('thing/', queryApi(store), {}));

    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: SESSION_EXPIRED_ERROR });
    expect(refresh.calls()).toBe(1);
    expect(store.getState().session.access).toBeNull();
    expect(storedSession(localStorage)).toBeNull();
    expect(storedSession(sessionStorage)).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(SESSION_EXPIRED_MESSAGE).toBe('Please login again, token has expired');
    // The expiry notice is the only one: the failed request itself is not toasted again.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
  });

  it('expires the session straight away when there is no refresh token', async () => {
    const refresh = countingRefresh(() => HttpResponse.json({ access: 'x' }));
    server.use(protectedRoute('thing/', 'never', { thing: 0 }), refresh.handler);
    const store = makeStore({ session: signedInSession({ refresh: null }) });
    await store.dispatch(testApi.endpoints.getThing.initiate());
    expect(refresh.calls()).toBe(0);
    expect(store.getState().session.access).toBeNull();
  });

  it('does not refresh for a 401 of a signed-out visitor', async () => {
    const refresh = countingRefresh(() => HttpResponse.json({ access: 'x' }));
    server.use(protectedRoute('thing/', 'never', { thing: 0 }), refresh.handler);
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.getThing.initiate());
    expect(result.error).toMatchObject({ status: 401, data: { detail: 'Token expired' } });
    expect(refresh.calls()).toBe(0);
  });
});
