import { dueSlots, zonedInstant } from './schedule';

describe('rule schedule', () => {
  it('turns a wall-clock time in a zone into the instant, across daylight saving', () => {
    expect(zonedInstant('2026-01-15', '07:00', 'Europe/Paris').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(zonedInstant('2026-07-15', '07:00', 'Europe/Paris').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(zonedInstant('2026-07-15', '07:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T01:30:00.000Z');
    expect(zonedInstant('2026-07-15', '23:30', 'UTC').toISOString()).toBe('2026-07-15T23:30:00.000Z');
  });

  it('finds the slots of the last ten minutes, also across midnight', () => {
    const now = new Date('2026-07-15T05:04:00Z');
    expect(dueSlots(['07:00', '12:00'], 'Europe/Paris', now).map((d) => d.toISOString())).toEqual(['2026-07-15T05:00:00.000Z']);
    expect(dueSlots(['07:00'], 'Europe/Paris', new Date('2026-07-15T05:11:00Z'))).toEqual([]);
    expect(dueSlots(['23:58'], 'UTC', new Date('2026-07-16T00:03:00Z')).map((d) => d.toISOString())).toEqual(['2026-07-15T23:58:00.000Z']);
  });
});
