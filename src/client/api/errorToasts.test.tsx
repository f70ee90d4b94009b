import { ERROR_FALLBACKS } from '@client/app/errorFallbacks';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { baseApi } from './baseApi';
import { fallbackFor, GENERIC_ERROR_FALLBACK, rejectionToast } from './errorToasts';

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<unknown, { username: string }>({
      query: (body) => ({ url: 'login/', method: 'POST', body }),
    }),
    startConnection: build.query<unknown, 'google' | 'meta'>({ query: (platform) => `auth/${platform}/` }),
    getUserInfo: build.query<unknown, void>({ query: () => 'user-info/' }),
    getSomethingNew: build.query<unknown, void>({ query: () => 'new/' }),
    getSlow: build.query<unknown, void>({ query: () => 'slow/' }),
    getPlatformPerformance: build.query<unknown, { platform: string }>({
      query: ({ platform }) => `auth/${platform}/performance/`,
    }),
  }),
});

function setup() {
  return renderWithProviders(<main />);
}

describe('error toasts', () => {
  it("toasts the server's detail", async () => {
    server.use(
      http.post(api('login/'), () => HttpResponse.json({ detail: 'Invalid email or password.' }, { status: 400 })),
    );
    const { store } = setup();
    await act(() => store.dispatch(testApi.endpoints.login.initiate({ username: 'a@b.co' })));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it("falls back to the endpoint's message from spec section 8", async () => {
    server.use(http.post(api('login/'), () => new HttpResponse('oops', { status: 500 })));
    const { store } = setup();
    await act(() => store.dispatch(testApi.endpoints.login.initiate({ username: 'a@b.co' })));
    expect(await screen.findByText('Login failed.')).toBeInTheDocument();
  });

  it('builds the fallback from the call when it names a platform', async () => {
    server.use(http.get(api('auth/google/'), () => new HttpResponse(null, { status: 502 })));
    const { store } = setup();
    await act(() => store.dispatch(testApi.endpoints.startConnection.initiate('google')));
    expect(await screen.findByText('Failed to start Google Ads connection')).toBeInTheDocument();
  });

  it("toasts a platform's performance failure with the cross mark and its detail, else '❌ <label> API failed'", async () => {
    server.use(
      http.get(api('auth/tiktok/performance/'), () => new HttpResponse(null, { status: 502 })),
      http.get(api('auth/meta/performance/'), () =>
        HttpResponse.json({ detail: 'Meta needs to be reconnected.' }, { status: 409 }),
      ),
    );
    const { store } = setup();
    await act(() => store.dispatch(testApi.endpoints.getPlatformPerformance.initiate({ platform: 'tiktok' })));
    expect(await screen.findByText('❌ TikTok Ads API failed')).toBeInTheDocument();
    await act(() => store.dispatch(testApi.endpoints.getPlatformPerformance.initiate({ platform: 'meta' })));
    expect(await screen.findByText('❌ Meta needs to be reconnected.')).toBeInTheDocument();
  });

  it('uses a generic fallback for endpoints without one', async () => {
    server.use(http.get(api('new/'), () => new HttpResponse(null, { status: 500 })));
    const { store } = setup();
    await act(() => store.dispatch(testApi.endpoints.getSomethingNew.initiate()));
    expect(await screen.findByText(GENERIC_ERROR_FALLBACK)).toBeInTheDocument();
  });

  it('leaves user-info failures to the screens (the route shell only logs them)', async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json({ detail: 'Nope' }, { status: 500 })));
    const { store } = setup();
    const result = await act(() => store.dispatch(testApi.endpoints.getUserInfo.initiate()));
    expect(result.isError).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ignores aborted requests silently', async () => {
    let reached = false;
    server.use(
      http.get(api('slow/'), async () => {
        reached = true;
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { store } = setup();
    const request = store.dispatch(testApi.endpoints.getSlow.initiate());
    await waitFor(() => expect(reached).toBe(true));
    request.abort();
    const result = await act(() => request);

    expect(result.isError).toBe(true);
    // Give a toast every chance to appear before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('rejectionToast', () => {
  const rejected = (endpointName: string, payload: unknown, meta: Record<string, unknown> = {}) => ({
    type: `${baseApi.reducerPath}/executeQuery/rejected`,
    payload,
    error: { message: 'Rejected' },
    meta: {
      arg: { endpointName, originalArgs: undefined },
      requestId: 'r1',
      requestStatus: 'rejected',
      rejectedWithValue: true,
      aborted: false,
      condition: false,
      ...meta,
    },
  });

  it('is silent for aborts in any shape and for cache-condition skips', () => {
    expect(
      rejectionToast(rejected('login', { status: 'FETCH_ERROR', error: 'AbortError: This operation was aborted' })),
    ).toBeNull();
    expect(rejectionToast(rejected('login', undefined, { rejectedWithValue: false, aborted: true }))).toBeNull();
    expect(rejectionToast(rejected('login', undefined, { rejectedWithValue: false, condition: true }))).toBeNull();
  });

  it('ignores actions that are not API requests', () => {
    expect(
      rejectionToast({
        type: 'other/thing/rejected',
        payload: {},
        error: {},
        meta: { requestStatus: 'rejected', requestId: 'x' },
      }),
    ).toBeNull();
    expect(rejectionToast({ type: 'session/loggedOut' })).toBeNull();
  });

  it('knows every fallback of spec section 8', () => {
    expect(Object.values(ERROR_FALLBACKS).filter((fallback) => typeof fallback === 'string')).toEqual(
      expect.arrayContaining([
        'Unable to load ad accounts right now.',
        'Unable to send OTP. Please try again.',
        'Invalid OTP.',
        'Failed to delete account.',
        'Failed to submit. Please try again.',
        'Failed to start trial',
        'Login failed.',
        'Failed to fetch account info.',
        'Registration failed',
        'Logout failed',
      ]),
    );
    const performance = ERROR_FALLBACKS.getPlatformPerformance;
    expect(
      typeof performance === 'function' &&
        ['google', 'meta', 'linkedin', 'x', 'tiktok'].map((p) => performance({ platform: p })),
    ).toEqual([
      '❌ Google Ads API failed',
      '❌ Meta Ads API failed',
      '❌ LinkedIn Ads API failed',
      '❌ X (Twitter) Ads API failed',
      '❌ TikTok Ads API failed',
    ]);
    expect(typeof performance === 'function' && performance({})).toBe('❌ Ads API failed');
  });

  it('knows the dashboard fallbacks', () => {
    expect(fallbackFor('getDashboard')).toBe('Unified sync error');
    expect(fallbackFor('startSync')).toBe('Refresh failed');
    expect(fallbackFor('setCampaignStatus')).toBe('Failed to update the campaign.');
    expect(fallbackFor('exportCampaigns')).toBe('Export failed. Please try again.');
    // A failed poll during a refresh is the refresh machine's to report.
    expect(ERROR_FALLBACKS.getSyncStatus).toBeNull();
  });
});

describe('contact and newsletter failures', () => {
  const failed = (endpointName: string, payload: unknown) => ({
    type: `${baseApi.reducerPath}/executeMutation/rejected`,
    payload,
    error: { message: 'Rejected' },
    meta: {
      arg: { endpointName },
      requestId: 'r2',
      requestStatus: 'rejected',
      rejectedWithValue: true,
      aborted: false,
      condition: false,
    },
  });

  it("toasts the contact form's fallback", () => {
    expect(fallbackFor('sendContactMessage')).toBe('Failed to submit. Please try again.');
    expect(rejectionToast(failed('sendContactMessage', { status: 500, data: null }))).toBe(
      'Failed to submit. Please try again.',
    );
    expect(rejectionToast(failed('sendContactMessage', { status: 429, data: { detail: 'Slow down.' } }))).toBe(
      'Slow down.',
    );
  });

  it('leaves newsletter failures to the screens that show them inline', () => {
    for (const name of ['subscribeNewsletter', 'confirmNewsletter', 'unsubscribeNewsletter', 'getNewsletterStatus']) {
      expect(ERROR_FALLBACKS[name]).toBeNull();
      expect(rejectionToast(failed(name, { status: 400, data: { detail: 'Nope' } }))).toBeNull();
    }
  });
});

describe('Creative Analyzer failures', () => {
  it('leaves the live ads and refit failures to the page, so a Starter workspace reads "part of Pro" once', () => {
    const forbidden = { status: 403, data: { detail: 'The Creative Analyzer is part of Pro.', code: 'forbidden' } };
    for (const name of ['getPostLaunch', 'fetchPostLaunchImage', 'getCreativeFeedback', 'refitCreativeWeights']) {
      expect(ERROR_FALLBACKS[name]).toBeNull();
      expect(
        rejectionToast({
          type: `${baseApi.reducerPath}/executeQuery/rejected`,
          payload: forbidden,
          error: { message: 'Rejected' },
          meta: {
            arg: { endpointName: name },
            requestId: 'r3',
            requestStatus: 'rejected',
            rejectedWithValue: true,
            aborted: false,
            condition: false,
          },
        }),
      ).toBeNull();
    }
  });
});

describe('fallbackFor', () => {
  it("gives an endpoint's fallback text, built from the call when it names a platform", () => {
    expect(fallbackFor('register')).toBe('Registration failed');
    expect(fallbackFor('startConnection', 'meta')).toBe('Failed to start Meta connection');
  });

  it('gives the generic text for endpoints without their own and for those that report themselves', () => {
    expect(fallbackFor('getSomethingNew')).toBe(GENERIC_ERROR_FALLBACK);
    expect(fallbackFor('getUserInfo')).toBe(GENERIC_ERROR_FALLBACK);
  });
});
