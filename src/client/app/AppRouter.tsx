import { AppLayout } from '@client/app/shell/AppLayout';
import { GuestOnly, RequireSession } from '@client/app/shell/RequireSession';
import { useShellData } from '@client/app/shell/shellData';
import { PageSkeleton } from '@client/components/PageSkeleton';
import type { AlertsPageProps } from '@client/features/alerts/AlertsPage';
import type { BudgetPageProps } from '@client/features/budget/BudgetPage';
import type { CreativeAnalyzerPageProps } from '@client/features/creative/CreativeAnalyzerPage';
import type { ReportReviewPageProps } from '@client/features/reports/ReportReviewPage';
import type { ReportsPageProps } from '@client/features/reports/ReportsPage';
import type { RuleBuilderPageProps } from '@client/features/rules/RuleBuilderPage';
import type { RulesPageProps } from '@client/features/rules/RulesPage';
import { paths } from '@client/lib/paths';
import { selectIsLoggedIn, selectWorkspace } from '@client/session/session.slice';
import { useCan } from '@client/session/useCan';
import { useRememberLastPage } from '@client/session/useRememberLastPage';
import { hasActiveTrial } from '@shared/api/userInfo';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';

import { useAppSelector } from './hooks';
import { lazyPage } from './lazyPage';

export { preloadPages } from './lazyPage';

