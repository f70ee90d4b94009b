import { object } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { CONNECTION_CHECK_CRON, CONNECTION_CHECK_JOB, type Connections } from './connections';

/** The daily connection check: grants a platform ended, then connections about to end. */
export function adAccountsJobs(connections: Connections): JobDefinition[] {
  return [
    defineJob({
      id: CONNECTION_CHECK_JOB,
      payload: object({}),
      cron: CONNECTION_CHECK_CRON,
      async handler(_payload, { log }) {
        const broken = await connections.checkAll();
        // After the check, so a connection found broken gets the reconnect notice, not this one.
        const expiring = await connections.sendExpiryNotices();
        log.info({ broken, expiryNotices: expiring }, 'connection check done');
      },
    }),
  ];
}
