import { STAT_COUNT_UP_MS } from './constants';

/** Ease-out cubic: fast at first, settling gently on the end (0 -> 0, 1 -> 1). */
export function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * The number a count-up shows `elapsedMs` after it started: 0 at the start, rising on an
 * ease-out curve, exactly `target` at and after `durationMs`. Always an integer, and before
 * the end never past the target (it rounds toward zero), so the last frame is the only one
 * that shows the final figure.
 */
export function countUpValue(target: number, elapsedMs: number, durationMs: number = STAT_COUNT_UP_MS): number {
  const end = Math.round(target);
  if (!(durationMs > 0) || elapsedMs >= durationMs) return end;
  if (!(elapsedMs > 0)) return 0;
  // `+ 0` turns the -0 of a negative target's first frames into 0.
  return Math.trunc(end * easeOutCubic(elapsedMs / durationMs)) + 0;
}
