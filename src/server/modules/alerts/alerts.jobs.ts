import { array, object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { ALERT_DIGEST_CRON, ALERT_DIGEST_JOB } from './alerts.mail';
import { ALERTS_JOB, type AlertsService } from './alerts.service';
import { ALERT_WEBHOOK_JOB, WEBHOOK_RETRIES } from './alerts.webhook';

/** A connection's alert checks after each sync, the morning digest, and the webhook's deliveries. */
export function alertsJobs(alerts: AlertsService): JobDefinition[] {
  return [
    defineJob({
      id: ALERTS_JOB,
      payload: object({ connectionId: string().uuid().required() }),
      async handler(payload, { log }) {
        log.info({ raised: await alerts.evaluateConnection(payload.connectionId) }, 'alerts evaluated');
      },
    }),
    defineJob({
      id: ALERT_DIGEST_JOB,
      payload: object({ reason: string().optional() }),
      cron: ALERT_DIGEST_CRON,
      async handler(_payload, { log }) {
        log.info({ sent: await alerts.mail.sendDigests() }, 'alert digests sent');
      },
    }),
    defineJob({
      id: ALERT_WEBHOOK_JOB,
      payload: object({
        workspaceId: string().uuid().required(),
        alertIds: array(string().uuid().required()).required(),
      }),
      retryLimit: WEBHOOK_RETRIES,
      async handler(payload) {
        await alerts.webhook.deliver(payload.workspaceId, payload.alertIds);
      },
    }),
  ];
}
