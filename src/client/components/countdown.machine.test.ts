import { TRIAL_COUNTDOWN_TICK_MS } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { createActor } from 'xstate';

import { type CountdownInput, countdownMachine } from './countdown.machine';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

function start(end: CountdownInput['end']) {
  const actor = createActor(countdownMachine, { input: { end } });
  actor.start();
  return actor;
}

describe('countdownMachine', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts running with the time left split into days, hours, minutes and seconds', () => {
    const actor = start(NOW + DAY_MS + 3_723_000);
    expect(actor.getSnapshot().value).toBe('running');
    expect(actor.getSnapshot().context.remaining).toEqual({ days: 1, hours: 1, minutes: 2, seconds: 3 });
    actor.stop();
  });

  it('accepts an ISO timestamp', () => {
    const actor = start(new Date(NOW + 61_000).toISOString());
    expect(actor.getSnapshot().context.remaining).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
    actor.stop();
  });

  it('ticks once every TRIAL_COUNTDOWN_TICK_MS, and not before', () => {
    const actor = start(NOW + 10_000);
    jest.advanceTimersByTime(TRIAL_COUNTDOWN_TICK_MS - 1);
    expect(actor.getSnapshot().context.remaining?.seconds).toBe(10);
    jest.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.remaining?.seconds).toBe(9);
    jest.advanceTimersByTime(3 * TRIAL_COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().context.remaining?.seconds).toBe(6);
    expect(actor.getSnapshot().value).toBe('running');
    actor.stop();
  });

  it('ends for good once the end has passed, and stops ticking', () => {
    const actor = start(NOW + 2_000);
    jest.advanceTimersByTime(2 * TRIAL_COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.remaining).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it.each([
    ['missing', null],
    ['undefined', undefined],
    ['invalid', 'not a date'],
    ['past', NOW - 1],
    ['now', NOW],
  ])('is ended at once for a %s end', (_name, end) => {
    const actor = start(end);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.remaining).toBeNull();
  });
});
