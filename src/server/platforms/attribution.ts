import type { AttributionWindow } from './types';

/**
 * Helpers to describe a platform's conversion window in one shape (types.ts AttributionWindow).
 * Conversions on the dashboard are platform-reported: each platform counts them under its own
 * window, so the window is shown next to them instead of being reconciled.
 */

const days = (n: number) => `${n}-day`;

/** "7-day click, 1-day view"; "7-day click"; "1-day view"; "no click or view window". */
export function windowWording(clickDays: number | null, viewDays: number | null): string {
  const parts = [clickDays ? `${days(clickDays)} click` : null, viewDays ? `${days(viewDays)} view` : null].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(', ') : 'window not reported';
}

/** A window with its wording, optionally named after the conversion it belongs to. */
export function attributionWindow(
  clickDays: number | null,
  viewDays: number | null,
  source: string,
  name?: string,
): AttributionWindow {
  const wording = windowWording(clickDays, viewDays);
  return { clickDays, viewDays, label: name ? `${name}: ${wording}` : wording, source };
}

/** Distinct windows (same label and days), in first-seen order. */
export function distinctWindows(windows: readonly AttributionWindow[]): AttributionWindow[] {
  const seen = new Map<string, AttributionWindow>();
  for (const window of windows) {
    const key = `${window.label}\u0000${window.clickDays}\u0000${window.viewDays}`;
    if (!seen.has(key)) seen.set(key, window);
  }
  return [...seen.values()];
}

/** A positive whole number of days, or null (0, absent, not a number: not counted / not said). */
export function dayCount(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}
