/**
 * The zone as given if the runtime knows it, else undefined (never trust a client-sent zone
 * blindly). Kept as given, not canonicalised: ICU maps Asia/Kolkata to the old Asia/Calcutta,
 * and the browser's name must compare equal on the next request.
 */
export function normalizeTimeZone(zone: string | undefined | null): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
