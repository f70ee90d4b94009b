import { useEffect, useState } from 'react';
import { DEFAULT_CAMPAIGN_PAGE_SIZE, type CampaignQuery, type CampaignSortKey, type DashboardQuery } from '@shared/api/dashboard';

/** The name search waits for a pause in typing before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Figures read best largest first; names and labels A to Z. */
const DESCENDING_FIRST: ReadonlySet<CampaignSortKey> = new Set(['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions']);

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The table's sort: a column and a direction, or the server's own order. */
export interface CampaignSort {
  key: CampaignSortKey | null;
  order: 'asc' | 'desc';
}

/**
 * The Campaign Overview's server-side state: sort, page, page size and name search, on top of
 * the dashboard filters. Any change but the page itself goes back to the first page.
 */
export function useCampaignTable(filters: DashboardQuery) {
  const [sort, setSort] = useState<CampaignSort>({ key: null, order: 'asc' });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_CAMPAIGN_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  // The page belongs to one combination of everything else (state derived during render, no extra request).
  const resetKey = JSON.stringify([filters, sort, pageSize, q]);
  const [paging, setPaging] = useState({ key: resetKey, page: 0 });
  const page = paging.key === resetKey ? paging.page : 0;

  const query: CampaignQuery = {
    ...filters,
    sort: sort.key ?? undefined,
    order: sort.key ? sort.order : undefined,
    page: page + 1,
    page_size: pageSize,
    q: q || undefined,
  };

  return {
    query,
    /** 0-based, as MUI's pagination counts. */
    page,
    pageSize,
    sort,
    search,
    setSearch,
    setPage: (next: number) => setPaging({ key: resetKey, page: next }),
    setPageSize,
    /** A header clicked: the same column flips direction, another starts with its natural one. */
    sortBy: (key: CampaignSortKey) =>
      setSort((current) =>
        current.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: DESCENDING_FIRST.has(key) ? 'desc' : 'asc' },
      ),
  };
}

/** What useCampaignTable returns. */
export type CampaignTableState = ReturnType<typeof useCampaignTable>;
