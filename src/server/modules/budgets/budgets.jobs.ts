import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { type BudgetsService, PACING_JOB } from './budgets.service';
import { OPTIMIZER_FOLLOW_JOB, type OptimizerService } from './optimizer.service';

/** After a sync: the next step of each followed plan, and the workspace's pacing. */
export function budgetsJobs(budgets: BudgetsService, optimizer: OptimizerService): JobDefinition[] {
  return [
    defineJob({
      id: OPTIMIZER_FOLLOW_JOB,
      payload: object({ connectionId: string().uuid().required() }),
      // Not retried: the next sync tries again on fresh data.
      retryLimit: 0,
      async handler(payload, { log }) {
        log.info(await optimizer.followConnection(payload.connectionId), 'followed plans');
      },
    }),
    defineJob({
      id: PACING_JOB,
      payload: object({ workspaceId: string().uuid().required() }),
      // Not retried: the next sync checks again.
      retryLimit: 0,
      async handler(payload, { log }) {
        log.info(await budgets.checkPacing(payload.workspaceId), 'budget pacing checked');
      },
    }),
  ];
}
