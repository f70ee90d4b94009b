import { sendBeacon } from '@client/api/beacons';
import { useAppDispatch } from '@client/app/hooks';
import type { AppDispatch } from '@client/app/store';
import { notify } from '@client/lib/notify';
import type { CampaignQuery, DashboardQuery } from '@shared/api/dashboard';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';

import { dashboardApi, type PlatformPerformanceArgs } from './dashboard.api';
import { refreshMachine } from './refresh.machine';

/** Every call the page shows, as it is asked for right now. */
export interface DashboardCalls {
  view: DashboardQuery;
  campaigns: CampaignQuery;
  performance: PlatformPerformanceArgs[];
}

const FRESH = { subscribe: false, forceRefetch: true } as const;

/** Asks again for everything on the page, in parallel, into the caches the page reads; settles when all have answered. */
export async function reloadDashboard(dispatch: AppDispatch, calls: DashboardCalls): Promise<void> {
  const { getDashboard, listCampaigns, getPlatformPerformance } = dashboardApi.endpoints;
  await Promise.allSettled([
    dispatch(getDashboard.initiate(calls.view, FRESH)),
    dispatch(listCampaigns.initiate(calls.campaigns, FRESH)),
    ...calls.performance.map((args) => dispatch(getPlatformPerformance.initiate(args, FRESH))),
  ]);
}

/**
 * Runs the refresh machine with the real effects: POST sync/, GET sync/ (aborted when the page
 * leaves), reloading what the page currently shows, and the toasts. Pressing Refresh also sends
 * the manual-sync beacon.
 */
export function useDashboardRefresh(calls: DashboardCalls) {
  const dispatch = useAppDispatch();
  // The machine outlives renders; it reloads whatever the page shows when the sync ends.
  const callsRef = useRef(calls);
  useEffect(() => {
    callsRef.current = calls;
  });

  const [snapshot, send] = useMachine(
    refreshMachine.provide({
      actors: {
        startSync: fromPromise(() => {
          const request = dispatch(dashboardApi.endpoints.startSync.initiate({}));
          // The answer lives on in the machine; the store need not keep the mutation's entry.
          return request.unwrap().finally(() => request.reset());
        }),
        getSyncStatus: fromPromise(({ signal }) => {
          const request = dispatch(dashboardApi.endpoints.getSyncStatus.initiate(undefined, FRESH));
          signal.addEventListener('abort', () => request.abort());
          return request.unwrap();
        }),
        reload: fromPromise(() => reloadDashboard(dispatch, callsRef.current)),
      },
      actions: {
        notify: (_, { message, variant }) => notify(message, variant),
        // A failed POST is a failed request: the API error channel already toasts it (dashboardErrorFallbacks.startSync).
        notifyStartFailed: () => undefined,
      },
    }),
  );

  const refresh = () => {
    sendBeacon('analytics/manual-sync', { ts: Date.now() });
    send({ type: 'REFRESH' });
  };

  return {
    refresh,
    refreshing: !snapshot.matches('idle'),
    /** The sync state seen while this refresh polls; null otherwise. */
    liveStatus: snapshot.matches('idle') ? null : snapshot.context.status,
  };
}
