import {
  OTP_SENT as SENT,
  OTP_VERIFIED as VERIFIED,
  type OtpCalls,
  otpParentView,
  stubbedOtpChild,
} from '@client/test/otpParent';
import type { DeleteConnectedAccountResult } from '@shared/api/adAccounts';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import { createActor, fromPromise } from 'xstate';

import { disconnectMachine, type DisconnectTarget } from './disconnect.machine';

const ACCOUNT: DisconnectTarget = { id: 'conn-1', platform: 'meta', account_id: 'act_123', name: 'Main store' };
const DELETED: DeleteConnectedAccountResult = { deleted: true, id: ACCOUNT.id };

interface Calls extends OtpCalls {
  deleteConnectedAccount?: (input: { accid: string }) => Promise<DeleteConnectedAccountResult>;
}

function setup(calls: Calls = {}) {
  const otp = stubbedOtpChild(calls);
  const deleteConnectedAccount = jest.fn(calls.deleteConnectedAccount ?? (() => Promise.resolve(DELETED)));
  const notifyOtpSent = jest.fn();
  const notifyVerified = jest.fn();
  const notifyDisconnected = jest.fn();
  const actor = createActor(
    disconnectMachine.provide({
      actors: {
        otpConfirm: otp.otpConfirm,
        deleteConnectedAccount: fromPromise(({ input }) => deleteConnectedAccount(input)),
      },
      actions: { notifyOtpSent, notifyVerified, notifyDisconnected },
    }),
  );
  actor.start();
  return {
    actor,
    ...otpParentView(actor, OTP_STEPS),
    generateOtp: otp.generateOtp,
    verifyOtp: otp.verifyOtp,
    deleteConnectedAccount,
    notifyOtpSent,
    notifyVerified,
    notifyDisconnected,
  };
}

/** The OTP child's stages, as the dialog's steps of before (verified is the instant before the confirmation). */
const OTP_STEPS = {
  idle: 'sendStep',
  sending: 'sending',
  awaitingCode: 'otpStep',
  verifying: 'verifying',
  verified: 'verified',
} as const;

/** Lets the provided promises settle (fake timers do not hold back microtasks). */
const settle = () => Promise.resolve().then(() => undefined);

/** Opens the dialog and sends the first OTP. */
async function toOtpStep(flow: ReturnType<typeof setup>) {
  flow.actor.send({ type: 'OPEN', account: ACCOUNT });
  flow.actor.send({ type: 'SEND' });
  await settle();
  expect(flow.step()).toBe('otpStep');
}

async function toConfirmStep(flow: ReturnType<typeof setup>) {
  await toOtpStep(flow);
  flow.actor.send({ type: 'VERIFY', otp: '123456' });
  await settle();
  expect(flow.step()).toBe('confirmStep');
}

