import type { Member, Team } from '@shared/api/workspaces';
import { assign, fromPromise, setup } from 'xstate';

/** The member ownership goes to: the name the dialog shows and the id the call sends. */
export type TransferCandidate = Pick<Member, 'user_id' | 'full_name' | 'email'>;

/** The events the transfer machine takes. */
export type TransferEvent =
  | { type: 'OPEN' }
  | { type: 'CHOOSE'; member: TransferCandidate }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

interface TransferContext {
  candidate: TransferCandidate | null;
  /** Why the transfer failed: the server's detail (shown inline; the toast comes from the API error channel). */
  error: unknown;
}

/**
 * Transferring ownership of the workspace (issue 12): choose a member, confirm (the caller
 * becomes a manager), the call, then done or failed with the server's reason. Cancel leaves
 * from any step but the call. The call is provided by the component; the dialog says what came of it.
 */
export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    transferOwnership: fromPromise<Team, { userId: string }>(() =>
      Promise.reject(new Error('transferOwnership is provided by the component')),
    ),
  },
  actions: {
    reset: assign({ candidate: null, error: null }),
  },
}).createMachine({
  id: 'transfer',
  context: { candidate: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'choosing', actions: 'reset' } },
    },
    choosing: {
      on: {
        CHOOSE: { target: 'confirming', actions: assign({ candidate: ({ event }) => event.member, error: null }) },
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'transferring',
        BACK: 'choosing',
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
    // No Cancel here: the transfer is under way and its outcome must be seen.
    transferring: {
      entry: assign({ error: null }),
      invoke: {
        src: 'transferOwnership',
        input: ({ context }) => ({ userId: context.candidate?.user_id ?? '' }),
        onDone: 'done',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {
      on: { CANCEL: { target: 'closed', actions: 'reset' } },
    },
    failed: {
      on: {
        RETRY: 'transferring',
        BACK: { target: 'choosing', actions: assign({ error: null }) },
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
  },
});