const HomePage = lazyPage(
  () => import(/* webpackChunkName: "home" */ '@client/features/marketing/HomePage'),
  'HomePage',
);
const FeaturesPage = lazyPage(
  () => import(/* webpackChunkName: "features" */ '@client/features/marketing/FeaturesPage'),
  'FeaturesPage',
);
const PricingPage = lazyPage(
  () => import(/* webpackChunkName: "pricing" */ '@client/features/pricing/PricingPage'),
  'PricingPage',
);
const DashboardPage = lazyPage(
  () => import(/* webpackChunkName: "dashboard" */ '@client/features/dashboard/DashboardPage'),
  'DashboardPage',
);
const SuggestionsPage = lazyPage(
  () => import(/* webpackChunkName: "suggestions" */ '@client/features/suggestions/SuggestionsPage'),
  'SuggestionsPage',
);
const ActionsPage = lazyPage(
  () => import(/* webpackChunkName: "actions" */ '@client/features/suggestions/ActionsPage'),
  'ActionsPage',
);
// Its props are all optional, which leaves them to be named: inference would settle on none.
const AlertsPage = lazyPage<'AlertsPage', AlertsPageProps>(
  () => import(/* webpackChunkName: "alerts" */ '@client/features/alerts/AlertsPage'),
  'AlertsPage',
);
const RulesPage = lazyPage<'RulesPage', RulesPageProps>(
  () => import(/* webpackChunkName: "rules" */ '@client/features/rules/RulesPage'),
  'RulesPage',
);
const RuleBuilderPage = lazyPage<'RuleBuilderPage', RuleBuilderPageProps>(
  () => import(/* webpackChunkName: "rule-builder" */ '@client/features/rules/RuleBuilderPage'),
  'RuleBuilderPage',
);
const BudgetPage = lazyPage<'BudgetPage', BudgetPageProps>(
  () => import(/* webpackChunkName: "budget" */ '@client/features/budget/BudgetPage'),
  'BudgetPage',
);
const CreativeAnalyzerPage = lazyPage<'CreativeAnalyzerPage', CreativeAnalyzerPageProps>(
  () => import(/* webpackChunkName: "creative-analyzer" */ '@client/features/creative/CreativeAnalyzerPage'),
  'CreativeAnalyzerPage',
);
const SharedCreativePage = lazyPage(
  () => import(/* webpackChunkName: "shared-creative" */ '@client/features/creative/SharedCreativePage'),
  'SharedCreativePage',
);
const ReportsPage = lazyPage<'ReportsPage', ReportsPageProps>(
  () => import(/* webpackChunkName: "reports" */ '@client/features/reports/ReportsPage'),
  'ReportsPage',
);
// In the reports chunk too: the review e-mail's link opens it, and the reports page is one click away.
const ReportReviewPage = lazyPage<'ReportReviewPage', ReportReviewPageProps>(
  () => import(/* webpackChunkName: "reports" */ '@client/features/reports/ReportReviewPage'),
  'ReportReviewPage',
);
const SharedReportPage = lazyPage(
  () => import(/* webpackChunkName: "shared-report" */ '@client/features/reports/SharedReportPage'),
  'SharedReportPage',
);
const IntegrationsPage = lazyPage(
  () => import(/* webpackChunkName: "integrations" */ '@client/features/marketing/IntegrationsPage'),
  'IntegrationsPage',
);
const AboutPage = lazyPage(
  () => import(/* webpackChunkName: "about" */ '@client/features/marketing/AboutPage'),
  'AboutPage',
);
const CareersPage = lazyPage(
  () => import(/* webpackChunkName: "careers" */ '@client/features/careers/CareersPage'),
  'CareersPage',
);
const ContactPage = lazyPage(
  () => import(/* webpackChunkName: "contact" */ '@client/features/contact/ContactPage'),
  'ContactPage',
);
const BlogPage = lazyPage(() => import(/* webpackChunkName: "blog" */ '@client/features/blog/BlogPage'), 'BlogPage');
const BlogPostPage = lazyPage(
  () => import(/* webpackChunkName: "blog-post" */ '@client/features/blog/BlogPostPage'),
  'BlogPostPage',
);
const NewsletterPage = lazyPage(
  () => import(/* webpackChunkName: "newsletter" */ '@client/features/newsletter/NewsletterPage'),
  'NewsletterPage',
);
const TermsPage = lazyPage(
  () => import(/* webpackChunkName: "terms" */ '@client/features/legal/TermsPage'),
  'TermsPage',
);
const PrivacyPage = lazyPage(
  () => import(/* webpackChunkName: "privacy" */ '@client/features/legal/PrivacyPage'),
  'PrivacyPage',
);
const LoginPage = lazyPage(() => import(/* webpackChunkName: "login" */ '@client/session/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(
  () => import(/* webpackChunkName: "register" */ '@client/session/RegisterPage'),
  'RegisterPage',
);
const ForgotPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "forgot-password" */ '@client/session/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const AccountPage = lazyPage(
  () => import(/* webpackChunkName: "account" */ '@client/features/account/AccountPage'),
  'AccountPage',
);
const DeleteAccountPage = lazyPage(
  () => import(/* webpackChunkName: "delete-account" */ '@client/features/account/DeleteAccountPage'),
  'DeleteAccountPage',
);
const ConnectedAppsSection = lazyPage(
  () => import(/* webpackChunkName: "connected-apps" */ '@client/features/mcp/ConnectedAppsSection'),
  'ConnectedAppsSection',
);
const ConsentPage = lazyPage(
  () => import(/* webpackChunkName: "oauth-consent" */ '@client/features/mcp/ConsentPage'),
  'ConsentPage',
);
const ConnectedAccountsPage = lazyPage(
  () => import(/* webpackChunkName: "connected-accounts" */ '@client/features/adAccounts/ConnectedAccountsPage'),
  'ConnectedAccountsPage',
);
const AllClientsPage = lazyPage(
  () => import(/* webpackChunkName: "all-clients" */ '@client/features/workspaces/overview/AllClientsPage'),
  'AllClientsPage',
);
const TeamPage = lazyPage(
  () => import(/* webpackChunkName: "team" */ '@client/features/workspaces/team/TeamPage'),
  'TeamPage',
);
const WorkspaceSettingsPage = lazyPage(
  () =>
    import(/* webpackChunkName: "workspace-settings" */ '@client/features/workspaces/settings/WorkspaceSettingsPage'),
  'WorkspaceSettingsPage',
);
const InvitationPage = lazyPage(
  () => import(/* webpackChunkName: "invitation" */ '@client/features/workspaces/invitations/InvitationPage'),
  'InvitationPage',
);
const SearchPage = lazyPage(
  () => import(/* webpackChunkName: "search" */ '@client/features/search/SearchPage'),
  'SearchPage',
);
const XConnectTestPage = lazyPage(
  () => import(/* webpackChunkName: "x-connect" */ '@client/features/adAccounts/XConnectTestPage'),
  'XConnectTestPage',
);
// Support's trace replay (/dev/replay) exists in development builds only. webpack's production
// mode defines process.env.NODE_ENV as "production", so this condition is false at build time:
// the import() in it is dropped with its chunk and the route is never registered, which keeps it
// out of the shipped bundle. Jest runs as "test", so its tests see it; e2e/replay.test.ts opens it
// on a development build of its own, served by a server of its own.
const DevReplayPage =
  process.env.NODE_ENV !== 'production'
    ? lazyPage(() => import(/* webpackChunkName: "dev-replay" */ '@client/features/devReplay/ReplayPage'), 'ReplayPage')
    : null;
