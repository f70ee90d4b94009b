import type { CampaignSortKey, DisplayCurrency } from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';
import type { IsoDay } from '@shared/days';
import type { MetricSums } from '@shared/metrics';

import type { ConversionFactors } from './rates';

/** A connected ad account as the metrics read it: its id (connected_ad_accounts.id) and currency. */
export interface AccountRef {
  id: string;
  currency: string;
}

/** Days from `from` to `to`, both included. */
export interface DayWindow {
  from: IsoDay;
  to: IsoDay;
}

/**
 * What every metrics function reads: the given accounts, as far as they belong to the
 * workspace, over the window, with money converted into major units of `currency`.
 */
export interface MetricScope {
  workspaceId: string;
  accounts: AccountRef[];
  currency: DisplayCurrency;
  window: DayWindow;
}

/**
 * A scope with its conversion factors (rates.ts) for its accounts' currencies over its window,
 * loaded once (`withRates`) when a request makes several reads; a plain scope loads its own.
 */
export interface RatedScope extends MetricScope {
  rates: ConversionFactors;
}

/** Sums of one day (money converted, not rounded). */
export interface DailyPoint extends MetricSums {
  day: IsoDay;
}

export type EntityLevel = 'campaign' | 'ad';

/** `${accountRef}:${entityId}`: an entity of a level, unique across accounts (see `entityKey`). */
export type EntityKey = `${string}:${string}`;

export interface EntityQuery {
  sort: CampaignSortKey;
  order: 'asc' | 'desc';
  /** Every row when left out. */
  limit?: number;
  offset?: number;
  /** Name contains (case-insensitive). */
  q?: string;
  /**
   * Adwise's campaign id (campaigns.id): on the campaign level that campaign only, on the ad
   * level that campaign's ads.
   */
  campaignId?: string;
  /** Sum the conversion value too (costs a second money sum per row); `sums.value` is null otherwise. */
  withValue?: boolean;
}

/** An entity's sums; `value` only when the query asked for it (`withValue`). */
export interface EntitySums extends Omit<MetricSums, 'value'> {
  value: number | null;
}

/** A campaign with its totals over the window. */
export interface CampaignTotals {
  /** Adwise's campaign id. */
  id: string;
  platform: Platform;
  /** The platform's campaign id. */
  campaignId: string;
  name: string;
  /** As stored ('ACTIVE' | 'PAUSED'). */
  status: string;
  account: { id: string; accountId: string; name: string; currency: string };
  /** The daily budget converted at the window's last day; null without a budget or a rate. */
  dailyBudget: number | null;
  sums: EntitySums;
}

/** An ad with its totals over the window. */
export interface AdTotals {
  accountRef: string;
  /** The platform's ad and campaign ids. */
  adId: string;
  campaignId: string;
  name: string;
  sums: EntitySums;
}

export interface EntityPage<Row> {
  rows: Row[];
  /** Every matching entity (before limit and offset). */
  total: number;
}

/** A campaign's daily budget against its spend on one day (both converted). */
export interface BudgetRow {
  id: string;
  accountRef: string;
  platform: Platform;
  campaignId: string;
  name: string;
  status: string;
  /** Null without a budget of its own or without a rate for its currency. */
  dailyBudget: number | null;
  spend: number;
}

/** Spend of one workspace over a window and the window before it (for the All clients overview). */
export interface WorkspaceSpend {
  /** Converted spend of the window; 0 when none. */
  currentSpend: number;
  /** account_daily rows in the window, and how many of them converted. */
  currentRows: number;
  currentConverted: number;
  previousSpend: number;
}
