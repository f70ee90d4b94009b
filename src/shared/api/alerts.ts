import type { Platform } from '../constants';

/**
 * Alerts: what the detector and the alert checks found after a sync, in the current workspace.
 * Read state is per user. Wire names are snake_case like the rest of the API.
 */

/** The checks' findings, what automated rules report (a rule acted or asks for approval; a platform refused a rule's change), and a monthly budget pacing off its band. */
export const ALERT_KINDS = [
  'anomaly',
  'zero_conversions',
  'delivery_stopped',
  'rule',
  'rule_failed',
  'pacing',
] as const;
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
  /** What the alert is about: an account, a campaign or an ad, or a monthly budget (entity_id: the budget's id). */
  level: 'account' | 'campaign' | 'ad' | 'budget';
  entity_id: string;
  entity_name: string;
  /** The account it is about; null for a budget of the whole workspace or of one platform. */
  account: { id: string; name: string; platform: Platform; currency: string } | null;
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

/** How readily the anomaly detector alerts in a workspace: only strong anomalies, balanced (the default), or more. */
export const ALERT_SENSITIVITIES = ['fewer', 'balanced', 'more'] as const;
export type AlertSensitivity = (typeof ALERT_SENSITIVITIES)[number];

/** One sensitivity as it would work in this workspace. */
export interface AlertSensitivityChoice {
  sensitivity: AlertSensitivity;
  /** Anomaly alerts a month that ordinary ups and downs may raise across the whole workspace, at most (real changes come on top). */
  noise_alerts_a_month: number;
  /** How rare a day must be, for one metric of one account or campaign, to raise an alert: about once in this many days. */
  once_in_days: number;
}

/** The workspace's anomaly sensitivity (GET/PUT alerts/sensitivity/), with what each choice means here. */
export interface AlertSensitivitySetting {
  sensitivity: AlertSensitivity;
  /** Series the detector watches: five metrics of each account and campaign that delivered in the last 90 days. */
  watched_series: number;
  choices: AlertSensitivityChoice[];
  /** Anomaly alerts raised in the workspace over the last 30 days, at whatever sensitivity was set then. */
  anomalies_last_30_days: number;
}

/** The workspace's alert webhook, as the API shows it (the signing secret only once, on creation). */
export interface AlertWebhook {
  url: string;
  created_at: string;
  last_delivery_at: string | null;
  /** HTTP status of the last delivery; null before the first or when the receiver did not answer. */
  last_status: number | null;
  last_error: string | null;
  /** Only in the answer that created the webhook: verify X-Adwise-Signature with it. */
  secret?: string;
}

/** Headers every webhook call carries: the Unix time it was signed, and v1=HMAC-SHA256(secret, `${timestamp}.${body}`) in hex. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-adwise-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-adwise-signature';

export const ALERT_MESSAGES = {
  notFound: 'No such alert in this workspace.',
  noWebhook: 'This workspace has no alert webhook.',
  webhookNotHttps: 'The webhook address must start with https://.',
  webhookPrivate: 'The webhook address must be reachable on the public internet, not a private or local address.',
  webhookUnresolved: 'The webhook address’s host could not be found.',
  webhookFailed: 'The webhook did not accept the test message',
  badUnsubscribeLink: 'This unsubscribe link is not valid. Change your alert e-mails under Alerts in Adwise.',
} as const;
