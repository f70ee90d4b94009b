import { number, object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { RULES_JOB, RULES_SCHEDULE_CRON, RULES_SCHEDULE_JOB, type RulesService } from './rules.service';

/** A workspace's rules run after a sync or at their slot, and the five-minute look for slots that are due. */
export function rulesJobs(rules: RulesService): JobDefinition[] {
  return [
    defineJob({
      id: RULES_JOB,
      payload: object({
        workspaceId: string().uuid().required(),
        trigger: string().oneOf(['sync', 'schedule']).required(),
        version: string(),
        ruleId: string().uuid(),
      }),
      // A failed run is not retried: the next sync or slot runs the rules again on fresh data.
      retryLimit: 0,
      async handler(payload, { log }) {
        const ran = await rules.runWorkspace(
          payload.workspaceId,
          payload.trigger as 'sync' | 'schedule',
          payload.version,
          payload.ruleId ? [payload.ruleId] : undefined,
        );
        log.info({ ran }, 'rules run');
      },
    }),
    defineJob({
      id: RULES_SCHEDULE_JOB,
      payload: object({ minute: number() }),
      cron: RULES_SCHEDULE_CRON,
      async handler(_payload, { log }) {
        log.info({ started: await rules.startScheduled() }, 'scheduled rules started');
      },
    }),
  ];
}
