import { describeMachinePaths } from '@client/test/machinePaths';
import { COUNTDOWN_END_MS, machineModel } from '@client/test/machineRegistry';

import { TRIAL_ENDED_MESSAGE } from './TrialCountdown';

/** Spec section 9: the countdown ticks every 1000 ms. */
const SPEC_TICK_MS = 1000;

describe('countdown wording', () => {
  it('says what the spec says once nothing is left', () => expect(TRIAL_ENDED_MESSAGE).toBe('Your Trial has ended!'));
});

describeMachinePaths(machineModel('countdown'), {
  running: {
    leavesAfterMs: SPEC_TICK_MS,
    // Whole seconds left, counted down once a tick.
    check: ({ snapshot, now }) =>
      expect(snapshot.context.remaining).toEqual({
        days: 0,
        hours: 0,
        minutes: 0,
        seconds: Math.floor((COUNTDOWN_END_MS - now) / 1000),
      }),
  },
  ended: {
    check: ({ snapshot, now }) => {
      expect(now).toBeGreaterThanOrEqual(COUNTDOWN_END_MS);
      expect(snapshot.context.remaining).toBeNull();
      expect(snapshot.status).toBe('done');
    },
  },
});
