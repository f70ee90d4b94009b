import { type AdRow, type CampaignRow, type SeriesPoint, type Totals, weekdayLabel } from '@shared/api/dashboard';
import { derive, EMPTY_SUMS, type MetricSums, roundTo } from '@shared/metrics';
import { minorDigits } from '@shared/money';

import type { AdTotals, CampaignTotals, DailyPoint } from '../metrics/metrics.types';

/**
 * Metric rows (modules/metrics) as the dashboard API's shapes: money rounded to the display
 * currency's digits, conversions to 2 decimals, derived figures by @shared/metrics derive.
 */

/** Totals from raw sums (money already converted to major units of the display currency). */
export function presentTotals(sums: MetricSums, currency: string): Totals {
  const digits = minorDigits(currency);
  const { ctr, cpc, roas } = derive(sums);
  return {
    spend: roundTo(sums.spend, digits),
    impressions: sums.impressions,
    clicks: sums.clicks,
    conversions: roundTo(sums.conversions, 2),
    conversion_value: roundTo(sums.value, digits),
    ctr,
    cpc,
    roas,
  };
}

/** The sums of a list of days. */
export const addSums = (days: MetricSums[]): MetricSums =>
  days.reduce(
    (acc, sums) => ({
      spend: acc.spend + sums.spend,
      impressions: acc.impressions + sums.impressions,
      clicks: acc.clicks + sums.clicks,
      conversions: acc.conversions + sums.conversions,
      value: acc.value + sums.value,
    }),
    EMPTY_SUMS,
  );

/** The chart's points. */
export function presentSeries(days: DailyPoint[], currency: string): SeriesPoint[] {
  return days.map((point) => {
    const t = presentTotals(point, currency);
    return {
      date: point.day,
      day: weekdayLabel(point.day),
      spend: t.spend,
      impressions: t.impressions,
      clicks: t.clicks,
      ctr: t.ctr,
      conversions: t.conversions,
    };
  });
}

export function presentCampaign(row: CampaignTotals, currency: string): CampaignRow {
  const digits = minorDigits(currency);
  const { ctr, cpc } = derive({ ...row.sums, value: row.sums.value ?? 0 });
  return {
    id: row.id,
    platform: row.platform,
    campaign_id: row.campaignId,
    name: row.name,
    status: row.status === 'ACTIVE' ? 'Active' : 'Paused',
    account: {
      id: row.account.id,
      account_id: row.account.accountId,
      name: row.account.name,
      currency: row.account.currency,
    },
    daily_budget: row.dailyBudget === null ? null : roundTo(row.dailyBudget, digits),
    spend: roundTo(row.sums.spend, digits),
    impressions: row.sums.impressions,
    clicks: row.sums.clicks,
    conversions: roundTo(row.sums.conversions, 2),
    ctr,
    cpc,
  };
}

export function presentAd(row: AdTotals, currency: string): AdRow {
  const digits = minorDigits(currency);
  const { ctr, cpc } = derive({ ...row.sums, value: row.sums.value ?? 0 });
  return {
    ad_id: row.adId,
    name: row.name,
    spend: roundTo(row.sums.spend, digits),
    impressions: row.sums.impressions,
    clicks: row.sums.clicks,
    conversions: roundTo(row.sums.conversions, 2),
    ctr,
    cpc,
  };
}