const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ '@client/features/notFound/NotFoundPage'),
  'NotFoundPage',
);

/** How /dashboard is registered: for a visitor, while user-info loads, for an active trial, or not at all. */
type DashboardRoute = 'visitor' | 'checking' | 'registered' | 'absent';

/**
 * /dashboard exists only once user-info reports an active trial (spec section 2), or when the
 * current workspace is someone else's whose owner has a trial or a paid plan (an agency's
 * client or viewer: the trial covers the workspaces its owner owns). A visitor without a token
 * gets 'Not Authorized' and /login; a signed-in user without either has no such route, so the
 * not-found page answers.
 */
function useDashboardRoute(): DashboardRoute {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const {
    userInfo: { data, isError, error },
    workspaces,
  } = useShellData();
  const workspace = useAppSelector(selectWorkspace);

  useEffect(() => {
    // The route shell only logs user-info failures (spec section 8); the status alone, nothing personal.
    if (isError)
      console.warn(
        'user-info failed',
        typeof error === 'object' && error !== null && 'status' in error ? error.status : error,
      );
  }, [isError, error]);

  if (!isLoggedIn) return 'visitor';
  if (data === undefined && !isError) return 'checking';
  if (hasActiveTrial(data, Date.now())) return 'registered';
  if (workspaces.isLoading) return 'checking';
  const current = workspaces.data?.find((summary) => summary.id === workspace?.id);
  return current?.dashboard ? 'registered' : 'absent';
}

