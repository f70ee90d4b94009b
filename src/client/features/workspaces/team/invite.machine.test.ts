import type { Invitation } from '@shared/api/workspaces';
import type { InvitationInput } from '@shared/validation/workspaces';
import { createActor, fromPromise } from 'xstate';

import { inviteMachine } from './invite.machine';

const INPUT: InvitationInput = { email: 'ravi@example.com', role: 'viewer' };
const INVITATION: Invitation = {
  id: 'inv-1',
  email: 'ravi@example.com',
  role: 'viewer',
  sent_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-01-08T00:00:00.000Z',
  invited_by: 'Asha Rao',
};
const ALREADY_MEMBER = { status: 409, data: { detail: 'That person is already a member of this workspace.' } };

function setup(createInvitation: (input: InvitationInput) => Promise<Invitation> = () => Promise.resolve(INVITATION)) {
  const call = jest.fn(createInvitation);
  const actor = createActor(
    inviteMachine.provide({
      actors: { createInvitation: fromPromise(({ input }) => call(input)) },
    }),
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, state, context, call };
}

/** Lets the provided promises settle. */
const settle = () => Promise.resolve().then(() => undefined);

describe('inviteMachine', () => {
  it('opens on the form, sends the invitation and says whom it went to', async () => {
    const flow = setup();
    expect(flow.state()).toBe('closed');
    flow.actor.send({ type: 'OPEN' });
    expect(flow.state()).toBe('editing');

    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    expect(flow.state()).toBe('submitting');
    await settle();
    expect(flow.call).toHaveBeenCalledWith(INPUT);
    expect(flow.state()).toBe('sent');
    expect(flow.context().sentTo).toBe('ravi@example.com');
  });

  it('keeps the server’s reason when the invitation is refused, and an edit goes back to the plain form', async () => {
    const flow = setup(() => Promise.reject(ALREADY_MEMBER));
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    await settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toBe(ALREADY_MEMBER);

    flow.actor.send({ type: 'EDIT' });
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toBeNull();
  });

  it('sends a corrected invitation straight from the failure, and Invite another starts a fresh form', async () => {
    let attempts = 0;
    const flow = setup(() => (++attempts === 1 ? Promise.reject(ALREADY_MEMBER) : Promise.resolve(INVITATION)));
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    await settle();
    expect(flow.state()).toBe('failed');

    flow.actor.send({ type: 'SUBMIT', invitation: { ...INPUT, email: 'meera@example.com' } });
    expect(flow.context().error).toBeNull();
    await settle();
    expect(flow.state()).toBe('sent');
    expect(flow.call).toHaveBeenLastCalledWith({ ...INPUT, email: 'meera@example.com' });

    flow.actor.send({ type: 'EDIT' });
    expect(flow.state()).toBe('editing');
    expect(flow.context().sentTo).toBeNull();
  });

  it('closes from the form, a failure or a sent invitation, and starts clean when opened again', async () => {
    const flow = setup(() => Promise.reject(ALREADY_MEMBER));
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('closed');

    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    await settle();
    flow.actor.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('closed');
    flow.actor.send({ type: 'OPEN' });
    expect(flow.context()).toEqual({ sentTo: null, error: null });
  });

  it('does not close while the invitation is on its way', () => {
    const flow = setup(() => new Promise<Invitation>(() => undefined));
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    flow.actor.send({ type: 'CLOSE' });
    flow.actor.send({ type: 'SUBMIT', invitation: INPUT });
    expect(flow.state()).toBe('submitting');
    expect(flow.call).toHaveBeenCalledTimes(1);
  });
});
