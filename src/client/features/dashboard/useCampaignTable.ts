import type { CampaignQuery, CampaignSortKey, DashboardQuery } from '@shared/api/dashboard';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import {
  type CampaignSort,
  type CampaignTableView,
  nextSort,
  readTableView,
  writeTableView,
} from './campaignTableParams';

export type { CampaignSort } from './campaignTableParams';

/** The name search waits for a pause in typing before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The Campaign Overview's server-side state: sort, page, page size and name search, on top of
 * the dashboard filters, all kept in the address (?sort&order&page&page_size&q, defaults left
 * out) so a reload or a shared link shows the same view. A new sort, page or page size is a
 * history entry of its own (Back steps back through them); the search replaces the entry it
 * typed into. Any change but the page itself goes back to the first page (a filter change too:
 * useDashboardFilters drops the page).
 */
export function useCampaignTable(filters: DashboardQuery) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readTableView(params), [params]);

  // The search box shows what is typed at once; the address (and the request) follow after a pause.
  // `q` is the address's search the text belongs to, `sent` the last search the box wrote there:
  // when the address arrives at that, the box keeps what is typed (spaces and all); when it moves
  // on its own (Back, Forward), the box follows it.
  const [draft, setDraft] = useState<{ q: string; text: string; sent: string | null }>({
    q: view.q,
    text: view.q,
    sent: null,
  });
  if (draft.q !== view.q) setDraft({ q: view.q, text: view.q === draft.sent ? draft.text : view.q, sent: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (patch: Partial<CampaignTableView>, replace = false) =>
      setParams((current) => writeTableView(current, { ...readTableView(current), page: 0, ...patch }), { replace }),
    [setParams],
  );

  const setSearch = (text: string) => {
    setDraft((current) => ({ ...current, text }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = text.trim();
      setDraft((current) => ({ ...current, sent: q }));
      // Only a new search goes back to the first page (a space typed at the end is no new search).
      setParams(
        (current) => {
          const now = readTableView(current);
          return now.q === q ? current : writeTableView(current, { ...now, page: 0, q });
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  const query: CampaignQuery = {
    ...filters,
    sort: view.sort.key ?? undefined,
    order: view.sort.key ? view.sort.order : undefined,
    page: view.page + 1,
    page_size: view.pageSize,
    q: view.q || undefined,
  };

  return {
    query,
    /** 0-based, as MUI's pagination counts. */
    page: view.page,
    pageSize: view.pageSize,
    sort: view.sort as CampaignSort,
    /** The search box's text (the address has it once typing pauses). */
    search: draft.text,
    setSearch,
    setPage: (page: number) => change({ page }),
    /** A page past the end (an old link, fewer campaigns now) becomes the last one, in place. */
    clampPage: (lastPage: number) => change({ page: lastPage }, true),
    setPageSize: (pageSize: number) => change({ pageSize }),
    /** A header clicked: the same column flips direction, another starts with its natural one. */
    sortBy: (key: CampaignSortKey) => change({ sort: nextSort(view.sort, key) }),
  };
}

/** What useCampaignTable returns. */
export type CampaignTableState = ReturnType<typeof useCampaignTable>;
