import type { Invitation } from '@shared/api/workspaces';
import type { InvitationInput } from '@shared/validation/workspaces';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The events the invite machine takes. */
export type InviteEvent =
  | { type: 'OPEN' }
  | { type: 'SUBMIT'; invitation: InvitationInput }
  /** The form changed after a failure or a sent invitation: back to a plain form. */
  | { type: 'EDIT' }
  | { type: 'CLOSE' };

interface InviteContext {
  /** The address the last invitation went to (shown once sent). */
  sentTo: string | null;
  /** Why the last invitation failed: the server's detail, e.g. already a member (shown inline). */
  error: unknown;
}

/**
 * Inviting someone to the workspace (issue 12): the form (e-mail and role), the call, then
 * "Invitation sent to x" (and Invite another) or the server's reason beside the form as it was,
 * so a corrected invitation is one edit away. Close leaves from any step but the call.
 * The call is provided by the component; the dialog itself says what came of it.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    createInvitation: fromPromise<Invitation, InvitationInput>(() =>
      Promise.reject(new Error('createInvitation is provided by the component')),
    ),
  },
  actions: {
    reset: assign({ sentTo: null, error: null }),
  },
}).createMachine({
  id: 'invite',
  context: { sentTo: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: 'reset' } },
    },
    editing: {
      on: {
        SUBMIT: 'submitting',
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    // No Close here: the invitation is on its way and its outcome must be seen.
    submitting: {
      entry: 'reset',
      invoke: {
        src: 'createInvitation',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT');
          return event.invitation;
        },
        onDone: { target: 'sent', actions: assign({ sentTo: ({ event }) => event.output.email }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    sent: {
      on: {
        // Invite another: a fresh form.
        EDIT: { target: 'editing', actions: 'reset' },
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    failed: {
      on: {
        EDIT: { target: 'editing', actions: 'reset' },
        SUBMIT: 'submitting',
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
  },
});
