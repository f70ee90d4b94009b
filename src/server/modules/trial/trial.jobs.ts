import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { TRIAL_REMINDER_JOB, type TrialService } from './trial.service';

/** The reminder a day before a trial ends, queued when the trial starts. */
export function trialJobs(trial: TrialService): JobDefinition[] {
  return [
    defineJob({
      id: TRIAL_REMINDER_JOB,
      payload: object({ userId: string().uuid().required() }),
      async handler({ userId }, { log }) {
        log.info({ sent: await trial.sendReminder(userId) }, 'trial reminder handled');
      },
    }),
  ];
}
