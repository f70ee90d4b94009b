import { overviewRowBody } from '@client/test/workspaces.handlers';

import { DEFAULT_SORT, filterRows, isTypingTarget, nextSort, sortRows } from './allClients';

const rows = [
  overviewRowBody({ id: 'a', name: 'beta', role: 'viewer', spend: 10, last_synced_at: null }),
  overviewRowBody({ id: 'b', name: 'Alpha', role: 'owner', spend: null, last_synced_at: '2030-01-02T00:00:00.000Z' }),
  overviewRowBody({ id: 'c', name: 'gamma 10', role: 'client', spend: 10, last_synced_at: '2030-01-05T00:00:00.000Z' }),
  overviewRowBody({ id: 'd', name: 'gamma 9', role: 'manager', spend: 30, last_synced_at: '2030-01-01T00:00:00.000Z' }),
];
const names = (sorted: typeof rows) => sorted.map((row) => row.name);

describe('sortRows', () => {
  it('sorts names as people read them, without regard to case, numbers by value', () => {
    expect(names(sortRows(rows, DEFAULT_SORT))).toEqual(['Alpha', 'beta', 'gamma 9', 'gamma 10']);
  });

  it('puts missing figures last both ways and breaks ties by name', () => {
    expect(names(sortRows(rows, { key: 'spend', order: 'desc' }))).toEqual(['gamma 9', 'beta', 'gamma 10', 'Alpha']);
    expect(names(sortRows(rows, { key: 'spend', order: 'asc' }))).toEqual(['beta', 'gamma 10', 'gamma 9', 'Alpha']);
    expect(names(sortRows(rows, { key: 'last_synced_at', order: 'desc' }))).toEqual([
      'gamma 10',
      'Alpha',
      'gamma 9',
      'beta',
    ]);
  });

  it('orders roles from most to least powerful', () => {
    expect(sortRows(rows, { key: 'role', order: 'asc' }).map((row) => row.role)).toEqual([
      'owner',
      'manager',
      'viewer',
      'client',
    ]);
  });
});

describe('nextSort', () => {
  it('turns the same column around and starts figures largest first', () => {
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'spend')).toEqual({ key: 'spend', order: 'desc' });
    expect(nextSort({ key: 'spend', order: 'desc' }, 'role')).toEqual({ key: 'role', order: 'asc' });
  });
});

describe('filterRows', () => {
  it('matches names and role titles in any case; an empty search keeps all', () => {
    expect(names(filterRows(rows, ' GAMMA '))).toEqual(['gamma 10', 'gamma 9']);
    expect(names(filterRows(rows, 'viewer'))).toEqual(['beta']);
    expect(filterRows(rows, '  ')).toHaveLength(rows.length);
  });
});

describe('isTypingTarget', () => {
  it('is true for fields and editable text only', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not derive isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
