import type { AppContext } from '../context';
import type { Services } from '../services';
import { actionsJobs } from '../modules/actions/actions.jobs';
import type { JobDefinition } from './queue';

/** Every job the workers run, in one list: a job missing here is never picked up. */
export function jobDefinitions(ctx: AppContext, services: Services): JobDefinition[] {
  return [
    ctx.mailer.flushJob, services.auth.passwordResetJob, services.trial.reminderJob, services.connections.healthCheckJob,
    services.sync.syncJob,
    services.sync.scheduleJob,
    services.suggestions.computeJob,
    ...actionsJobs(services.actions),
    services.alerts.evaluateJob,
    services.alerts.mail.digestJob,
    services.alerts.webhook.deliveryJob,
    services.rules.evaluateJob,
    services.rules.scheduleJob,
    services.optimizer.followJob,
    services.budgets.pacingJob,
    services.creativeFeedback.refitJob,
    services.reportSchedules.scheduleJob,
    services.reportSchedules.deliverJob,
  ];
}