describe('disconnectMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('walks the happy path: send, verify, confirm, delete, then closes and resets', async () => {
    const flow = setup();
    expect(flow.step()).toBe('closed');

    flow.actor.send({ type: 'OPEN', account: ACCOUNT });
    expect(flow.step()).toBe('sendStep');
    expect(flow.context().account).toEqual(ACCOUNT);

    flow.actor.send({ type: 'SEND' });
    expect(flow.step()).toBe('sending');
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.generateOtp).toHaveBeenCalledTimes(1);
    expect(flow.notifyOtpSent).toHaveBeenCalledTimes(1);

    flow.actor.send({ type: 'VERIFY', otp: '123456' });
    expect(flow.step()).toBe('verifying');
    await settle();
    expect(flow.step()).toBe('confirmStep');
    expect(flow.verifyOtp).toHaveBeenCalledWith({ otp: '123456' });
    expect(flow.notifyVerified).toHaveBeenCalledTimes(1);

    flow.actor.send({ type: 'CONFIRM' });
    expect(flow.step()).toBe('deleting');
    await settle();
    expect(flow.deleteConnectedAccount).toHaveBeenCalledWith({ accid: 'conn-1' });
    expect(flow.notifyDisconnected).toHaveBeenCalledTimes(1);
    expect(flow.step()).toBe('closed');
    expect(flow.context()).toMatchObject({ account: null, error: null });
  });

  it('never verifies an OTP that is not six digits', async () => {
    const flow = setup();
    await toOtpStep(flow);
    for (const otp of ['', '12345', '1234567', '12a456', ' 123456']) {
      flow.actor.send({ type: 'VERIFY', otp });
      expect(flow.step()).toBe('otpStep');
    }
    expect(flow.verifyOtp).not.toHaveBeenCalled();
  });

  it('locks Resend for the server-given seconds after a send, counting down, and unlocks at 30 s', async () => {
    const flow = setup();
    await toOtpStep(flow);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);

    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('otpStep');

    jest.advanceTimersByTime(3000);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS - 3);

    jest.advanceTimersByTime((RESEND_LOCK_SECONDS - 3) * 1000 - 1);
    expect(flow.context().resendSecondsLeft).toBe(1);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('otpStep');

    jest.advanceTimersByTime(1);
    expect(flow.context().resendSecondsLeft).toBe(0);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('sendStep');
  });

  it('takes the lock length from the server, and uses the spec value when the server gives none', async () => {
    const flow = setup({ generateOtp: () => Promise.resolve({ ...SENT, resend_after_seconds: 12 }) });
    await toOtpStep(flow);
    expect(flow.context().resendSecondsLeft).toBe(12);

    const fallback = setup({ generateOtp: () => Promise.resolve({ ...SENT, resend_after_seconds: Number.NaN }) });
    await toOtpStep(fallback);
    expect(fallback.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);
  });

  it('Resend returns to the Send step, where Send OTP waits for the lock too and then sends a new OTP', async () => {
    const flow = setup();
    await toOtpStep(flow);
    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('sendStep');

    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
    // A new send starts a new lock.
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);

    // Inside the lock, Send OTP does nothing.
    flow.actor.send({ type: 'CANCEL' });
    flow.actor.send({ type: 'OPEN', account: ACCOUNT });
    flow.actor.send({ type: 'SEND' });
    expect(flow.step()).toBe('sendStep');
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
  });

  it('stays on the Send step with the error when sending fails (a 429 keeps its detail)', async () => {
    const tooSoon = { status: 429, data: { detail: 'Please wait 20 seconds before asking for another OTP.' } };
    const flow = setup({ generateOtp: () => Promise.reject(tooSoon) });
    flow.actor.send({ type: 'OPEN', account: ACCOUNT });
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.step()).toBe('sendStep');
    expect(flow.context().error).toBe(tooSoon);
    expect(flow.notifyOtpSent).not.toHaveBeenCalled();
    expect(flow.context().resendSecondsLeft).toBe(0);
  });

  it('starts the lock from the seconds a 429 names (the server’s lock outlives a reload)', async () => {
    const tooSoon = {
      status: 429,
      data: { detail: 'Please wait 12 seconds before requesting another OTP.', retry_after_seconds: 12 },
    };
    const flow = setup({ generateOtp: () => Promise.reject(tooSoon) });
    flow.actor.send({ type: 'OPEN', account: ACCOUNT });
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.step()).toBe('sendStep');
    expect(flow.context().resendSecondsLeft).toBe(12);
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.generateOtp).toHaveBeenCalledTimes(1);
  });

  it('stays on the OTP step with the error when verification fails, and clears it on the next try', async () => {
    const invalid = { status: 400, data: { detail: 'Invalid OTP.' } };
    let attempts = 0;
    const flow = setup({ verifyOtp: () => (++attempts === 1 ? Promise.reject(invalid) : Promise.resolve(VERIFIED)) });
    await toOtpStep(flow);

    flow.actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.context().error).toBe(invalid);
    expect(flow.notifyVerified).not.toHaveBeenCalled();

    flow.actor.send({ type: 'VERIFY', otp: '123456' });
    expect(flow.context().error).toBeNull();
    await settle();
    expect(flow.step()).toBe('confirmStep');
  });

  it('stays on the confirmation with the error when the delete fails', async () => {
    const failure = { status: 403, data: { detail: 'Verify your OTP again.' } };
    const flow = setup({ deleteConnectedAccount: () => Promise.reject(failure) });
    await toConfirmStep(flow);

    flow.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(flow.step()).toBe('confirmStep');
    expect(flow.context().error).toBe(failure);
    expect(flow.context().account).toEqual(ACCOUNT);
    expect(flow.notifyDisconnected).not.toHaveBeenCalled();
  });

  describe('Cancel closes and resets', () => {
    const failure = { status: 500, data: {} };

    it('from the Send step, with an error showing', async () => {
      const flow = setup({ generateOtp: () => Promise.reject(failure) });
      flow.actor.send({ type: 'OPEN', account: ACCOUNT });
      flow.actor.send({ type: 'SEND' });
      await settle();
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.step()).toBe('closed');
      expect(flow.context()).toMatchObject({ account: null, error: null });
    });

    it('while sending, ignoring the late answer', async () => {
      const flow = setup();
      flow.actor.send({ type: 'OPEN', account: ACCOUNT });
      flow.actor.send({ type: 'SEND' });
      flow.actor.send({ type: 'CANCEL' });
      await settle();
      expect(flow.step()).toBe('closed');
      expect(flow.notifyOtpSent).not.toHaveBeenCalled();
    });

    it('from the OTP step and while verifying', async () => {
      const flow = setup();
      await toOtpStep(flow);
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.step()).toBe('closed');
      expect(flow.context()).toMatchObject({ account: null, error: null });

      const verifying = setup();
      await toOtpStep(verifying);
      verifying.actor.send({ type: 'VERIFY', otp: '123456' });
      verifying.actor.send({ type: 'CANCEL' });
      await settle();
      expect(verifying.step()).toBe('closed');
      expect(verifying.notifyVerified).not.toHaveBeenCalled();
    });

    it('from the confirmation, with an error showing', async () => {
      const flow = setup({ deleteConnectedAccount: () => Promise.reject(failure) });
      await toConfirmStep(flow);
      flow.actor.send({ type: 'CONFIRM' });
      await settle();
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.step()).toBe('closed');
      expect(flow.context()).toMatchObject({ account: null, error: null });
    });

    it('but not while the delete runs', async () => {
      const flow = setup({ deleteConnectedAccount: () => new Promise<DeleteConnectedAccountResult>(() => undefined) });
      await toConfirmStep(flow);
      flow.actor.send({ type: 'CONFIRM' });
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.step()).toBe('deleting');
    });

    it('and a reopened dialog starts at the Send step, the lock still running', async () => {
      const flow = setup();
      await toConfirmStep(flow);
      flow.actor.send({ type: 'CANCEL' });
      jest.advanceTimersByTime(5000);
      flow.actor.send({ type: 'OPEN', account: { ...ACCOUNT, id: 'conn-2' } });
      expect(flow.step()).toBe('sendStep');
      expect(flow.context().account?.id).toBe('conn-2');
      expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS - 5);
    });
  });
});
