import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel, WALK_RESEND_SECONDS, WALK_WORKSPACE } from '@client/test/machineRegistry';

/** The resend lock counts down once a second. */
const LOCK_TICK_MS = 1000;

const effectNames = ({ effects }: Arrival) => effects.map((effect) => effect.name);
const isAnswer = ({ event }: Arrival) => event.type.startsWith('xstate.done.actor.');

describeMachinePaths(machineModel('deleteWorkspace'), {
  'flow.closed': { check: ({ snapshot }) => expect(snapshot.context.workspace).toBeNull() },
  'flow.naming': { check: ({ snapshot }) => expect(snapshot.context.workspace).toEqual(WALK_WORKSPACE) },
  'flow.sending': {
    // The name as typed, trimmed, is what the delete will send.
    check: (arrival) => {
      expect(arrival.snapshot.context.typedName).toBe(WALK_WORKSPACE.name);
      if (arrival.entered.includes('flow.sending'))
        expect(arrival.calls).toEqual([{ src: 'generateOtp', input: undefined }]);
    },
  },
  'flow.otpStep': {
    check: (arrival) => {
      if (!isAnswer(arrival)) return;
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
  'flow.deleting': {
    check: (arrival) => {
      if (arrival.entered.includes('flow.deleting'))
        expect(arrival.calls).toEqual([{ src: 'deleteWorkspace', input: { name: WALK_WORKSPACE.name } }]);
    },
  },
  'flow.failed': { check: ({ snapshot }) => expect(snapshot.context.error).not.toBeNull() },
  'flow.done': {
    check: (arrival) =>
      expect(effectNames(arrival)).toEqual(isAnswer(arrival) ? ['notifyDeleted', 'leaveDeletedWorkspace'] : []),
  },
  'resendLock.unlocked': { check: ({ snapshot }) => expect(snapshot.context.resendSecondsLeft).toBe(0) },
  'resendLock.locked': {
    leavesAfterMs: LOCK_TICK_MS,
    check: ({ snapshot }) => expect(snapshot.context.resendSecondsLeft).toBeGreaterThan(0),
  },
});
