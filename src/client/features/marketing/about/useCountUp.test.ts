import { STAT_COUNT_UP_MS } from '@shared/constants';
import { countUpValue } from '@shared/countUp';
import { act, renderHook } from '@testing-library/react';

import { useCountUp } from './useCountUp';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useCountUp', () => {
  it('stays at 0 until started', () => {
    const { result } = renderHook(() => useCountUp(93, { start: false }));
    act(() => jest.advanceTimersByTime(5000));
    expect(result.current).toBe(0);
  });

  it('follows the shared ease-out curve frame by frame and lands on the target at 900 ms', () => {
    const { result, rerender } = renderHook(({ start }) => useCountUp(93, { start }), {
      initialProps: { start: false },
    });
    rerender({ start: true });

    const seen: number[] = [];
    for (let elapsed = 0; elapsed < STAT_COUNT_UP_MS - 100; elapsed += 100) {
      act(() => jest.advanceTimersByTime(100));
      seen.push(result.current);
    }
    expect(seen.every((value, index) => index === 0 || value >= seen[index - 1])).toBe(true);
    expect(seen.every((value) => Number.isInteger(value) && value < 93)).toBe(true);
    // Frames fall on a ~16 ms beat, so a frame shows what the curve says at most one frame earlier.
    expect(seen[3]).toBeGreaterThanOrEqual(countUpValue(93, 400 - 17));
    expect(seen[3]).toBeLessThanOrEqual(countUpValue(93, 400));

    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe(93);
  });

  it('shows the target at once when instant', () => {
    const { result } = renderHook(() => useCountUp(48, { start: false, instant: true }));
    expect(result.current).toBe(48);
  });

  it('takes a custom duration', () => {
    const { result } = renderHook(() => useCountUp(12, { start: true, durationMs: 2000 }));
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBeLessThan(12);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe(12);
  });

  it('works without animation frames, on timers alone', () => {
    const { requestAnimationFrame: raf, cancelAnimationFrame: caf } = window;
    delete (window as Partial<Window>).requestAnimationFrame;
    delete (window as Partial<Window>).cancelAnimationFrame;
    try {
      expect(typeof requestAnimationFrame).toBe('undefined');
      const { result } = renderHook(() => useCountUp(93, { start: true }));
      act(() => jest.advanceTimersByTime(STAT_COUNT_UP_MS / 2));
      expect(result.current).toBeGreaterThan(0);
      expect(result.current).toBeLessThan(93);
      act(() => jest.advanceTimersByTime(STAT_COUNT_UP_MS / 2));
      expect(result.current).toBe(93);
    } finally {
      window.requestAnimationFrame = raf;
      window.cancelAnimationFrame = caf;
    }
  });
});
