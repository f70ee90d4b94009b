import { errorMessage } from '@client/api/errors';
import type { NotifyVariant } from '@client/lib/notify';
import { platformApiFailed, type SyncRunStatus, type SyncStatus } from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';
import { assign, enqueueActions, fromPromise, setup } from 'xstate';

/** How often a running sync is asked about. */
export const SYNC_POLL_MS = 1500;
/** A refresh gives up waiting for the sync after this long. */
export const SYNC_POLL_TIMEOUT_MS = 90_000;

/** Spec section 8. */
export const REFRESH_FAILED_MESSAGE = 'Refresh failed';
export const DATA_REFRESHED_MESSAGE = 'Data refreshed';

/** Connection states a refresh reports as a failed platform. */
const FAILING_STATUSES: readonly SyncRunStatus[] = ['failed', 'needs_reconnect', 'retrying'];

/** A toast the machine asks for. */
export interface RefreshNotice {
  message: string;
  variant: NotifyVariant;
}

/**
 * One error toast per platform with a failing connection: the server's words
 * (ConnectionSync.last_error, which names the platform) when it gave any, else
 * `❌ <label> API failed` (spec section 8). The same words come back as the detail of that
 * platform's failing performance call, so the two toasts are one.
 */
export function platformFailureNotices(status: SyncStatus | null): RefreshNotice[] {
  const reasons = new Map<Platform, string | null>();
  for (const connection of status?.connections ?? []) {
    if (!FAILING_STATUSES.includes(connection.status)) continue;
    const reason = connection.last_error?.trim() || null;
    // One toast per platform: the first connection with a reason speaks for it.
    if (!reasons.has(connection.platform) || (reasons.get(connection.platform) === null && reason))
      reasons.set(connection.platform, reason);
  }
  return [...reasons].map(([platform, reason]) => {
    return { message: reason ? `❌ ${reason}` : platformApiFailed(platform), variant: 'error' };
  });
}

/** The events the refresh machine takes. */
export type RefreshEvent = { type: 'REFRESH' };

/** How the sync part of a refresh ended: the sync ran, or waiting for it gave up. */
type SyncOutcome = 'synced' | 'timedOut';

interface RefreshContext {
  /** The latest sync state seen during this refresh (what 'Syncing…' shows); null before the first. */
  status: SyncStatus | null;
  outcome: SyncOutcome;
}

const isRunning = ({ event }: { event: { output: SyncStatus } }) => event.output.running;

/**
 * The dashboard's Refresh (spec sections 4 and 8): start a manual sync, poll it every
 * SYNC_POLL_MS until nothing runs (giving up after SYNC_POLL_TIMEOUT_MS), reload every figure
 * on the page, then report failed platforms and 'Data refreshed'. The three calls and the
 * toasts are provided by the component; stopping the actor (leaving the page) cancels the
 * polling and any call in flight.
 */
export const refreshMachine = setup({
  types: {
    context: {} as RefreshContext,
    events: {} as RefreshEvent,
  },
  actors: {
    startSync: fromPromise<SyncStatus>(() => Promise.reject(new Error('startSync is provided by the component'))),
    getSyncStatus: fromPromise<SyncStatus>(() =>
      Promise.reject(new Error('getSyncStatus is provided by the component')),
    ),
    reload: fromPromise<void>(() => Promise.reject(new Error('reload is provided by the component'))),
  },
  actions: {
    // Provided by the component.
    notify: (_, _notice: RefreshNotice) => undefined,
    /** The POST failed; the app's API error channel already toasts failed requests, so it may leave this empty. */
    notifyStartFailed: (_, _notice: RefreshNotice) => undefined,
  },
  delays: {
    pollInterval: SYNC_POLL_MS,
    pollTimeout: SYNC_POLL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'refresh',
  context: { status: null, outcome: 'synced' },
  initial: 'idle',
  states: {
    idle: {
      on: { REFRESH: 'starting' },
    },
    starting: {
      entry: assign({ status: null, outcome: 'synced' }),
      invoke: {
        src: 'startSync',
        onDone: [
          { guard: isRunning, target: 'polling', actions: assign({ status: ({ event }) => event.output }) },
          { target: 'reloading', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'notifyStartFailed',
            params: ({ event }) => ({ message: errorMessage(event.error, REFRESH_FAILED_MESSAGE), variant: 'error' }),
          },
        },
      },
    },
    polling: {
      initial: 'waiting',
      // Counted from the first poll's wait, across every poll.
      after: {
        pollTimeout: {
          target: 'reloading',
          actions: [
            assign({ outcome: 'timedOut' }),
            { type: 'notify', params: { message: REFRESH_FAILED_MESSAGE, variant: 'error' } },
          ],
        },
      },
      states: {
        waiting: {
          after: { pollInterval: 'checking' },
        },
        checking: {
          invoke: {
            src: 'getSyncStatus',
            onDone: [
              { guard: isRunning, target: 'waiting', actions: assign({ status: ({ event }) => event.output }) },
              { target: '#refresh.reloading', actions: assign({ status: ({ event }) => event.output }) },
            ],
            // One failed poll is not the end of the sync; the timeout bounds a lasting failure.
            onError: 'waiting',
          },
        },
      },
    },
    // Even after giving up, what has synced so far is worth showing.
    reloading: {
      invoke: {
        src: 'reload',
        onDone: 'reporting',
        // The failed calls are reported by the API error channel; the sync itself still worked.
        onError: 'reporting',
      },
    },
    // After the reload of a sync that finished: each failed platform, then 'Data refreshed'.
    reporting: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.outcome !== 'synced') return;
        for (const notice of platformFailureNotices(context.status)) enqueue({ type: 'notify', params: notice });
        enqueue({ type: 'notify', params: { message: DATA_REFRESHED_MESSAGE, variant: 'success' } });
      }),
      always: 'idle',
    },
  },
});
