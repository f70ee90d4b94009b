import { object, string } from 'yup';

import { defineJob, type JobDefinition } from '../../jobs/queue';
import { type AuthService, PASSWORD_RESET_JOB } from './auth.service';

/** The password-reset mail, sent by a job so the request's answer takes the same time whether or not the address has an account. */
export function authJobs(auth: AuthService): JobDefinition[] {
  return [
    defineJob({
      id: PASSWORD_RESET_JOB,
      payload: object({ email: string().required() }),
      retryLimit: 2,
      async handler({ email }, { log }) {
        log.info({ sent: await auth.sendPasswordReset(email) }, 'password reset request handled');
      },
    }),
  ];
}
