import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';

import { rangeChoiceOf, rangeError, readFilters, toDashboardQuery, todayLocal, writeFilters } from './dashboardFilters';

const TODAY = '2030-01-07';

describe('readFilters', () => {
  it('defaults to every platform and account over the last 7 days', () => {
    expect(readFilters(new URLSearchParams(), TODAY)).toEqual({
      platform: 'all',
      account: null,
      from: '2030-01-01',
      to: TODAY,
    });
  });

  it('reads platform, account and range from the address', () => {
    const params = new URLSearchParams('platform=meta&account=conn-1&from=2029-12-01&to=2029-12-31');
    expect(readFilters(params, TODAY)).toEqual({
      platform: 'meta',
      account: 'conn-1',
      from: '2029-12-01',
      to: '2029-12-31',
    });
  });

  it('ignores an unknown platform and a malformed or impossible range', () => {
    expect(readFilters(new URLSearchParams('platform=myspace'), TODAY).platform).toBe('all');
    for (const query of [
      'from=2030-01-05&to=2030-01-01',
      'from=2030-02-30&to=2030-03-01',
      'from=2028-01-01&to=2030-01-01',
      'from=2030-01-01',
    ]) {
      expect(readFilters(new URLSearchParams(query), TODAY)).toMatchObject({ from: '2030-01-01', to: TODAY });
    }
  });
});

describe('writeFilters', () => {
  it('writes the filters, leaves defaults out and keeps other keys', () => {
    const written = writeFilters(new URLSearchParams('tab=x&account=old'), {
      platform: 'all',
      account: null,
      from: '2030-01-01',
      to: TODAY,
    });
    expect(written.toString()).toBe('tab=x&from=2030-01-01&to=2030-01-07');
    expect(
      writeFilters(new URLSearchParams(), {
        platform: 'google',
        account: 'conn-2',
        from: '2030-01-01',
        to: TODAY,
      }).toString(),
    ).toBe('platform=google&account=conn-2&from=2030-01-01&to=2030-01-07');
  });
});

describe('ranges', () => {
  it('validates a custom range with the server’s words', () => {
    expect(rangeError('2030-01-01', '2030-01-07')).toBeNull();
    expect(rangeError('2030-01-07', '2030-01-07')).toBeNull();
    expect(rangeError('2030-01-08', '2030-01-07')).toBe(DASHBOARD_MESSAGES.badRange);
    expect(rangeError('2029-01-01', '2030-01-01')).toBeNull();
    expect(rangeError('2029-01-01', '2030-01-02')).toBe(DASHBOARD_MESSAGES.badRange);
    expect(rangeError('', '2030-01-07')).toBe(DASHBOARD_MESSAGES.badDate);
    expect(rangeError('2030-02-29', '2030-03-01')).toBe(DASHBOARD_MESSAGES.badDate);
    expect(rangeError('2028-02-29', '2028-03-01')).toBeNull();
  });

  it('keeps to the days the server takes (1970 to 2100)', () => {
    expect(rangeError('1970-01-01', '1970-01-07')).toBeNull();
    expect(rangeError('2100-12-25', '2100-12-31')).toBeNull();
    for (const [from, to] of [
      ['0001-01-01', '0001-01-07'],
      ['0000-01-01', '0000-01-07'],
      ['1969-12-25', '1970-01-01'],
      ['2100-12-31', '2101-01-01'],
    ]) {
      expect(rangeError(from, to)).toBe(DASHBOARD_MESSAGES.dayOutOfRange);
    }
    // An address the server would refuse falls back to the default range.
    expect(readFilters(new URLSearchParams('from=0001-01-01&to=0001-01-07'), TODAY)).toMatchObject({
      from: '2030-01-01',
      to: TODAY,
    });
  });

  it('names the preset a range is, or custom', () => {
    expect(rangeChoiceOf({ from: '2030-01-01', to: TODAY }, TODAY)).toBe(7);
    expect(rangeChoiceOf({ from: '2029-10-10', to: TODAY }, TODAY)).toBe(90);
    expect(rangeChoiceOf({ from: '2029-12-31', to: '2030-01-06' }, TODAY)).toBe('custom');
    expect(rangeChoiceOf({ from: '2030-01-03', to: TODAY }, TODAY)).toBe('custom');
  });

  it("counts today in the browser's own time zone", () => {
    expect(todayLocal(new Date(2030, 0, 7, 23, 30).getTime())).toBe('2030-01-07');
    expect(todayLocal(new Date(2030, 0, 8, 0, 5).getTime())).toBe('2030-01-08');
  });
});

describe('toDashboardQuery', () => {
  it('leaves out what means everything', () => {
    expect(toDashboardQuery({ platform: 'all', account: null, from: '2030-01-01', to: TODAY })).toEqual({
      platform: undefined,
      account: undefined,
      from: '2030-01-01',
      to: TODAY,
    });
  });
});
