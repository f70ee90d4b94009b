import { describeMachinePaths } from '@client/test/machinePaths';
import { machineModel, TRIAL_ENDS } from '@client/test/machineRegistry';
import { daysLeft } from '@shared/trial';

import { TRIAL_STARTED_MESSAGE } from './TrialCallToAction';

/** Spec sections 4 and 9: a start without a known end lasts 7 days (604800000 ms). */
const SPEC_TRIAL_MS = 604_800_000;
/** setTimeout's reach: a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

describe('trial notices', () => {
  it('says what the spec says', () =>
    expect(TRIAL_STARTED_MESSAGE).toBe('Your 7-day trial has started. Make the most of it!'));
});

describeMachinePaths(machineModel('trial'), {
  notStarted: {
    check: ({ snapshot, event }) => {
      expect(snapshot.context.endsAt).toBeNull();
      if (event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).not.toBeNull();
    },
  },
  starting: {
    check: ({ calls, entered }) =>
      expect(calls).toEqual(entered.includes('starting') ? [{ src: 'startTrial', input: undefined }] : []),
  },
  active: {
    // The timer runs until the end, in steps of at most MAX_TIMER_MS.
    leavesAfterMs: ({ context }) => Math.min(MAX_TIMER_MS, context.endsAt - Date.now()),
    check: ({ snapshot, event, effects, now }) => {
      const { endsAt } = snapshot.context;
      expect(endsAt).toBeGreaterThan(now);
      if (event.type.startsWith('xstate.done.actor.')) {
        expect(effects.map((effect) => effect.name)).toEqual(['notifyStarted']);
        const reported = (event as unknown as { output: { trial_ends_at: string | null } }).output.trial_ends_at;
        // The server's end when it says one, else 7 days from now: 7 days left.
        expect(endsAt).toBe(reported ? Date.parse(reported) : now + SPEC_TRIAL_MS);
        expect(daysLeft(endsAt, now)).toBe(reported === TRIAL_ENDS.inThirtyDays ? 30 : 7);
      }
    },
  },
  ended: {
    // Final: no way back (spec section 4).
    check: ({ snapshot, now }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.endsAt).toBeLessThanOrEqual(now);
    },
  },
});
