import {
  formatCompactCount,
  formatCompactMoney,
  formatCount,
  formatDay,
  formatDayWithYear,
  formatMoney,
  formatPercent,
} from '@client/lib/format';
import { DEFAULT_RANGE_DAYS, type SeriesPoint } from '@shared/api/dashboard';
import type { IsoDay } from '@shared/days';

/** The chart's three lines (spec: spend, CTR and conversions by day). */
export const CHART_METRICS = ['spend', 'ctr', 'conversions'] as const;
/** One of the chart's lines. */
export type ChartMetric = (typeof CHART_METRICS)[number];

/** Names of the lines, as the legend and tooltips say them. */
export const CHART_METRIC_NAMES: Record<ChartMetric, string> = {
  spend: 'Spend',
  ctr: 'CTR',
  conversions: 'Conversions',
};

/** At most this many day labels along the x axis, so 90–366 days stay readable. */
export const MAX_X_TICKS = 8;

/** One plotted point: x is the day's index, y the value over the line's maximum (each line on its own 0–1 scale). */
export interface ChartPoint {
  x: number;
  y: number;
  /** The real figure, for tooltips and the table. */
  value: number;
  metric: ChartMetric;
  date: IsoDay;
}

/** A line: its points and the top of its scale (a round number at or above its largest value). */
export interface ChartLine {
  metric: ChartMetric;
  max: number;
  points: ChartPoint[];
}

/** Each line's axis is cut into this many equal steps. */
export const Y_TICK_STEPS = 4;
const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round number at or above `value` whose quarters are round too (367 -> 400, 2.04 -> 2.4); 0 stays 0. */
export function niceMax(value: number, steps: number = Y_TICK_STEPS): number {
  if (!(value > 0)) return 0;
  const rawStep = value / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = NICE_STEPS.find((nice) => nice * magnitude >= rawStep * (1 - 1e-9)) ?? 10;
  // Rounded, so 0.1 + 0.2 style noise never reaches a tick label.
  return Number((step * magnitude * steps).toPrecision(12));
}

/** The x axis label of a day: Mon … Sun for a week or less, '21 Nov' for longer ranges. */
export function dayLabel(point: Pick<SeriesPoint, 'date' | 'day'>, days: number): string {
  return days <= DEFAULT_RANGE_DAYS ? point.day : formatDay(point.date);
}

/**
 * Indexes of the days that get an x label: every day up to `maxTicks`, else evenly spaced
 * ones starting with the first day; the last day is labelled too when it is not crammed
 * against the previous label.
 */
export function xTickValues(count: number, maxTicks: number = MAX_X_TICKS): number[] {
  if (count <= 0) return [];
  if (count <= maxTicks) return Array.from({ length: count }, (_, index) => index);
  const step = Math.ceil((count - 1) / (maxTicks - 1));
  const ticks: number[] = [];
  for (let index = 0; index < count; index += step) ticks.push(index);
  const last = count - 1;
  if (ticks[ticks.length - 1] !== last && last - ticks[ticks.length - 1] >= step / 2 && ticks.length < maxTicks)
    ticks.push(last);
  return ticks;
}

/** The three lines of a series, each on its own 0–1 scale. */
export function chartLines(series: readonly SeriesPoint[]): ChartLine[] {
  return CHART_METRICS.map((metric) => {
    const max = niceMax(series.reduce((largest, point) => Math.max(largest, point[metric]), 0));
    return {
      metric,
      max,
      points: series.map((point, index) => ({
        x: index,
        y: max > 0 ? point[metric] / max : 0,
        value: point[metric],
        metric,
        date: point.date,
      })),
    };
  });
}

/** A line's figure in full (tooltips, the table). */
export function formatMetric(metric: ChartMetric, value: number, currency: string): string {
  if (metric === 'spend') return formatMoney(value, currency);
  if (metric === 'ctr') return formatPercent(value);
  return formatCount(value, currency);
}

/** A line's figure on its axis, short. */
export function formatMetricTick(metric: ChartMetric, value: number, currency: string): string {
  if (metric === 'spend') return formatCompactMoney(value, currency);
  if (metric === 'ctr') return `${Number(value.toFixed(value < 10 ? 2 : 1))}%`;
  return formatCompactCount(value);
}

/** The tooltip of one point: 'Spend: ₹550.00'. */
export function pointLabel(point: ChartPoint, currency: string): string {
  return `${CHART_METRIC_NAMES[point.metric]}: ${formatMetric(point.metric, point.value, currency)}`;
}

/** What the chart shows, in one sentence, for its accessible name. */
export function chartSummary(series: readonly SeriesPoint[], currency: string): string {
  if (series.length === 0) return 'Daily spend, CTR and conversions: no days in this range.';
  const first = series[0].date;
  const last = series[series.length - 1].date;
  const peak = series.reduce((best, point) => (point.spend > best.spend ? point : best), series[0]);
  return (
    `Line chart of daily spend (${currency}), CTR and conversions from ${formatDayWithYear(first)} to ${formatDayWithYear(last)}, ` +
    `${series.length} ${series.length === 1 ? 'day' : 'days'}; highest spend ${formatMoney(peak.spend, currency)} on ${formatDayWithYear(peak.date)}.`
  );
}
