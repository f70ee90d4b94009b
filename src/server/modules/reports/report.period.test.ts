import { topAndBottom } from './report.build';
import { resolvePeriod } from './report.period';

describe('a report’s period', () => {
  it('is last week’s Monday to Sunday, whatever day of this week it is', () => {
    // 2030-03-13 is a Wednesday; 2030-03-11 a Monday; 2030-03-17 a Sunday.
    for (const today of ['2030-03-11', '2030-03-13', '2030-03-17']) {
      expect(resolvePeriod('last_week', { from: null, to: null }, today)).toMatchObject({
        kind: 'last_week',
        from: '2030-03-04',
        to: '2030-03-10',
        days: 7,
        label: 'Last week: 4 Mar 2030 to 10 Mar 2030',
      });
    }
  });

  it('is last calendar month, across a year’s end and a leap February', () => {
    expect(resolvePeriod('last_month', { from: null, to: null }, '2030-01-01')).toMatchObject({
      from: '2029-12-01',
      to: '2029-12-31',
      days: 31,
    });
    expect(resolvePeriod('last_month', { from: null, to: null }, '2028-03-31')).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
      days: 29,
      label: 'Last month: 1 Feb 2028 to 29 Feb 2028',
    });
  });

  it('is a custom period’s own days', () => {
    expect(resolvePeriod('custom', { from: '2030-01-05', to: '2030-01-05' }, '2030-06-01')).toMatchObject({
      from: '2030-01-05',
      to: '2030-01-05',
      days: 1,
      label: '5 Jan 2030',
    });
  });
});

describe('top and bottom', () => {
  const row = (key: string, spend: number, conversions: number) => ({ key, spend, conversions });
  const rank = (r: { key: string; spend: number; conversions: number }) => r;

  it('puts the most conversions on top, and at the bottom the most spent per conversion (nothing converted first), never one row in both', () => {
    const rows = [
      row('a', 100, 10),
      row('b', 50, 10),
      row('c', 200, 0),
      row('d', 80, 1),
      row('e', 0, 0),
      row('f', 300, 0),
      row('g', 10, 2),
    ];
    const { top, bottom } = topAndBottom(rows, rank, 3);
    expect(top.map((r) => r.key)).toEqual(['b', 'a', 'g']);
    expect(bottom.map((r) => r.key)).toEqual(['f', 'c', 'd']);
  });

  it('leaves out what neither spent nor converted', () => {
    expect(topAndBottom([row('x', 0, 0)], rank)).toEqual({ top: [], bottom: [] });
  });
});
