import { notify } from '@client/lib/notify';
import { paths } from '@client/lib/paths';
import { useMachine } from '@xstate/react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';

import { logoutMachine } from './logout.machine';
import { useLogoutMutation } from './session.api';
import { loggedOut, type WithSession } from './session.slice';

/** The notice after a successful logout (spec section 8). */
export const LOGGED_OUT_MESSAGE = "You've been logged out successfully";

/**
 * Runs the logout machine with the real effects: the logout call with the stored
 * refresh token, `session/loggedOut`, the success toast and the move to /login.
 * A failed call is toasted by the API error channel ('Logout failed' rule).
 */
export function useLogoutFlow() {
  const [logout] = useLogoutMutation();
  const store = useStore<WithSession>();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    logoutMachine.provide({
      actors: {
        logout: fromPromise(async () => {
          await logout({ refresh: store.getState().session.refresh }).unwrap();
        }),
      },
      actions: {
        clearSession: () => dispatch(loggedOut()),
        notifyLoggedOut: () => notify(LOGGED_OUT_MESSAGE, 'success'),
        redirectToLogin: () => navigate(paths.login, { replace: true }),
      },
    }),
  );
  return { snapshot, send };
}
