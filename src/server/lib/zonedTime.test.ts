import { zonedInstant } from './zonedTime';

describe('zoned time', () => {
  it('turns a wall-clock time in a zone into the instant, across daylight saving', () => {
    expect(zonedInstant('2026-01-15', '07:00', 'Europe/Paris').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(zonedInstant('2026-07-15', '07:00', 'Europe/Paris').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(zonedInstant('2026-07-15', '07:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T01:30:00.000Z');
    expect(zonedInstant('2026-07-15', '23:30', 'UTC').toISOString()).toBe('2026-07-15T23:30:00.000Z');
  });
});
