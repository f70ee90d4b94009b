import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

import { LOGGED_OUT_MESSAGE } from './useLogoutFlow';

/** Spec section 8 and 9: the notice, and the redirect after 0.8 s. */
const SPEC_LOGGED_OUT = "You've been logged out successfully";
const SPEC_REDIRECT_MS = 800;

const effectNames = ({ effects }: Arrival) => effects.map((effect) => effect.name);

describe('logout notices', () => {
  it('says what the spec says', () => expect(LOGGED_OUT_MESSAGE).toBe(SPEC_LOGGED_OUT));
});

describeMachinePaths(machineModel('logout'), {
  idle: { check: (arrival) => expect(effectNames(arrival)).toEqual([]) },
  confirming: { check: (arrival) => expect(arrival.calls).toEqual([]) },
  loggingOut: { check: (arrival) => expect(arrival.calls).toEqual([{ src: 'logout', input: undefined }]) },
  redirecting: {
    leavesAfterMs: SPEC_REDIRECT_MS,
    // The session is cleared whether or not the call worked; only a success is announced.
    check: (arrival) =>
      expect(effectNames(arrival)).toEqual(
        arrival.snapshot.context.error === null ? ['clearSession', 'notifyLoggedOut'] : ['clearSession'],
      ),
  },
  done: { check: (arrival) => expect(effectNames(arrival)).toEqual(['redirectToLogin']) },
});
