import { ALERT_KINDS, ALERT_METRICS, ALERT_SEVERITIES } from '@shared/api/alerts';
import { ALERTS_MAX_LIMIT } from '@shared/validation/alerts';
import { z } from 'zod';

import { limitArgument, platformSchema, uuidArgument } from './schemas';
import { readTool } from './tool';

/** list_alerts: GET alerts/ (read state is the caller's own; reading here marks nothing as read). */
export const listAlerts = readTool({
  name: 'list_alerts',
  title: 'List alerts',
  description:
    'Alerts of the workspace, newest first: anomalies in spend, conversions, CPA or CTR against what was expected (with the band that would not have alerted), delivery stopped, automated rules that acted or failed, budgets pacing off. ' +
    'Filter by kind, severity, account or unread. Reading marks nothing as read.',
  // GET alerts/.
  action: 'alerts:read',
  input: z.object({
    kind: z.enum(ALERT_KINDS).optional(),
    severity: z.enum(ALERT_SEVERITIES).optional(),
    account_id: uuidArgument('account_id').optional(),
    unread: z.boolean().optional().describe('true: only alerts you have not read; false: only read ones.'),
    limit: limitArgument(ALERTS_MAX_LIMIT, 20),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  }),
  output: z.object({
    alerts: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(ALERT_KINDS),
        severity: z.enum(ALERT_SEVERITIES),
        metric: z.enum(ALERT_METRICS).nullable(),
        direction: z.enum(['high', 'low']).nullable(),
        level: z.enum(['account', 'campaign', 'ad', 'budget']),
        entity_id: z.string(),
        entity_name: z.string(),
        account: z
          .object({ id: z.string(), name: z.string(), platform: platformSchema, currency: z.string() })
          .nullable(),
        day: z.string(),
        headline: z.string(),
        observed: z.number().nullable(),
        expected: z.number().nullable(),
        band: z.object({ low: z.number(), high: z.number() }).nullable(),
        created_at: z.string(),
        read: z.boolean(),
      }),
    ),
    total: z.number(),
    unread: z.number(),
  }),
  async run(args, { principal, services }) {
    const list = await services.alerts.list(principal, {
      kind: args.kind,
      severity: args.severity,
      account: args.account_id,
      unread: args.unread === undefined ? undefined : String(args.unread),
      limit: args.limit,
      offset: args.offset,
    });
    const lines = list.alerts.slice(0, 3).map((alert) => `${alert.severity}: ${alert.headline} (${alert.day})`);
    return {
      structured: list,
      summary:
        list.total === 0
          ? 'No alerts match.'
          : `${list.total} alert(s), ${list.unread} unread; newest: ${lines.join('; ')}.`,
    };
  },
});
