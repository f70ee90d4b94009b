import { DASHBOARD_MESSAGES, DEFAULT_CAMPAIGN_PAGE_SIZE } from '../api/dashboard';
import { isCalendarDay } from '../days';
import {
  campaignListQuerySchema,
  campaignStatusSchema,
  dashboardQuerySchema,
  dashboardRangeQuerySchema,
  dashboardSettingsSchema,
  dateRangeSchema,
  isDashboardDay,
  rangeProblem,
  syncRequestSchema,
} from './dashboard';
import { checkInOrder, REQUEST_MESSAGES } from './firstError';

const ACCOUNT = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
type Schema = Parameters<typeof checkInOrder>[0];
const errorOf = (schema: Schema, input: unknown) => checkInOrder(schema, input).error;
const valueOf = (schema: Schema, input: unknown) => {
  const result = checkInOrder(schema, input);
  expect(result.error).toBeUndefined();
  return result.value;
};

describe('the day rule', () => {
  it('accepts real calendar days from 1970-01-01 to 2100-12-31 only', () => {
    for (const day of ['1970-01-01', '2028-02-29', '2100-12-31', '2030-01-07']) expect(isDashboardDay(day)).toBe(true);
    // Real days, but outside what the dashboard (and PostgreSQL's date, for the previous period) can take.
    for (const day of ['0000-01-01', '0001-01-01', '1969-12-31', '2101-01-01', '9999-12-31']) {
      expect(isCalendarDay(day)).toBe(true);
      expect(isDashboardDay(day)).toBe(false);
    }
    for (const day of [
      '2030-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-1-1',
      '20260101',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
      '',
      '2026-01-01\u0000',
    ]) {
      expect(isCalendarDay(day)).toBe(false);
    }
    expect(isCalendarDay(20260101)).toBe(false);
    expect(isCalendarDay(['2026-01-01'])).toBe(false);
  });

  it('knows a range from a wrong one', () => {
    expect(rangeProblem('2030-01-01', '2030-01-01')).toBeNull();
    expect(rangeProblem('2029-01-01', '2030-01-01')).toBeNull(); // 366 days
    expect(rangeProblem('2029-01-01', '2030-01-02')).toBe(DASHBOARD_MESSAGES.badRange);
    expect(rangeProblem('2030-01-02', '2030-01-01')).toBe(DASHBOARD_MESSAGES.badRange);
  });
});

describe('dateRangeSchema (the client’s custom range)', () => {
  it('needs both ends, as real days in range, from on or before to', () => {
    expect(errorOf(dateRangeSchema, { from: '2030-01-01', to: '2030-01-07' })).toBeUndefined();
    expect(errorOf(dateRangeSchema, { from: '', to: '2030-01-07' })).toEqual({
      message: DASHBOARD_MESSAGES.badDate,
      field: 'from',
    });
    expect(errorOf(dateRangeSchema, { from: '2030-01-01', to: '2030-02-30' })).toEqual({
      message: DASHBOARD_MESSAGES.badDate,
      field: 'to',
    });
    expect(errorOf(dateRangeSchema, { from: '0001-01-01', to: '0001-01-07' })).toEqual({
      message: DASHBOARD_MESSAGES.dayOutOfRange,
      field: 'from',
    });
    expect(errorOf(dateRangeSchema, { from: '2030-01-08', to: '2030-01-07' })).toEqual({
      message: DASHBOARD_MESSAGES.badRange,
      field: 'from',
    });
  });
});

