import type { ReportFrequency } from '@shared/api/reportSchedules';
import { addDays, type IsoDay, localDay, weekdayOf } from '@shared/days';

import { zonedInstant } from '../../lib/zonedTime';
import { type ResolvedPeriod, resolvePeriod } from './report.period';

/** When a schedule runs: weekly on an ISO weekday, or monthly on a day, at a local hour of its zone. */
export interface ScheduleTiming {
  frequency: ReportFrequency;
  weekday: number | null;
  dayOfMonth: number | null;
  hour: number;
  timeZone: string;
}

/** ISO weekday (Monday 1 … Sunday 7) of a YYYY-MM-DD day. */
const isoWeekday = (day: IsoDay) => weekdayOf(day) || 7;

const hourOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The local days, from `fromDay` on, a schedule runs on (the first few suffice to find the next run). */
function runDays(timing: ScheduleTiming, fromDay: IsoDay): IsoDay[] {
  if (timing.frequency === 'weekly') {
    const first = addDays(fromDay, (timing.weekday! - isoWeekday(fromDay) + 7) % 7);
    return [first, addDays(first, 7)];
  }
  const day = String(timing.dayOfMonth!).padStart(2, '0');
  const [year, month] = fromDay.split('-').map(Number);
  const thisMonth = `${fromDay.slice(0, 7)}-${day}`;
  const next = month === 12 ? `${year + 1}-01-${day}` : `${year}-${String(month + 1).padStart(2, '0')}-${day}`;
  return [thisMonth, next].filter((candidate) => candidate >= fromDay);
}

/** The first run strictly after `after` (the clock when a schedule is saved, or the run just made). */
export function nextRunAfter(timing: ScheduleTiming, after: Date): Date {
  const today = localDay(after, timing.timeZone);
  for (const day of [...runDays(timing, addDays(today, -1)), ...runDays(timing, addDays(today, 27))]) {
    const at = zonedInstant(day, hourOf(timing.hour), timing.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no run within two months');
}

/**
 * The days a run at `runAt` reports on: the last whole Monday-to-Sunday week before its local day
 * for a weekly schedule, the calendar month before it for a monthly one.
 */
export function runPeriod(frequency: ReportFrequency, runAt: Date, timeZone: string): ResolvedPeriod {
  return resolvePeriod(
    frequency === 'weekly' ? 'last_week' : 'last_month',
    { from: null, to: null },
    localDay(runAt, timeZone),
  );
}
