import { object } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import {
  SYNC_CONCURRENCY,
  SYNC_JOB,
  SYNC_SCHEDULE_CRON,
  SYNC_SCHEDULE_JOB,
  syncPayload,
  type SyncService,
} from './sync.service';

/** A connection's sync (one at a time per connection), and the five-minute look for syncs that are due. */
export function syncJobs(sync: SyncService): JobDefinition[] {
  return [
    defineJob({
      id: SYNC_JOB,
      payload: syncPayload,
      policy: 'stately',
      // Retries are the sync service's own (they honour the platform's wait); the queue never repeats a run.
      retryLimit: 0,
      // Connections sync side by side (each still one run at a time).
      concurrency: SYNC_CONCURRENCY,
      async handler(payload, { log }) {
        const outcome = await sync.syncConnection(payload.connectionId, payload.mode, payload.attempt);
        log.info({ outcome: outcome.status }, 'sync job finished');
      },
    }),
    defineJob({
      id: SYNC_SCHEDULE_JOB,
      payload: object({}),
      cron: SYNC_SCHEDULE_CRON,
      async handler(_payload, { log }) {
        log.info({ queued: await sync.enqueueDue() }, 'scheduled syncs queued');
      },
    }),
  ];
}
