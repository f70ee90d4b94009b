import { baseApi } from '@client/api/baseApi';
import { useAppDispatch } from '@client/app/hooks';
import { useEffect, useRef } from 'react';

/** How often the view is asked again while a sync the user did not start (a backfill, the hourly run) is running. */
export const SYNC_FOLLOW_MS = 3000;

/**
 * Follows a sync that is already running when the page opens (the backfill right after
 * connecting, the hourly run): the view is asked again every SYNC_FOLLOW_MS while `running`,
 * and when it ends the campaigns, ads and platform figures are asked for again. Refresh follows
 * its own sync.
 */
export function useFollowSync(running: boolean, refreshing: boolean, refetchView: () => unknown): void {
  const dispatch = useAppDispatch();
  const wasRunning = useRef(false);

  useEffect(() => {
    if (!running || refreshing) return undefined;
    const timer = setInterval(refetchView, SYNC_FOLLOW_MS);
    return () => clearInterval(timer);
  }, [running, refreshing, refetchView]);

  useEffect(() => {
    if (wasRunning.current && !running && !refreshing) {
      dispatch(baseApi.util.invalidateTags(['Campaign', 'CampaignAds', 'Performance']));
    }
    wasRunning.current = running;
  }, [dispatch, running, refreshing]);
}
