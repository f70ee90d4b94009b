import { isSuggestionType, type SuggestionQuery, type SuggestionType } from '@shared/api/suggestions';
import { isPlatform, type Platform } from '@shared/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { isSuggestionGrouping, type SuggestionGrouping } from './suggestionSummary';

/** The /suggestions filters; null: every one. */
export interface SuggestionFilters {
  type: SuggestionType | null;
  platform: Platform | null;
  account: string | null;
}

const KEYS = ['type', 'platform', 'account'] as const;

/** The filters in an address (?type&platform&account); unknown values count as unset. */
export function readSuggestionFilters(params: URLSearchParams): SuggestionFilters {
  const type = params.get('type');
  const platform = params.get('platform');
  const account = params.get('account')?.trim();
  return {
    type: isSuggestionType(type) ? type : null,
    platform: isPlatform(platform) ? platform : null,
    account: account ? account : null,
  };
}

/** `params` with the filters written in (unset ones removed); other parameters are kept. */
export function writeSuggestionFilters(params: URLSearchParams, filters: SuggestionFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    const value = filters[key];
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The request for the filters. */
export function toSuggestionQuery(filters: SuggestionFilters): SuggestionQuery {
  return {
    type: filters.type ?? undefined,
    platform: filters.platform ?? undefined,
    account: filters.account ?? undefined,
  };
}

/** Whether any filter is set. */
export const isFiltered = (filters: SuggestionFilters) => KEYS.some((key) => filters[key] !== null);

/**
 * The /suggestions filters, kept in the address so a reload or a shared link shows the same
 * list. A change replaces the history entry: Back leaves the page rather than stepping through
 * every filter tried.
 */
export function useSuggestionFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSuggestionFilters(params), [params]);
  const setFilters = useCallback(
    (patch: Partial<SuggestionFilters>) =>
      setParams((current) => writeSuggestionFilters(current, { ...readSuggestionFilters(current), ...patch }), {
        replace: true,
      }),
    [setParams],
  );
  return { filters, setFilters };
}

/** The address parameter of the grouping (?group=account|type; absent: one list, best first). */
const GROUP_KEY = 'group';

/** The grouping in an address; an unknown value counts as none. */
export function readSuggestionGrouping(params: URLSearchParams): SuggestionGrouping {
  const group = params.get(GROUP_KEY);
  return isSuggestionGrouping(group) ? group : 'none';
}

/**
 * How the /suggestions cards are grouped, kept in the address beside the filters so a link
 * shows the same view; a change replaces the history entry, as the filters' do.
 */
export function useSuggestionGrouping() {
  const [params, setParams] = useSearchParams();
  const grouping = readSuggestionGrouping(params);
  const setGrouping = useCallback(
    (next: SuggestionGrouping) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'none') updated.delete(GROUP_KEY);
          else updated.set(GROUP_KEY, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { grouping, setGrouping };
}
