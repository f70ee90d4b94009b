import { daysBetween, isCalendarDay } from '@shared/days';
import { minorToDecimal } from '@shared/money';

import { type DayMetrics, type ReportRow } from '../../world';
import { jsonList, positiveInt } from './wire';

/**
 * The synchronous integrated report (GET /report/integrated/get/, research 5.3): parameter
 * checks as TikTok does them, and rows rendered as TikTok writes them (metrics as strings, money
 * as major-unit decimals, `stat_time_day` with a time part, "-" where a metric has no value).
 */

/** Longest date range of one daily report request, both ends included (UNCONFIRMED: research 5.3, Airbyte chunks by 30). */
export const REPORT_MAX_DAYS = 30;
/** Largest page_size the report accepts. */
export const REPORT_MAX_PAGE_SIZE = 1000;
/** page_size when the request does not say. */
export const DEFAULT_PAGE_SIZE = 10;

export type ReportLevel = 'campaign' | 'ad';

/** data_level values the sandbox serves, and the id dimension each one groups by. */
const LEVELS: Record<string, { level: ReportLevel; idDimension: string }> = {
  AUCTION_CAMPAIGN: { level: 'campaign', idDimension: 'campaign_id' },
  AUCTION_AD: { level: 'ad', idDimension: 'ad_id' },
};

/** The placeholder TikTok writes for a metric without a value (a cost per conversion without conversions ...). */
export const NOT_AVAILABLE = '-';

type MetricRenderer = (row: ReportRow) => string;

const money = (row: ReportRow, minor: number) => minorToDecimal(minor, row.account.currency);
const percent = (part: number, whole: number) => (whole > 0 ? ((part * 100) / whole).toFixed(2) : NOT_AVAILABLE);
const perUnit = (row: ReportRow, minor: number, units: number) =>
  units > 0 ? money(row, Math.round(minor / units)) : NOT_AVAILABLE;
/** A purchase value: "-" on days without conversions, like TikTok's value metrics. */
const value = (row: ReportRow, m: DayMetrics) =>
  m.conversions > 0 ? money(row, m.conversionValueMinor) : NOT_AVAILABLE;

/** Metrics both levels serve. Both purchase-value metrics carry the world's conversion value. */
const COMMON_METRICS: Record<string, MetricRenderer> = {
  spend: (row) => money(row, row.metrics.spendMinor),
  impressions: (row) => String(row.metrics.impressions),
  clicks: (row) => String(row.metrics.clicks),
  conversion: (row) => String(row.metrics.conversions),
  ctr: (row) => percent(row.metrics.clicks, row.metrics.impressions),
  cpc: (row) => perUnit(row, row.metrics.spendMinor, row.metrics.clicks),
  cpm: (row) => perUnit(row, row.metrics.spendMinor * 1000, row.metrics.impressions),
  conversion_rate: (row) => percent(row.metrics.conversions, row.metrics.clicks),
  cost_per_conversion: (row) => perUnit(row, row.metrics.spendMinor, row.metrics.conversions),
  total_complete_payment_rate: (row) => value(row, row.metrics),
  total_purchase_value: (row) => value(row, row.metrics),
  campaign_name: (row) => row.campaign.name,
};

/** Attribute metrics that only make sense below the campaign. */
const AD_METRICS: Record<string, MetricRenderer> = {
  campaign_id: (row) => row.campaign.id,
  ad_name: (row) => row.ad?.name ?? NOT_AVAILABLE,
};

const metricsFor = (level: ReportLevel) => (level === 'ad' ? { ...COMMON_METRICS, ...AD_METRICS } : COMMON_METRICS);

export interface ReportQuery {
  advertiserId: string;
  level: ReportLevel;
  metrics: string[];
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
}

/** Checks the query string of a report request; the message is what TikTok would put in a 40002. */
export function parseReportQuery(
  query: Record<string, unknown>,
): { ok: true; value: ReportQuery } | { ok: false; message: string } {
  const bad = (message: string) => ({ ok: false as const, message });
  const { advertiser_id, service_type, report_type, data_level, start_date, end_date } = query;
  if (typeof advertiser_id !== 'string' || !advertiser_id)
    return bad('advertiser_id: Missing data for required field.');
  if (service_type !== undefined && service_type !== 'AUCTION')
    return bad('service_type: The sandbox serves AUCTION reports only.');
  if (report_type !== 'BASIC') return bad('report_type: The sandbox serves BASIC reports only.');
  const level = typeof data_level === 'string' ? LEVELS[data_level] : undefined;
  if (!level) return bad(`data_level: Must be one of ${Object.keys(LEVELS).join(', ')}.`);
  const dimensions = jsonList(query.dimensions);
  if (
    !dimensions ||
    dimensions.length !== 2 ||
    !dimensions.includes(level.idDimension) ||
    !dimensions.includes('stat_time_day')
  ) {
    return bad(`dimensions: Must be ["${level.idDimension}","stat_time_day"] for ${String(data_level)}.`);
  }
  const metrics = jsonList(query.metrics);
  const known = metricsFor(level.level);
  if (!metrics || metrics.length === 0) return bad('metrics: Must be a non-empty JSON array of metric names.');
  const unknown = metrics.find((metric) => !(metric in known));
  if (unknown) return bad(`metrics: Invalid metric ${unknown} for ${String(data_level)}.`);
  if (!isCalendarDay(start_date) || !isCalendarDay(end_date))
    return bad('start_date, end_date: Must be dates in the format YYYY-MM-DD.');
  if (end_date < start_date) return bad('end_date: Must not be earlier than start_date.');
  if (daysBetween(start_date, end_date) + 1 > REPORT_MAX_DAYS) {
    return bad(`The time span between start_date and end_date cannot exceed ${REPORT_MAX_DAYS} days.`);
  }
  const page = positiveInt(query.page, 1);
  const pageSize = positiveInt(query.page_size, DEFAULT_PAGE_SIZE);
  if (page === undefined) return bad('page: Must be a positive integer.');
  if (pageSize === undefined || pageSize > REPORT_MAX_PAGE_SIZE)
    return bad(`page_size: Must be between 1 and ${REPORT_MAX_PAGE_SIZE}.`);
  return {
    ok: true,
    value: {
      advertiserId: advertiser_id,
      level: level.level,
      metrics,
      startDate: start_date,
      endDate: end_date,
      page,
      pageSize,
    },
  };
}

export interface WireReportRow {
  dimensions: Record<string, string>;
  metrics: Record<string, string>;
}

/** One report row in TikTok's wire shape, with exactly the requested metrics. */
export function renderReportRow(row: ReportRow, query: ReportQuery): WireReportRow {
  const known = metricsFor(query.level);
  const id: Record<string, string> =
    query.level === 'ad' && row.ad ? { ad_id: row.ad.id } : { campaign_id: row.campaign.id };
  return {
    dimensions: { ...id, stat_time_day: `${row.date} 00:00:00` },
    metrics: Object.fromEntries(query.metrics.map((metric) => [metric, known[metric](row)])),
  };
}
