import { baseApi } from '@client/api/baseApi';
import { makeStore } from '@client/app/store';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { SESSION_STORAGE_KEY } from '@shared/constants';

import { isWorkspaceGone } from './session.listeners';
import {
  accountDeleted,
  expired,
  loggedIn,
  type LoggedInPayload,
  loggedOut,
  selectFirstName,
  selectWorkspace,
  tokensRefreshed,
  workspaceRestored,
  workspaceSwitched,
} from './session.slice';

/** Server data the tests cache, to see which session changes empty the API's cache (any endpoint would do). */
const cacheProbe = baseApi.injectEndpoints({
  endpoints: (build) => ({ getProfile: build.query<{ fullName: string }, void>({ query: () => 'profile/' }) }),
});

const login: LoggedInPayload = {
  access: 'acc-1',
  refresh: 'ref-1',
  fullName: 'Asha Rao',
  username: 'asha@example.com',
  remember: true,
};

function stored(storage: Storage): unknown {
  const text = storage.getItem(SESSION_STORAGE_KEY);
  return text === null ? null : JSON.parse(text);
}

describe('session at start', () => {
  it('loads the session from localStorage, remembered', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ access: 'a', refresh: 'r', fullName: 'Asha Rao', username: 'asha@example.com' }),
    );
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'other' }));
    expect(makeStore().getState().session).toEqual({
      access: 'a',
      refresh: 'r',
      fullName: 'Asha Rao',
      username: 'asha@example.com',
      remember: true,
      workspace: null,
    });
  });

  it('falls back to sessionStorage, not remembered', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', email: 'asha@example.com' }));
    expect(makeStore().getState().session).toEqual({
      access: 'a',
      refresh: null,
      fullName: null,
      username: 'asha@example.com',
      remember: false,
      workspace: null,
    });
  });

  it('starts signed out without a usable stored session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ fullName: 'No Token' }));
    expect(makeStore().getState().session.access).toBeNull();
  });
});

describe('session events', () => {
  it('with Remember me on, stores in localStorage and clears sessionStorage', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'old' }));
    const store = makeStore();
    store.dispatch(loggedIn({ ...login, remember: true }));

    expect(stored(localStorage)).toEqual({
      access: 'acc-1',
      refresh: 'ref-1',
      fullName: 'Asha Rao',
      username: 'asha@example.com',
    });
    expect(stored(sessionStorage)).toBeNull();
    expect(store.getState().session).toEqual({ ...login, workspace: null });
  });

  it('with Remember me off, stores in sessionStorage and clears localStorage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'old' }));
    const store = makeStore();
    store.dispatch(loggedIn({ ...login, remember: false }));

    expect(stored(sessionStorage)).toEqual({
      access: 'acc-1',
      refresh: 'ref-1',
      fullName: 'Asha Rao',
      username: 'asha@example.com',
    });
    expect(stored(localStorage)).toBeNull();
  });

  it('keeps refreshed tokens where the session lives', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ ...login, remember: false }));
    store.dispatch(tokensRefreshed({ access: 'acc-2', refresh: 'ref-2' }));
    expect(stored(sessionStorage)).toMatchObject({ access: 'acc-2', refresh: 'ref-2' });
    expect(stored(localStorage)).toBeNull();
  });

  it.each([
    ['loggedOut', loggedOut()],
    ['expired', expired()],
    ['accountDeleted', accountDeleted()],
  ])('%s clears both storages, the session and the cached server data', (_name, endEvent) => {
    const store = makeStore();
    store.dispatch(loggedIn(login));
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'stray' }));
    store.dispatch(cacheProbe.util.upsertQueryData('getProfile', undefined, { fullName: 'Asha Rao' }));
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    store.dispatch(endEvent);

    expect(store.getState().session.access).toBeNull();
    expect(stored(localStorage)).toBeNull();
    expect(stored(sessionStorage)).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });
});

describe('the end of a session and other stored keys', () => {
  it('a logout keeps keys that are not the session', () => {
    const store = makeStore();
    store.dispatch(loggedIn(login));
    localStorage.setItem('unrelated', 'kept');
    store.dispatch(loggedOut());
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('a deleted account empties both storages entirely', () => {
    const store = makeStore();
    store.dispatch(loggedIn(login));
    localStorage.setItem('unrelated', 'gone');
    sessionStorage.setItem('other', 'gone');
    store.dispatch(accountDeleted());
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
  });
});

describe('selectFirstName', () => {
  it('takes the first word of the full name', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ ...login, fullName: '  Meera  Iyer ' }));
    expect(selectFirstName(store.getState())).toBe('Meera');
    store.dispatch(loggedIn({ ...login, fullName: null }));
    expect(selectFirstName(store.getState())).toBeNull();
  });
});

