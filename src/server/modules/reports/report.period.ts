import { REPORT_PERIOD_LABELS, type ReportPeriodKind } from '@shared/api/reports';
import { addDays, daysInRange, type IsoDay, weekdayOf } from '@shared/days';
import { reportRange } from '@shared/reportFormat';

export interface ResolvedPeriod {
  kind: ReportPeriodKind;
  from: IsoDay;
  to: IsoDay;
  days: number;
  label: string;
}

/** Day of the week of a YYYY-MM-DD day, Monday 0 … Sunday 6. */
const mondayIndex = (day: IsoDay) => (weekdayOf(day) + 6) % 7;

/**
 * The days a report covers, from `today` (the workspace's local day): last week is the Monday to
 * Sunday before this week, last month the calendar month before this one, custom its own days.
 * Pure: the caller reads the clock.
 */
export function resolvePeriod(
  kind: ReportPeriodKind,
  custom: { from: IsoDay | null; to: IsoDay | null },
  today: IsoDay,
): ResolvedPeriod {
  let from: IsoDay;
  let to: IsoDay;
  if (kind === 'last_week') {
    const thisMonday = addDays(today, -mondayIndex(today));
    from = addDays(thisMonday, -7);
    to = addDays(thisMonday, -1);
  } else if (kind === 'last_month') {
    const firstOfThisMonth = `${today.slice(0, 7)}-01`;
    to = addDays(firstOfThisMonth, -1);
    from = `${to.slice(0, 7)}-01`;
  } else {
    if (!custom.from || !custom.to) throw new Error('a custom period needs both days');
    from = custom.from;
    to = custom.to;
  }
  const range = reportRange(from, to);
  return {
    kind,
    from,
    to,
    days: daysInRange(from, to),
    label: kind === 'custom' ? range : `${REPORT_PERIOD_LABELS[kind].replace(/ \(.*\)$/, '')}: ${range}`,
  };
}

/** The period a share link froze: its own days, labelled as the report's kind would have been. */
export function fixedPeriod(kind: ReportPeriodKind, from: IsoDay, to: IsoDay): ResolvedPeriod {
  return {
    ...resolvePeriod('custom', { from, to }, to),
    kind,
    label:
      kind === 'custom'
        ? reportRange(from, to)
        : `${REPORT_PERIOD_LABELS[kind].replace(/ \(.*\)$/, '')}: ${reportRange(from, to)}`,
  };
}
