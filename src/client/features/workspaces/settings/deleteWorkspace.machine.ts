import { type OtpCommand, otpConfirmMachine, type OtpReport } from '@client/components/otp/otpConfirm.machine';
import { and, assign, fromPromise, not, sendTo, setup } from 'xstate';

import type { DeleteWorkspaceResult } from '../team.api';

/** The workspace being deleted: the name the owner must type again. */
export interface DeleteWorkspaceTarget {
  id: string;
  name: string;
}

/** The events the delete-workspace machine takes. */
export type DeleteWorkspaceEvent =
  | { type: 'OPEN'; workspace: DeleteWorkspaceTarget }
  /** The name typed to confirm; it also asks for the OTP. */
  | { type: 'CONFIRM_NAME'; name: string }
  | { type: 'VERIFY'; otp: string }
  | { type: 'RESEND' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  /** Sent by the OTP child. */
  | OtpReport;

interface DeleteWorkspaceContext {
  workspace: DeleteWorkspaceTarget | null;
  /** The name as typed (trimmed): the server compares it with the real one. */
  typedName: string;
  /** Why the delete failed (shown inline; the toast comes from the API error channel). */
  error: unknown;
  /** Whether the OTP child's resend lock runs (as it last reported): no code can be asked for then. */
  resendLocked: boolean;
}

/** The name as the schema sees it: surrounding spaces do not count. */
const typed = (name: string) => name.trim();

/** Cancel closes the flow; the OTP child drops its step too, its lock running on. */
const close = ['resetFlow', { type: 'toOtp', params: { type: 'CANCEL' } }] as const;

/**
 * Deleting the current workspace (issue 12): the owner types its name, we e-mail an OTP, the
 * six digits are verified, then the delete call; done leaves the deleted workspace (provided by
 * the component). The OTP steps and their resend lock are the OTP child (`otp`, run for the
 * machine's whole life because the lock outlives Cancel, as in the disconnect flow); this
 * machine forwards the dialog's events to it and moves on its reports. Cancel leaves from any
 * step but the delete itself.
 */
export const deleteWorkspaceMachine = setup({
  types: {
    context: {} as DeleteWorkspaceContext,
    events: {} as DeleteWorkspaceEvent,
    children: {} as { otp: 'otpConfirm' },
  },
  actors: {
    otpConfirm: otpConfirmMachine,
    deleteWorkspace: fromPromise<DeleteWorkspaceResult, { name: string }>(() =>
      Promise.reject(new Error('deleteWorkspace is provided by the component')),
    ),
  },
  actions: {
    toOtp: sendTo('otp', (_, command: OtpCommand) => command),
    // Provided by the component.
    notifyOtpSent: () => undefined,
    notifyDeleted: () => undefined,
    leaveDeletedWorkspace: () => undefined,
    resetFlow: assign({ workspace: null, typedName: '', error: null }),
  },
  guards: {
    isNameMatch: ({ context, event }) =>
      event.type === 'CONFIRM_NAME' && context.workspace !== null && typed(event.name) === context.workspace.name,
    isResendLocked: ({ context }) => context.resendLocked,
  },
}).createMachine({
  id: 'deleteWorkspace',
  invoke: { id: 'otp', src: 'otpConfirm' },
  context: { workspace: null, typedName: '', error: null, resendLocked: false },
  initial: 'closed',
  on: {
    'OTP.LOCK_CHANGED': { actions: assign({ resendLocked: ({ event }) => event.locked }) },
  },
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'naming',
          actions: assign({ workspace: ({ event }) => event.workspace, typedName: '', error: null }),
        },
      },
    },
    naming: {
      on: {
        CONFIRM_NAME: {
          guard: and(['isNameMatch', not('isResendLocked')]),
          target: 'otp',
          actions: [
            assign({ typedName: ({ event }) => typed(event.name) }),
            { type: 'toOtp', params: { type: 'SEND' } },
          ],
        },
        CANCEL: { target: 'closed', actions: close },
      },
    },
    // Sending the code, then typing and verifying it: which shows is the child's state.
    otp: {
      on: {
        VERIFY: { actions: { type: 'toOtp', params: ({ event }) => ({ type: 'VERIFY', otp: event.otp }) } },
        RESEND: { actions: { type: 'toOtp', params: { type: 'RESEND' } } },
        'OTP.SENT': { actions: 'notifyOtpSent' },
        'OTP.SEND_FAILED': 'naming',
        // The typed name was the confirmation: a verified code goes straight to the delete.
        'OTP.VERIFIED': 'deleting',
        CANCEL: { target: 'closed', actions: close },
      },
    },
    // No Cancel here: the delete is under way and its outcome must be seen.
    deleting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'deleteWorkspace',
        input: ({ context }) => ({ name: context.typedName }),
        onDone: { target: 'done', actions: ['notifyDeleted', 'leaveDeletedWorkspace'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: {
        RETRY: 'deleting',
        // The verification may have run out meanwhile: a new code, then the delete again.
        RESEND: {
          guard: not('isResendLocked'),
          target: 'otp',
          actions: [assign({ error: null }), { type: 'toOtp', params: { type: 'RESEND' } }],
        },
        CANCEL: { target: 'closed', actions: close },
      },
    },
    done: {},
  },
});
