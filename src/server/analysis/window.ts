import { DAY_MS, daysBetween, dayStartMs } from '@shared/days';

import { knownShare } from './lag';
import type { DayCounts } from './types';

/**
 * Totals of a series over its last days, with the exposure each conversion count should be
 * judged against: a day whose conversions are only 60% in counts as 60% of its clicks,
 * impressions and spend. Days whose share is not known yet are left out altogether.
 */
export interface WindowTotals {
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  value: number;
  /** Exposure scaled by the share of conversions known on each day. */
  knownSpend: number;
  knownImpressions: number;
  knownClicks: number;
  /** Days with delivery in the window (immature days included). */
  activeDays: number;
  /** First day with delivery in the whole series. */
  firstActiveDay: string | null;
}

export function windowTotals(
  days: DayCounts[],
  today: string,
  windowDays: number,
  lag: (number | null)[],
): WindowTotals {
  const totals: WindowTotals = {
    spend: 0,
    impressions: 0,
    clicks: 0,
    conversions: 0,
    value: 0,
    knownSpend: 0,
    knownImpressions: 0,
    knownClicks: 0,
    activeDays: 0,
    firstActiveDay: null,
  };
  for (const day of days) {
    if (day.impressions <= 0 && day.spend <= 0) continue;
    if (totals.firstActiveDay === null || day.date < totals.firstActiveDay) totals.firstActiveDay = day.date;
    const age = ageOf(day.date, today);
    if (age < 0 || age >= windowDays) continue;
    totals.activeDays += 1;
    const share = knownShare(lag, age);
    if (share === null || share <= 0) continue;
    totals.spend += day.spend;
    totals.impressions += day.impressions;
    totals.clicks += day.clicks;
    totals.conversions += day.conversions;
    totals.value += day.value;
    totals.knownSpend += day.spend * share;
    totals.knownImpressions += day.impressions * share;
    totals.knownClicks += day.clicks * share;
  }
  return totals;
}

/** Day number of a YYYY-MM-DD date (days since 1970-01-01): day arithmetic without time zones. */
export const dayNumber = (date: string) => Math.round(dayStartMs(date) / DAY_MS);
/** The YYYY-MM-DD date of a day number. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `day` to `today` (0: today itself). */
export function ageOf(day: string, today: string): number {
  return daysBetween(day, today);
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  // A typed array sorts numbers natively, several times faster than a comparator on a copy (the
  // anomaly detector takes medians of short windows hundreds of thousands of times a run).
  const sorted = Float64Array.from(values).sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Days of several series added up date by date, oldest first (a campaign from its ads, two campaigns as one). */
export function sumByDate(days: DayCounts[]): DayCounts[] {
  const byDate = new Map<string, DayCounts>();
  for (const d of days) {
    const total = byDate.get(d.date) ?? { date: d.date, spend: 0, impressions: 0, clicks: 0, conversions: 0, value: 0 };
    total.spend += d.spend;
    total.impressions += d.impressions;
    total.clicks += d.clicks;
    total.conversions += d.conversions;
    total.value += d.value;
    byDate.set(d.date, total);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
