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

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return dayFormat(timeZone).format(instant);
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
