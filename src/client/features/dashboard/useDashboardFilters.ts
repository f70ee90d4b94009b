import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { firstPage } from './campaignTableParams';
import { type DashboardFilters, readFilters, todayLocal, writeFilters } from './dashboardFilters';

/**
 * The dashboard's filters, kept in the address (?platform&account&from&to) so a reload or a
 * shared link shows the same view. Changing them replaces the history entry: Back leaves the
 * dashboard rather than stepping through every filter tried. A filter changed puts the campaign
 * table back on its first page (its sort, page size and search stay).
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const today = todayLocal();
  const filters = useMemo(() => readFilters(params, today), [params, today]);
  const setFilters = useCallback(
    (patch: Partial<DashboardFilters>) =>
      setParams((current) => firstPage(writeFilters(current, { ...readFilters(current, today), ...patch })), {
        replace: true,
      }),
    [setParams, today],
  );
  return { filters, setFilters, today };
}
