import { addDays } from '@shared/days';

import type { AccountSeries, AdSeries, CampaignSeries, DayCounts } from './types';

/** Series for the analysis tests: ads of one campaign of one account, or an account's campaigns, their days ending TODAY. */

export const TODAY = '2026-03-31';

/** The day `age` days before TODAY. */
export const dayAt = (age: number): string => addDays(TODAY, -age);

/** An ad with `days` days of delivery ending today, oldest first; `countsAt(age)` gives each day's figures. */
export function adSeries(
  id: string,
  days: number,
  countsAt: (age: number) => Omit<DayCounts, 'date' | 'value'>,
  status: AdSeries['status'] = 'ACTIVE',
): AdSeries {
  return {
    id,
    name: `Ad ${id}`,
    status,
    days: Array.from({ length: days }, (_, i) => days - 1 - i).map((age) => ({
      date: dayAt(age),
      ...countsAt(age),
      value: 0,
    })),
  };
}

/** An account whose one active campaign runs `ads`. */
export function oneCampaignAccount(ads: AdSeries[]): AccountSeries {
  return {
    platform: 'meta',
    accountRef: 'acc',
    currency: 'USD',
    today: TODAY,
    campaigns: [{ id: 'c1', name: 'Prospecting', status: 'ACTIVE', dailyBudget: 10_000, days: [], ads }],
  };
}

/** A campaign's day for the budget tests: spend, conversions, and the click-through and cost per click (minor units) its clicks come from. */
export interface CampaignDay {
  spend: number;
  conversions: number;
  ctr?: number;
  cpc?: number;
}

/** `n` identical days ending today. */
export function campaignDays(n: number, { spend, conversions, ctr = 0.01, cpc = 100 }: CampaignDay): DayCounts[] {
  const clicks = spend / cpc;
  return Array.from({ length: n }, (_, i) => n - 1 - i).map((age) => ({
    date: dayAt(age),
    spend,
    impressions: clicks / ctr,
    clicks,
    conversions,
    value: 0,
  }));
}

/** An active campaign without ads of its own (taken as a whole) with `n` identical days ending today. */
export function budgetCampaign(id: string, dailyBudget: number, day: CampaignDay, n = 35): CampaignSeries {
  return { id, name: `Campaign ${id}`, status: 'ACTIVE', dailyBudget, days: campaignDays(n, day), ads: [] };
}

export const accountOf = (campaigns: CampaignSeries[], currency = 'USD'): AccountSeries => ({
  platform: 'google',
  accountRef: 'acc',
  currency,
  today: TODAY,
  campaigns,
});

/** Three campaigns at 1,000 minor units a conversion, spending 10,000 of a 12,000 budget a day. */
export const budgetPeers = () =>
  ['a', 'b', 'c'].map((id) => budgetCampaign(id, 12_000, { spend: 10_000, conversions: 10 }));
