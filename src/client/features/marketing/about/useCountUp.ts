import { STAT_COUNT_UP_MS } from '@shared/constants';
import { countUpValue } from '@shared/countUp';
import { useEffect, useState } from 'react';

/** Options of useCountUp. */
export interface CountUpOptions {
  /** The count runs once this turns true (for example when the figure scrolls into view); 0 until then. */
  start: boolean;
  /** Show the target straight away, without counting (reduced motion, no visibility detection). */
  instant?: boolean;
  /** How long the count takes. */
  durationMs?: number;
}

/** The next animation frame, or the next ~60 Hz tick where there are no animation frames. */
function scheduleFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(frame);
  }
  const FRAME_MS = 16;
  const timer = setTimeout(callback, FRAME_MS);
  return () => clearTimeout(timer);
}

/**
 * The figure to show for a count-up to `target`: 0 until `start`, then rising each animation
 * frame on the shared ease-out curve, and exactly `target` once `durationMs` (900 ms) has passed.
 */
export function useCountUp(
  target: number,
  { start, instant = false, durationMs = STAT_COUNT_UP_MS }: CountUpOptions,
): number {
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (instant || !start) return undefined;
    const begin = performance.now();
    let cancelFrame = () => {};
    const tick = () => {
      setValue(countUpValue(target, performance.now() - begin, durationMs));
      cancelFrame = scheduleFrame(tick);
    };
    cancelFrame = scheduleFrame(tick);
    // Frames land on their own beat (and pause in background tabs); a timer guarantees the
    // final figure at the promised moment and ends the frames.
    const finish = setTimeout(() => {
      cancelFrame();
      setValue(countUpValue(target, durationMs, durationMs));
    }, durationMs);
    return () => {
      cancelFrame();
      clearTimeout(finish);
    };
  }, [target, start, instant, durationMs]);

  return instant ? countUpValue(target, durationMs, durationMs) : value;
}
