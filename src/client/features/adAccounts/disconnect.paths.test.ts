import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel, WALK_AD_ACCOUNT } from '@client/test/machineRegistry';

import { ACCOUNT_DISCONNECTED_MESSAGE, OTP_SENT_MESSAGE, OTP_VERIFIED_MESSAGE } from './useDisconnectFlow';

const effects = ({ effects }: Arrival) => effects.map(({ name, params }) => (params ? { name, params } : { name }));
const isAnswer = ({ event }: Arrival) => event.type.startsWith('xstate.done.actor.');
const isFailure = ({ event }: Arrival) => event.type.startsWith('xstate.error.actor.');
/** The OTP child told to drop its step (Cancel, a done disconnect): its lock runs on. */
const otpCancelled = { name: 'toOtp', params: { type: 'CANCEL' } };

/** What each event does on the OTP steps: forwarded to the OTP child, or the child's report acted on. */
const ON_OTP_STEPS: Record<string, unknown[]> = {
  OPEN: [],
  SEND: [{ name: 'toOtp', params: { type: 'SEND' } }],
  VERIFY: [{ name: 'toOtp', params: { type: 'VERIFY', otp: '123456' } }],
  // Spec: Resend returns to the Send step (the child's, if its lock allows), where Send OTP sends the new one.
  RESEND: [{ name: 'toOtp', params: { type: 'BACK' } }],
  'OTP.SENT': [{ name: 'notifyOtpSent' }],
};

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
  closed: {
    // Cancel or a done disconnect reset the flow and the child's step; only the latter is announced.
    check: (arrival) => {
      expect(arrival.snapshot.context.account).toBeNull();
      if (arrival.event.type === 'xstate.init') expect(effects(arrival)).toEqual([]);
      else
        expect(effects(arrival)).toEqual(
          isAnswer(arrival) ? [{ name: 'notifyDisconnected' }, otpCancelled] : [otpCancelled],
        );
    },
  },
  otp: {
    check: (arrival) => {
      expect(arrival.snapshot.context.account).toEqual(WALK_AD_ACCOUNT);
      expect(effects(arrival)).toEqual(ON_OTP_STEPS[arrival.event.type]);
    },
  },
  confirmStep: {
    check: (arrival) => {
      if (arrival.event.type === 'OTP.VERIFIED') expect(effects(arrival)).toEqual([{ name: 'notifyVerified' }]);
      if (isFailure(arrival)) expect(arrival.snapshot.context.error).not.toBeNull();
    },
  },
  deleting: {
    check: (arrival) => {
      if (arrival.entered.includes('deleting'))
        expect(arrival.calls).toEqual([{ src: 'deleteConnectedAccount', input: { accid: WALK_AD_ACCOUNT.id } }]);
      expect(arrival.snapshot.context.error).toBeNull();
    },
  },
});
