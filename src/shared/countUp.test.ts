import { STAT_COUNT_UP_MS } from './constants';
import { countUpValue, easeOutCubic } from './countUp';

describe('countUpValue', () => {
  it('lasts 900 ms by default', () => {
    expect(STAT_COUNT_UP_MS).toBe(900);
    expect(countUpValue(93, 899)).toBeLessThan(93);
    expect(countUpValue(93, 900)).toBe(93);
  });

  it('starts at 0', () => {
    expect(countUpValue(93, 0)).toBe(0);
    expect(countUpValue(12, 0)).toBe(0);
    expect(countUpValue(93, -50)).toBe(0);
  });

  it('is exactly the target at and after the duration', () => {
    for (const target of [0, 1, 12, 48, 93, 500, 123456]) {
      expect(countUpValue(target, STAT_COUNT_UP_MS)).toBe(target);
      expect(countUpValue(target, STAT_COUNT_UP_MS + 1)).toBe(target);
      expect(countUpValue(target, 60_000)).toBe(target);
    }
  });

  it('eases out: more than half way at half time, but still short of the target', () => {
    const half = countUpValue(93, STAT_COUNT_UP_MS / 2);
    expect(half).toBe(Math.trunc(93 * 0.875));
    expect(half).toBeGreaterThan(93 / 2);
    expect(half).toBeLessThan(93);
    expect(countUpValue(12, 450)).toBe(10);
    expect(countUpValue(48, 450)).toBe(42);
  });

  it('only shows integers, never decreasing and never past the target before the end', () => {
    for (const target of [12, 48, 93, 7]) {
      let previous = 0;
      for (let elapsed = 0; elapsed < STAT_COUNT_UP_MS; elapsed += 7) {
        const value = countUpValue(target, elapsed);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(previous);
        expect(value).toBeLessThan(target);
        previous = value;
      }
    }
  });

  it('takes a custom duration', () => {
    expect(countUpValue(100, 1000, 2000)).toBe(87);
    expect(countUpValue(100, 2000, 2000)).toBe(100);
    expect(countUpValue(100, 1999, 2000)).toBeLessThan(100);
  });

  it('shows the target at once for a zero or invalid duration', () => {
    expect(countUpValue(48, 0, 0)).toBe(48);
    expect(countUpValue(48, 0, -1)).toBe(48);
    expect(countUpValue(48, 0, Number.NaN)).toBe(48);
  });

  it('rounds a fractional target and treats an invalid elapsed time as the start', () => {
    expect(countUpValue(92.6, STAT_COUNT_UP_MS)).toBe(93);
    expect(countUpValue(93, Number.NaN)).toBe(0);
  });

  it('counts down to a negative target the same way', () => {
    expect(countUpValue(-40, 0)).toBe(0);
    expect(countUpValue(-40, 450)).toBe(-35);
    expect(countUpValue(-40, 900)).toBe(-40);
  });
});

describe('easeOutCubic', () => {
  it('runs from 0 to 1, fastest at the start', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBe(0.875);
    expect(easeOutCubic(0.1) - easeOutCubic(0)).toBeGreaterThan(easeOutCubic(1) - easeOutCubic(0.9));
  });
});
