import type { AppContext } from './context';
import { createActionsService } from './modules/actions/actions.service';
import { createAdAccountsService } from './modules/adAccounts/adAccounts.service';
import { createConnections } from './modules/adAccounts/connections';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createAuthService } from './modules/auth/auth.service';
import { createBrandingService } from './modules/branding/branding.service';
import { createBudgetsService } from './modules/budgets/budgets.service';
import { createOptimizerService } from './modules/budgets/optimizer.service';
import { createContactService } from './modules/contact/contact.service';
import { createCreativeService } from './modules/creative/creative.service';
import { createCreativeFeedbackService } from './modules/creative/feedback.service';
import { createPostLaunchService } from './modules/creative/postLaunch.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createFirstPartyService } from './modules/firstParty/firstParty.service';
import { createNewsletterService } from './modules/newsletter/newsletter.service';
import { createOtpService } from './modules/otp/otp.service';
import { createReportsService } from './modules/reports/reports.service';
import { createReportSchedulesService } from './modules/reports/schedules.service';
import { createRulesService } from './modules/rules/rules.service';
import { createSuggestionsService } from './modules/suggestions/suggestions.service';
import { createSyncService } from './modules/sync/sync.service';
import { createTrialService } from './modules/trial/trial.service';
import { createUsersService } from './modules/users/users.service';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';

/** Every service, built once from the app's context; routes and jobs get them from here. */
export function createServices(ctx: AppContext) {
  const connections = createConnections(ctx);
  const otp = createOtpService(ctx);
  // The one writer to the ad platforms: suggestions, rules and the optimizer decide what to change and ask it.
  const actions = createActionsService(ctx, connections);
  const suggestions = createSuggestionsService(ctx, actions);
  const alerts = createAlertsService(ctx);
  const rules = createRulesService(ctx, actions, alerts);
  const optimizer = createOptimizerService(ctx, connections, actions);
  const budgets = createBudgetsService(ctx, alerts);
  const creativeFeedback = createCreativeFeedbackService(ctx);
  // What follows a sync, queued in its final transaction: the suggestions, the alert checks, the workspace's rules, followed optimizer plans, budget pacing, the creative refit.
  const sync = createSyncService(ctx, connections, {
    afterSync: async (tx, synced) => {
      await suggestions.afterSync(tx, synced);
      await alerts.afterSync(tx, synced);
      await rules.afterSync(tx, synced);
      await optimizer.afterSync(tx, synced);
      await budgets.afterSync(tx, synced);
      await creativeFeedback.afterSync(tx, synced);
    },
  });
  const newsletter = createNewsletterService(ctx);
  const branding = createBrandingService(ctx);
  const adAccounts = createAdAccountsService(ctx, connections, otp, (connectionId, workspaceId) =>
    sync.enqueue(connectionId, workspaceId, 'backfill'),
  );
  const dashboard = createDashboardService(ctx, actions, sync);
  const firstParty = createFirstPartyService(ctx, { dashboard });
  const reports = createReportsService(ctx, { budgets, branding, firstParty });
  return {
    connections,
    otp,
    sync,
    actions,
    suggestions,
    alerts,
    rules,
    budgets,
    optimizer,
    creative: createCreativeService(ctx, creativeFeedback),
    creativeFeedback,
    postLaunch: createPostLaunchService(ctx),
    adAccounts,
    dashboard,
    firstParty,
    auth: createAuthService(ctx, newsletter),
    users: createUsersService(ctx, connections),
    trial: createTrialService(ctx),
    newsletter,
    contact: createContactService(ctx, newsletter),
    workspaces: createWorkspacesService(ctx, connections, otp),
    branding,
    reports,
    reportSchedules: createReportSchedulesService(ctx, { reports, branding }),
  };
}
export type Services = ReturnType<typeof createServices>;
