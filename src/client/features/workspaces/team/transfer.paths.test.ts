import { describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';
import { RAVI_ID } from '@client/test/team.handlers';

describeMachinePaths(machineModel('transfer'), {
  closed: { check: ({ snapshot }) => expect(snapshot.context).toEqual({ candidate: null, error: null }) },
  choosing: { check: ({ snapshot }) => expect(snapshot.context.error).toBeNull() },
  confirming: { check: ({ snapshot }) => expect(snapshot.context.candidate?.user_id).toBe(RAVI_ID) },
  transferring: {
    check: ({ snapshot, calls }) => {
      expect(calls).toEqual([{ src: 'transferOwnership', input: { userId: RAVI_ID } }]);
      expect(snapshot.context.error).toBeNull();
    },
  },
  done: { check: ({ snapshot }) => expect(snapshot.context.error).toBeNull() },
  failed: { check: ({ snapshot }) => expect(snapshot.context.error).not.toBeNull() },
});
