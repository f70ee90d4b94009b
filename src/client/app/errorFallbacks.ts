import { type ErrorFallbackTable, provideErrorFallbacks } from '@client/api/errorFallbacks';
import { accountErrorFallbacks } from '@client/features/account/account.errors';
import { adAccountsErrorFallbacks } from '@client/features/adAccounts/adAccounts.errors';
import { alertsErrorFallbacks } from '@client/features/alerts/alerts.errors';
import { blogErrorFallbacks } from '@client/features/blog/blog.errors';
import { budgetErrorFallbacks } from '@client/features/budget/budgets.errors';
import { contactErrorFallbacks } from '@client/features/contact/contact.errors';
import { creativeErrorFallbacks } from '@client/features/creative/creative.errors';
import { dashboardErrorFallbacks } from '@client/features/dashboard/dashboard.errors';
import { mcpErrorFallbacks } from '@client/features/mcp/mcp.errors';
import { newsletterErrorFallbacks } from '@client/features/newsletter/newsletter.errors';
import { reportsErrorFallbacks } from '@client/features/reports/reports.errors';
import { rulesErrorFallbacks } from '@client/features/rules/rules.errors';
import { searchErrorFallbacks } from '@client/features/search/search.errors';
import { suggestionsErrorFallbacks } from '@client/features/suggestions/suggestions.errors';
import { trialErrorFallbacks } from '@client/features/trial/trial.errors';
import { workspacesErrorFallbacks } from '@client/features/workspaces/workspaces.errors';
import { sessionErrorFallbacks } from '@client/session/session.errors';

/**
 * Every endpoint's fallback (spec section 8), composed from the features' own tables: each feature
 * declares its fallbacks next to its *.api.ts, typed by its endpoint names, and the error toasts
 * (api/errorToasts.ts) read this table, which they know only as provided.
 */
export const ERROR_FALLBACKS: ErrorFallbackTable = {
  ...accountErrorFallbacks,
  ...adAccountsErrorFallbacks,
  ...alertsErrorFallbacks,
  ...blogErrorFallbacks,
  ...budgetErrorFallbacks,
  ...contactErrorFallbacks,
  ...creativeErrorFallbacks,
  ...dashboardErrorFallbacks,
  ...mcpErrorFallbacks,
  ...newsletterErrorFallbacks,
  ...reportsErrorFallbacks,
  ...rulesErrorFallbacks,
  ...searchErrorFallbacks,
  ...sessionErrorFallbacks,
  ...suggestionsErrorFallbacks,
  ...trialErrorFallbacks,
  ...workspacesErrorFallbacks,
};

/** Hands the table to the error toasts; the store does it as it loads, before any request can fail. */
export function provideAppErrorFallbacks(): void {
  provideErrorFallbacks(ERROR_FALLBACKS);
}
