import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';
import type { SyncStatus } from '@shared/api/dashboard';

import { platformFailureNotices } from './refresh.machine';

/** Spec section 8: the words; the poll cadence and the give-up time are the machine's own. */
const SPEC_REFRESH_FAILED = 'Refresh failed';
const SPEC_DATA_REFRESHED = 'Data refreshed';
const POLL_MS = 1500;
const POLL_TIMEOUT_MS = 90_000;

const isReloadOutcome = ({ event }: Arrival) => /^xstate\.(done|error)\.actor\..*reloading$/.test(event.type);

describeMachinePaths(machineModel('refresh'), {
  idle: {
    check: (arrival) => {
      const { effects, snapshot, event } = arrival;
      if (isReloadOutcome(arrival)) {
        // After a finished sync: each failed platform, then 'Data refreshed'; after giving up, nothing more.
        const expected =
          snapshot.context.outcome === 'synced'
            ? [
                ...platformFailureNotices(snapshot.context.status),
                { message: SPEC_DATA_REFRESHED, variant: 'success' },
              ].map((params) => ({ name: 'notify', params }))
            : [];
        expect(effects).toEqual(expected);
        if (
          snapshot.context.outcome === 'synced' &&
          snapshot.context.status?.connections.some(
            (connection: SyncStatus['connections'][number]) => connection.status === 'failed',
          )
        ) {
          expect(effects[0]).toEqual({
            name: 'notify',
            params: { message: '❌ Meta Ads API failed', variant: 'error' },
          });
        }
      } else if (event.type.startsWith('xstate.error.actor.')) {
        // The start failed: the server's words, else 'Refresh failed'.
        expect(effects).toEqual([
          { name: 'notifyStartFailed', params: { message: 'Unified sync error', variant: 'error' } },
        ]);
      } else {
        expect(effects).toEqual([]);
      }
    },
  },
  starting: {
    check: ({ snapshot, calls }) => {
      expect(calls).toEqual([{ src: 'startSync', input: undefined }]);
      expect(snapshot.context).toEqual({ status: null, outcome: 'synced' });
    },
  },
  polling: { leavesAfterMs: POLL_TIMEOUT_MS },
  'polling.waiting': {
    leavesAfterMs: POLL_MS,
    check: ({ snapshot }) => expect(snapshot.context.status?.running).toBe(true),
  },
  'polling.checking': { check: ({ calls }) => expect(calls).toEqual([{ src: 'getSyncStatus', input: undefined }]) },
  reloading: {
    check: ({ snapshot, effects, calls, event }) => {
      expect(calls).toEqual([{ src: 'reload', input: undefined }]);
      const gaveUp = event.type.startsWith('xstate.after.pollTimeout');
      expect(snapshot.context.outcome).toBe(gaveUp ? 'timedOut' : 'synced');
      expect(effects).toEqual(
        gaveUp ? [{ name: 'notify', params: { message: SPEC_REFRESH_FAILED, variant: 'error' } }] : [],
      );
    },
  },
});
