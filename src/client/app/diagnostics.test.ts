import { adAccountsApi } from '@client/features/adAccounts/adAccounts.api';
import { creativeApi } from '@client/features/creative/creative.api';
import { teamApi } from '@client/features/workspaces/team.api';
import { sessionApi } from '@client/session/session.api';
import { loggedIn } from '@client/session/session.slice';
import { catchDownloads } from '@client/test/downloads';
import { api } from '@client/test/handlers';
import { server } from '@client/test/server';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { DIAGNOSTICS_ACTION_LIMIT } from '@shared/constants';
import { http, HttpResponse } from 'msw';

import {
  buildDiagnosticsExport,
  createDiagnosticsRecorder,
  type DevToolsExportFile,
  diagnosticsRequested,
  redact,
  REDACTED,
  RingBuffer,
} from './diagnostics';
import { makeStore } from './store';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

interface LiftedState {
  actionsById: Record<string, { type: string; action: { type: string; payload?: unknown }; timestamp: number }>;
  computedStates: { state: unknown }[];
  committedState: unknown;
  currentStateIndex: number;
  nextActionId: number;
  skippedActionIds: number[];
  stagedActionIds: number[];
}

function parseExport(file: DevToolsExportFile) {
  return { lifted: JSON.parse(file.payload) as LiftedState, preloaded: JSON.parse(file.preloadedState) as unknown };
}

describe('redact', () => {
  it('replaces secrets by key name, at any depth and in arrays', () => {
    const input = {
      session: { access: 'a1', refresh: 'r1', username: 'u', fullName: 'Asha Rao', remember: true },
      form: { password: 'p', confirmPassword: 'p', confirm_password: 'p', otp: '123456', email: 'x' },
      headers: [{ Authorization: 'Bearer abc' }, { 'X-User-Email': 'x' }],
      nested: { deeper: { accessToken: 't', id_token: 't', client_secret: 's', keep: 'visible' } },
    };
    expect(redact(input)).toEqual({
      session: { access: REDACTED, refresh: REDACTED, username: REDACTED, fullName: REDACTED, remember: true },
      form: {
        password: REDACTED,
        confirmPassword: REDACTED,
        confirm_password: REDACTED,
        otp: REDACTED,
        email: REDACTED,
      },
      headers: [{ Authorization: REDACTED }, { 'X-User-Email': REDACTED }],
      nested: { deeper: { accessToken: REDACTED, id_token: REDACTED, client_secret: REDACTED, keep: 'visible' } },
    });
  });

  it('replaces anything that looks like an e-mail address, a JWT or a bearer header, in values and keys', () => {
    expect(
      redact({
        message: 'Deleting account for user: asha.rao+ads@example.co.in',
        note: `token=${JWT}`,
        header: 'Bearer opaque-123',
        list: ['asha@example.com', 42],
        queries: { 'getProfile("asha@example.com")': { status: 'fulfilled' } },
      }),
    ).toEqual({
      message: `Deleting account for user: ${REDACTED}`,
      note: `token=${REDACTED}`,
      header: REDACTED,
      list: [REDACTED, 42],
      queries: { [`getProfile("${REDACTED}")`]: { status: 'fulfilled' } },
    });
  });

  it('replaces the token of share, invitation, reset and consent links, and the argument of the endpoints that take a token', () => {
    expect(
      redact({
        share: { url: 'http://localhost/shared/creative/sh4re_T0ken-x?utm=1', id: 's1' },
        invite: 'Open http://localhost/invitations/inv1TeToken now',
        reset: 'https://adwise.app/forgot-password?token=r3set&next=/',
        consent: 'https://platform.example/oauth?client_id=c1&state=st4te&code=c0de#top',
        location: '/invitations/inv1TeToken',
        queries: {
          'getSharedCreative("sh4re_T0ken")': {
            endpointName: 'getSharedCreative',
            originalArgs: 'sh4re_T0ken',
            status: 'fulfilled',
          },
          'getBlogPost("hello")': { endpointName: 'getBlogPost', originalArgs: 'hello' },
        },
        meta: { arg: { endpointName: 'acceptInvitation', originalArgs: 'inv1TeToken', type: 'mutation' } },
        other: {
          endpointName: 'getInvitationPreview',
          originalArgs: null,
          queryCacheKey: 'getInvitationPreview("inv1TeToken")',
        },
      }),
    ).toEqual({
      share: { url: `http://localhost/shared/creative/${REDACTED}?utm=1`, id: 's1' },
      invite: `Open http://localhost/invitations/${REDACTED} now`,
      reset: `https://adwise.app/forgot-password?token=${REDACTED}&next=/`,
      consent: `https://platform.example/oauth?client_id=c1&state=${REDACTED}&code=${REDACTED}#top`,
      location: `/invitations/${REDACTED}`,
      queries: {
        [`getSharedCreative("${REDACTED}")`]: {
          endpointName: 'getSharedCreative',
          originalArgs: REDACTED,
          status: 'fulfilled',
        },
        'getBlogPost("hello")': { endpointName: 'getBlogPost', originalArgs: 'hello' },
      },
      meta: { arg: { endpointName: 'acceptInvitation', originalArgs: REDACTED, type: 'mutation' } },
      other: {
        endpointName: 'getInvitationPreview',
        originalArgs: null,
        queryCacheKey: `getInvitationPreview("${REDACTED}")`,
      },
    });
  });

  it('keeps empty secrets visible, since their absence is useful and harmless', () => {
    expect(redact({ access: null, refresh: undefined })).toEqual({ access: null, refresh: undefined });
  });

  it('never changes its input', () => {
    const input = Object.freeze({ session: Object.freeze({ access: 'a1', list: Object.freeze(['b@c.de']) }) });
    const snapshot = JSON.stringify(input);
    redact(input);
    expect(JSON.stringify(input)).toBe(snapshot);
  });

  it('copes with cycles, class instances, dates, errors and functions', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { n: 1 };
    expect(
      redact({
        cyclic,
        twice: [shared, shared],
        request: new Headers({ Authorization: 'Bearer x' }),
        when: new Date('2030-01-01T00:00:00.000Z'),
        error: new Error('failed for a@b.co'),
        fn: () => 1,
      }),
    ).toEqual({
      cyclic: { name: 'loop', self: '[circular]' },
      twice: [{ n: 1 }, { n: 1 }],
      request: '[Headers]',
      when: '2030-01-01T00:00:00.000Z',
      error: { name: 'Error', message: `failed for ${REDACTED}` },
      fn: '[function]',
    });
  });
});

