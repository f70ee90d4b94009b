import { addDays, type IsoDay } from '@shared/days';

import type { DayWindow } from './metrics.types';
import { type ConversionFactors, factorsConstant } from './rates';

/**
 * How a window's campaign rows are read: its whole calendar months from the monthly rollup
 * (campaign_monthly, a row per campaign and month instead of one per day), its other days from
 * metrics_daily. A month is read from the rollup only when it lies wholly inside the window and
 * every currency converts at one factor through it, so a month's sum in minor units times that
 * factor is the sum of its days converted one by one.
 */
export interface MonthSplit {
  /** First days of the months read from the rollup, ascending. */
  months: IsoDay[];
  /** The rest of the window, as ascending runs of days read from metrics_daily. */
  days: DayWindow[];
}

const monthStart = (day: IsoDay): IsoDay => `${day.slice(0, 7)}-01`;
const nextMonth = (first: IsoDay): IsoDay => {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

export function splitByMonths(window: DayWindow, rates: ConversionFactors): MonthSplit {
  const split: MonthSplit = { months: [], days: [] };
  for (let first = monthStart(window.from); first <= window.to; first = nextMonth(first)) {
    const last = addDays(nextMonth(first), -1);
    const whole = first >= window.from && last <= window.to;
    if (whole && factorsConstant(rates, first, last)) {
      split.months.push(first);
      continue;
    }
    const from = first < window.from ? window.from : first;
    const to = last > window.to ? window.to : last;
    const previous = split.days[split.days.length - 1];
    if (previous && addDays(previous.to, 1) === from) previous.to = to;
    else split.days.push({ from, to });
  }
  return split;
}
