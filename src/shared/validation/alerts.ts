import { array, boolean, type InferType, object, string } from 'yup';

import {
  ALERT_KINDS,
  ALERT_SENSITIVITIES,
  ALERT_SEVERITIES,
  type AlertKind,
  type AlertSensitivity,
  type AlertSeverity,
} from '../api/alerts';
import { queryNumber, queryText } from './dashboard';
import { UUID_PATTERN } from './uuid';

export const ALERTS_MAX_LIMIT = 200;
/** Most alerts one mark-as-read names. */
export const ALERTS_MAX_READ = 500;

export const ALERT_VALIDATION = {
  badKind: `Kind must be one of: ${ALERT_KINDS.join(', ')}.`,
  badSeverity: `Severity must be one of: ${ALERT_SEVERITIES.join(', ')}.`,
  badAccount: 'Account must be the id of one of the workspace’s connected accounts.',
  badUnread: 'Unread must be true or false.',
  badLimit: `Limit must be a whole number from 1 to ${ALERTS_MAX_LIMIT}.`,
  badOffset: 'Offset must be a whole number, 0 or more.',
  badIds: `Name the alerts to mark as read (ids, at most ${ALERTS_MAX_READ}), or send "all": true.`,
  badSetting: 'Each e-mail setting is true or false.',
  badWebhookUrl: 'Give the webhook address as a full URL (https://…), at most 2,000 characters.',
  noSetting: 'Send email_critical, email_digest or both.',
  badSensitivity: `Sensitivity must be one of: ${ALERT_SENSITIVITIES.join(', ')}.`,
} as const;

/** GET alerts/?kind&severity&account&unread&limit&offset. */
export const alertQuerySchema = object({
  kind: queryText().oneOf(ALERT_KINDS as readonly AlertKind[], ALERT_VALIDATION.badKind),
  severity: queryText().oneOf(ALERT_SEVERITIES as readonly AlertSeverity[], ALERT_VALIDATION.badSeverity),
  account: queryText().matches(UUID_PATTERN, ALERT_VALIDATION.badAccount),
  unread: queryText().oneOf(['true', 'false'], ALERT_VALIDATION.badUnread),
  limit: queryNumber(ALERT_VALIDATION.badLimit)
    .integer(ALERT_VALIDATION.badLimit)
    .min(1, ALERT_VALIDATION.badLimit)
    .max(ALERTS_MAX_LIMIT, ALERT_VALIDATION.badLimit),
  offset: queryNumber(ALERT_VALIDATION.badOffset)
    .integer(ALERT_VALIDATION.badOffset)
    .min(0, ALERT_VALIDATION.badOffset),
});
export type AlertQueryInput = InferType<typeof alertQuerySchema>;

/** POST alerts/read/: { ids } or { all: true }. */
export const alertReadSchema = object({
  ids: array(string().required(ALERT_VALIDATION.badIds).matches(UUID_PATTERN, ALERT_VALIDATION.badIds)).max(
    ALERTS_MAX_READ,
    ALERT_VALIDATION.badIds,
  ),
  all: boolean().strict().typeError(ALERT_VALIDATION.badIds),
}).test(
  'ids-or-all',
  ALERT_VALIDATION.badIds,
  (value) => value.all === true || (Array.isArray(value.ids) && value.ids.length > 0),
);
export type AlertReadInput = InferType<typeof alertReadSchema>;

/** PUT alerts/settings/: either or both toggles. */
export const alertSettingsSchema = object({
  email_critical: boolean().strict().typeError(ALERT_VALIDATION.badSetting),
  email_digest: boolean().strict().typeError(ALERT_VALIDATION.badSetting),
}).test(
  'some-setting',
  ALERT_VALIDATION.noSetting,
  (value) => value.email_critical !== undefined || value.email_digest !== undefined,
);
export type AlertSettingsInput = InferType<typeof alertSettingsSchema>;

/** PUT alerts/webhook/: the receiver's address (the server also checks where it points). */
export const alertWebhookSchema = object({
  url: string()
    .trim()
    .required(ALERT_VALIDATION.badWebhookUrl)
    .max(2000, ALERT_VALIDATION.badWebhookUrl)
    .matches(/^https?:\/\/[^\s/]+(\/\S*)?$/i, ALERT_VALIDATION.badWebhookUrl),
});
export type AlertWebhookInput = InferType<typeof alertWebhookSchema>;

/** PUT alerts/sensitivity/: how readily the workspace's anomaly alerts fire. */
export const alertSensitivitySchema = object({
  sensitivity: string()
    .strict()
    .typeError(ALERT_VALIDATION.badSensitivity)
    .required(ALERT_VALIDATION.badSensitivity)
    .oneOf(ALERT_SENSITIVITIES as readonly AlertSensitivity[], ALERT_VALIDATION.badSensitivity),
});
export type AlertSensitivityInput = InferType<typeof alertSensitivitySchema>;