describe('RingBuffer', () => {
  it('keeps the newest items, oldest first, and hands back what it pushes out', () => {
    const buffer = new RingBuffer<number>(3);
    expect([1, 2, 3].map((n) => buffer.push(n))).toEqual([undefined, undefined, undefined]);
    expect(buffer.push(4)).toBe(1);
    expect(buffer.push(5)).toBe(2);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
  });
});

describe('buildDiagnosticsExport', () => {
  it("writes Redux DevTools' import format: JSON strings of the lifted state and the preloaded state", () => {
    const file = buildDiagnosticsExport(
      { count: 0, email: 'a@b.co' },
      [
        { action: { type: 'counter/incremented' }, state: { count: 1, email: 'a@b.co' }, timestamp: 100 },
        {
          action: { type: 'user/loggedIn', payload: { access: JWT } },
          state: { count: 1, email: 'a@b.co' },
          timestamp: 200,
        },
      ],
      50,
    );

    expect(Object.keys(file).sort()).toEqual(['payload', 'preloadedState']);
    expect(typeof file.payload).toBe('string');
    expect(typeof file.preloadedState).toBe('string');
    const { lifted, preloaded } = parseExport(file);
    expect(preloaded).toEqual({ count: 0, email: REDACTED });
    expect(lifted).toMatchObject({
      nextActionId: 3,
      stagedActionIds: [0, 1, 2],
      skippedActionIds: [],
      currentStateIndex: 2,
      committedState: { count: 0, email: REDACTED },
      computedStates: [
        { state: { count: 0, email: REDACTED } },
        { state: { count: 1, email: REDACTED } },
        { state: { count: 1, email: REDACTED } },
      ],
      actionsById: {
        0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: 100 },
        1: { type: 'PERFORM_ACTION', action: { type: 'counter/incremented' }, timestamp: 100 },
        2: { type: 'PERFORM_ACTION', action: { type: 'user/loggedIn', payload: { access: REDACTED } }, timestamp: 200 },
      },
    });
    expect(lifted.computedStates).toHaveLength(lifted.stagedActionIds.length);
  });

  it('keeps the page each state was on, redacted, beside its action', () => {
    const { lifted } = parseExport(
      buildDiagnosticsExport(
        {},
        [
          { action: { type: 'a' }, state: {}, timestamp: 1, location: '/dashboard?platform=meta' },
          { action: { type: 'b' }, state: {}, timestamp: 2, location: '/invitations/inv1TeToken' },
          { action: { type: 'c' }, state: {}, timestamp: 3 },
        ],
        0,
        '/login',
      ),
    );
    expect(Object.values(lifted.actionsById).map((entry) => (entry as { location?: string }).location)).toEqual([
      '/login',
      '/dashboard?platform=meta',
      `/invitations/${REDACTED}`,
      undefined,
    ]);
  });

  it('holds just the @@INIT entry when nothing was recorded', () => {
    const { lifted } = parseExport(buildDiagnosticsExport({ a: 1 }, [], 7));
    expect(lifted.stagedActionIds).toEqual([0]);
    expect(lifted.actionsById[0]).toEqual({ type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: 7 });
    expect(lifted.currentStateIndex).toBe(0);
  });
});

