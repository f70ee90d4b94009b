import { LOGOUT_REDIRECT_MS } from '@shared/constants';
import { assign, fromPromise, setup } from 'xstate';

/** The events the logout machine takes. */
export type LogoutEvent = { type: 'OPEN' } | { type: 'CANCEL' } | { type: 'CONFIRM' };

interface LogoutContext {
  /** Why the logout call failed, if it did (the toast comes from the API error channel). */
  error: unknown;
}

/**
 * Logout (spec section 4): a confirmation dialog, the logout call, the local session
 * cleared whether or not the call succeeded, then /login after LOGOUT_REDIRECT_MS.
 * The call, the session clearing, the notice and the navigation are provided by the component.
 */
export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
    events: {} as LogoutEvent,
  },
  actors: {
    logout: fromPromise<void>(() => Promise.reject(new Error('logout is provided by the component'))),
  },
  actions: {
    // Provided by the component.
    clearSession: () => undefined,
    notifyLoggedOut: () => undefined,
    redirectToLogin: () => undefined,
  },
  delays: {
    redirectDelay: LOGOUT_REDIRECT_MS,
  },
}).createMachine({
  id: 'logout',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { OPEN: 'confirming' },
    },
    confirming: {
      on: {
        CANCEL: 'idle',
        CONFIRM: 'loggingOut',
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: {
          target: 'redirecting',
          actions: ['clearSession', 'notifyLoggedOut'],
        },
        onError: {
          target: 'redirecting',
          actions: [assign({ error: ({ event }) => event.error }), 'clearSession'],
        },
      },
    },
    redirecting: {
      after: {
        redirectDelay: { target: 'done', actions: 'redirectToLogin' },
      },
    },
    done: {
      type: 'final',
    },
  },
});
