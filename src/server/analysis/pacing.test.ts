import { pace, type PacingInput } from './pacing';
import { dateOf, dayNumber } from './window';

/** Spend on every day from 40 days before `today` to yesterday, by `perDay(date)`; today spends half its day. */
function input(
  today: string,
  target: number,
  perDay: (day: number) => number,
  over: Partial<PacingInput> = {},
): PacingInput {
  const t = dayNumber(today);
  const days = Array.from({ length: 41 }, (_, i) => t - 40 + i).map((d) => ({
    date: dateOf(d),
    spend: d === t ? perDay(d) / 2 : perDay(d),
  }));
  return { month: today.slice(0, 7), today, target, days, levelNow: null, ...over };
}
const weekday = (day: number) => new Date(day * 86_400_000).getUTCDay();

describe('pacing', () => {
  it('is on track when the month spends its target evenly, with a tight forecast', () => {
    // June has 30 days: 1,000 a day is 30,000.
    const p = pace(input('2026-06-16', 30_000, () => 1_000));
    expect(p.status).toBe('on_track');
    expect(p.projected.mid).toBeCloseTo(30_000, 6);
    expect(p.projected.high - p.projected.low).toBeLessThan(1);
    expect(p.spent).toBe(15_500);
    expect(p.dailyNeeded).toBeCloseTo(1_000, 6);
    expect(p.change).toBeCloseTo(0, 6);
    expect(p.points[0]).toMatchObject({ date: '2026-06-01', actual: 1_000, ideal: 1_000, forecast: null });
    expect(p.points[29].forecast!.mid).toBeCloseTo(30_000, 6);
    expect(p.points[29].actual).toBeNull();
  });

  it('never projects the month below what it has spent, even on its last day', () => {
    // June 30: the level is 1,000 a day, but today has already spent 3,000 (a surge).
    const p = pace(input('2026-06-30', 30_000, (d) => (d === dayNumber('2026-06-30') ? 6_000 : 1_000)));
    expect(p.spent).toBe(32_000);
    expect(p.projected.mid).toBe(32_000);
    expect(p.projected.low).toBeLessThanOrEqual(p.projected.mid);
    expect(p.projected.high).toBeGreaterThanOrEqual(p.projected.mid);
    expect(p.status).toBe('over');
  });

  it('tightens its band from ±25% to ±1% through the month', () => {
    expect(pace(input('2026-06-01', 30_000, () => 1_000)).tolerance).toBeCloseTo(0.25, 6);
    expect(pace(input('2026-06-30', 30_000, () => 1_000)).tolerance).toBeCloseTo(0.25 - 0.24 * (29 / 30), 6);
    // 20% over: inside the band early in the month, outside it late.
    expect(pace(input('2026-06-03', 25_000, () => 1_000)).status).toBe('on_track');
    const late = pace(input('2026-06-25', 25_000, () => 1_000));
    expect(late.status).toBe('over');
    expect(late.change).toBeLessThan(0);
    expect(late.dailyNeeded).toBeCloseTo((25_000 - 24_000) / 6, 6);
  });

  it('forecasts the weekday shape, and the level the running campaigns are set to now', () => {
    // Weekends spend half.
    const shaped = (d: number) => ([0, 6].includes(weekday(d)) ? 500 : 1_000);
    const p = pace(input('2026-06-16', 30_000, shaped));
    const exact = Array.from({ length: 30 }, (_, i) => shaped(dayNumber('2026-06-01') + i)).reduce((a, b) => a + b, 0);
    expect(p.projected.mid).toBeCloseTo(exact, 0);
    // Half the campaigns paused today: what is set now wins over last week's spend.
    const paused = pace(input('2026-06-16', 30_000, () => 1_000, { levelNow: 500 }));
    expect(paused.projected.mid).toBeCloseTo(15_000 + 15 * 500, 6);
    expect(paused.status).toBe('under');
    expect(paused.change).toBeCloseTo(1, 6);
  });

  it('widens the forecast with the days’ scatter', () => {
    const noisy = pace(input('2026-06-10', 30_000, (d) => (d % 2 ? 1_400 : 600)));
    expect(noisy.projected.low).toBeLessThan(noisy.projected.mid);
    expect(noisy.projected.high).toBeGreaterThan(noisy.projected.mid);
    expect(noisy.projected.high - noisy.projected.low).toBeGreaterThan(2_000);
  });
});
