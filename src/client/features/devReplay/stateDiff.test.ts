import { diffStates } from './stateDiff';

describe('diffStates', () => {
  it('lists added, removed and changed paths, in arrays and under keys that are not identifiers', () => {
    const before = {
      session: { access: null, workspace: null },
      api: { queries: { 'getDashboard({"range":"7d"})': { status: 'pending' } } },
      list: [1, 2],
    };
    const after = {
      session: { access: '[redacted]', workspace: null },
      api: { queries: { 'getDashboard({"range":"7d"})': { status: 'fulfilled', data: { total: 5 } } } },
      list: [1],
    };
    expect(diffStates(before, after)).toEqual([
      { path: 'session.access', kind: 'changed', before: null, after: '[redacted]' },
      {
        path: 'api.queries["getDashboard({\\"range\\":\\"7d\\"})"].status',
        kind: 'changed',
        before: 'pending',
        after: 'fulfilled',
      },
      { path: 'api.queries["getDashboard({\\"range\\":\\"7d\\"})"].data', kind: 'added', after: { total: 5 } },
      { path: 'list[1]', kind: 'removed', before: 2 },
    ]);
  });

  it('finds nothing between equal states, shared or copied, and reports a change of kind once', () => {
    const state = { a: { b: [1, { c: 'x' }] } };
    expect(diffStates(state, state)).toEqual([]);
    expect(diffStates(state, JSON.parse(JSON.stringify(state)))).toEqual([]);
    expect(diffStates({ a: { b: 1 } }, { a: [1] })).toEqual([
      { path: 'a', kind: 'changed', before: { b: 1 }, after: [1] },
    ]);
  });

  it('stops at the limit', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(diffStates({}, many, 10)).toHaveLength(10);
  });
});