/** Every route of the app (spec section 2); each page is its own chunk. */
export function AppRouter() {
  const dashboardRoute = useDashboardRoute();
  // The last page of the app is kept per user, for the next sign-in (session/lastPage.ts).
  useRememberLastPage(dashboardRoute === 'registered');
  const readsAlerts = useCan('alerts:read');
  const managesAlerts = useCan('alerts:manage');
  const readsRules = useCan('rules:read');
  const writesRules = useCan('rules:write');
  const readsBudgets = useCan('budgets:read');
  const readsOptimizer = useCan('budgets:read');
  const writesBudgets = useCan('budgets:write');
  const analysesCreatives = useCan('creative:analyze');
  const managesCreatives = useCan('creative:manage');
  const writesReports = useCan('reports:write');
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.features} element={<FeaturesPage />} />
        <Route path={paths.pricing} element={<PricingPage />} />
        {dashboardRoute === 'visitor' && (
          <Route
            path={paths.dashboard}
            element={
              <RequireSession>
                <DashboardPage />
              </RequireSession>
            }
          />
        )}
        {dashboardRoute === 'checking' && <Route path={paths.dashboard} element={<PageSkeleton />} />}
        {dashboardRoute === 'registered' && <Route path={paths.dashboard} element={<DashboardPage />} />}
        <Route
          path={paths.suggestions}
          element={
            <RequireSession>
              <SuggestionsPage />
            </RequireSession>
          }
        />
        <Route
          path={paths.actions}
          element={
            <RequireSession>
              <ActionsPage />
            </RequireSession>
          }
        />
        <Route
          path={paths.alerts}
          element={
            <RequireSession>
              <AlertsPage readsAlerts={readsAlerts} managesAlerts={managesAlerts} />
            </RequireSession>
          }
        />
        <Route
          path={paths.rules}
          element={
            <RequireSession>
              <RulesPage readsRules={readsRules} writesRules={writesRules} />
            </RequireSession>
          }
        />
        <Route
          path={paths.newRule}
          element={
            <RequireSession>
              <RuleBuilderPage readsRules={readsRules} writesRules={writesRules} />
            </RequireSession>
          }
        />
        <Route
          path={paths.editRule}
          element={
            <RequireSession>
              <RuleBuilderPage readsRules={readsRules} writesRules={writesRules} />
            </RequireSession>
          }
        />
        <Route
          path={paths.budget}
          element={
            <RequireSession>
              <BudgetPage readsBudgets={readsBudgets} readsOptimizer={readsOptimizer} writesBudgets={writesBudgets} />
            </RequireSession>
          }
        />
        <Route
          path={paths.creativeAnalyzer}
          element={
            <RequireSession>
              <CreativeAnalyzerPage analyses={analysesCreatives} managesAnalyses={managesCreatives} />
            </RequireSession>
          }
        />
        <Route path={paths.sharedCreative} element={<SharedCreativePage />} />
        <Route
          path={paths.reports}
          element={
            <RequireSession>
              <ReportsPage canWrite={writesReports} />
            </RequireSession>
          }
        />
        <Route
          path={paths.reportReview}
          element={
            <RequireSession>
              <ReportReviewPage canWrite={writesReports} />
            </RequireSession>
          }
        />
        <Route path={paths.sharedReport} element={<SharedReportPage />} />
        <Route path={paths.integrations} element={<IntegrationsPage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.careers} element={<CareersPage />} />
        <Route path={paths.contact} element={<ContactPage />} />
        <Route path={paths.blog} element={<BlogPage />} />
        <Route path={paths.blogPost} element={<BlogPostPage />} />
        <Route path={paths.newsletterConfirm} element={<NewsletterPage action="confirm" />} />
        <Route path={paths.newsletterUnsubscribe} element={<NewsletterPage action="unsubscribe" />} />
        <Route path={paths.terms} element={<TermsPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.register}
          element={
            <GuestOnly>
              <RegisterPage />
            </GuestOnly>
          }
        />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route
          path={paths.account}
          element={
            <RequireSession pageHandlesSignOut>
              <AccountPage sections={<ConnectedAppsSection />} />
            </RequireSession>
          }
        />
        <Route
          path={paths.deleteAccount}
          element={
            <RequireSession pageHandlesSignOut>
              <DeleteAccountPage />
            </RequireSession>
          }
        />
        <Route path={paths.connectedAccounts} element={<ConnectedAccountsPage />} />
        <Route
          path={paths.oauthAuthorize}
          element={
            <RequireSession>
              <ConsentPage />
            </RequireSession>
          }
        />
        <Route
          path={paths.workspaces}
          element={
            <RequireSession>
              <AllClientsPage />
            </RequireSession>
          }
        />
        <Route
          path={paths.team}
          element={
            <RequireSession>
              <TeamPage />
            </RequireSession>
          }
        />
        <Route
          path={paths.workspaceSettings}
          element={
            <RequireSession>
              <WorkspaceSettingsPage />
            </RequireSession>
          }
        />
        <Route path={paths.invitation} element={<InvitationPage />} />
        <Route path={paths.search} element={<SearchPage />} />
        <Route path={paths.xConnectTest} element={<XConnectTestPage />} />
        {DevReplayPage && <Route path={paths.devReplay} element={<DevReplayPage />} />}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
