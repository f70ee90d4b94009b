import { DELETE_REDIRECT_MS } from '@shared/constants';
import { createActor, fromPromise } from 'xstate';

import { deleteAccountMachine } from './deleteAccount.machine';

function setup(call: () => Promise<void>) {
  const notifyDeleting = jest.fn();
  const clearAccountData = jest.fn();
  const redirectToLogin = jest.fn();
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: { deleteAccount: fromPromise(call) },
      actions: { notifyDeleting, clearAccountData, redirectToLogin },
    }),
  );
  actor.start();
  return { actor, notifyDeleting, clearAccountData, redirectToLogin };
}

const settle = () => Promise.resolve().then(() => undefined);

describe('deleteAccountMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for confirmation with the typed username, and Cancel returns to the form', () => {
    const call = jest.fn(() => Promise.resolve());
    const { actor, notifyDeleting } = setup(call);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT', username: 'asha' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.username).toBe('asha');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(call).not.toHaveBeenCalled();
    expect(notifyDeleting).not.toHaveBeenCalled();
  });

  it('on confirm says who is being deleted, then clears everything and goes to /login after DELETE_REDIRECT_MS', async () => {
    const call = jest.fn(() => Promise.resolve());
    const { actor, notifyDeleting, clearAccountData, redirectToLogin } = setup(call);
    actor.send({ type: 'SUBMIT', username: 'asha' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(notifyDeleting).toHaveBeenCalledTimes(1);
    expect(notifyDeleting.mock.calls[0][0].context.username).toBe('asha');
    expect(call).toHaveBeenCalledTimes(1);

    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(clearAccountData).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(DELETE_REDIRECT_MS - 1);
    expect(redirectToLogin).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('on failure keeps everything and returns to the form', async () => {
    const failure = { status: 500, data: {} };
    const { actor, clearAccountData, redirectToLogin } = setup(() => Promise.reject(failure));
    actor.send({ type: 'SUBMIT', username: 'asha' });
    actor.send({ type: 'CONFIRM' });

    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(failure);
    expect(clearAccountData).not.toHaveBeenCalled();
    jest.advanceTimersByTime(DELETE_REDIRECT_MS * 10);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('can try again after a failure', async () => {
    let attempts = 0;
    const { actor, clearAccountData } = setup(() =>
      ++attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve(),
    );
    actor.send({ type: 'SUBMIT', username: 'asha' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'SUBMIT', username: 'asha' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(clearAccountData).toHaveBeenCalledTimes(1);
  });
});
