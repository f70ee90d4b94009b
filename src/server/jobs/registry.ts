import type { AppContext } from '../context';
import { mailJobs } from '../mail/mail.jobs';
import { actionsJobs } from '../modules/actions/actions.jobs';
import { adAccountsJobs } from '../modules/adAccounts/adAccounts.jobs';
import { alertsJobs } from '../modules/alerts/alerts.jobs';
import { authJobs } from '../modules/auth/auth.jobs';
import { budgetsJobs } from '../modules/budgets/budgets.jobs';
import { creativeJobs } from '../modules/creative/creative.jobs';
import { reportsJobs } from '../modules/reports/reports.jobs';
import { rulesJobs } from '../modules/rules/rules.jobs';
import { suggestionsJobs } from '../modules/suggestions/suggestions.jobs';
import { syncJobs } from '../modules/sync/sync.jobs';
import { trialJobs } from '../modules/trial/trial.jobs';
import type { Services } from '../services';
import type { JobDefinition } from './queue';

/**
 * Every job the workers run, in one list: a job missing here is never picked up. Each module
 * defines its jobs in `<module>.jobs.ts` (id, payload schema, retries, handler calling its service).
 */
export function jobDefinitions(ctx: AppContext, services: Services): JobDefinition[] {
  return [
    ...mailJobs(ctx.mailer),
    ...authJobs(services.auth),
    ...trialJobs(services.trial),
    ...adAccountsJobs(services.connections),
    ...syncJobs(services.sync),
    ...suggestionsJobs(services.suggestions),
    ...actionsJobs(services.actions),
    ...alertsJobs(services.alerts),
    ...rulesJobs(services.rules),
    ...budgetsJobs(services.budgets, services.optimizer),
    ...creativeJobs(services.creativeFeedback),
    ...reportsJobs(services.reportSchedules),
  ];
}

/** One job's definition as the workers run it, by id (tests run a handler the way the queue would). */
export function jobDefinition(ctx: AppContext, services: Services, id: string): JobDefinition {
  const found = jobDefinitions(ctx, services).find((definition) => definition.id === id);
  if (!found) throw new Error(`No job "${id}" in the registry`);
  return found;
}
