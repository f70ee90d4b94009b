import type { Platform } from '@shared/constants';

/**
 * What the analysis reads and what it finds. Inputs are plain series in the account's own
 * currency (minor units), one account at a time: peers are compared within their campaign or
 * account and never pooled across platforms or currencies.
 */

export interface DayCounts {
  /** The account's calendar day, YYYY-MM-DD. */
  date: string;
  spend: number;
  impressions: number;
  clicks: number;
  /** As reported so far (late conversions may still arrive for recent days). */
  conversions: number;
  value: number;
}

export type EntityStatus = 'ACTIVE' | 'PAUSED';

export interface AdSeries {
  id: string;
  name: string;
  status: EntityStatus;
  /** Oldest first; days without delivery may be missing. */
  days: DayCounts[];
}

export interface CampaignSeries {
  id: string;
  name: string;
  status: EntityStatus;
  /** Minor units of the account currency; null when the campaign has no budget of its own. */
  dailyBudget: number | null;
  days: DayCounts[];
  ads: AdSeries[];
}

export interface AccountSeries {
  platform: Platform;
  /** The product's id of the connected account. */
  accountRef: string;
  currency: string;
  /** The account's current day: the last day of the series. */
  today: string;
  campaigns: CampaignSeries[];
}

/** Share of a day's conversions reported by the end of day 0, 1, 2 ... after it (the last entry holds from then on). */
export type LagProfile = number[];

export interface Range {
  mid: number;
  low: number;
  high: number;
}

/** A rate with its credible interval, for evidence. */
export interface RateEstimate extends Range {
  /** What it was computed from, as reported (conversions, clicks, impressions ...). */
  events: number;
  exposure: number;
}
