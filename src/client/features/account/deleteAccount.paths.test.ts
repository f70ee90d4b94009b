import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

/** Spec section 9: after the delete, /login after 600 ms. */
const SPEC_REDIRECT_MS = 600;

const effectNames = ({ effects }: Arrival) => effects.map((effect) => effect.name);

describeMachinePaths(machineModel('deleteAccount'), {
  editing: {
    // A failed delete comes back to the form with the reason; nothing was cleared.
    check: (arrival) => {
      expect(effectNames(arrival)).toEqual([]);
      if (arrival.event.type.startsWith('xstate.error.actor.')) expect(arrival.snapshot.context.error).not.toBeNull();
    },
  },
  // The username is taken as typed (spec section 5: not compared to the real one).
  confirming: { check: ({ snapshot }) => expect(snapshot.context.username).toBe('asha') },
  deleting: {
    check: (arrival) => {
      expect(effectNames(arrival)).toEqual(['notifyDeleting']);
      expect(arrival.calls).toEqual([{ src: 'deleteAccount', input: undefined }]);
      expect(arrival.snapshot.context.error).toBeNull();
    },
  },
  redirecting: {
    leavesAfterMs: SPEC_REDIRECT_MS,
    check: (arrival) => expect(effectNames(arrival)).toEqual(['clearAccountData']),
  },
  done: { check: (arrival) => expect(effectNames(arrival)).toEqual(['redirectToLogin']) },
});
