import { FIRST_PARTY_CSV_MAX_ROWS, FIRST_PARTY_MESSAGES as M } from '../api/firstParty';
import { checkFirstPartyDays, csvCells, parseFirstPartyCsv } from './firstParty';

describe('parseFirstPartyCsv', () => {
  it('reads a file with its header (any column order, any case), revenue into minor units', () => {
    const result = parseFirstPartyCsv(
      '\uFEFFCurrency,Day,Revenue,Conversions\r\nusd,2026-11-01,1234.5,12\n\nJPY,2026-11-02,5000,3\n',
    );
    expect(result).toEqual({
      ok: true,
      days: [
        { day: '2026-11-01', conversions: 12, revenueMinor: 123450, currency: 'USD' },
        { day: '2026-11-02', conversions: 3, revenueMinor: 5000, currency: 'JPY' },
      ],
    });
  });

  it('names every bad line with everything wrong on it, and takes no line of the file', () => {
    const file = [
      'day,conversions,revenue,currency',
      '2026-11-01,3,10.00,USD',
      '2026-13-01,-1,abc,US',
      '2026-11-01,2,5,EUR',
      '2026-11-03,1,5.123,USD',
      '2026-11-04,1',
    ].join('\n');
    const result = parseFirstPartyCsv(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.detail).toBe(M.csvRejected(4));
    expect(result.lines).toEqual([
      { line: 3, problems: [M.badDay('2026-13-01'), M.badConversions('-1'), M.badCurrency('US'), M.badRevenue('abc')] },
      { line: 4, problems: [M.repeatedDay('2026-11-01', 2)] },
      { line: 5, problems: [M.revenueDigits('5.123', 'USD', 2)] },
      { line: 6, problems: [M.wrongColumnCount(4, 2), M.badCurrency(''), M.badRevenue('')] },
    ]);
  });

  it('needs the header', () => {
    const result = parseFirstPartyCsv('2026-11-01,3,10.00,USD\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.lines[0]!.line).toBe(1);
    expect(parseFirstPartyCsv('day,conversions,revenue,currency\n')).toEqual({
      ok: false,
      detail: M.csvEmpty,
      lines: [],
    });
    expect(parseFirstPartyCsv('  \n')).toEqual({ ok: false, detail: M.csvEmpty, lines: [] });
  });

  it('refuses more days than the limit', () => {
    const lines = Array.from({ length: FIRST_PARTY_CSV_MAX_ROWS + 1 }, () => '2026-11-01,1,1,USD');
    expect(parseFirstPartyCsv(['day,conversions,revenue,currency', ...lines].join('\n'))).toEqual({
      ok: false,
      detail: M.csvTooManyRows,
      lines: [],
    });
  });

  it('reads quoted cells', () => {
    expect(csvCells('"2026-11-01", 3 ,"10.50","U""SD"')).toEqual(['2026-11-01', '3', '10.50', 'U"SD']);
  });
});

describe('checkFirstPartyDays (ingestion items)', () => {
  it('takes JSON numbers and strings alike, and names items by position', () => {
    const { days, lines } = checkFirstPartyDays([
      { day: '2026-11-01', conversions: 4, revenue: 99.9, currency: 'eur' },
      { day: '2026-11-02', conversions: 1.5, revenue: '10', currency: 'EUR' },
    ]);
    expect(days).toEqual([{ day: '2026-11-01', conversions: 4, revenueMinor: 9990, currency: 'EUR' }]);
    expect(lines).toEqual([{ line: 2, problems: [M.badConversions('1.5')] }]);
  });
});
