import { SESSION_STORAGE_KEY } from '@shared/constants';
import { accountApi } from '@client/features/account/account.api';
import { makeStore } from '@client/app/store';
import { accountDeleted, expired, loggedIn, loggedOut, selectFirstName, tokensRefreshed, type LoggedInPayload } from './session.slice';

const login: LoggedInPayload = { access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com', remember: true };

function stored(storage: Storage): unknown {
  const text = storage.getItem(SESSION_STORAGE_KEY);
  return text === null ? null : JSON.parse(text);
}

describe('session at start', () => {
  it('loads the session from localStorage, remembered', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', refresh: 'r', fullName: 'Asha Rao', username: 'asha@example.com' }));
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'other' }));
    expect(makeStore().getState().session).toEqual({ access: 'a', refresh: 'r', fullName: 'Asha Rao', username: 'asha@example.com', remember: true });
  });

  it('falls back to sessionStorage, not remembered', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'a', email: 'asha@example.com' }));
    expect(makeStore().getState().session).toEqual({ access: 'a', refresh: null, fullName: null, username: 'asha@example.com', remember: false });
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

    expect(stored(localStorage)).toEqual({ access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com' });
    expect(stored(sessionStorage)).toBeNull();
    expect(store.getState().session).toEqual(login);
  });

  it('with Remember me off, stores in sessionStorage and clears localStorage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'old' }));
    const store = makeStore();
    store.dispatch(loggedIn({ ...login, remember: false }));

    expect(stored(sessionStorage)).toEqual({ access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com' });
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
    store.dispatch(accountApi.util.upsertQueryData('getUserInfo', undefined, {
      fullName: 'Asha Rao',
      username: 'asha@example.com',
      is_trial: false,
      trial: { is_trial: false, trial_ends_at: null },
      gamification: { points: 1, streak: 1 },
    }));
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
