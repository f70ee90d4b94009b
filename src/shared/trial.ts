import { DAY_MS } from './days';

/** Days left = ceil((end - now) / 1 day), at least 0 (spec section 4). */
export function daysLeft(endMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endMs - nowMs) / DAY_MS));
}

/** Time left split for the countdown widget; null when the end is missing, invalid or past. */
export function timeLeft(
  end: string | number | null | undefined,
  nowMs: number,
): { days: number; hours: number; minutes: number; seconds: number } | null {
  const endMs = typeof end === 'number' ? end : typeof end === 'string' ? Date.parse(end) : NaN;
  if (!Number.isFinite(endMs) || endMs <= nowMs) return null;
  let rest = Math.floor((endMs - nowMs) / 1000);
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return { days, hours, minutes, seconds: rest - minutes * 60 };
}