describe('createDiagnosticsRecorder', () => {
  const counter = createSlice({
    name: 'counter',
    initialState: { value: 0 },
    reducers: { incremented: (state) => void (state.value += 1) },
  });

  it('keeps only the most recent actions, with the state before them as the committed state', () => {
    const recorder = createDiagnosticsRecorder(3);
    const store = configureStore({
      reducer: { counter: counter.reducer },
      middleware: (gDM) => gDM().concat(recorder.middleware),
    });
    for (let i = 0; i < 5; i += 1) store.dispatch(counter.actions.incremented());

    const { lifted, preloaded } = parseExport(recorder.exportFile());
    expect(lifted.stagedActionIds).toEqual([0, 1, 2, 3]);
    expect(lifted.computedStates.map(({ state }) => state)).toEqual(
      [2, 3, 4, 5].map((value) => ({ counter: { value } })),
    );
    expect(preloaded).toEqual({ counter: { value: 2 } });
  });

  it('records DIAGNOSTICS_ACTION_LIMIT actions by default', () => {
    const recorder = createDiagnosticsRecorder();
    const store = configureStore({
      reducer: { counter: counter.reducer },
      middleware: (gDM) => gDM().concat(recorder.middleware),
    });
    for (let i = 0; i < DIAGNOSTICS_ACTION_LIMIT + 10; i += 1) store.dispatch(counter.actions.incremented());
    expect(parseExport(recorder.exportFile()).lifted.nextActionId).toBe(DIAGNOSTICS_ACTION_LIMIT + 1);
  });

  it('records where the app was at each action, and where it was before the first kept one', () => {
    let location = '/login';
    const recorder = createDiagnosticsRecorder(2, jest.fn(), () => location);
    const store = configureStore({
      reducer: { counter: counter.reducer },
      middleware: (gDM) => gDM().concat(recorder.middleware),
    });
    for (const path of ['/', '/dashboard', '/account-page']) {
      location = path;
      store.dispatch(counter.actions.incremented());
    }
    const { lifted } = parseExport(recorder.exportFile());
    // The first action fell out of the buffer: its page is now the committed state's.
    expect(Object.values(lifted.actionsById).map((entry) => (entry as { location?: string }).location)).toEqual([
      '/',
      '/dashboard',
      '/account-page',
    ]);
  });

  it('answers the download request with a file and leaves the store alone', () => {
    const save = jest.fn();
    const recorder = createDiagnosticsRecorder(DIAGNOSTICS_ACTION_LIMIT, save);
    const store = configureStore({
      reducer: { counter: counter.reducer },
      middleware: (gDM) => gDM().concat(recorder.middleware),
    });
    store.dispatch(counter.actions.incremented());
    store.dispatch(diagnosticsRequested());

    expect(save).toHaveBeenCalledTimes(1);
    const { lifted } = parseExport(save.mock.calls[0][0] as DevToolsExportFile);
    expect(Object.values(lifted.actionsById).map(({ action }) => action.type)).toEqual([
      '@@INIT',
      'counter/incremented',
    ]);
  });

  it('leaves no token, password or address of a real session in the file', async () => {
    const saved: string[] = [];
    const downloads = catchDownloads();
    try {
      const store = makeStore();
      const action = loggedIn({
        access: JWT,
        refresh: 'refresh-secret',
        fullName: 'Asha Rao',
        username: 'asha@example.com',
        remember: true,
      });
      store.dispatch(action);
      store.dispatch(diagnosticsRequested());
      saved.push(await downloads.text());

      // The real action and state are untouched.
      expect(action.payload.access).toBe(JWT);
      expect(store.getState().session.username).toBe('asha@example.com');
    } finally {
      downloads.restore();
    }

    const file = JSON.parse(saved[0]) as DevToolsExportFile;
    const everything = saved[0] + file.payload + file.preloadedState;
    for (const secret of [JWT, 'refresh-secret', 'asha@example.com', 'Asha Rao'])
      expect(everything).not.toContain(secret);
    const { lifted } = parseExport(file);
    const recordedLogin = Object.values(lifted.actionsById).find(({ action }) => action.type === 'session/loggedIn');
    expect(recordedLogin?.action).toEqual({
      type: 'session/loggedIn',
      payload: { access: REDACTED, refresh: REDACTED, fullName: REDACTED, username: REDACTED, remember: true },
    });
  });

  it('leaves no password, OTP, address, share or invitation token of real requests in the actions or the states', async () => {
    const secrets = {
      password: 'Pa55word!secret',
      otp: '918273',
      email: 'meera.iyer@example.org',
      share: 'shareTokenXYZ123',
      invitation: 'invitationTokenABC987',
      access: JWT,
    };
    server.use(
      http.post(api('login/'), () =>
        HttpResponse.json({
          access: secrets.access,
          refresh: 'refresh-secret-2',
          fullName: 'Meera Iyer',
          username: secrets.email,
        }),
      ),
      http.post(api('verify-otp/'), () => HttpResponse.json({ verified: true, expires_in_seconds: 300 })),
      http.get(api(`invitations/${secrets.invitation}/`), () =>
        HttpResponse.json({
          workspace_name: 'Acme',
          email: secrets.email,
          role: 'viewer',
          invited_by: 'Ravi',
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
      ),
      http.post(api('invitations/accept/'), () =>
        HttpResponse.json({ id: 'w2', name: 'Acme', role: 'viewer', personal: false, dashboard: true }),
      ),
      http.get(api(`shared/creative/${secrets.share}/`), () => HttpResponse.json({ detail: 'Gone' }, { status: 410 })),
      http.post(api('creative/analyses/a1/share/'), () =>
        HttpResponse.json({
          id: 'sh1',
          url: `http://localhost/shared/creative/${secrets.share}`,
          token: secrets.share,
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
      ),
    );
    const store = makeStore();
    await store.dispatch(
      sessionApi.endpoints.login.initiate({ username: secrets.email, password: secrets.password, remember: true }),
    );
    await store.dispatch(adAccountsApi.endpoints.verifyOtp.initiate({ otp: secrets.otp }));
    await store.dispatch(teamApi.endpoints.getInvitationPreview.initiate(secrets.invitation));
    await store.dispatch(teamApi.endpoints.acceptInvitation.initiate(secrets.invitation));
    await store.dispatch(creativeApi.endpoints.getSharedCreative.initiate(secrets.share));
    await store.dispatch(creativeApi.endpoints.createCreativeShare.initiate({ id: 'a1', expires_in_days: 7 }));
    // The requests really carried them, so the test would see a leak.
    expect(JSON.stringify(store.getState())).toContain(secrets.invitation);

    // The store's own recorder saw every action and every state after it.
    const downloads = catchDownloads();
    let text: string;
    try {
      store.dispatch(diagnosticsRequested());
      text = await downloads.text();
    } finally {
      downloads.restore();
    }
    const file = JSON.parse(text) as DevToolsExportFile;
    const { lifted } = parseExport(file);
    const types = Object.values(lifted.actionsById).map(({ action }) => action.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'api/executeMutation/fulfilled',
        'api/executeQuery/fulfilled',
        'api/executeQuery/rejected',
      ]),
    );

    for (const text of [file.payload, file.preloadedState]) {
      for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
      expect(text).not.toContain('refresh-secret-2');
      expect(text).not.toContain('Meera Iyer');
    }
    // The states say what happened, without the secrets.
    const last = lifted.computedStates.at(-1)?.state as { api: { queries: Record<string, { status: string }> } };
    expect(last.api.queries[`getInvitationPreview("${REDACTED}")`]).toMatchObject({
      status: 'fulfilled',
      originalArgs: REDACTED,
    });
    expect(last.api.queries[`getSharedCreative("${REDACTED}")`]).toMatchObject({ status: 'rejected' });
  });
});
