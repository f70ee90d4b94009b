import { dayInZone, dayWindows, localMidnight, localTimestamp, windowTimes, zoneOffsetMs } from './time';

describe('X account-zone days', () => {
  it('finds local midnight across DST changes and half-hour zones', () => {
    expect(localMidnight('2026-11-21', 'America/New_York').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(localMidnight('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // The day US DST ends (01 Nov 2026): midnight is still EDT, the next midnight EST.
    expect(localMidnight('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(localMidnight('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(localMidnight('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localMidnight('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(localMidnight('2026-11-21', 'Asia/Kolkata').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(localMidnight('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('takes the first existing hour where DST skips midnight', () => {
    // Chile springs forward at 24:00 on the first Saturday of September: 2026-09-06 starts at 01:00 local.
    const start = localMidnight('2026-09-06', 'America/Santiago');
    expect(dayInZone('America/Santiago', start)).toBe('2026-09-06');
    expect(dayInZone('America/Santiago', new Date(start.getTime() - 1))).toBe('2026-09-05');
  });

  it('writes local wall time with the offset, whole hours as written', () => {
    expect(localTimestamp(new Date('2026-11-20T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-21T00:00:00+05:30');
    expect(localTimestamp(new Date('2026-11-21T05:00:00Z'), 'America/New_York')).toBe('2026-11-21T00:00:00-05:00');
    expect(localTimestamp(new Date('2026-11-21T00:00:00Z'), 'UTC')).toBe('2026-11-21T00:00:00+00:00');
    expect(zoneOffsetMs('Asia/Kolkata', new Date())).toBe(5.5 * 3_600_000);
  });

  it('splits ranges into windows and gives exclusive end times at the next midnight', () => {
    expect(dayWindows('2026-11-01', '2026-11-10', 7)).toEqual([
      ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'],
      ['2026-11-08', '2026-11-09', '2026-11-10'],
    ]);
    expect(dayWindows('2026-11-01', '2026-11-01', 90)).toEqual([['2026-11-01']]);
    expect(windowTimes(['2026-10-31', '2026-11-01'], 'America/New_York')).toEqual({
      startTime: '2026-10-31T00:00:00-04:00',
      endTime: '2026-11-02T00:00:00-05:00',
    });
  });
});
