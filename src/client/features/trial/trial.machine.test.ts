import { TRIAL_DURATION_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { createActor, fromPromise } from 'xstate';

import { trialMachine, type TrialReport, type TrialStartOutput } from './trial.machine';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function setup(
  input: TrialReport,
  start: () => Promise<TrialStartOutput> = () => Promise.resolve({ trial_ends_at: null }),
) {
  const notifyStarted = jest.fn();
  const startTrial = jest.fn(start);
  const actor = createActor(
    trialMachine.provide({ actors: { startTrial: fromPromise(startTrial) }, actions: { notifyStarted } }),
    { input },
  );
  actor.start();
  return { actor, notifyStarted, startTrial };
}

const notOnTrial: TrialReport = { isTrial: false, endsAt: null };
const settle = () => Promise.resolve().then(() => undefined);

describe('trialMachine', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  describe('where it starts', () => {
    it('is not started without a trial, even with a stray end date', () => {
      expect(setup(notOnTrial).actor.getSnapshot().value).toBe('notStarted');
      expect(setup({ isTrial: false, endsAt: iso(NOW + DAY_MS) }).actor.getSnapshot().value).toBe('notStarted');
    });

    it('is active on a trial that ends later, with the reported end', () => {
      const { actor } = setup({ isTrial: true, endsAt: iso(NOW + DAY_MS) });
      expect(actor.getSnapshot().value).toBe('active');
      expect(actor.getSnapshot().context.endsAt).toBe(NOW + DAY_MS);
    });

    it('is ended for a trial whose end has passed', () => {
      const { actor } = setup({ isTrial: true, endsAt: iso(NOW - 1) });
      expect(actor.getSnapshot().value).toBe('ended');
      expect(actor.getSnapshot().status).toBe('done');
    });
  });

  it('starts: notStarted -> starting -> active with the server end, and says so', async () => {
    const { actor, notifyStarted, startTrial } = setup(notOnTrial, () =>
      Promise.resolve({ trial_ends_at: iso(NOW + 3 * DAY_MS) }),
    );
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(startTrial).toHaveBeenCalledTimes(1);
    await settle();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.endsAt).toBe(NOW + 3 * DAY_MS);
    expect(notifyStarted).toHaveBeenCalledTimes(1);
  });

  it('entering active with no known end sets it to now + TRIAL_DURATION_MS', async () => {
    const { actor } = setup(notOnTrial, () => Promise.resolve({ trial_ends_at: null }));
    actor.send({ type: 'START' });
    await settle();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.endsAt).toBe(NOW + TRIAL_DURATION_MS);
  });

  it('goes back to notStarted when the start fails, and can try again', async () => {
    let attempts = 0;
    const { actor, notifyStarted } = setup(notOnTrial, () =>
      ++attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve({ trial_ends_at: iso(NOW + DAY_MS) }),
    );
    actor.send({ type: 'START' });
    await settle();
    expect(actor.getSnapshot().value).toBe('notStarted');
    expect(actor.getSnapshot().context.error).toEqual(new Error('down'));
    expect(notifyStarted).not.toHaveBeenCalled();

    actor.send({ type: 'START' });
    await settle();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores START while starting and once active', async () => {
    const { actor, startTrial } = setup(notOnTrial, () => Promise.resolve({ trial_ends_at: iso(NOW + DAY_MS) }));
    actor.send({ type: 'START' });
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'START' });
    expect(startTrial).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('ends when the end time arrives, and not before', () => {
    const { actor } = setup({ isTrial: true, endsAt: iso(NOW + 5_000) });
    jest.advanceTimersByTime(4_999);
    expect(actor.getSnapshot().value).toBe('active');
    jest.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('ended');
  });

  it('waits in steps for an end further off than one timer can hold', () => {
    const farEnd = NOW + 30 * DAY_MS;
    const { actor } = setup({ isTrial: true, endsAt: iso(farEnd) });
    jest.advanceTimersByTime(25 * DAY_MS);
    expect(actor.getSnapshot().value).toBe('active');
    jest.advanceTimersByTime(5 * DAY_MS);
    expect(actor.getSnapshot().value).toBe('ended');
  });

  describe('reports from user-info', () => {
    it('moves a not-started trial to active or ended', () => {
      const first = setup(notOnTrial).actor;
      first.send({ type: 'TRIAL_REPORTED', isTrial: true, endsAt: iso(NOW + DAY_MS) });
      expect(first.getSnapshot().value).toBe('active');
      expect(first.getSnapshot().context.endsAt).toBe(NOW + DAY_MS);

      const second = setup(notOnTrial).actor;
      second.send({ type: 'TRIAL_REPORTED', isTrial: true, endsAt: iso(NOW - DAY_MS) });
      expect(second.getSnapshot().value).toBe('ended');
    });

    it('leaves a not-started trial alone when the report says no trial', () => {
      const { actor } = setup(notOnTrial);
      actor.send({ type: 'TRIAL_REPORTED', isTrial: false, endsAt: null });
      expect(actor.getSnapshot().value).toBe('notStarted');
    });

    it("takes the server's end while active and re-times the end", async () => {
      const { actor } = setup(notOnTrial, () => Promise.resolve({ trial_ends_at: null }));
      actor.send({ type: 'START' });
      await settle();
      actor.send({ type: 'TRIAL_REPORTED', isTrial: true, endsAt: iso(NOW + 10_000) });
      expect(actor.getSnapshot().context.endsAt).toBe(NOW + 10_000);
      jest.advanceTimersByTime(10_000);
      expect(actor.getSnapshot().value).toBe('ended');
    });

    it('never goes back: active ignores a stale "no trial" report, ended ignores everything', () => {
      const { actor } = setup({ isTrial: true, endsAt: iso(NOW + DAY_MS) });
      actor.send({ type: 'TRIAL_REPORTED', isTrial: false, endsAt: null });
      expect(actor.getSnapshot().value).toBe('active');

      actor.send({ type: 'TRIAL_REPORTED', isTrial: true, endsAt: iso(NOW - 1) });
      expect(actor.getSnapshot().value).toBe('ended');
      actor.send({ type: 'TRIAL_REPORTED', isTrial: true, endsAt: iso(NOW + DAY_MS) });
      actor.send({ type: 'START' });
      expect(actor.getSnapshot().value).toBe('ended');
    });
  });
});
