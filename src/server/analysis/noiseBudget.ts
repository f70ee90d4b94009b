import type { AlertSensitivity, AlertSensitivityChoice } from '@shared/api/alerts';

/**
 * How many false alarms a workspace may get, and how they are shared among its series.
 *
 * A false-alarm rate per series is not what a person lives with: a workspace watching five
 * metrics of 3 accounts and 100 campaigns has 515 series, and one false alarm per series every 90
 * days would be 170 a month. So each sensitivity is a budget for the whole workspace: at most this
 * many anomaly alerts a month from ordinary ups and downs, across everything it watches. The
 * budget is split evenly among the series (each gets the budget ÷ their number: a union bound, so
 * the total holds however the series move together), and a series never alerts more readily than
 * its sensitivity's own rate (once in 365, 90 or 30 days), so a small workspace is not more
 * trigger-happy than one series alone would be. The price of a big workspace is a stricter bar
 * per series: only rarer days alert.
 */

/** Anomaly alerts a month that noise alone may raise across a whole workspace, at most. */
export const NOISE_ALERTS_A_MONTH: Record<AlertSensitivity, number> = { fewer: 1, balanced: 4, more: 12 };

/** The most readily one series may alert: at most one alarm from noise alone in this many days. */
export const FALSE_ALARM_EVERY_DAYS: Record<AlertSensitivity, number> = { fewer: 365, balanced: 90, more: 30 };

const DAYS_A_MONTH = 30;

/** One series' share of its workspace's budget: at most one alarm from noise alone in this many days. */
export function seriesOnceInDays(sensitivity: AlertSensitivity, watchedSeries: number): number {
  const series = Math.max(1, Math.round(watchedSeries));
  return Math.max(FALSE_ALARM_EVERY_DAYS[sensitivity], (DAYS_A_MONTH * series) / NOISE_ALERTS_A_MONTH[sensitivity]);
}

/** What a sensitivity means for a workspace watching this many series. */
export function sensitivityChoice(sensitivity: AlertSensitivity, watchedSeries: number): AlertSensitivityChoice {
  const onceInDays = seriesOnceInDays(sensitivity, watchedSeries);
  const series = Math.max(0, Math.round(watchedSeries));
  return {
    sensitivity,
    noise_alerts_a_month: Number(((series * DAYS_A_MONTH) / onceInDays).toFixed(1)),
    once_in_days: Math.round(onceInDays),
  };
}
