import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../jobs/queue';
import { type Mailer, OUTBOX_FLUSH_JOB } from './mailer';

/** The outbox's delivery: every minute as a backstop, and as soon as a message is written. */
export function mailJobs(mailer: Mailer): JobDefinition[] {
  return [
    defineJob({
      id: OUTBOX_FLUSH_JOB,
      payload: object({ reason: string().optional() }),
      cron: '* * * * *',
      async handler(_payload, { log }) {
        const handled = await mailer.flush();
        if (handled > 0) log.info({ handled }, 'outbox flushed');
      },
    }),
  ];
}