describe('dashboardQuerySchema (GET dashboard/)', () => {
  it('defaults to every platform and leaves the rest to the service', () => {
    expect(valueOf(dashboardQuerySchema, {})).toEqual({ platform: 'all' });
    // Empty and blank values are left out, as a form that clears a field sends them.
    expect(valueOf(dashboardQuerySchema, { platform: '', account: ' ', from: '', to: '', currency: '' })).toEqual({
      platform: 'all',
    });
  });

  it('reads every filter, the currency in any case, and drops unknown keys', () => {
    expect(
      valueOf(dashboardQuerySchema, {
        platform: 'meta',
        account: ACCOUNT,
        from: '2030-01-01',
        to: '2030-01-07',
        currency: ' usd ',
        extra: 'x',
      }),
    ).toEqual({
      platform: 'meta',
      account: ACCOUNT,
      from: '2030-01-01',
      to: '2030-01-07',
      currency: 'USD',
    });
  });

  it('refuses each filter with the server’s words, naming the field', () => {
    expect(errorOf(dashboardQuerySchema, { platform: 'myspace' })).toEqual({
      message: DASHBOARD_MESSAGES.unknownPlatform,
      field: 'platform',
    });
    expect(errorOf(dashboardQuerySchema, { account: 'not-a-uuid' })).toEqual({
      message: DASHBOARD_MESSAGES.unknownAccount,
      field: 'account',
    });
    expect(errorOf(dashboardQuerySchema, { currency: 'XXX' })).toEqual({
      message: DASHBOARD_MESSAGES.unknownCurrency,
      field: 'currency',
    });
    expect(errorOf(dashboardQuerySchema, { from: '2026-02-30' })).toEqual({
      message: DASHBOARD_MESSAGES.badDate,
      field: 'from',
    });
    expect(errorOf(dashboardQuerySchema, { from: '2030-01-07', to: '2030-01-01' })).toEqual({
      message: DASHBOARD_MESSAGES.badRange,
      field: 'from',
    });
    expect(errorOf(dashboardQuerySchema, { from: '2029-01-01', to: '2030-01-02' })).toEqual({
      message: DASHBOARD_MESSAGES.badRange,
      field: 'from',
    });
  });

  it('refuses years the database cannot count back from (audit 6d): 0000, 0001, 1969 and 2101', () => {
    for (const day of ['0000-01-01', '0001-01-01', '1969-12-31', '2101-01-01']) {
      expect(errorOf(dashboardQuerySchema, { to: day })).toEqual({
        message: DASHBOARD_MESSAGES.dayOutOfRange,
        field: 'to',
      });
      expect(errorOf(dashboardQuerySchema, { from: day })).toEqual({
        message: DASHBOARD_MESSAGES.dayOutOfRange,
        field: 'from',
      });
    }
    expect(errorOf(dashboardQuerySchema, { from: '0001-01-01', to: '0001-01-07' })).toEqual({
      message: DASHBOARD_MESSAGES.dayOutOfRange,
      field: 'from',
    });
    expect(errorOf(dashboardQuerySchema, { from: '1970-01-01', to: '1970-01-07' })).toBeUndefined();
    expect(errorOf(dashboardQuerySchema, { from: '2100-12-25', to: '2100-12-31' })).toBeUndefined();
  });

  it('refuses input no query string carries: NUL characters, arrays, objects', () => {
    expect(errorOf(dashboardQuerySchema, { to: '2030-01-07\u0000' })).toEqual({
      message: REQUEST_MESSAGES.nulCharacter('to'),
      field: 'to',
    });
    expect(errorOf(dashboardQuerySchema, { platform: ['google', 'meta'] })).toEqual({
      message: REQUEST_MESSAGES.notText('platform'),
      field: 'platform',
    });
    expect(errorOf(dashboardQuerySchema, { from: { $gt: '' } })).toEqual({
      message: REQUEST_MESSAGES.notText('from'),
      field: 'from',
    });
    expect(errorOf(dashboardQuerySchema, 'platform=google')).toEqual({ message: REQUEST_MESSAGES.notAnObject });
  });
});

