import { describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

describeMachinePaths(machineModel('invite'), {
  closed: { check: ({ snapshot }) => expect(snapshot.context).toEqual({ sentTo: null, error: null }) },
  editing: { check: ({ snapshot }) => expect(snapshot.context).toEqual({ sentTo: null, error: null }) },
  submitting: {
    check: ({ calls }) =>
      expect(calls).toEqual([{ src: 'createInvitation', input: { email: 'client@example.com', role: 'client' } }]),
  },
  // "Invitation sent to x".
  sent: { check: ({ snapshot }) => expect(snapshot.context).toEqual({ sentTo: 'client@example.com', error: null }) },
  failed: { check: ({ snapshot }) => expect(snapshot.context.error).not.toBeNull() },
});
