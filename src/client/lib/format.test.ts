import {
  describeChange,
  formatCompactMoney,
  formatCount,
  formatDay,
  formatExactTime,
  formatMoney,
  formatPercent,
  formatRange,
  formatRelativeTime,
  localeFor,
} from './format';

const NOW = Date.parse('2030-01-07T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('money', () => {
  it('formats rupees with Indian grouping and every other currency the US way, with its own decimals', () => {
    expect(localeFor('INR')).toBe('en-IN');
    expect(localeFor('EUR')).toBe('en-US');
    expect(formatMoney(123456.5, 'INR')).toBe('₹1,23,456.50');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.6, 'JPY')).toBe('¥1,235');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
  });

  it('shortens money for axis ticks', () => {
    expect(formatCompactMoney(18800, 'USD')).toBe('$18.8K');
    expect(formatCompactMoney(0, 'USD')).toBe('$0');
  });
});

describe('counts and percentages', () => {
  it('groups counts in the view’s locale and keeps fractional conversions short', () => {
    expect(formatCount(1234567, 'INR')).toBe('12,34,567');
    expect(formatCount(1234567, 'USD')).toBe('1,234,567');
    expect(formatCount(12.3456)).toBe('12.35');
  });

  it('writes CTR with two decimals', () => {
    expect(formatPercent(2)).toBe('2.00%');
    expect(formatPercent(1.234)).toBe('1.23%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});

describe('describeChange', () => {
  it('says which way and how much, against a period of the same length', () => {
    expect(describeChange(12.3, 7)).toEqual({ direction: 'up', text: '12.3%', label: 'up 12.3% vs previous 7 days' });
    expect(describeChange(-5, 30)).toEqual({ direction: 'down', text: '5.0%', label: 'down 5.0% vs previous 30 days' });
    expect(describeChange(0, 1)).toEqual({ direction: 'flat', text: '0.0%', label: 'unchanged vs previous day' });
  });

  it('shows a dash when there is nothing to compare with', () => {
    expect(describeChange(null, 7)).toEqual({ direction: 'none', text: '—', label: 'no data for the previous 7 days' });
  });
});

describe('times and days', () => {
  it('says how long ago, in words', () => {
    expect(formatRelativeTime(ago(10_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3 * 60 * MINUTE), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(formatRelativeTime('not a date', NOW)).toBe('at an unknown time');
  });

  it('gives the exact time for tooltips', () => {
    expect(formatExactTime('2030-01-07T09:30:00.000Z')).toMatch(/7 Jan 2030/);
    expect(formatExactTime('garbage')).toBe('garbage');
  });

  it('labels calendar days whatever the viewer’s time zone', () => {
    expect(formatDay('2030-11-21')).toBe('21 Nov');
    expect(formatRange('2030-01-01', '2030-01-07')).toBe('1 Jan – 7 Jan 2030');
    expect(formatRange('2029-12-28', '2030-01-03')).toBe('28 Dec 2029 – 3 Jan 2030');
  });
});
