import { ROLE_TITLES, ROLES } from '@shared/access/policy';
import type { WorkspaceOverviewRow } from '@shared/api/workspaces';

/** The columns the All clients table sorts by. */
export type OverviewSortKey =
  | 'name'
  | 'role'
  | 'spend'
  | 'spend_change'
  | 'connected_accounts'
  | 'needs_reconnect'
  | 'last_synced_at'
  | 'open_alerts'
  | 'open_suggestions';

/** A sort: which column, which way. */
export interface OverviewSort {
  key: OverviewSortKey;
  order: 'asc' | 'desc';
}

/** Alphabetical by workspace name, as the table opens. */
export const DEFAULT_SORT: OverviewSort = { key: 'name', order: 'asc' };

/** Figures are first looked at largest first; names and roles in reading order. */
export function firstOrderOf(key: OverviewSortKey): OverviewSort['order'] {
  return key === 'name' || key === 'role' ? 'asc' : 'desc';
}

/** The next sort after a click on `key`: the other way on the same column, else that column's first order. */
export function nextSort(sort: OverviewSort, key: OverviewSortKey): OverviewSort {
  if (sort.key === key) return { key, order: sort.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: firstOrderOf(key) };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortValue(row: WorkspaceOverviewRow, key: OverviewSortKey): string | number | null {
  switch (key) {
    case 'role':
      return ROLES.indexOf(row.role);
    case 'last_synced_at':
      return row.last_synced_at === null ? null : Date.parse(row.last_synced_at);
    default:
      return row[key];
  }
}

/**
 * The rows in `sort` order; a missing figure ('—') goes last whichever way, and equal values fall
 * back to the name so the order never jumps.
 */
export function sortRows(rows: readonly WorkspaceOverviewRow[], sort: OverviewSort): WorkspaceOverviewRow[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else {
      const compared =
        typeof left === 'string' && typeof right === 'string'
          ? collator.compare(left, right)
          : Number(left) - Number(right);
      if (compared !== 0) return compared * direction;
    }
    return collator.compare(a.name, b.name);
  });
}

/** The rows whose name or role contains `search` (any case); every row for an empty search. */
export function filterRows(rows: readonly WorkspaceOverviewRow[], search: string): WorkspaceOverviewRow[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...rows];
  return rows.filter(
    (row) =>
      row.name.toLocaleLowerCase().includes(needle) || ROLE_TITLES[row.role].toLocaleLowerCase().includes(needle),
  );
}

/** True when a key press lands where the user is typing (so `/` is a character, not a shortcut). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}
