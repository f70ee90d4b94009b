/**
 * Set times of a rule's schedule ('07:00' in its time zone) as instants. The schedule job runs
 * every five minutes and starts the slots of the last DUE_WINDOW_MINUTES; a slot is claimed per
 * rule (its data version is the slot), so overlapping windows never run it twice.
 */
export const DUE_WINDOW_MINUTES = 10;

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a wall-clock time of a local date happens in a zone (in a DST gap: the instant the clock jumped past it). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset on either side of a change.
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

const localDate = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The slots of `times` that fell in the last DUE_WINDOW_MINUTES up to `now`. */
export function dueSlots(times: string[], timeZone: string, now: Date): Date[] {
  const since = now.getTime() - DUE_WINDOW_MINUTES * 60_000;
  const dates = new Set([localDate(now, timeZone), localDate(new Date(since), timeZone)]);
  const due: Date[] = [];
  for (const date of dates) {
    for (const time of times) {
      const slot = zonedInstant(date, time, timeZone);
      if (slot.getTime() > since && slot.getTime() <= now.getTime()) due.push(slot);
    }
  }
  return due;
}
