import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredSession } from './session.storage';

/** The signed-in user as the client knows it; all null when signed out. */
export interface SessionState {
  access: string | null;
  refresh: string | null;
  fullName: string | null;
  username: string | null;
  /** "Remember me": true keeps the session in localStorage, false in sessionStorage. */
  remember: boolean;
}

/** What a successful login hands to the session. */
export interface LoggedInPayload {
  access: string;
  refresh: string | null;
  fullName: string | null;
  username: string | null;
  remember: boolean;
}

/** New tokens from POST token/refresh/; a server that does not rotate omits `refresh`. */
export interface TokensRefreshedPayload {
  access: string;
  refresh?: string | null;
}

const signedOut: SessionState = { access: null, refresh: null, fullName: null, username: null, remember: true };

/** The session found in storage at start, or a signed-out one. */
export function loadInitialSession(): SessionState {
  return readStoredSession() ?? signedOut;
}

/** The session slice: its reducers are event handlers, storage lives in session.listeners.ts. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: loadInitialSession,
  reducers: {
    loggedIn: (_state, action: PayloadAction<LoggedInPayload>) => ({ ...action.payload }),
    tokensRefreshed: (state, action: PayloadAction<TokensRefreshedPayload>) => {
      state.access = action.payload.access;
      state.refresh = action.payload.refresh ?? state.refresh;
    },
    loggedOut: () => signedOut,
    expired: () => signedOut,
    accountDeleted: () => signedOut,
  },
  selectors: {
    selectSession: (state) => state,
    selectAccessToken: (state) => state.access,
    selectIsLoggedIn: (state) => state.access !== null,
    selectFirstName: (state) => state.fullName?.trim().split(/\s+/)[0] || null,
  },
});

/** Session events (past tense). */
export const { loggedIn, tokensRefreshed, loggedOut, expired, accountDeleted } = sessionSlice.actions;
/** Session selectors, on the root state. */
export const { selectSession, selectAccessToken, selectIsLoggedIn, selectFirstName } = sessionSlice.selectors;

/** Any root state that holds the session slice (what the base query can rely on). */
export type WithSession = { [sessionSlice.reducerPath]: SessionState };
