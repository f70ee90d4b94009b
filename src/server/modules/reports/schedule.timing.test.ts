import { nextRunAfter, runPeriod, type ScheduleTiming } from './schedule.timing';

const weekly: ScheduleTiming = { frequency: 'weekly', weekday: 1, dayOfMonth: null, hour: 8, timeZone: 'Europe/Paris' };
const monthly: ScheduleTiming = {
  frequency: 'monthly',
  weekday: null,
  dayOfMonth: 3,
  hour: 9,
  timeZone: 'America/New_York',
};

describe('report schedule timing', () => {
  it('runs weekly on its weekday at its local hour, never at the instant it was saved', () => {
    // Thursday 2026-11-26: the next Monday 08:00 in Paris (UTC+1 in winter).
    expect(nextRunAfter(weekly, new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    // On the Monday itself: before 08:00 it is today, at or after it next week.
    expect(nextRunAfter(weekly, new Date('2026-11-30T06:59:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextRunAfter(weekly, new Date('2026-11-30T07:00:00Z')).toISOString()).toBe('2026-12-07T07:00:00.000Z');
  });

  it('runs monthly on its day, across the year end and daylight saving', () => {
    expect(nextRunAfter(monthly, new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-12-03T14:00:00.000Z');
    expect(nextRunAfter(monthly, new Date('2026-12-03T14:00:00Z')).toISOString()).toBe('2027-01-03T14:00:00.000Z');
    // New York is UTC-4 in summer.
    expect(nextRunAfter(monthly, new Date('2026-06-10T00:00:00Z')).toISOString()).toBe('2026-07-03T13:00:00.000Z');
  });

  it('reports on the last whole week or month before the run’s local day', () => {
    const week = runPeriod('weekly', new Date('2026-11-30T07:00:00Z'), 'Europe/Paris');
    expect([week.from, week.to, week.days]).toEqual(['2026-11-23', '2026-11-29', 7]);
    const month = runPeriod('monthly', new Date('2027-01-03T14:00:00Z'), 'America/New_York');
    expect([month.from, month.to]).toEqual(['2026-12-01', '2026-12-31']);
    // 00:30 on Monday in Tokyo is still Sunday in UTC: the zone decides the day.
    const tokyo = runPeriod('weekly', new Date('2026-11-29T15:30:00Z'), 'Asia/Tokyo');
    expect([tokyo.from, tokyo.to]).toEqual(['2026-11-23', '2026-11-29']);
  });
});
