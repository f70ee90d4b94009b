import { object } from 'yup';

import { defineJob, type JobDefinition, type JobQueue } from '../../jobs/queue';
import { STALE_AFTER_MS } from './actions.heartbeat';
import {
  ACTIONS_EVALUATE_CRON,
  ACTIONS_EVALUATE_JOB,
  ACTIONS_RECONCILE_CRON,
  ACTIONS_RECONCILE_JOB,
  type ActionsService,
} from './actions.service';

/** The actions log's jobs: the hourly measurement of outcomes, and the reconciler of interrupted writes. */
export function actionsJobs(actions: ActionsService): JobDefinition[] {
  return [
    defineJob({
      id: ACTIONS_EVALUATE_JOB,
      payload: object({}),
      cron: ACTIONS_EVALUATE_CRON,
      async handler(_payload, { log }) {
        log.info({ measured: await actions.evaluateDue() }, 'actions measured');
      },
    }),
    defineJob({
      id: ACTIONS_RECONCILE_JOB,
      payload: object({}),
      cron: ACTIONS_RECONCILE_CRON,
      // One pass waiting and one running at a time, whichever process sends it (cron, start-up, a write left unknown).
      policy: 'stately',
      // The next pass (a minute at most) tries again.
      retryLimit: 0,
      async handler(_payload, { log }) {
        const summary = await actions.reconcile();
        if (summary.checked) log.info(summary, 'actions reconciled');
      },
    }),
  ];
}

/**
 * At a worker process's start: a pass now, and one once the runs a process that died left behind
 * have certainly gone stale, so an interrupted change is settled within a minute of a restart.
 */
export async function reconcileAtStart(queue: JobQueue): Promise<void> {
  // Each its own key: the queue keeps one pass waiting per key.
  await queue.send(ACTIONS_RECONCILE_JOB, {}, { singletonKey: 'start' });
  await queue.send(
    ACTIONS_RECONCILE_JOB,
    {},
    { singletonKey: 'start-stale', startAfter: new Date(Date.now() + STALE_AFTER_MS + 1_000) },
  );
}
