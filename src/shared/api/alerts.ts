import type { Platform } from '../constants';

/**
 * Alerts: what the detector and the alert checks found after a sync, in the current workspace.
 * Read state is per user. Wire names are snake_case like the rest of the API.
 */

export const ALERT_KINDS = ['anomaly', 'zero_conversions', 'delivery_stopped'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_SEVERITIES = ['warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_METRICS = ['spend', 'impressions', 'conversions', 'cpa', 'ctr'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

export interface Alert {
  id: string;
  kind: AlertKind;
  severity: AlertSeverity;
  /** The metric judged (null for delivery stopped). */
  metric: AlertMetric | null;
  /** higher or lower than expected (null when it does not apply). */
  direction: 'high' | 'low' | null;
  level: 'account' | 'campaign';
  entity_id: string;
  entity_name: string;
  account: { id: string; name: string; platform: Platform; currency: string };
  /** The account's calendar day the alert is about, YYYY-MM-DD. */
  day: string;
  headline: string;
  /** Observed and expected values with the band that would not have alerted, in the metric's unit (money in major units of the account currency, CTR as a fraction). */
  observed: number | null;
  expected: number | null;
  band: { low: number; high: number } | null;
  created_at: string;
  read: boolean;
}

export interface AlertList {
  alerts: Alert[];
  total: number;
  /** Unread alerts of the user in the workspace, all filters aside: the bell's count. */
  unread: number;
}

export interface AlertReadResult {
  marked: number;
  unread: number;
}

/** The caller's alert e-mail settings (per user, across workspaces). */
export interface AlertSettings {
  /** A mail as soon as a critical alert is raised. */
  email_critical: boolean;
  /** A daily mail of the other alerts not read yet. */
  email_digest: boolean;
}

export const ALERT_MESSAGES = {
  notFound: 'No such alert in this workspace.',
  badUnsubscribeLink: 'This unsubscribe link is not valid. Change your alert e-mails under Alerts in Adwise.',
} as const;
