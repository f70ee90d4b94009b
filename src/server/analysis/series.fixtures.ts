import type { AccountSeries, AdSeries, DayCounts } from './types';

/** Series for the analysis tests: ads of one campaign of one account, their days ending TODAY. */

export const TODAY = '2026-03-31';

/** The day `age` days before TODAY. */
export const dayAt = (age: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - age * 86_400_000).toISOString().slice(0, 10);

/** An ad with `days` days of delivery ending today, oldest first; `countsAt(age)` gives each day's figures. */
export function adSeries(id: string, days: number, countsAt: (age: number) => Omit<DayCounts, 'date' | 'value'>, status: AdSeries['status'] = 'ACTIVE'): AdSeries {
  return {
    id,
    name: `Ad ${id}`,
    status,
    days: Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => ({ date: dayAt(age), ...countsAt(age), value: 0 })),
  };
}

/** An account whose one active campaign runs `ads`. */
export function oneCampaignAccount(ads: AdSeries[]): AccountSeries {
  return { platform: 'meta', accountRef: 'acc', currency: 'USD', today: TODAY, campaigns: [{ id: 'c1', name: 'Prospecting', status: 'ACTIVE', dailyBudget: 10_000, days: [], ads }] };
}
