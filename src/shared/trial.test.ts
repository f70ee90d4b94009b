import { DAY_MS } from './days';
import { daysLeft, timeLeft } from './trial';

describe('trial arithmetic', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it('counts days left with ceil, never below 0', () => {
    expect(daysLeft(now + 7 * DAY_MS, now)).toBe(7);
    expect(daysLeft(now + 6 * DAY_MS + 1, now)).toBe(7);
    expect(daysLeft(now + 1, now)).toBe(1);
    expect(daysLeft(now, now)).toBe(0);
    expect(daysLeft(now - DAY_MS, now)).toBe(0);
  });
  it('splits the time left, and gives null for missing, invalid or past ends', () => {
    expect(timeLeft(now + DAY_MS + 3_723_000, now)).toEqual({ days: 1, hours: 1, minutes: 2, seconds: 3 });
    expect(timeLeft(new Date(now + 61_000).toISOString(), now)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeft('not a date', now)).toBeNull();
    expect(timeLeft(now - 1, now)).toBeNull();
  });
});
