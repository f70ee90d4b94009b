import { LOGOUT_REDIRECT_MS } from '@shared/constants';
import { createActor, fromPromise } from 'xstate';

import { logoutMachine } from './logout.machine';

function setup(call: () => Promise<void>) {
  const clearSession = jest.fn();
  const notifyLoggedOut = jest.fn();
  const redirectToLogin = jest.fn();
  const actor = createActor(
    logoutMachine.provide({
      actors: { logout: fromPromise(call) },
      actions: { clearSession, notifyLoggedOut, redirectToLogin },
    }),
  );
  actor.start();
  return { actor, clearSession, notifyLoggedOut, redirectToLogin };
}

/** Lets the provided promise settle (fake timers do not hold back microtasks). */
const settle = () => Promise.resolve().then(() => undefined);

describe('logoutMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens the confirmation and closes it again on Cancel, without calling the server', () => {
    const call = jest.fn(() => Promise.resolve());
    const { actor, clearSession } = setup(call);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('ignores CONFIRM before the dialog is open', () => {
    const call = jest.fn(() => Promise.resolve());
    const { actor } = setup(call);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('on success clears the session, says so, and goes to /login after LOGOUT_REDIRECT_MS', async () => {
    const { actor, clearSession, notifyLoggedOut, redirectToLogin } = setup(() => Promise.resolve());
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('loggingOut');

    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(notifyLoggedOut).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS - 1);
    expect(redirectToLogin).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('on failure still clears the session and redirects, without the success notice', async () => {
    const failure = { status: 500, data: { detail: 'Server down' } };
    const { actor, clearSession, notifyLoggedOut, redirectToLogin } = setup(() => Promise.reject(failure));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CONFIRM' });

    await settle();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().context.error).toBe(failure);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(notifyLoggedOut).not.toHaveBeenCalled();

    jest.advanceTimersByTime(LOGOUT_REDIRECT_MS);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('ignores Cancel once the call is under way', () => {
    const { actor } = setup(() => new Promise<void>(() => undefined));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });
});
