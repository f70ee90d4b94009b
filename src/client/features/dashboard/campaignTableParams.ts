import {
  CAMPAIGN_MAX_PAGE,
  CAMPAIGN_PAGE_SIZES,
  CAMPAIGN_SEARCH_MAX,
  CAMPAIGN_SORT_KEYS,
  type CampaignSortKey,
  DEFAULT_CAMPAIGN_PAGE_SIZE,
} from '@shared/api/dashboard';

/** The table's sort: a column and a direction, or the server's own order (key null). */
export interface CampaignSort {
  key: CampaignSortKey | null;
  order: 'asc' | 'desc';
}

/** What the Campaign Overview shows, as the address keeps it (?sort&order&page&page_size&q). */
export interface CampaignTableView {
  sort: CampaignSort;
  /** 0-based, as MUI's pagination counts; the address says page=1 for the first. */
  page: number;
  pageSize: number;
  /** The name search, trimmed. */
  q: string;
}

/** The query keys the table uses, next to the dashboard filters' own. */
export const TABLE_KEYS = ['sort', 'order', 'page', 'page_size', 'q'] as const;

/** The view with nothing asked for: the server's order, the first page of 25, no search. */
export const DEFAULT_TABLE_VIEW: CampaignTableView = {
  sort: { key: null, order: 'asc' },
  page: 0,
  pageSize: DEFAULT_CAMPAIGN_PAGE_SIZE,
  q: '',
};

/** Figures read best largest first; names and labels A to Z. */
const DESCENDING_FIRST: ReadonlySet<CampaignSortKey> = new Set([
  'spend',
  'impressions',
  'clicks',
  'ctr',
  'cpc',
  'conversions',
]);

/** The direction a column sorts in when its header is first clicked. */
export function naturalOrder(key: CampaignSortKey): CampaignSort['order'] {
  return DESCENDING_FIRST.has(key) ? 'desc' : 'asc';
}

/** The sort after a header is clicked: the same column flips direction, another starts with its natural one. */
export function nextSort(current: CampaignSort, key: CampaignSortKey): CampaignSort {
  if (current.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: naturalOrder(key) };
}

function isSortKey(value: string | null): value is CampaignSortKey {
  return (CAMPAIGN_SORT_KEYS as readonly (string | null)[]).includes(value);
}

/** A whole number written plainly (no sign, exponent, decimals or spaces), or null. */
function plainNumber(value: string | null): number | null {
  return value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

/** The view an address asks for; anything missing or malformed falls back to its default on its own. */
export function readTableView(params: URLSearchParams): CampaignTableView {
  const key = params.get('sort');
  const order = params.get('order');
  const sort: CampaignSort = isSortKey(key)
    ? { key, order: order === 'asc' || order === 'desc' ? order : naturalOrder(key) }
    : DEFAULT_TABLE_VIEW.sort;
  const page = plainNumber(params.get('page'));
  const pageSize = plainNumber(params.get('page_size'));
  const q = (params.get('q') ?? '').trim();
  return {
    sort,
    page: page !== null && page >= 1 && page <= CAMPAIGN_MAX_PAGE ? page - 1 : DEFAULT_TABLE_VIEW.page,
    pageSize:
      pageSize !== null && (CAMPAIGN_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_TABLE_VIEW.pageSize,
    q: q.length <= CAMPAIGN_SEARCH_MAX ? q : DEFAULT_TABLE_VIEW.q,
  };
}

/** The address query for the view, keeping unrelated keys; defaults (and a column's natural direction) are left out. */
export function writeTableView(params: URLSearchParams, view: CampaignTableView): URLSearchParams {
  const next = new URLSearchParams(params);
  const { key, order } = view.sort;
  const values: Record<(typeof TABLE_KEYS)[number], string | null> = {
    sort: key,
    order: key && order !== naturalOrder(key) ? order : null,
    page: view.page > 0 ? String(view.page + 1) : null,
    page_size: view.pageSize !== DEFAULT_TABLE_VIEW.pageSize ? String(view.pageSize) : null,
    q: view.q.trim() || null,
  };
  for (const name of TABLE_KEYS) {
    const value = values[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The address with the table back on its first page (a filter changed). */
export function firstPage(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  return next;
}
