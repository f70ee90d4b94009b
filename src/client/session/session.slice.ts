import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '@shared/access/policy';

import { readStoredSession } from './session.storage';

/** The workspace the user works in: every request carries its id (X-Workspace-Id). */
export interface SessionWorkspace {
  id: string;
  /** The user's role in it; the client only hides what the role may not do, the server decides. */
  role: Role;
}

/** The signed-in user as the client knows it; all null when signed out. */
export interface SessionState {
  access: string | null;
  refresh: string | null;
  fullName: string | null;
  username: string | null;
  /** "Remember me": true keeps the session in localStorage, false in sessionStorage. */
  remember: boolean;
  /** The current workspace; null until the workspace list has answered (requests then go to the personal one). */
  workspace: SessionWorkspace | null;
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

/** The current workspace as the server's workspace list reports it at the start of a session. */
export interface WorkspaceRestoredPayload extends SessionWorkspace {
  /** The user's personal workspace: what requests without a workspace header were answered for. */
  personal: boolean;
}

const signedOut: SessionState = {
  access: null,
  refresh: null,
  fullName: null,
  username: null,
  remember: true,
  workspace: null,
};

/** The session found in storage at start, or a signed-out one. */
export function loadInitialSession(): SessionState {
  const stored = readStoredSession();
  return stored ? { ...stored, workspace: stored.workspace ?? null } : signedOut;
}

/** The session slice: its reducers are event handlers, storage lives in session.listeners.ts. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: loadInitialSession,
  reducers: {
    // A new sign-in starts without a workspace: the workspace list says which one is current.
    loggedIn: (_state, action: PayloadAction<LoggedInPayload>) => ({ ...action.payload, workspace: null }),
    tokensRefreshed: (state, action: PayloadAction<TokensRefreshedPayload>) => {
      state.access = action.payload.access;
      state.refresh = action.payload.refresh ?? state.refresh;
    },
    /** The user switched workspaces (the server already remembers the choice). */
    workspaceSwitched: (state, action: PayloadAction<SessionWorkspace>) => {
      // A switch answered after the session ended belongs to nobody.
      if (state.access === null) return;
      state.workspace = { id: action.payload.id, role: action.payload.role };
    },
    /** The workspace list named the current workspace, or the user's role in it changed. */
    workspaceRestored: (state, action: PayloadAction<WorkspaceRestoredPayload>) => {
      if (state.access === null) return;
      state.workspace = { id: action.payload.id, role: action.payload.role };
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
    selectWorkspace: (state) => state.workspace,
  },
});

/** Session events (past tense). */
export const { loggedIn, tokensRefreshed, workspaceSwitched, workspaceRestored, loggedOut, expired, accountDeleted } =
  sessionSlice.actions;
/** Session selectors, on the root state. */
export const { selectSession, selectAccessToken, selectIsLoggedIn, selectFirstName, selectWorkspace } =
  sessionSlice.selectors;

/** Any root state that holds the session slice (what the base query can rely on). */
export type WithSession = { [sessionSlice.reducerPath]: SessionState };
