import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import { otpPattern } from '@shared/validation/otp';
import { assign, enqueueActions, fromPromise, not, raise, sendParent, setup } from 'xstate';

import { RESEND_TICK_MS, resendLockSeconds, retryAfterOf } from './otpResendLock';

/** What a parent flow asks of the OTP child. */
export type OtpCommand =
  | { type: 'SEND' }
  | { type: 'VERIFY'; otp: string }
  /** A new code sent at once (from the code step, or after a verified code has run out). */
  | { type: 'RESEND' }
  /** Back from the code step to where the code is asked for, to send a new one from there. */
  | { type: 'BACK' }
  /** Drops the flow (a call in flight is ignored) and its error; the resend lock keeps running. */
  | { type: 'CANCEL' };

/** The events the OTP child takes. */
export type OtpConfirmEvent =
  | OtpCommand
  /** Raised by the machine itself once an OTP went out, or the server named its lock. */
  | { type: 'RESEND_LOCKED'; seconds: number };

/** What the OTP child tells its parent. */
export type OtpReport =
  | { type: 'OTP.SENT' }
  | { type: 'OTP.SEND_FAILED' }
  | { type: 'OTP.VERIFIED' }
  | { type: 'OTP.LOCK_CHANGED'; locked: boolean };

interface OtpConfirmContext {
  /** Why the last send or verify failed (shown inline; the toast comes from the API error channel). */
  error: unknown;
  /** Seconds until a code can be sent again; 0 when it can. */
  resendSecondsLeft: number;
}

/**
 * The e-mailed OTP every guarded flow asks for (disconnecting an account, deleting a workspace):
 * send a code, verify the six digits, resend once the server's cooldown allows. The resend lock
 * runs beside the flow after every OTP sent (and from the seconds a 429 names) and outlives
 * Cancel, as the server's cooldown does, so a parent runs this child for its whole life. The two
 * calls are provided by the parent's hook; the reports default to events sent to the parent.
 */
export const otpConfirmMachine = setup({
  types: {
    context: {} as OtpConfirmContext,
    events: {} as OtpConfirmEvent,
  },
  actors: {
    generateOtp: fromPromise<GenerateOtpResult>(() =>
      Promise.reject(new Error('generateOtp is provided by the component')),
    ),
    verifyOtp: fromPromise<VerifyOtpResult, { otp: string }>(() =>
      Promise.reject(new Error('verifyOtp is provided by the component')),
    ),
  },
  actions: {
    reportSent: sendParent({ type: 'OTP.SENT' } satisfies OtpReport),
    reportSendFailed: sendParent({ type: 'OTP.SEND_FAILED' } satisfies OtpReport),
    reportVerified: sendParent({ type: 'OTP.VERIFIED' } satisfies OtpReport),
    reportLockChanged: sendParent((_, params: { locked: boolean }): OtpReport => ({
      type: 'OTP.LOCK_CHANGED',
      locked: params.locked,
    })),
    clearError: assign({ error: null }),
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
  id: 'otpConfirm',
  type: 'parallel',
  context: { error: null, resendSecondsLeft: 0 },
  states: {
    flow: {
      initial: 'idle',
      on: { CANCEL: { target: '.idle', actions: 'clearError' } },
      states: {
        idle: {
          on: { SEND: { guard: not('isResendLocked'), target: 'sending' } },
        },
        sending: {
          entry: 'clearError',
          invoke: {
            src: 'generateOtp',
            onDone: {
              target: 'awaitingCode',
              actions: [
                raise(({ event }) => ({ type: 'RESEND_LOCKED' as const, seconds: resendLockSeconds(event.output) })),
                'reportSent',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ error: ({ event }) => event.error }),
                // The server's resend lock (another tab, a reload) starts ours too.
                enqueueActions(({ event, enqueue }) => {
                  const seconds = retryAfterOf(event.error);
                  if (seconds) enqueue.raise({ type: 'RESEND_LOCKED', seconds });
                }),
                'reportSendFailed',
              ],
            },
          },
        },
        awaitingCode: {
          on: {
            VERIFY: { guard: 'isSixDigits', target: 'verifying' },
            RESEND: { guard: not('isResendLocked'), target: 'sending' },
            BACK: { guard: not('isResendLocked'), target: 'idle', actions: 'clearError' },
          },
        },
        verifying: {
          entry: 'clearError',
          invoke: {
            src: 'verifyOtp',
            input: ({ event }) => ({ otp: event.type === 'VERIFY' ? event.otp : '' }),
            onDone: { target: 'verified', actions: 'reportVerified' },
            onError: { target: 'awaitingCode', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        // The parent acts on the verified code; it may have run out by then, and a new one is sent.
        verified: {
          on: { RESEND: { guard: not('isResendLocked'), target: 'sending' } },
        },
      },
    },
    resendLock: {
      initial: 'unlocked',
      states: {
        unlocked: {
          on: {
            RESEND_LOCKED: {
              target: 'locked',
              actions: [
                assign({ resendSecondsLeft: ({ event }) => event.seconds }),
                { type: 'reportLockChanged', params: { locked: true } },
              ],
            },
          },
        },
        locked: {
          after: {
            resendTick: [
              {
                guard: 'isLastLockSecond',
                target: 'unlocked',
                actions: [assign({ resendSecondsLeft: 0 }), { type: 'reportLockChanged', params: { locked: false } }],
              },
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

/** The OTP child as its parents invoke it (id `otp`). */
export type OtpConfirmMachine = typeof otpConfirmMachine;

/** The OTP child with its two calls, as a parent's hook provides it (the real mutations, or a test's stubs). */
export function otpConfirmWith(calls: {
  generateOtp: () => Promise<GenerateOtpResult>;
  verifyOtp: (input: { otp: string }) => Promise<VerifyOtpResult>;
}): OtpConfirmMachine {
  return otpConfirmMachine.provide({
    actors: {
      generateOtp: fromPromise(() => calls.generateOtp()),
      verifyOtp: fromPromise(({ input }) => calls.verifyOtp(input)),
    },
  });
}
