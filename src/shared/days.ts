/**
 * Calendar days, the one home for day arithmetic on client, server and sandbox. A day is a
 * YYYY-MM-DD string; arithmetic on it is in UTC, so it never depends on the machine's zone. The
 * day an instant falls on somewhere is `localDay(instant, zone)`.
 */

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** A calendar day, YYYY-MM-DD. */
export type IsoDay = string;

/** YYYY-MM-DD of a UTC instant. */
export const isoDay = (date: Date): IsoDay => date.toISOString().slice(0, 10);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (any four-digit year; no 30 February). */
export function isCalendarDay(value: unknown): value is IsoDay {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && isoDay(new Date(time)) === value;
}

/** The day of the week, 0 for Sunday to 6 for Saturday, whatever the machine's zone. */
export const weekdayOf = (day: IsoDay): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The UTC midnight that starts a day, in milliseconds. */
export const dayStartMs = (day: IsoDay): number => Date.parse(`${day}T00:00:00Z`);

/** Adds whole days to a day (negative: earlier). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return isoDay(new Date(dayStartMs(day) + days * DAY_MS));
}

/** Days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);
}

/** Days in the range from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: IsoDay, to: IsoDay): number {
  return daysBetween(from, to) + 1;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: IsoDay, to: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The zone as given if the runtime knows it, else undefined (never trust a client-sent zone
 * blindly). Kept as given, not canonicalised: ICU maps Asia/Kolkata to the old Asia/Calcutta,
 * and the browser's name must compare equal on the next request.
 */
export function normalizeTimeZone(zone: string | undefined | null): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    dayFormat(zone);
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Most zones whose day formatter one process keeps. Building an Intl.DateTimeFormat costs far more
 * than formatting with one (user-info checks the day on every call), and the zones in use are few;
 * the bound only matters for clients sending many spellings of valid zones (names match ignoring case).
 */
const DAY_FORMAT_CACHE_SIZE = 1_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The YYYY-MM-DD formatter of a zone, built once per zone; throws a RangeError for a zone the runtime does not know. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= DAY_FORMAT_CACHE_SIZE) dayFormats.delete(dayFormats.keys().next().value as string);
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day an instant falls on in a time zone. */
export function localDay(instant: Date, timeZone: string): IsoDay {
  return dayFormat(timeZone).format(instant);
}
