import { OTP_SENT as SENT, OTP_VERIFIED as VERIFIED, type OtpCalls, stubbedOtpChild } from '@client/test/otpParent';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import { createActor, createMachine } from 'xstate';

import { otpConfirmWith, type OtpReport } from './otpConfirm.machine';

const TOO_SOON = {
  status: 429,
  data: { detail: 'Please wait 12 seconds before requesting another OTP.', retry_after_seconds: 12 },
};
const INVALID = { status: 400, data: { detail: 'Invalid OTP.' } };

/** The child on its own: the calls stubbed, and what it would tell its parent recorded. */
function setup(calls: OtpCalls = {}) {
  const { generateOtp, verifyOtp, otpConfirm } = stubbedOtpChild(calls);
  const reports: OtpReport[] = [];
  const actor = createActor(
    otpConfirm.provide({
      actions: {
        reportSent: () => void reports.push({ type: 'OTP.SENT' }),
        reportSendFailed: () => void reports.push({ type: 'OTP.SEND_FAILED' }),
        reportVerified: () => void reports.push({ type: 'OTP.VERIFIED' }),
        reportLockChanged: (_, params) => void reports.push({ type: 'OTP.LOCK_CHANGED', locked: params.locked }),
      },
    }),
  );
  actor.start();
  const stage = () => actor.getSnapshot().value.flow;
  const context = () => actor.getSnapshot().context;
  return { actor, stage, context, generateOtp, verifyOtp, reports };
}

/** Lets the provided promises settle (fake timers do not hold back microtasks). */
const settle = () => Promise.resolve().then(() => undefined);

async function toAwaitingCode(flow: ReturnType<typeof setup>) {
  flow.actor.send({ type: 'SEND' });
  await settle();
  expect(flow.stage()).toBe('awaitingCode');
}

async function toVerified(flow: ReturnType<typeof setup>) {
  await toAwaitingCode(flow);
  flow.actor.send({ type: 'VERIFY', otp: '123456' });
  await settle();
  expect(flow.stage()).toBe('verified');
}

