import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel, WALK_RESEND_SECONDS } from '@client/test/machineRegistry';

/** The resend lock counts down once a second (spec section 9: a 30 s lock; the walk's server asks for less). */
const LOCK_TICK_MS = 1000;

const isAnswer = ({ event }: Arrival) => event.type.startsWith('xstate.done.actor.');
const isFailure = ({ event }: Arrival) => event.type.startsWith('xstate.error.actor.');
const isTick = ({ event }: Arrival) => event.type.startsWith('xstate.after.');
const reported = (arrival: Arrival) =>
  arrival.effects.map(({ name, params }) => (params ? { name, params } : { name }));

describeMachinePaths(machineModel('otpConfirm'), {
  'flow.idle': {
    check: (arrival) => {
      if (isFailure(arrival)) {
        // The send failed: kept to show, and told to the parent; a 429 starts the lock it names (a send only goes out unlocked).
        const tooSoon = (arrival.event as { error?: { status?: number } }).error?.status === 429;
        expect(arrival.snapshot.context.error).not.toBeNull();
        expect(reported(arrival)).toEqual([
          { name: 'reportSendFailed' },
          ...(tooSoon ? [{ name: 'reportLockChanged', params: { locked: true } }] : []),
        ]);
      } else if (['CANCEL', 'BACK'].includes(arrival.event.type)) {
        expect(arrival.snapshot.context.error).toBeNull();
      }
    },
  },
  'flow.sending': {
    check: (arrival) => {
      if (!arrival.entered.includes('flow.sending')) return;
      expect(arrival.calls).toEqual([{ src: 'generateOtp', input: undefined }]);
      expect(arrival.snapshot.context.error).toBeNull();
    },
  },
  'flow.awaitingCode': {
    check: (arrival) => {
      if (isAnswer(arrival)) {
        // The OTP went out: told to the parent, and the resend lock starts at the server's seconds.
        expect(reported(arrival)).toEqual([
          { name: 'reportSent' },
          { name: 'reportLockChanged', params: { locked: true } },
        ]);
        expect(arrival.snapshot.context.resendSecondsLeft).toBe(WALK_RESEND_SECONDS);
      }
      if (isFailure(arrival)) expect(arrival.snapshot.context.error).not.toBeNull();
    },
  },
  'flow.verifying': {
    check: (arrival) => {
      if (!arrival.entered.includes('flow.verifying')) return;
      expect(arrival.calls).toEqual([{ src: 'verifyOtp', input: { otp: '123456' } }]);
      expect(arrival.snapshot.context.error).toBeNull();
    },
  },
  'flow.verified': {
    check: (arrival) => {
      if (isAnswer(arrival)) expect(reported(arrival)).toEqual([{ name: 'reportVerified' }]);
    },
  },
  'resendLock.unlocked': {
    check: (arrival) => {
      expect(arrival.snapshot.context.resendSecondsLeft).toBe(0);
      // The lock ran out: the parent hears of it.
      if (isTick(arrival))
        expect(reported(arrival)).toEqual([{ name: 'reportLockChanged', params: { locked: false } }]);
    },
  },
  'resendLock.locked': {
    leavesAfterMs: LOCK_TICK_MS,
    check: (arrival) => {
      expect(arrival.snapshot.context.resendSecondsLeft).toBeGreaterThan(0);
      // A tick says nothing to the parent; only locking (checked in the flow's rows) and unlocking do.
      if (isTick(arrival)) expect(reported(arrival)).toEqual([]);
    },
  },
});
