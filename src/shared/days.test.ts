import {
  addDays,
  daysBetween,
  daysInRange,
  eachDay,
  isCalendarDay,
  isoDay,
  localDay,
  normalizeTimeZone,
  weekdayOf,
} from './days';

describe('calendar days', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('daysBetween is the difference, daysInRange counts both ends', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-01-31', '2026-01-01')).toBe(-30);
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
  });

  it('lists every day of a range, both ends included, and none for a reversed one', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('knows a real calendar day from a lookalike', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
  });

  it('reads the weekday and the UTC day without the machine zone', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(isoDay(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-29');
  });

  it('reads the day an instant falls on in a zone', () => {
    const instant = new Date('2026-11-29T20:00:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-11-29');
    expect(localDay(instant, 'Asia/Kolkata')).toBe('2026-11-30');
    expect(localDay(instant, 'America/Los_Angeles')).toBe('2026-11-29');
  });

  it('keeps a zone the runtime knows as given and drops anything else', () => {
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(normalizeTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(normalizeTimeZone('')).toBeUndefined();
    expect(normalizeTimeZone(null)).toBeUndefined();
    expect(normalizeTimeZone('x'.repeat(65))).toBeUndefined();
  });
});