describe('otpConfirmMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends, verifies and reports each step: sent, the lock on, verified', async () => {
    const flow = setup();
    expect(flow.stage()).toBe('idle');
    flow.actor.send({ type: 'SEND' });
    expect(flow.stage()).toBe('sending');
    await settle();
    expect(flow.stage()).toBe('awaitingCode');
    expect(flow.generateOtp).toHaveBeenCalledTimes(1);
    expect(flow.reports).toEqual([{ type: 'OTP.SENT' }, { type: 'OTP.LOCK_CHANGED', locked: true }]);

    flow.actor.send({ type: 'VERIFY', otp: '123456' });
    expect(flow.stage()).toBe('verifying');
    await settle();
    expect(flow.stage()).toBe('verified');
    expect(flow.verifyOtp).toHaveBeenCalledWith({ otp: '123456' });
    expect(flow.reports.at(-1)).toEqual({ type: 'OTP.VERIFIED' });
  });

  it('never verifies a code that is not six digits', async () => {
    const flow = setup();
    await toAwaitingCode(flow);
    for (const otp of ['', '12345', '1234567', '12a456', ' 123456']) {
      flow.actor.send({ type: 'VERIFY', otp });
      expect(flow.stage()).toBe('awaitingCode');
    }
    expect(flow.verifyOtp).not.toHaveBeenCalled();
  });

  it('locks for the server-given seconds, ticking down once a second, and reports the unlock', async () => {
    const flow = setup({ generateOtp: () => Promise.resolve({ ...SENT, resend_after_seconds: 12 }) });
    await toAwaitingCode(flow);
    expect(flow.context().resendSecondsLeft).toBe(12);
    jest.advanceTimersByTime(999);
    expect(flow.context().resendSecondsLeft).toBe(12);
    jest.advanceTimersByTime(1);
    expect(flow.context().resendSecondsLeft).toBe(11);
    jest.advanceTimersByTime(10_999);
    expect(flow.context().resendSecondsLeft).toBe(1);
    expect(flow.reports.at(-1)).toEqual({ type: 'OTP.LOCK_CHANGED', locked: true });
    jest.advanceTimersByTime(1);
    expect(flow.context().resendSecondsLeft).toBe(0);
    expect(flow.reports.at(-1)).toEqual({ type: 'OTP.LOCK_CHANGED', locked: false });
    expect(flow.actor.getSnapshot().value.resendLock).toBe('unlocked');
  });

  it('uses the spec value when the server names no usable lock', async () => {
    const flow = setup({ generateOtp: () => Promise.resolve({ ...SENT, resend_after_seconds: Number.NaN }) });
    await toAwaitingCode(flow);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);
  });

  it('refuses Send, Resend and Back while locked, and takes them once the lock is out', async () => {
    const flow = setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'RESEND' });
    flow.actor.send({ type: 'BACK' });
    expect(flow.stage()).toBe('awaitingCode');

    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.stage()).toBe('sending');
    await settle();
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
    // A new send starts a new lock.
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);

    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    flow.actor.send({ type: 'BACK' });
    expect(flow.stage()).toBe('idle');
    flow.actor.send({ type: 'SEND' });
    expect(flow.stage()).toBe('sending');

    const locked = setup();
    await toAwaitingCode(locked);
    locked.actor.send({ type: 'CANCEL' });
    locked.actor.send({ type: 'SEND' });
    expect(locked.stage()).toBe('idle');
    expect(locked.generateOtp).toHaveBeenCalledTimes(1);
  });

  it('Back clears the last failure', async () => {
    const flow = setup({ verifyOtp: () => Promise.reject(INVALID) });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    flow.actor.send({ type: 'BACK' });
    expect(flow.stage()).toBe('idle');
    expect(flow.context().error).toBeNull();
  });

  it('sends a new code once verified (it may have run out), when the lock allows', async () => {
    const flow = setup();
    await toVerified(flow);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.stage()).toBe('verified');
    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    flow.actor.send({ type: 'RESEND' });
    await settle();
    expect(flow.stage()).toBe('awaitingCode');
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
  });

  it('goes back to idle with the error when sending fails, reporting it; a plain failure starts no lock', async () => {
    const failure = { status: 500, data: {} };
    const flow = setup({ generateOtp: () => Promise.reject(failure) });
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.stage()).toBe('idle');
    expect(flow.context()).toEqual({ error: failure, resendSecondsLeft: 0 });
    expect(flow.reports).toEqual([{ type: 'OTP.SEND_FAILED' }]);

    flow.actor.send({ type: 'SEND' });
    expect(flow.context().error).toBeNull();
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
  });

  it('starts the lock from the seconds a 429 names (the server’s lock outlives a reload)', async () => {
    const flow = setup({ generateOtp: () => Promise.reject(TOO_SOON) });
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.stage()).toBe('idle');
    expect(flow.context()).toEqual({ error: TOO_SOON, resendSecondsLeft: 12 });
    expect(flow.reports).toEqual([{ type: 'OTP.SEND_FAILED' }, { type: 'OTP.LOCK_CHANGED', locked: true }]);
    flow.actor.send({ type: 'SEND' });
    await settle();
    expect(flow.generateOtp).toHaveBeenCalledTimes(1);
  });

  it('stays on the code with the error when verification fails, and clears it on the next try', async () => {
    let attempts = 0;
    const flow = setup({ verifyOtp: () => (++attempts === 1 ? Promise.reject(INVALID) : Promise.resolve(VERIFIED)) });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(flow.stage()).toBe('awaitingCode');
    expect(flow.context().error).toBe(INVALID);
    expect(flow.reports).not.toContainEqual({ type: 'OTP.VERIFIED' });

    flow.actor.send({ type: 'VERIFY', otp: '123456' });
    expect(flow.context().error).toBeNull();
    await settle();
    expect(flow.stage()).toBe('verified');
  });

  describe('Cancel goes back to idle, clearing the error', () => {
    it('from idle with an error showing', async () => {
      const flow = setup({ generateOtp: () => Promise.reject(TOO_SOON) });
      flow.actor.send({ type: 'SEND' });
      await settle();
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.stage()).toBe('idle');
      expect(flow.context().error).toBeNull();
    });

    it('while sending, ignoring the late answer', async () => {
      const flow = setup();
      flow.actor.send({ type: 'SEND' });
      flow.actor.send({ type: 'CANCEL' });
      await settle();
      expect(flow.stage()).toBe('idle');
      expect(flow.reports).toEqual([]);
    });

    it('while verifying, ignoring the late answer', async () => {
      const flow = setup();
      await toAwaitingCode(flow);
      flow.actor.send({ type: 'VERIFY', otp: '123456' });
      flow.actor.send({ type: 'CANCEL' });
      await settle();
      expect(flow.stage()).toBe('idle');
      expect(flow.reports).not.toContainEqual({ type: 'OTP.VERIFIED' });
    });

    it('from a verified code', async () => {
      const flow = setup();
      await toVerified(flow);
      flow.actor.send({ type: 'CANCEL' });
      expect(flow.stage()).toBe('idle');
    });

    it('but the lock keeps running', async () => {
      const flow = setup();
      await toAwaitingCode(flow);
      flow.actor.send({ type: 'CANCEL' });
      jest.advanceTimersByTime(5000);
      expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS - 5);
      expect(flow.actor.getSnapshot().value.resendLock).toBe('locked');
    });
  });

  it('reports to the parent that invokes it, by default', async () => {
    const received: string[] = [];
    const parent = createMachine({
      invoke: {
        id: 'otp',
        src: otpConfirmWith({ generateOtp: () => Promise.resolve(SENT), verifyOtp: () => Promise.resolve(VERIFIED) }),
      },
      on: { '*': { actions: ({ event }) => void received.push(event.type) } },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().children.otp?.send({ type: 'SEND' });
    await settle();
    expect(received).toEqual(['OTP.SENT', 'OTP.LOCK_CHANGED']);
  });
});
