import type { IsoDay } from '@shared/days';

/** Locale for figures in a currency: Indian grouping (1,23,456) for rupees, US otherwise. */
export function localeFor(currency: string): string {
  return currency === 'INR' ? 'en-IN' : 'en-US';
}

/** Money in the view's currency, with that currency's usual decimals: ₹1,23,456.50, $1,234.50, ¥1,235. */
export function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat(localeFor(currency), { style: 'currency', currency }).format(value);
}

/** Money for an axis tick: short, ₹1.2L / $12K. */
export function formatCompactMoney(value: number, currency: string): string {
  return new Intl.NumberFormat(localeFor(currency), {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A count grouped in the view's locale; conversions may carry fractions (attribution), shown to 2 places at most. */
export function formatCount(value: number, currency = 'USD'): string {
  return new Intl.NumberFormat(localeFor(currency), { maximumFractionDigits: 2 }).format(value);
}

/** A count for an axis tick: 1.2K. */
export function formatCompactCount(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A percentage that is already in percent (the contract's ctr): 2.5 -> '2.50%'. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** Which way a figure moved against the previous period. */
export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/** A change against the previous period, as shown and as read out. */
export interface ChangeText {
  direction: ChangeDirection;
  /** '12.3%', '0.0%' or '—'. */
  text: string;
  /** 'up 12.3% vs previous 7 days'. */
  label: string;
}

/** 'previous 7 days' / 'previous day'. */
export function previousPeriodLabel(days: number): string {
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

/** Describes a TotalsChange figure (percent, 1 decimal; null when the previous value was 0). */
export function describeChange(change: number | null, days: number): ChangeText {
  const period = previousPeriodLabel(days);
  if (change === null || !Number.isFinite(change))
    return { direction: 'none', text: '—', label: `no data for the ${period}` };
  const text = `${Math.abs(change).toFixed(1)}%`;
  if (change > 0) return { direction: 'up', text, label: `up ${text} vs ${period}` };
  if (change < 0) return { direction: 'down', text, label: `down ${text} vs ${period}` };
  return { direction: 'flat', text, label: `unchanged vs ${period}` };
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
/** Below this many seconds a time reads 'just now'. */
const JUST_NOW_SECONDS = 45;

/** How long ago an instant was: 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function formatRelativeTime(iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return 'at an unknown time';
  if (Math.abs(seconds) < JUST_NOW_SECONDS) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.round(seconds / size), unit);
  }
  return format.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
}

/** An instant in full, in the viewer's time zone, for a tooltip: '7 Jan 2030, 14:30'. */
export function formatExactTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day as a short label: '2030-11-21' -> '21 Nov' (the day itself, whatever the viewer's zone). */
export function formatDay(day: IsoDay): string {
  return DAY_MONTH.format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day with its year: '21 Nov 2030'. */
export function formatDayWithYear(day: IsoDay): string {
  return DAY_MONTH_YEAR.format(new Date(`${day}T00:00:00Z`));
}

/** A date range as read: '1 Jan – 7 Jan 2030' ('28 Dec 2029 – 3 Jan 2030' across a year). */
export function formatRange(from: IsoDay, to: IsoDay): string {
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatDay(from) : formatDayWithYear(from);
  return `${start} – ${formatDayWithYear(to)}`;
}
