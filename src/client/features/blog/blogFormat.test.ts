import { formatPostDate, readingTimeLabel } from './blogFormat';

describe('formatPostDate', () => {
  it('writes the day out, the same in every time zone', () => {
    expect(formatPostDate('2026-11-10')).toBe('10 November 2026');
    expect(formatPostDate('2026-01-01')).toBe('1 January 2026');
    expect(formatPostDate('2026-12-31')).toBe('31 December 2026');
  });

  it('shows anything that is not a day as it is', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });
});

describe('readingTimeLabel', () => {
  it('says the minutes', () => {
    expect(readingTimeLabel(1)).toBe('1 min read');
    expect(readingTimeLabel(6)).toBe('6 min read');
  });
});