describe('the current workspace', () => {
  const ACME = { id: 'ws-acme', role: 'manager' as const };

  /** A signed-in store with user-info cached, so a test can tell whether the cache survived. */
  function withCache() {
    const store = makeStore();
    store.dispatch(loggedIn(login));
    store.dispatch(cacheProbe.util.upsertQueryData('getProfile', undefined, { fullName: 'Asha Rao' }));
    return store;
  }
  const cached = (store: ReturnType<typeof makeStore>) => Object.keys(store.getState().api.queries).length;

  it('starts unknown after a login and is kept with the stored session once switched', () => {
    const store = withCache();
    expect(selectWorkspace(store.getState())).toBeNull();
    expect(stored(localStorage)).not.toHaveProperty('workspace');

    store.dispatch(workspaceSwitched(ACME));

    expect(selectWorkspace(store.getState())).toEqual(ACME);
    expect(stored(localStorage)).toMatchObject({ access: 'acc-1', workspace: ACME });
  });

  it('a switch empties the cached server data, as a logout does', () => {
    const store = withCache();
    expect(cached(store)).not.toBe(0);
    store.dispatch(workspaceSwitched(ACME));
    expect(store.getState().api.queries).toEqual({});
  });

  it('comes back from storage at start, and a broken stored workspace is ignored', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', workspace: ACME }));
    expect(makeStore().getState().session.workspace).toEqual(ACME);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', workspace: { id: 'ws-1', role: 'boss' } }));
    expect(makeStore().getState().session.workspace).toBeNull();
  });

  it('a new login forgets the last workspace; a switch after the session ended is ignored', () => {
    const store = withCache();
    store.dispatch(workspaceSwitched(ACME));
    store.dispatch(loggedIn(login));
    expect(selectWorkspace(store.getState())).toBeNull();

    store.dispatch(loggedOut());
    store.dispatch(workspaceSwitched(ACME));
    expect(store.getState().session.workspace).toBeNull();
  });

  it('restoring the personal workspace keeps what requests without a workspace header brought', () => {
    const store = withCache();
    store.dispatch(workspaceRestored({ id: 'ws-personal', role: 'owner', personal: true }));
    expect(selectWorkspace(store.getState())).toEqual({ id: 'ws-personal', role: 'owner' });
    expect(cached(store)).not.toBe(0);
  });

  it('restoring another workspace than the requests went to empties the cache', () => {
    const store = withCache();
    store.dispatch(workspaceRestored({ ...ACME, personal: false }));
    expect(store.getState().api.queries).toEqual({});
  });

  it('a new role in the same workspace keeps the cache', () => {
    const store = withCache();
    store.dispatch(workspaceSwitched(ACME));
    store.dispatch(cacheProbe.util.upsertQueryData('getProfile', undefined, { fullName: 'Asha Rao' }));
    store.dispatch(workspaceRestored({ id: ACME.id, role: 'viewer', personal: false }));
    expect(selectWorkspace(store.getState())).toEqual({ id: ACME.id, role: 'viewer' });
    expect(cached(store)).not.toBe(0);
    expect(stored(localStorage)).toMatchObject({ workspace: { id: ACME.id, role: 'viewer' } });
  });
});

describe('isWorkspaceGone', () => {
  const rejected = (payload: unknown) => ({
    type: 'api/executeQuery/rejected',
    payload,
    error: {},
    meta: { requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true },
  });

  it("recognises the server's 404 for a workspace the user is no longer in, and nothing else", () => {
    expect(isWorkspaceGone(rejected({ status: 404, data: { detail: WORKSPACE_MESSAGES.notFound } }))).toBe(true);
    expect(isWorkspaceGone(rejected({ status: 404, data: { detail: 'Campaign not found.' } }))).toBe(false);
    expect(isWorkspaceGone(rejected({ status: 403, data: { detail: WORKSPACE_MESSAGES.notFound } }))).toBe(false);
    expect(
      isWorkspaceGone({
        type: 'api/executeQuery/fulfilled',
        payload: { status: 404, data: { detail: WORKSPACE_MESSAGES.notFound } },
      }),
    ).toBe(false);
  });
});
