import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel, WALK_AD_ACCOUNT, WALK_RESEND_SECONDS } from '@client/test/machineRegistry';

import { ACCOUNT_DISCONNECTED_MESSAGE, OTP_SENT_MESSAGE, OTP_VERIFIED_MESSAGE } from './useDisconnectFlow';

/** The resend lock counts down once a second (spec section 9: a 30 s lock; the walk's server asks for less). */
const LOCK_TICK_MS = 1000;

const effectNames = ({ effects }: Arrival) => effects.map((effect) => effect.name);
const isAnswer = ({ event }: Arrival) => event.type.startsWith('xstate.done.actor.');
const isFailure = ({ event }: Arrival) => event.type.startsWith('xstate.error.actor.');

describe('disconnect notices', () => {
  it('say what the spec says', () => {
    expect([OTP_SENT_MESSAGE, OTP_VERIFIED_MESSAGE, ACCOUNT_DISCONNECTED_MESSAGE]).toEqual([
      'OTP sent to your email.',
      'OTP verified.',
      'Account disconnected.',
    ]);
  });
});

describeMachinePaths(machineModel('disconnect'), {
  'flow.closed': {
    // Cancel or a done disconnect reset the flow; only the latter is announced.
    check: (arrival) => {
      expect(arrival.snapshot.context.account).toBeNull();
      expect(effectNames(arrival)).toEqual(isAnswer(arrival) ? ['notifyDisconnected'] : []);
    },
  },
  'flow.sendStep': {
    check: (arrival) => {
      expect(arrival.snapshot.context.account).toEqual(WALK_AD_ACCOUNT);
      if (isFailure(arrival)) expect(arrival.snapshot.context.error).not.toBeNull();
    },
  },
  'flow.sending': {
    check: (arrival) =>
      expect(arrival.calls).toEqual(
        arrival.entered.includes('flow.sending') ? [{ src: 'generateOtp', input: undefined }] : [],
      ),
  },
  'flow.otpStep': {
    check: (arrival) => {
      if (!isAnswer(arrival)) return;
      // The OTP went out: said, and the resend lock starts at the server's seconds.
      expect(effectNames(arrival)).toEqual(['notifyOtpSent']);
      expect(arrival.snapshot.context.resendSecondsLeft).toBe(WALK_RESEND_SECONDS);
    },
  },
  'flow.verifying': {
    check: (arrival) => {
      if (arrival.entered.includes('flow.verifying'))
        expect(arrival.calls).toEqual([{ src: 'verifyOtp', input: { otp: '123456' } }]);
    },
  },
  'flow.confirmStep': {
    check: (arrival) => {
      if (isAnswer(arrival)) expect(effectNames(arrival)).toEqual(['notifyVerified']);
      if (isFailure(arrival)) expect(arrival.snapshot.context.error).not.toBeNull();
    },
  },
  'flow.deleting': {
    check: (arrival) => {
      if (arrival.entered.includes('flow.deleting'))
        expect(arrival.calls).toEqual([{ src: 'deleteConnectedAccount', input: { accid: WALK_AD_ACCOUNT.id } }]);
    },
  },
  'resendLock.unlocked': { check: ({ snapshot }) => expect(snapshot.context.resendSecondsLeft).toBe(0) },
  'resendLock.locked': {
    leavesAfterMs: LOCK_TICK_MS,
    check: ({ snapshot }) => expect(snapshot.context.resendSecondsLeft).toBeGreaterThan(0),
  },
});
