import { formatMoney, formatPercent, localeFor } from '@client/lib/format';
import type { Alert, AlertKind, AlertMetric, AlertSeverity } from '@shared/api/alerts';

/** What each kind of alert is called on screen. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  anomaly: 'Anomaly',
  zero_conversions: 'No conversions',
  delivery_stopped: 'Delivery stopped',
  rule: 'Rule',
  rule_failed: 'Rule failed',
  pacing: 'Budget pacing',
};

/** What each severity is called on screen. */
export const ALERT_SEVERITY_LABELS: Record<AlertSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
};

/** The MUI palette colour of each severity's chip. */
export const ALERT_SEVERITY_COLORS: Record<AlertSeverity, 'error' | 'warning'> = {
  critical: 'error',
  warning: 'warning',
};

/** A figure of `metric` in its unit: money in the account's currency, CTR (a fraction) as a percentage, counts whole. */
export function formatMetricValue(metric: AlertMetric, value: number, currency: string): string {
  switch (metric) {
    case 'spend':
    case 'cpa':
      return formatMoney(value, currency);
    case 'ctr':
      return formatPercent(value * 100);
    case 'impressions':
    case 'conversions':
      return new Intl.NumberFormat(localeFor(currency), { maximumFractionDigits: 0 }).format(value);
  }
}

/**
 * What an anomaly saw against what was expected: 'Observed ₹18,500.00, expected ₹9,200.00
 * (normal range ₹7,000.00–₹11,500.00)'; null for other kinds, or when a figure is missing.
 */
export function describeObservation(alert: Alert): string | null {
  const { kind, metric, observed, expected, band, account } = alert;
  if (
    kind !== 'anomaly' ||
    metric === null ||
    observed === null ||
    expected === null ||
    band === null ||
    account === null
  )
    return null;
  const format = (value: number) => formatMetricValue(metric, value, account.currency);
  return `Observed ${format(observed)}, expected ${format(expected)} (normal range ${format(band.low)}–${format(band.high)})`;
}
