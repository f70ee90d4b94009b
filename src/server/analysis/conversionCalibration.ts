import type { AccountSeries, DayCounts } from './types';

/**
 * Conversions calibrated to a workspace's own numbers (issue 37, opt-in). A platform that claims
 * `ratio` times the conversions its share of spend explains has its counts (and their value)
 * divided by that ratio, within bounds, so suggestions and the optimizer compare platforms on
 * what the business really saw rather than on each platform's generosity to itself. Pure.
 */

/** The factor a platform's conversions are multiplied by: 1 ÷ its over-attribution ratio, kept within [min, max]; 1 without a ratio. */
export function calibrationFactor(ratio: number | null, bounds: { min: number; max: number }): number {
  if (ratio === null || !Number.isFinite(ratio) || ratio <= 0) return 1;
  return Math.min(bounds.max, Math.max(bounds.min, 1 / ratio));
}

const scaleDays = (days: DayCounts[], factor: number): DayCounts[] =>
  days.map((day) => ({ ...day, conversions: day.conversions * factor, value: day.value * factor }));

/** The account's series with every day's conversions and conversion value multiplied by `factor` (spend, impressions and clicks as they are). */
export function scaleConversions(series: AccountSeries, factor: number): AccountSeries {
  if (factor === 1) return series;
  return {
    ...series,
    campaigns: series.campaigns.map((campaign) => ({
      ...campaign,
      days: scaleDays(campaign.days, factor),
      ads: campaign.ads.map((ad) => ({ ...ad, days: scaleDays(ad.days, factor) })),
    })),
  };
}
