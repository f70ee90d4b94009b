import type {
  CampaignSortKey,
  CampaignStatusLabel,
  DisplayCurrency,
  PlatformAttribution,
  PlatformFilter,
  SeriesPoint,
  Totals,
} from '@shared/api/dashboard';
import type { Platform } from '@shared/constants';
import type { IsoDay } from '@shared/days';

/**
 * The dashboard's figures as one table by level (account, campaign or ad), with totals and, when
 * asked, daily series: what an assistant reads through the MCP `get_performance` tool. Built by
 * the dashboard service from the same scope and metrics reads as GET dashboard/ and
 * dashboard/campaigns/, so its numbers are theirs.
 */

export const PERFORMANCE_LEVELS = ['account', 'campaign', 'ad'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

export const PERFORMANCE_BREAKDOWNS = ['total', 'day'] as const;
export type PerformanceBreakdown = (typeof PERFORMANCE_BREAKDOWNS)[number];

/** A table request, already validated (the tool's schema); account and currency are checked against the workspace by the service. */
export interface PerformanceQuery {
  from: IsoDay;
  to: IsoDay;
  currency: DisplayCurrency;
  platform: PlatformFilter;
  /** A connected account's Adwise id; omitted: every account. */
  account?: string;
  level: PerformanceLevel;
  breakdown: PerformanceBreakdown;
  sort: CampaignSortKey;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One row: an account, a campaign or an ad, with its totals (and its days with breakdown=day). */
export interface PerformanceRow {
  level: PerformanceLevel;
  /** Adwise's id of the account or campaign; the platform's id of an ad. */
  id: string;
  name: string;
  platform: Platform;
  account: { id: string; account_id: string; name: string; currency: string };
  /** The platform's campaign id (campaign and ad rows). */
  campaign_id: string | null;
  /** Campaign rows only. */
  status: CampaignStatusLabel | null;
  totals: Totals;
  series: SeriesPoint[] | null;
}

export interface PerformanceTable {
  currency: DisplayCurrency;
  range: { from: IsoDay; to: IsoDay; days: number };
  level: PerformanceLevel;
  breakdown: PerformanceBreakdown;
  /** The totals of every selected account: the dashboard's summary for the same filters. */
  totals: Totals;
  /** With breakdown=day, every day of the range: the dashboard's series. */
  series: SeriesPoint[] | null;
  rows: PerformanceRow[];
  /** Rows matching the filters (before limit and offset). */
  total_rows: number;
  /** Currencies with no exchange rate (left out of the figures, as on the dashboard). */
  unconverted_currencies: string[];
  /** How each platform of the selection counts its conversions (GET dashboard/'s `attribution`). */
  attribution: PlatformAttribution[];
}

/** Sort values of an account row; status has no meaning for an account and sorts by name. */
export function accountSortValue(row: PerformanceRow, sort: CampaignSortKey): number | string {
  switch (sort) {
    case 'platform':
      return row.platform;
    case 'name':
    case 'status':
      return row.name.toLowerCase();
    default:
      return row.totals[sort];
  }
}
