import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { CREATIVE_REFIT_JOB, type CreativeFeedbackService } from './feedback.service';

/** The workspace's creative weights refit, ten minutes after a sync (the syncs before it fold into one). */
export function creativeJobs(feedback: CreativeFeedbackService): JobDefinition[] {
  return [
    defineJob({
      id: CREATIVE_REFIT_JOB,
      payload: object({ workspaceId: string().uuid().required() }),
      policy: 'stately',
      async handler(payload, { log }) {
        const row = await feedback.refitAfterSync(payload.workspaceId);
        if (row)
          log.info({ state: row.state, ads: row.ads, applied: row.applied }, 'creative weights refit after a sync');
      },
    }),
  ];
}
