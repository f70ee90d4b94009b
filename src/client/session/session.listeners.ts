import { loadedApi } from '@client/api/apiRegistry';
import type { AppStartListening } from '@client/lib/listeners';
import { notify } from '@client/lib/notify';
import { isAnyOf, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';

import {
  accountDeleted,
  expired,
  loggedIn,
  loggedOut,
  tokensRefreshed,
  type WithSession,
  workspaceRestored,
  workspaceSwitched,
} from './session.slice';
import { clearAllStorage, clearStoredSession, writeStoredSession } from './session.storage';

/** The notice shown when the session could not be renewed (spec section 8). */
export const SESSION_EXPIRED_MESSAGE = AUTH_MESSAGES.sessionExpired;

/** Whether a failed call says the session's workspace is not (or no longer) the user's: removed, left, deleted. */
export function isWorkspaceGone(action: unknown): boolean {
  if (!isRejected(action)) return false;
  const payload = (action as { payload?: { status?: unknown; data?: { detail?: unknown } } }).payload;
  return payload?.status === 404 && payload.data?.detail === WORKSPACE_MESSAGES.notFound;
}

/** Empties the API's cache; before RTK Query has loaded there is none to empty. */
function resetApiCache(dispatch: (action: UnknownAction) => unknown): void {
  const api = loadedApi();
  if (api) dispatch(api.util.resetApiState());
}

/**
 * Keeps storage in step with the session and drops cached server data when the session ends or
 * moves to another workspace.
 */
export function addSessionListeners(startAppListening: AppStartListening<WithSession>): void {
  startAppListening({
    matcher: isAnyOf(loggedIn, tokensRefreshed, workspaceSwitched, workspaceRestored),
    effect: (_action, api) => {
      const { access, refresh, fullName, username, remember, workspace } = api.getState().session;
      if (access !== null)
        writeStoredSession({ access, refresh, fullName, username, ...(workspace ? { workspace } : {}) }, remember);
    },
  });

  startAppListening({
    actionCreator: workspaceSwitched,
    effect: (_action, api) => {
      // Like a logout: nothing cached for one workspace may be shown in another.
      resetApiCache(api.dispatch);
    },
  });

  startAppListening({
    actionCreator: workspaceRestored,
    effect: ({ payload }, api) => {
      // Requests so far went out for the stored workspace, or without a header (the personal
      // one); when that is not the workspace restored, what they brought back is another
      // workspace's data.
      const before = api.getOriginalState().session.workspace;
      const servedSame = before ? before.id === payload.id : payload.personal;
      if (!servedSame) resetApiCache(api.dispatch);
    },
  });

  startAppListening({
    predicate: (action) => isWorkspaceGone(action),
    effect: (_action, api) => {
      // The workspace went away under this session (the member was removed, or it was deleted in
      // another tab): the list is read again, and the restore moves the session to the server's
      // current workspace.
      // Only a request of the API says so, so the API has loaded.
      const loaded = loadedApi();
      if (loaded) api.dispatch(loaded.util.invalidateTags(['Workspace']));
    },
  });

  startAppListening({
    matcher: isAnyOf(loggedOut, expired, accountDeleted),
    effect: (action, api) => {
      // A deleted account leaves nothing behind (spec section 4); a logout keeps unrelated keys.
      if (accountDeleted.match(action)) clearAllStorage();
      else clearStoredSession();
      // Another user may sign in next; nothing of this one's data may linger in the cache.
      resetApiCache(api.dispatch);
      if (expired.match(action)) notify(SESSION_EXPIRED_MESSAGE, 'warning');
    },
  });
}
