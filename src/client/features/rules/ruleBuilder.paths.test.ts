import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

/** A form step is entered with its fields not yet said valid: Next waits for the form's verdict. */
const formStep = {
  check: (arrival: Arrival) => {
    if (arrival.entered.length) expect(arrival.snapshot.context.stepValid).toBe(false);
  },
};

describeMachinePaths(machineModel('ruleBuilder'), {
  conditions: formStep,
  actions: formStep,
  schedule: formStep,
  'dryRun.running': {
    // Entering the dry run step runs the dry run with the form's values.
    check: ({ snapshot, calls, entered }) => {
      if (entered.includes('dryRun.running'))
        expect(calls).toEqual([{ src: 'runDryRun', input: snapshot.context.definition }]);
      expect(snapshot.context.dryRunError).toBeNull();
    },
  },
  'dryRun.reviewed': {
    check: ({ snapshot, event }) => {
      expect(snapshot.context.dryRun).not.toBeNull();
      if (event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.saveError).not.toBeNull();
    },
  },
  'dryRun.failed': {
    check: ({ snapshot }) => {
      expect(snapshot.context.dryRun).toBeNull();
      expect(snapshot.context.dryRunError).not.toBeNull();
    },
  },
  saving: {
    check: ({ snapshot, calls, entered }) => {
      if (entered.includes('saving')) expect(calls).toEqual([{ src: 'saveRule', input: snapshot.context.definition }]);
    },
  },
  saved: {
    check: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.saved).not.toBeNull();
    },
  },
});
