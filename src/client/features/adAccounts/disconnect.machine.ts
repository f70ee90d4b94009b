import { type OtpCommand, otpConfirmMachine, type OtpReport } from '@client/components/otp/otpConfirm.machine';
import type { ConnectedAdAccount, DeleteConnectedAccountResult } from '@shared/api/adAccounts';
import { assign, fromPromise, sendTo, setup } from 'xstate';

/** The account being disconnected: what the dialog names, and the id the delete call sends. */
export type DisconnectTarget = Pick<ConnectedAdAccount, 'id' | 'platform' | 'account_id' | 'name'>;

/** The events the disconnect machine takes. */
export type DisconnectEvent =
  | { type: 'OPEN'; account: DisconnectTarget }
  | { type: 'SEND' }
  | { type: 'VERIFY'; otp: string }
  | { type: 'RESEND' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** Sent by the OTP child. */
  | OtpReport;

interface DisconnectContext {
  account: DisconnectTarget | null;
  /** Why the delete failed (shown inline; the toast comes from the API error channel). */
  error: unknown;
}

/** Cancel and a finished delete close the flow; the OTP child drops its step too, its lock running on. */
const close = ['resetFlow', { type: 'toOtp', params: { type: 'CANCEL' } }] as const;

/**
 * Disconnecting an ad account (spec section 4): Send OTP, enter the six digits, confirm,
 * then the delete call. The OTP steps and their resend lock are the OTP child (`otp`, run for the
 * machine's whole life because the lock outlives Cancel); this machine forwards the dialog's
 * events to it and moves on its reports. Cancel leaves from any step but the delete itself. The
 * calls and the success notices are provided by the component.
 */
export const disconnectMachine = setup({
  types: {
    context: {} as DisconnectContext,
    events: {} as DisconnectEvent,
    children: {} as { otp: 'otpConfirm' },
  },
  actors: {
    otpConfirm: otpConfirmMachine,
    deleteConnectedAccount: fromPromise<DeleteConnectedAccountResult, { accid: string }>(() =>
      Promise.reject(new Error('deleteConnectedAccount is provided by the component')),
    ),
  },
  actions: {
    toOtp: sendTo('otp', (_, command: OtpCommand) => command),
    // Provided by the component.
    notifyOtpSent: () => undefined,
    notifyVerified: () => undefined,
    notifyDisconnected: () => undefined,
    resetFlow: assign({ account: null, error: null }),
  },
}).createMachine({
  id: 'disconnect',
  invoke: { id: 'otp', src: 'otpConfirm' },
  context: { account: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'otp', actions: assign({ account: ({ event }) => event.account, error: null }) },
      },
    },
    // The Send and Enter OTP steps: which one shows is the child's state.
    otp: {
      on: {
        SEND: { actions: { type: 'toOtp', params: { type: 'SEND' } } },
        VERIFY: { actions: { type: 'toOtp', params: ({ event }) => ({ type: 'VERIFY', otp: event.otp }) } },
        // Spec: Resend returns to the Send step, where Send OTP sends the new one.
        RESEND: { actions: { type: 'toOtp', params: { type: 'BACK' } } },
        'OTP.SENT': { actions: 'notifyOtpSent' },
        'OTP.VERIFIED': { target: 'confirmStep', actions: 'notifyVerified' },
        CANCEL: { target: 'closed', actions: close },
      },
    },
    confirmStep: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'closed', actions: close },
      },
    },
    // No Cancel here: the delete is under way and its outcome must be seen.
    deleting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'deleteConnectedAccount',
        input: ({ context }) => ({ accid: context.account?.id ?? '' }),
        onDone: { target: 'closed', actions: ['notifyDisconnected', ...close] },
        onError: { target: 'confirmStep', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
