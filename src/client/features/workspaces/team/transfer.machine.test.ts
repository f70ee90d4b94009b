import { type Team, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { createActor, fromPromise } from 'xstate';

import { type TransferCandidate, transferMachine } from './transfer.machine';

const RAVI: TransferCandidate = {
  user_id: '7d3c1b9e-2f4a-4c8e-9b1d-5a6e7f8a9b0c',
  full_name: 'Ravi Kumar',
  email: 'ravi@example.com',
};
const MEERA: TransferCandidate = {
  user_id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  full_name: 'Meera Shah',
  email: 'meera@example.com',
};
const TEAM = { workspace: { id: 'ws-1' }, members: [], invitations: [] } as unknown as Team;
const NOT_A_MEMBER = { status: 404, data: { detail: WORKSPACE_MESSAGES.memberNotFound } };

function setup(transferOwnership: (input: { userId: string }) => Promise<Team> = () => Promise.resolve(TEAM)) {
  const call = jest.fn(transferOwnership);
  const actor = createActor(
    transferMachine.provide({
      actors: { transferOwnership: fromPromise(({ input }) => call(input)) },
    }),
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, state, context, call };
}

const settle = () => Promise.resolve().then(() => undefined);

describe('transferMachine', () => {
  it('chooses a member, confirms, transfers and is done', async () => {
    const flow = setup();
    flow.actor.send({ type: 'OPEN' });
    expect(flow.state()).toBe('choosing');
    // Nothing to confirm before someone is chosen.
    flow.actor.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('choosing');

    flow.actor.send({ type: 'CHOOSE', member: RAVI });
    expect(flow.state()).toBe('confirming');
    expect(flow.context().candidate).toEqual(RAVI);

    flow.actor.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('transferring');
    await settle();
    expect(flow.call).toHaveBeenCalledWith({ userId: RAVI.user_id });
    expect(flow.state()).toBe('done');

    flow.actor.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('closed');
    expect(flow.context()).toEqual({ candidate: null, error: null });
  });

  it('goes back from the confirmation to choose someone else', async () => {
    const flow = setup();
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'CHOOSE', member: RAVI });
    flow.actor.send({ type: 'BACK' });
    expect(flow.state()).toBe('choosing');
    flow.actor.send({ type: 'CHOOSE', member: MEERA });
    flow.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(flow.call).toHaveBeenCalledWith({ userId: MEERA.user_id });
  });

  it('keeps the server’s reason when the transfer fails; Retry tries again, Back chooses again', async () => {
    let attempts = 0;
    const flow = setup(() => (++attempts === 1 ? Promise.reject(NOT_A_MEMBER) : Promise.resolve(TEAM)));
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'CHOOSE', member: RAVI });
    flow.actor.send({ type: 'CONFIRM' });
    await settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toBe(NOT_A_MEMBER);

    flow.actor.send({ type: 'RETRY' });
    expect(flow.context().error).toBeNull();
    await settle();
    expect(flow.state()).toBe('done');
    expect(flow.call).toHaveBeenCalledTimes(2);

    const back = setup(() => Promise.reject(NOT_A_MEMBER));
    back.actor.send({ type: 'OPEN' });
    back.actor.send({ type: 'CHOOSE', member: RAVI });
    back.actor.send({ type: 'CONFIRM' });
    await settle();
    back.actor.send({ type: 'BACK' });
    expect(back.state()).toBe('choosing');
    expect(back.context().error).toBeNull();
  });

  it('cancels from every step but the transfer itself', async () => {
    const flow = setup();
    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('closed');

    flow.actor.send({ type: 'OPEN' });
    flow.actor.send({ type: 'CHOOSE', member: RAVI });
    flow.actor.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('closed');
    expect(flow.context().candidate).toBeNull();

    const busy = setup(() => new Promise<Team>(() => undefined));
    busy.actor.send({ type: 'OPEN' });
    busy.actor.send({ type: 'CHOOSE', member: RAVI });
    busy.actor.send({ type: 'CONFIRM' });
    busy.actor.send({ type: 'CANCEL' });
    expect(busy.state()).toBe('transferring');
  });
});
