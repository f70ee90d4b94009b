import { DELETE_REDIRECT_MS } from '@shared/constants';
import { assign, fromPromise, setup } from 'xstate';

/** The events the delete-account machine takes. */
export type DeleteAccountEvent = { type: 'SUBMIT'; username: string } | { type: 'CANCEL' } | { type: 'CONFIRM' };

interface DeleteAccountContext {
  /** The username typed on the form (spec section 5: not compared to the real one). */
  username: string;
  /** Why the delete call failed, if it did (the toast comes from the API error channel). */
  error: unknown;
}

/**
 * Account deletion (spec section 4): username typed, confirmation modal, the delete
 * call, every local trace cleared, then /login after DELETE_REDIRECT_MS. The call, the
 * notices, the clearing and the navigation are provided by the component.
 */
export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
  },
  actors: {
    deleteAccount: fromPromise<void>(() => Promise.reject(new Error('deleteAccount is provided by the component'))),
  },
  actions: {
    // Provided by the component.
    notifyDeleting: () => undefined,
    clearAccountData: () => undefined,
    redirectToLogin: () => undefined,
  },
  delays: {
    redirectDelay: DELETE_REDIRECT_MS,
  },
}).createMachine({
  id: 'deleteAccount',
  context: { username: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: { target: 'confirming', actions: assign({ username: ({ event }) => event.username }) },
      },
    },
    confirming: {
      on: {
        CANCEL: 'editing',
        CONFIRM: 'deleting',
      },
    },
    deleting: {
      entry: [assign({ error: null }), 'notifyDeleting'],
      invoke: {
        src: 'deleteAccount',
        onDone: { target: 'redirecting', actions: 'clearAccountData' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
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
