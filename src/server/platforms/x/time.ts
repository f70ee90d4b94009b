import { addDays, eachDay } from '@shared/days';
/**
 * Calendar days and account-time-zone midnights for X analytics. With granularity=DAY, X wants
 * start_time and end_time on midnight in the ad account's time zone, in whole hours, end
 * exclusive. Kolkata's midnight is 18:30Z, so the client writes the local wall time with its
 * offset ("2026-11-21T00:00:00+05:30"), which is whole hours as written and the right instant.
 */

const MS_PER_HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter giving the wall-clock parts of an instant in a zone. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wallAsUtc - (at.getTime() - at.getUTCMilliseconds());
}

/** The calendar day of an instant in a zone. */
export function dayInZone(timeZone: string, at: Date): string {
  return new Date(at.getTime() + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/**
 * The first instant of a calendar day in a zone: local midnight, or (where a DST jump skips
 * midnight) the first hour that exists. Two passes pick up an offset change between the guess
 * and the answer.
 */
export function localMidnight(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - zoneOffsetMs(timeZone, new Date(wall));
  instant = wall - zoneOffsetMs(timeZone, new Date(instant));
  while (dayInZone(timeZone, new Date(instant)) < day) instant += MS_PER_HOUR;
  while (dayInZone(timeZone, new Date(instant - MS_PER_HOUR)) === day) instant -= MS_PER_HOUR;
  return new Date(instant);
}

/** An instant as local wall time with the zone's offset: 2026-11-21T00:00:00+05:30. */
export function localTimestamp(at: Date, timeZone: string): string {
  const offset = zoneOffsetMs(timeZone, at);
  const wall = new Date(at.getTime() + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Splits an inclusive day range into consecutive windows of at most `maxDays` days. */
export function dayWindows(since: string, until: string, maxDays: number): string[][] {
  const days = eachDay(since, until);
  const windows: string[][] = [];
  for (let i = 0; i < days.length; i += maxDays) windows.push(days.slice(i, i + maxDays));
  return windows;
}

/** start_time and end_time (exclusive) of a window of days, aligned to the zone's midnights. */
export function windowTimes(days: string[], timeZone: string): { startTime: string; endTime: string } {
  return {
    startTime: localTimestamp(localMidnight(days[0], timeZone), timeZone),
    endTime: localTimestamp(localMidnight(addDays(days[days.length - 1], 1), timeZone), timeZone),
  };
}
