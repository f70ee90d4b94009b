import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import {
  DELIVER_RETRIES,
  REPORT_DELIVER_JOB,
  REPORT_SCHEDULE_JOB,
  type ReportSchedulesService,
} from './schedules.service';

/** Scheduled reports: the minute's look for runs that are due, and each delivery's mail. */
export function reportsJobs(schedules: ReportSchedulesService): JobDefinition[] {
  return [
    defineJob({
      id: REPORT_SCHEDULE_JOB,
      payload: object({}),
      cron: '* * * * *',
      async handler(_payload, { log }) {
        const started = await schedules.runDue();
        if (started > 0) log.info({ started }, 'report runs started');
      },
    }),
    defineJob({
      id: REPORT_DELIVER_JOB,
      payload: object({ deliveryId: string().uuid().required() }),
      retryLimit: DELIVER_RETRIES,
      policy: 'stately',
      handler: async ({ deliveryId }, meta) => schedules.deliver(deliveryId, meta),
    }),
  ];
}