describe('campaignListQuerySchema (GET dashboard/campaigns/)', () => {
  it('defaults: by spend, largest first, first page of the default size, JSON', () => {
    expect(valueOf(campaignListQuerySchema, {})).toEqual({
      platform: 'all',
      sort: 'spend',
      order: 'desc',
      page: 1,
      page_size: DEFAULT_CAMPAIGN_PAGE_SIZE,
      format: 'json',
    });
    for (const sort of ['name', 'platform', 'status'])
      expect(valueOf(campaignListQuerySchema, { sort })).toMatchObject({ sort, order: 'asc' });
    expect(valueOf(campaignListQuerySchema, { sort: 'name', order: 'desc' })).toMatchObject({ order: 'desc' });
  });

  it('reads paging, search and the CSV switch', () => {
    expect(
      valueOf(campaignListQuerySchema, {
        page: '3',
        page_size: '100',
        q: '  Brand ',
        format: 'csv',
        from: '2030-01-01',
        to: '2030-01-07',
      }),
    ).toMatchObject({
      page: 3,
      page_size: 100,
      q: 'Brand',
      format: 'csv',
      from: '2030-01-01',
      to: '2030-01-07',
    });
    expect(valueOf(campaignListQuerySchema, { q: '   ', page: '' })).toMatchObject({ page: 1 });
    expect(valueOf(campaignListQuerySchema, { q: '   ' })).not.toHaveProperty('q');
  });

  it('keeps today’s whitelists, limits and messages', () => {
    const bad = (input: Record<string, unknown>, field: string, message: string) =>
      expect(errorOf(campaignListQuerySchema, input)).toEqual({ message, field });
    bad({ sort: 'password' }, 'sort', 'Unknown sort column.');
    bad({ order: 'sideways' }, 'order', "Order must be 'asc' or 'desc'.");
    for (const page of ['0', '-1', '1.5', 'two', '100001'])
      bad({ page }, 'page', 'Page must be a whole number from 1.');
    for (const size of ['7', '0', 'all'])
      bad({ page_size: size }, 'page_size', 'Page size must be one of 10, 25, 50, 100.');
    bad({ q: 'x'.repeat(201) }, 'q', 'Search text is too long.');
    bad({ format: 'xml' }, 'format', DASHBOARD_MESSAGES.badFormat);
    bad({ to: '0000-01-01', format: 'csv' }, 'to', DASHBOARD_MESSAGES.dayOutOfRange);
    expect(errorOf(campaignListQuerySchema, { page: '100000', q: 'x'.repeat(200) })).toBeUndefined();
  });

  it('refuses a NUL character in the search (audit 6c)', () => {
    expect(errorOf(campaignListQuerySchema, { q: '\u0000' })).toEqual({
      message: REQUEST_MESSAGES.nulCharacter('q'),
      field: 'q',
    });
    expect(errorOf(campaignListQuerySchema, { q: 'a\u0000b', format: 'csv' })).toMatchObject({ field: 'q' });
  });
});

describe('dashboardRangeQuerySchema (ads and platform performance)', () => {
  it('takes a range and a currency and ignores the other filters', () => {
    expect(
      valueOf(dashboardRangeQuerySchema, {
        from: '2030-01-01',
        to: '2030-01-07',
        currency: 'eur',
        platform: 'myspace',
        account: 'x',
      }),
    ).toEqual({
      from: '2030-01-01',
      to: '2030-01-07',
      currency: 'EUR',
    });
    expect(errorOf(dashboardRangeQuerySchema, { to: '0001-01-01' })).toEqual({
      message: DASHBOARD_MESSAGES.dayOutOfRange,
      field: 'to',
    });
    expect(errorOf(dashboardRangeQuerySchema, { from: '2030-01-08', to: '2030-01-07' })).toEqual({
      message: DASHBOARD_MESSAGES.badRange,
      field: 'from',
    });
  });
});

describe('the dashboard bodies', () => {
  it('campaign status: Active or Paused, exactly', () => {
    expect(valueOf(campaignStatusSchema, { status: 'Paused' })).toEqual({ status: 'Paused' });
    for (const status of ['Deleted', 'paused', ' Active', 1, null, ['Active']]) {
      expect(errorOf(campaignStatusSchema, { status })).toEqual({
        message: DASHBOARD_MESSAGES.badStatus,
        field: 'status',
      });
    }
    expect(errorOf(campaignStatusSchema, {})).toEqual({ message: DASHBOARD_MESSAGES.badStatus, field: 'status' });
  });

  it('settings: an offered currency in any case', () => {
    expect(valueOf(dashboardSettingsSchema, { currency: ' usd ' })).toEqual({ currency: 'USD' });
    for (const currency of ['BTC', '', undefined]) {
      expect(errorOf(dashboardSettingsSchema, { currency })).toEqual({
        message: DASHBOARD_MESSAGES.unknownCurrency,
        field: 'currency',
      });
    }
    expect(errorOf(dashboardSettingsSchema, { currency: ['USD'] })).toEqual({
      message: REQUEST_MESSAGES.notText('currency'),
      field: 'currency',
    });
  });

  it('sync: one platform, all, null or nothing', () => {
    for (const body of [{}, { platform: 'all' }, { platform: null }, { platform: 'tiktok' }])
      expect(errorOf(syncRequestSchema, body)).toBeUndefined();
    for (const platform of ['myspace', 5, ['google']]) {
      expect(errorOf(syncRequestSchema, { platform })).toEqual({
        message: DASHBOARD_MESSAGES.unknownPlatform,
        field: 'platform',
      });
    }
  });
});
