import { paths } from '@client/lib/paths';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';

import { rememberedLocation, rememberPage, userIdOf } from './lastPage';
import { selectAccessToken } from './session.slice';

/**
 * Keeps the signed-in user's last page of the app (see lastPage.ts) as they move around.
 * `dashboardShown` says whether /dashboard is really there for them (without a trial or plan it
 * answers not found, and is not remembered).
 */
export function useRememberLastPage(dashboardShown: boolean): void {
  const { pathname, search } = useLocation();
  const userId = userIdOf(useSelector(selectAccessToken));
  const shown = pathname !== paths.dashboard || dashboardShown;
  useEffect(() => {
    if (!userId || !shown) return;
    const location = rememberedLocation(pathname, search);
    if (location) rememberPage(userId, location);
  }, [userId, shown, pathname, search]);
}
