import { type OtpCalls, otpParentView, stubbedOtpChild } from '@client/test/otpParent';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import { createActor, fromPromise } from 'xstate';

import type { DeleteWorkspaceResult } from '../team.api';
import { deleteWorkspaceMachine, type DeleteWorkspaceTarget } from './deleteWorkspace.machine';

const WORKSPACE: DeleteWorkspaceTarget = { id: 'ws-1', name: 'Acme Shoes' };
const DELETED: DeleteWorkspaceResult = { deleted: true, id: WORKSPACE.id };

interface Calls extends OtpCalls {
  deleteWorkspace?: (input: { name: string }) => Promise<DeleteWorkspaceResult>;
}

function setup(calls: Calls = {}) {
  const otp = stubbedOtpChild(calls);
  const deleteWorkspace = jest.fn(calls.deleteWorkspace ?? (() => Promise.resolve(DELETED)));
  const notifyOtpSent = jest.fn();
  const notifyDeleted = jest.fn();
  const leaveDeletedWorkspace = jest.fn();
  const actor = createActor(
    deleteWorkspaceMachine.provide({
      actors: {
        otpConfirm: otp.otpConfirm,
        deleteWorkspace: fromPromise(({ input }) => deleteWorkspace(input)),
      },
      actions: { notifyOtpSent, notifyDeleted, leaveDeletedWorkspace },
    }),
  );
  actor.start();
  return {
    actor,
    ...otpParentView(actor, OTP_STEPS),
    generateOtp: otp.generateOtp,
    verifyOtp: otp.verifyOtp,
    deleteWorkspace,
    notifyOtpSent,
    notifyDeleted,
    leaveDeletedWorkspace,
  };
}

/** The OTP child's stages, as the steps of before (idle and verified are instants: the parent moves on at once). */
const OTP_STEPS = {
  idle: 'idle',
  sending: 'sending',
  awaitingCode: 'otpStep',
  verifying: 'verifying',
  verified: 'verified',
} as const;

/** Lets the provided promises settle (fake timers do not hold back microtasks). */
const settle = () => Promise.resolve().then(() => undefined);

async function toOtpStep(flow: ReturnType<typeof setup>) {
  flow.actor.send({ type: 'OPEN', workspace: WORKSPACE });
  flow.actor.send({ type: 'CONFIRM_NAME', name: WORKSPACE.name });
  await settle();
  expect(flow.step()).toBe('otpStep');
}

async function toFailed(flow: ReturnType<typeof setup>) {
  await toOtpStep(flow);
  flow.actor.send({ type: 'VERIFY', otp: '123456' });
  await settle();
  await settle();
  expect(flow.step()).toBe('failed');
}

