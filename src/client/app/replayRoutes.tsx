import type { AlertsPageProps } from '@client/features/alerts/AlertsPage';
import type { BudgetPageProps } from '@client/features/budget/BudgetPage';
import type { CreativeAnalyzerPageProps } from '@client/features/creative/CreativeAnalyzerPage';
import type { RulesPageProps } from '@client/features/rules/RulesPage';
import { paths } from '@client/lib/paths';
import { useCan } from '@client/session/useCan';
import { Alert } from '@mui/material';
import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

/*
 * The app's pages that support's trace replay (features/devReplay, development builds only) can
 * draw from a recorded state. It lives here, beside AppRouter, because only app/ may import the
 * features' pages; it is loaded only by the replay's own chunk.
 */

/** A page component of the app, loaded when a replayed state is on its route. */
function page<Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomePage = page(() => import('@client/features/marketing/HomePage'), 'HomePage');
const PricingPage = page(() => import('@client/features/pricing/PricingPage'), 'PricingPage');
const DashboardPage = page(() => import('@client/features/dashboard/DashboardPage'), 'DashboardPage');
const SuggestionsPage = page(() => import('@client/features/suggestions/SuggestionsPage'), 'SuggestionsPage');
const ActionsPage = page(() => import('@client/features/suggestions/ActionsPage'), 'ActionsPage');
const AlertsPage = page<'AlertsPage', AlertsPageProps>(
  () => import('@client/features/alerts/AlertsPage'),
  'AlertsPage',
);
const RulesPage = page<'RulesPage', RulesPageProps>(() => import('@client/features/rules/RulesPage'), 'RulesPage');
const BudgetPage = page<'BudgetPage', BudgetPageProps>(
  () => import('@client/features/budget/BudgetPage'),
  'BudgetPage',
);
const CreativeAnalyzerPage = page<'CreativeAnalyzerPage', CreativeAnalyzerPageProps>(
  () => import('@client/features/creative/CreativeAnalyzerPage'),
  'CreativeAnalyzerPage',
);
const AccountPage = page(() => import('@client/features/account/AccountPage'), 'AccountPage');
const ConnectedAccountsPage = page(
  () => import('@client/features/adAccounts/ConnectedAccountsPage'),
  'ConnectedAccountsPage',
);
const AllClientsPage = page(() => import('@client/features/workspaces/overview/AllClientsPage'), 'AllClientsPage');
const TeamPage = page(() => import('@client/features/workspaces/team/TeamPage'), 'TeamPage');
const WorkspaceSettingsPage = page(
  () => import('@client/features/workspaces/settings/WorkspaceSettingsPage'),
  'WorkspaceSettingsPage',
);

/** The app's pages at their routes, with the permissions AppRouter gives them, read from the replayed session. */
export function ReplayedRoutes() {
  const readsAlerts = useCan('alerts:read');
  const managesAlerts = useCan('alerts:manage');
  const readsRules = useCan('rules:read');
  const writesRules = useCan('rules:write');
  const readsBudgets = useCan('budgets:read');
  const writesBudgets = useCan('budgets:write');
  const analysesCreatives = useCan('creative:analyze');
  const managesCreatives = useCan('creative:manage');
  return (
    <Routes>
      <Route path={paths.home} element={<HomePage />} />
      <Route path={paths.pricing} element={<PricingPage />} />
      <Route path={paths.dashboard} element={<DashboardPage />} />
      <Route path={paths.suggestions} element={<SuggestionsPage />} />
      <Route path={paths.actions} element={<ActionsPage />} />
      <Route path={paths.alerts} element={<AlertsPage readsAlerts={readsAlerts} managesAlerts={managesAlerts} />} />
      <Route path={paths.rules} element={<RulesPage readsRules={readsRules} writesRules={writesRules} />} />
      <Route
        path={paths.budget}
        element={<BudgetPage readsBudgets={readsBudgets} readsOptimizer={readsBudgets} writesBudgets={writesBudgets} />}
      />
      <Route
        path={paths.creativeAnalyzer}
        element={<CreativeAnalyzerPage analyses={analysesCreatives} managesAnalyses={managesCreatives} />}
      />
      <Route path={paths.account} element={<AccountPage />} />
      <Route path={paths.connectedAccounts} element={<ConnectedAccountsPage />} />
      <Route path={paths.workspaces} element={<AllClientsPage />} />
      <Route path={paths.team} element={<TeamPage />} />
      <Route path={paths.workspaceSettings} element={<WorkspaceSettingsPage />} />
      <Route
        path="*"
        element={
          <Alert severity="info">The replay has no screen for this route; the state and its diff are above.</Alert>
        }
      />
    </Routes>
  );
}
