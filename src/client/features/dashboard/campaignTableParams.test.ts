import { CAMPAIGN_SEARCH_MAX } from '@shared/api/dashboard';

import { DEFAULT_TABLE_VIEW, firstPage, nextSort, readTableView, writeTableView } from './campaignTableParams';

const read = (query: string) => readTableView(new URLSearchParams(query));

describe('readTableView', () => {
  it("defaults to the server's order, the first page of 25 and no search", () => {
    expect(read('')).toEqual({ sort: { key: null, order: 'asc' }, page: 0, pageSize: 25, q: '' });
    expect(read('')).toEqual(DEFAULT_TABLE_VIEW);
  });

  it('reads sort, order, page (1-based in the address), page size and search', () => {
    expect(read('sort=name&order=desc&page=3&page_size=50&q=brand')).toEqual({
      sort: { key: 'name', order: 'desc' },
      page: 2,
      pageSize: 50,
      q: 'brand',
    });
  });

  it('gives a column without a direction its natural one: figures largest first, names A to Z', () => {
    expect(read('sort=ctr').sort).toEqual({ key: 'ctr', order: 'desc' });
    expect(read('sort=platform').sort).toEqual({ key: 'platform', order: 'asc' });
    expect(read('sort=ctr&order=sideways').sort).toEqual({ key: 'ctr', order: 'desc' });
  });

  it('falls back to each default on its own for a bad value, keeping the good ones', () => {
    expect(read('sort=budget&order=desc&page=2').sort).toEqual(DEFAULT_TABLE_VIEW.sort);
    expect(read('sort=budget&order=desc&page=2').page).toBe(1);
    for (const page of ['0', '-1', '1.5', 'two', '1e3', ' 2', '', '100001', '99999999'])
      expect(read(`page=${encodeURIComponent(page)}`).page).toBe(0);
    expect(read('page=100000').page).toBe(99_999);
    for (const size of ['7', '0', '25.0', 'all', '1000'])
      expect(read(`page_size=${size}&sort=cpc`)).toMatchObject({ pageSize: 25, sort: { key: 'cpc' } });
    expect(read(`q=${'x'.repeat(CAMPAIGN_SEARCH_MAX + 1)}`).q).toBe('');
    expect(read('q=%20%20brand%20').q).toBe('brand');
  });
});

describe('writeTableView', () => {
  it('leaves every default out, and the natural direction of the column too', () => {
    expect(writeTableView(new URLSearchParams(), DEFAULT_TABLE_VIEW).toString()).toBe('');
    expect(
      writeTableView(new URLSearchParams(), {
        ...DEFAULT_TABLE_VIEW,
        sort: { key: 'spend', order: 'desc' },
      }).toString(),
    ).toBe('sort=spend');
    expect(
      writeTableView(new URLSearchParams(), { ...DEFAULT_TABLE_VIEW, sort: { key: 'spend', order: 'asc' } }).toString(),
    ).toBe('sort=spend&order=asc');
    // Without a column the direction means nothing.
    expect(
      writeTableView(new URLSearchParams(), { ...DEFAULT_TABLE_VIEW, sort: { key: null, order: 'desc' } }).toString(),
    ).toBe('');
  });

  it('writes the rest, keeps unrelated keys and drops stale table keys', () => {
    const params = new URLSearchParams('platform=meta&campaign=cmp-1&page=4&q=old');
    const written = writeTableView(params, {
      sort: { key: 'name', order: 'desc' },
      page: 1,
      pageSize: 10,
      q: ' new  ',
    });
    expect(written.toString()).toBe('platform=meta&campaign=cmp-1&page=2&q=new&sort=name&order=desc&page_size=10');
    expect(params.toString()).toBe('platform=meta&campaign=cmp-1&page=4&q=old');
    expect(writeTableView(written, DEFAULT_TABLE_VIEW).toString()).toBe('platform=meta&campaign=cmp-1');
  });

  it('round-trips: what is written reads back the same', () => {
    const views = [
      DEFAULT_TABLE_VIEW,
      { sort: { key: 'status' as const, order: 'desc' as const }, page: 7, pageSize: 100, q: 'Diwali & co' },
      { sort: { key: 'conversions' as const, order: 'desc' as const }, page: 0, pageSize: 10, q: '' },
    ];
    for (const view of views) expect(readTableView(writeTableView(new URLSearchParams(), view))).toEqual(view);
  });
});

describe('nextSort and firstPage', () => {
  it('flips the same column and starts another with its natural direction', () => {
    expect(nextSort(DEFAULT_TABLE_VIEW.sort, 'ctr')).toEqual({ key: 'ctr', order: 'desc' });
    expect(nextSort({ key: 'ctr', order: 'desc' }, 'ctr')).toEqual({ key: 'ctr', order: 'asc' });
    expect(nextSort({ key: 'ctr', order: 'asc' }, 'name')).toEqual({ key: 'name', order: 'asc' });
  });

  it('drops only the page', () => {
    expect(firstPage(new URLSearchParams('sort=name&page=3&platform=google')).toString()).toBe(
      'sort=name&platform=google',
    );
  });
});
