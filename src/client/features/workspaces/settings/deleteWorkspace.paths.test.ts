import { type Arrival, describeMachinePaths, type StateExpectation } from '@client/test/machinePaths';
import { machineModel, WALK_WORKSPACE } from '@client/test/machineRegistry';

const effects = ({ effects }: Arrival) => effects.map(({ name, params }) => (params ? { name, params } : { name }));
const isAnswer = ({ event }: Arrival) => event.type.startsWith('xstate.done.actor.');
const toOtp = (type: string, extra: Record<string, unknown> = {}) => ({ name: 'toOtp', params: { type, ...extra } });

/** What each event does on the OTP step: forwarded to the OTP child, or the child's report acted on. */
const ON_OTP_STEP: Record<string, unknown[]> = {
  // The name typed (from naming), or a new code asked for (from failed): the child sends it.
  CONFIRM_NAME: [toOtp('SEND')],
  RESEND: [toOtp('RESEND')],
  VERIFY: [toOtp('VERIFY', { otp: '123456' })],
  'OTP.SENT': [{ name: 'notifyOtpSent' }],
};

/** Every state mirrors the child's lock as it last reported it (the name and a new code wait for it). */
function mirroringTheLock(check: (arrival: Arrival) => void): StateExpectation {
  return {
    check: (arrival) => {
      if (arrival.event.type === 'OTP.LOCK_CHANGED') {
        expect(arrival.snapshot.context.resendLocked).toBe((arrival.event as { locked?: boolean }).locked);
        expect(effects(arrival)).toEqual([]);
        return;
      }
      check(arrival);
    },
  };
}

describeMachinePaths(machineModel('deleteWorkspace'), {
  closed: mirroringTheLock((arrival) => {
    expect(arrival.snapshot.context).toMatchObject({ workspace: null, typedName: '', error: null });
    // Cancel drops the child's step too; its lock runs on.
    expect(effects(arrival)).toEqual(arrival.event.type === 'CANCEL' ? [toOtp('CANCEL')] : []);
  }),
  naming: mirroringTheLock((arrival) => {
    expect(arrival.snapshot.context.workspace).toEqual(WALK_WORKSPACE);
    // A wrong name, or the right one while the lock runs, asks for nothing.
    if (arrival.event.type === 'CONFIRM_NAME') expect(effects(arrival)).toEqual([]);
  }),
  otp: mirroringTheLock((arrival) => {
    // The name as typed, trimmed, is what the delete will send; a code is only asked for unlocked.
    expect(arrival.snapshot.context.typedName).toBe(WALK_WORKSPACE.name);
    expect(arrival.snapshot.context.error).toBeNull();
    expect(effects(arrival)).toEqual(ON_OTP_STEP[arrival.event.type]);
    if (['CONFIRM_NAME', 'RESEND'].includes(arrival.event.type) && arrival.entered.includes('otp'))
      expect(arrival.snapshot.context.resendLocked).toBe(false);
  }),
  deleting: mirroringTheLock((arrival) => {
    if (arrival.entered.includes('deleting'))
      expect(arrival.calls).toEqual([{ src: 'deleteWorkspace', input: { name: WALK_WORKSPACE.name } }]);
    expect(arrival.snapshot.context.error).toBeNull();
  }),
  failed: mirroringTheLock(({ snapshot }) => expect(snapshot.context.error).not.toBeNull()),
  done: mirroringTheLock((arrival) =>
    expect(effects(arrival)).toEqual(
      isAnswer(arrival) ? [{ name: 'notifyDeleted' }, { name: 'leaveDeletedWorkspace' }] : [],
    ),
  ),
});
