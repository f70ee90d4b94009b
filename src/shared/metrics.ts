/**
 * The derived figures of a set of sums, written once: the dashboard's presenters, its CSV, the
 * client and (later) the evidence of findings call `derive`. Their SQL twin (for sorting by CTR
 * and CPC) is in src/server/modules/metrics/metrics.queries.ts.
 */

/** Raw sums over some rows; money in major units of one currency, not rounded. */
export interface MetricSums {
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  /** Conversion value, in the same currency as spend. */
  value: number;
}

/** Sums of nothing. */
export const EMPTY_SUMS: Readonly<MetricSums> = Object.freeze({
  spend: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  value: 0,
});

export interface DerivedMetrics {
  /** Clicks per impression in percent, 2 decimals; 0 without impressions. */
  ctr: number;
  /** Spend per click, 2 decimals; 0 without clicks. */
  cpc: number;
  /** Spend per conversion, 2 decimals; null without conversions. */
  cpa: number | null;
  /** Conversion value per unit of spend, 2 decimals; 0 without spend. */
  roas: number;
  /** Conversions per click in percent, 2 decimals; null without clicks. */
  cvr: number | null;
}

/** `value` rounded half up (Math.round) to `digits` decimals. */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** CTR, CPC, CPA, ROAS and CVR of raw sums, with the product's rounding. */
export function derive(sums: MetricSums): DerivedMetrics {
  const { spend, impressions, clicks, conversions, value } = sums;
  return {
    ctr: impressions > 0 ? roundTo((clicks / impressions) * 100, 2) : 0,
    cpc: clicks > 0 ? roundTo(spend / clicks, 2) : 0,
    cpa: conversions > 0 ? roundTo(spend / conversions, 2) : null,
    roas: spend > 0 ? roundTo(value / spend, 2) : 0,
    cvr: clicks > 0 ? roundTo((conversions / clicks) * 100, 2) : null,
  };
}
