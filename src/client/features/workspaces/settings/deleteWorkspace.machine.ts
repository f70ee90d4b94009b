import { RESEND_TICK_MS, resendLockSeconds, retryAfterOf } from '@client/components/otpResendLock';
import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import { otpPattern } from '@shared/validation/otp';
import { and, assign, enqueueActions, fromPromise, not, raise, setup } from 'xstate';

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
  /** Raised by the machine itself once an OTP went out. */
  | { type: 'RESEND_LOCKED'; seconds: number };

interface DeleteWorkspaceContext {
  workspace: DeleteWorkspaceTarget | null;
  /** The name as typed (trimmed): the server compares it with the real one. */
  typedName: string;
  /** Why the last call failed (shown inline; the toast comes from the API error channel). */
  error: unknown;
  /** Seconds until the code can be sent again; 0 when it can. */
  resendSecondsLeft: number;
}

/** The name as the schema sees it: surrounding spaces do not count. */
const typed = (name: string) => name.trim();

/**
 * Deleting the current workspace (issue 12): the owner types its name, we e-mail an OTP, the
 * six digits are verified, then the delete call; done leaves the deleted workspace (provided by
 * the component). Cancel leaves from any step but the delete itself. As in the disconnect flow a
 * resend lock runs beside the flow after every OTP sent and outlives Cancel, as the server's
 * cooldown does.
 */
export const deleteWorkspaceMachine = setup({
  types: {
    context: {} as DeleteWorkspaceContext,
    events: {} as DeleteWorkspaceEvent,
  },
  actors: {
    generateOtp: fromPromise<GenerateOtpResult>(() =>
      Promise.reject(new Error('generateOtp is provided by the component')),
    ),
    verifyOtp: fromPromise<VerifyOtpResult, { otp: string }>(() =>
      Promise.reject(new Error('verifyOtp is provided by the component')),
    ),
    deleteWorkspace: fromPromise<DeleteWorkspaceResult, { name: string }>(() =>
      Promise.reject(new Error('deleteWorkspace is provided by the component')),
    ),
  },
  actions: {
    // Provided by the component.
    notifyOtpSent: () => undefined,
    notifyDeleted: () => undefined,
    leaveDeletedWorkspace: () => undefined,
    resetFlow: assign({ workspace: null, typedName: '', error: null }),
  },
  guards: {
    isNameMatch: ({ context, event }) =>
      event.type === 'CONFIRM_NAME' && context.workspace !== null && typed(event.name) === context.workspace.name,
    isResendLocked: ({ context }) => context.resendSecondsLeft > 0,
    isSixDigits: ({ event }) => event.type === 'VERIFY' && otpPattern.test(event.otp),
    isLastLockSecond: ({ context }) => context.resendSecondsLeft <= 1,
  },
  delays: {
    resendTick: RESEND_TICK_MS,
  },
}).createMachine({
  id: 'deleteWorkspace',
  type: 'parallel',
  context: { workspace: null, typedName: '', error: null, resendSecondsLeft: 0 },
  states: {
    flow: {
      initial: 'closed',
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
              target: 'sending',
              actions: assign({ typedName: ({ event }) => typed(event.name) }),
            },
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
              target: 'naming',
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
            RESEND: { guard: not('isResendLocked'), target: 'sending' },
            CANCEL: { target: 'closed', actions: 'resetFlow' },
          },
        },
        verifying: {
          entry: assign({ error: null }),
          invoke: {
            src: 'verifyOtp',
            input: ({ event }) => ({ otp: event.type === 'VERIFY' ? event.otp : '' }),
            // The typed name was the confirmation: a verified code goes straight to the delete.
            onDone: 'deleting',
            onError: { target: 'otpStep', actions: assign({ error: ({ event }) => event.error }) },
          },
          on: { CANCEL: { target: 'closed', actions: 'resetFlow' } },
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
            RESEND: { guard: not('isResendLocked'), target: 'sending' },
            CANCEL: { target: 'closed', actions: 'resetFlow' },
          },
        },
        done: {},
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
