import { RESEND_TICK_MS, resendLockSeconds, retryAfterOf } from '@client/components/otpResendLock';
import type {
  ConnectedAdAccount,
  DeleteConnectedAccountResult,
  GenerateOtpResult,
  VerifyOtpResult,
} from '@shared/api/adAccounts';
import { otpPattern } from '@shared/validation/otp';
import { assign, enqueueActions, fromPromise, not, raise, setup } from 'xstate';

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
  /** Raised by the machine itself once an OTP went out. */
  | { type: 'RESEND_LOCKED'; seconds: number };

interface DisconnectContext {
  account: DisconnectTarget | null;
  /** Why the last call failed (shown inline; the toast comes from the API error channel). */
  error: unknown;
  /** Seconds until Send OTP / Resend work again; 0 when they do. */
  resendSecondsLeft: number;
}

/**
 * Disconnecting an ad account (spec section 4): Send OTP, enter the six digits, confirm,
 * then the delete call. Cancel leaves from any step but the delete itself. A resend lock
 * runs beside the flow after every OTP sent and outlives Cancel, as the server's cooldown
 * does. The three calls and the success notices are provided by the component.
 */
export const disconnectMachine = setup({
  types: {
    context: {} as DisconnectContext,
    events: {} as DisconnectEvent,
  },
  actors: {
    generateOtp: fromPromise<GenerateOtpResult>(() =>
      Promise.reject(new Error('generateOtp is provided by the component')),
    ),
    verifyOtp: fromPromise<VerifyOtpResult, { otp: string }>(() =>
      Promise.reject(new Error('verifyOtp is provided by the component')),
    ),
    deleteConnectedAccount: fromPromise<DeleteConnectedAccountResult, { accid: string }>(() =>
      Promise.reject(new Error('deleteConnectedAccount is provided by the component')),
    ),
  },
  actions: {
    // Provided by the component.
    notifyOtpSent: () => undefined,
    notifyVerified: () => undefined,
    notifyDisconnected: () => undefined,
    resetFlow: assign({ account: null, error: null }),
  },
  guards: {
    isResendLocked: ({ context }) => context.resendSecondsLeft > 0,
    isSixDigits: ({ event }) => event.type === 'VERIFY' && otpPattern.test(event.otp),
    isLastLockSecond: ({ context }) => context.resendSecondsLeft <= 1,
  },
  delays: {
    resendTick: RESEND_TICK_MS,
  },
}).createMachine({
  id: 'disconnect',
  type: 'parallel',
  context: { account: null, error: null, resendSecondsLeft: 0 },
  states: {
    flow: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN: { target: 'sendStep', actions: assign({ account: ({ event }) => event.account, error: null }) },
          },
        },
        sendStep: {
          on: {
            SEND: { guard: not('isResendLocked'), target: 'sending' },
            CANCEL: { target: 'closed', actions: 'resetFlow' },
          },
        },
        sending: {
          entry: assign({ error: null }),
          invoke: {
            src: 'generateOtp',
            onDone: {
              target: 'otpStep',
              actions: [
                raise(({ event }) => ({ type: 'RESEND_LOCKED' as const, seconds: resendLockSeconds(event.output) })),
                'notifyOtpSent',
              ],
            },
            onError: {
              target: 'sendStep',
              actions: [
                assign({ error: ({ event }) => event.error }),
                // The server's resend lock (another tab, a reload) starts ours too.
                enqueueActions(({ event, enqueue }) => {
                  const seconds = retryAfterOf(event.error);
                  if (seconds) enqueue.raise({ type: 'RESEND_LOCKED', seconds });
                }),
              ],
            },
          },
          on: { CANCEL: { target: 'closed', actions: 'resetFlow' } },
        },
        otpStep: {
          on: {
            VERIFY: { guard: 'isSixDigits', target: 'verifying' },
            // Spec: Resend returns to the Send step, where Send OTP sends the new one.
            RESEND: { guard: not('isResendLocked'), target: 'sendStep', actions: assign({ error: null }) },
            CANCEL: { target: 'closed', actions: 'resetFlow' },
          },
        },
        verifying: {
          entry: assign({ error: null }),
          invoke: {
            src: 'verifyOtp',
            input: ({ event }) => ({ otp: event.type === 'VERIFY' ? event.otp : '' }),
            onDone: { target: 'confirmStep', actions: 'notifyVerified' },
            onError: { target: 'otpStep', actions: assign({ error: ({ event }) => event.error }) },
          },
          on: { CANCEL: { target: 'closed', actions: 'resetFlow' } },
        },
        confirmStep: {
          on: {
            CONFIRM: 'deleting',
            CANCEL: { target: 'closed', actions: 'resetFlow' },
          },
        },
        // No Cancel here: the delete is under way and its outcome must be seen.
        deleting: {
          entry: assign({ error: null }),
          invoke: {
            src: 'deleteConnectedAccount',
            input: ({ context }) => ({ accid: context.account?.id ?? '' }),
            onDone: { target: 'closed', actions: ['notifyDisconnected', 'resetFlow'] },
            onError: { target: 'confirmStep', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
      },
    },
    resendLock: {
      initial: 'unlocked',
      states: {
        unlocked: {
          on: {
            RESEND_LOCKED: { target: 'locked', actions: assign({ resendSecondsLeft: ({ event }) => event.seconds }) },
          },
        },
        locked: {
          after: {
            resendTick: [
              { guard: 'isLastLockSecond', target: 'unlocked', actions: assign({ resendSecondsLeft: 0 }) },
              {
                target: 'locked',
                reenter: true,
                actions: assign({ resendSecondsLeft: ({ context }) => context.resendSecondsLeft - 1 }),
              },
            ],
          },
          on: {
            RESEND_LOCKED: {
              target: 'locked',
              reenter: true,
              actions: assign({ resendSecondsLeft: ({ event }) => event.seconds }),
            },
          },
        },
      },
    },
  },
});