describe('deleteWorkspaceMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('walks the happy path: typed name, OTP sent, verified, deleted, then leaves the workspace', async () => {
    const flow = setup();
    expect(flow.step()).toBe('closed');
    flow.actor.send({ type: 'OPEN', workspace: WORKSPACE });
    expect(flow.step()).toBe('naming');

    flow.actor.send({ type: 'CONFIRM_NAME', name: '  Acme Shoes ' });
    expect(flow.step()).toBe('sending');
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.notifyOtpSent).toHaveBeenCalledTimes(1);

    flow.actor.send({ type: 'VERIFY', otp: '123456' });
    expect(flow.step()).toBe('verifying');
    await settle();
    expect(flow.verifyOtp).toHaveBeenCalledWith({ otp: '123456' });
    await settle();
    expect(flow.deleteWorkspace).toHaveBeenCalledWith({ name: 'Acme Shoes' });
    expect(flow.step()).toBe('done');
    expect(flow.notifyDeleted).toHaveBeenCalledTimes(1);
    expect(flow.leaveDeletedWorkspace).toHaveBeenCalledTimes(1);
  });

  it('asks for no OTP until the name is typed exactly', () => {
    const flow = setup();
    flow.actor.send({ type: 'OPEN', workspace: WORKSPACE });
    for (const name of ['', 'acme shoes', 'Acme', 'Acme Shoes!']) {
      flow.actor.send({ type: 'CONFIRM_NAME', name });
      expect(flow.step()).toBe('naming');
    }
    expect(flow.generateOtp).not.toHaveBeenCalled();
  });

  it('never verifies an OTP that is not six digits', async () => {
    const flow = setup();
    await toOtpStep(flow);
    for (const otp of ['', '12345', '1234567', '12a456']) {
      flow.actor.send({ type: 'VERIFY', otp });
      expect(flow.step()).toBe('otpStep');
    }
    expect(flow.verifyOtp).not.toHaveBeenCalled();
  });

  it('locks Resend for the server-given seconds, counting down, then sends a new code', async () => {
    const flow = setup();
    await toOtpStep(flow);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);
    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('otpStep');

    jest.advanceTimersByTime(3000);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS - 3);
    jest.advanceTimersByTime((RESEND_LOCK_SECONDS - 3) * 1000);
    expect(flow.context().resendSecondsLeft).toBe(0);

    flow.actor.send({ type: 'RESEND' });
    expect(flow.step()).toBe('sending');
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.generateOtp).toHaveBeenCalledTimes(2);
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS);
  });

  it('stays on the name with the error when sending fails, and a 429 starts the lock it names', async () => {
    const tooSoon = {
      status: 429,
      data: { detail: 'Please wait 12 seconds before requesting another OTP.', retry_after_seconds: 12 },
    };
    const flow = setup({ generateOtp: () => Promise.reject(tooSoon) });
    flow.actor.send({ type: 'OPEN', workspace: WORKSPACE });
    flow.actor.send({ type: 'CONFIRM_NAME', name: WORKSPACE.name });
    await settle();
    expect(flow.step()).toBe('naming');
    expect(flow.context().error).toBe(tooSoon);
    expect(flow.context().resendSecondsLeft).toBe(12);
    flow.actor.send({ type: 'CONFIRM_NAME', name: WORKSPACE.name });
    expect(flow.step()).toBe('naming');
    expect(flow.generateOtp).toHaveBeenCalledTimes(1);
  });

  it('stays on the OTP step with the error when verification fails, and never deletes', async () => {
    const invalid = { status: 400, data: { detail: 'Invalid OTP.' } };
    const flow = setup({ verifyOtp: () => Promise.reject(invalid) });
    await toOtpStep(flow);
    flow.actor.send({ type: 'VERIFY', otp: '000000' });
    await settle();
    expect(flow.step()).toBe('otpStep');
    expect(flow.context().error).toBe(invalid);
    expect(flow.deleteWorkspace).not.toHaveBeenCalled();
  });

  it('fails with the server’s reason; Retry deletes again, Resend asks for a new code', async () => {
    const refused = { status: 403, data: { detail: WORKSPACE_MESSAGES.otpRequired } };
    let attempts = 0;
    const flow = setup({
      deleteWorkspace: () => (++attempts === 1 ? Promise.reject(refused) : Promise.resolve(DELETED)),
    });
    await toFailed(flow);
    expect(flow.context().error).toBe(refused);
    expect(flow.leaveDeletedWorkspace).not.toHaveBeenCalled();

    flow.actor.send({ type: 'RETRY' });
    expect(flow.context().error).toBeNull();
    await settle();
    expect(flow.step()).toBe('done');
    expect(flow.deleteWorkspace).toHaveBeenCalledTimes(2);

    const resend = setup({ deleteWorkspace: () => Promise.reject(refused) });
    await toFailed(resend);
    resend.actor.send({ type: 'RESEND' });
    expect(resend.step()).toBe('failed');
    jest.advanceTimersByTime(RESEND_LOCK_SECONDS * 1000);
    resend.actor.send({ type: 'RESEND' });
    await settle();
    expect(resend.step()).toBe('otpStep');
    expect(resend.generateOtp).toHaveBeenCalledTimes(2);
  });

  it('cancels from every step but the delete, and the lock outlives Cancel', async () => {
    const flow = setup();
    await toOtpStep(flow);
    flow.actor.send({ type: 'CANCEL' });
    expect(flow.step()).toBe('closed');
    expect(flow.context()).toMatchObject({ workspace: null, typedName: '', error: null });

    jest.advanceTimersByTime(5000);
    flow.actor.send({ type: 'OPEN', workspace: WORKSPACE });
    expect(flow.context().resendSecondsLeft).toBe(RESEND_LOCK_SECONDS - 5);
    flow.actor.send({ type: 'CONFIRM_NAME', name: WORKSPACE.name });
    expect(flow.step()).toBe('naming');

    const verifying = setup();
    await toOtpStep(verifying);
    verifying.actor.send({ type: 'VERIFY', otp: '123456' });
    verifying.actor.send({ type: 'CANCEL' });
    await settle();
    expect(verifying.step()).toBe('closed');
    expect(verifying.deleteWorkspace).not.toHaveBeenCalled();

    const deleting = setup({ deleteWorkspace: () => new Promise<DeleteWorkspaceResult>(() => undefined) });
    await toOtpStep(deleting);
    deleting.actor.send({ type: 'VERIFY', otp: '123456' });
    await settle();
    deleting.actor.send({ type: 'CANCEL' });
    expect(deleting.step()).toBe('deleting');
  });
});
