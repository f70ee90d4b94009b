import { zonedInstant } from '../../lib/zonedTime';

/**
 * Set times of a rule's schedule ('07:00' in its time zone) as instants. The schedule job runs
 * every five minutes and starts the slots of the last DUE_WINDOW_MINUTES; a slot is claimed per
 * rule (its data version is the slot), so overlapping windows never run it twice.
 */
export const DUE_WINDOW_MINUTES = 10;

const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

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
