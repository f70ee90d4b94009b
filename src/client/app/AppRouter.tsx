import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestOnly, RequireSession } from '@client/features/session/RequireSession';
import { AppLayout } from './AppLayout';
import { paths } from './paths';

/** A page loaded on first visit, as its own chunk; pages are named exports. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomePage = lazyPage(() => import(/* webpackChunkName: "home" */ '@client/features/marketing/HomePage'), 'HomePage');
const FeaturesPage = lazyPage(() => import(/* webpackChunkName: "features" */ '@client/features/marketing/FeaturesPage'), 'FeaturesPage');
const PricingPage = lazyPage(() => import(/* webpackChunkName: "pricing" */ '@client/features/pricing/PricingPage'), 'PricingPage');
const DashboardPage = lazyPage(() => import(/* webpackChunkName: "dashboard" */ '@client/features/dashboard/DashboardPage'), 'DashboardPage');
const IntegrationsPage = lazyPage(() => import(/* webpackChunkName: "integrations" */ '@client/features/marketing/IntegrationsPage'), 'IntegrationsPage');
const AboutPage = lazyPage(() => import(/* webpackChunkName: "about" */ '@client/features/marketing/AboutPage'), 'AboutPage');
const CareersPage = lazyPage(() => import(/* webpackChunkName: "careers" */ '@client/features/careers/CareersPage'), 'CareersPage');
const ContactPage = lazyPage(() => import(/* webpackChunkName: "contact" */ '@client/features/contact/ContactPage'), 'ContactPage');
const BlogPage = lazyPage(() => import(/* webpackChunkName: "blog" */ '@client/features/marketing/BlogPage'), 'BlogPage');
const TermsPage = lazyPage(() => import(/* webpackChunkName: "terms" */ '@client/features/legal/TermsPage'), 'TermsPage');
const PrivacyPage = lazyPage(() => import(/* webpackChunkName: "privacy" */ '@client/features/legal/PrivacyPage'), 'PrivacyPage');
const LoginPage = lazyPage(() => import(/* webpackChunkName: "login" */ '@client/features/session/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import(/* webpackChunkName: "register" */ '@client/features/session/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "forgot-password" */ '@client/features/session/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const AccountPage = lazyPage(() => import(/* webpackChunkName: "account" */ '@client/features/account/AccountPage'), 'AccountPage');
const DeleteAccountPage = lazyPage(
  () => import(/* webpackChunkName: "delete-account" */ '@client/features/account/DeleteAccountPage'),
  'DeleteAccountPage',
);
const ConnectedAccountsPage = lazyPage(
  () => import(/* webpackChunkName: "connected-accounts" */ '@client/features/adAccounts/ConnectedAccountsPage'),
  'ConnectedAccountsPage',
);
const SearchPage = lazyPage(() => import(/* webpackChunkName: "search" */ '@client/features/search/SearchPage'), 'SearchPage');
const XConnectTestPage = lazyPage(() => import(/* webpackChunkName: "x-connect" */ '@client/features/adAccounts/XConnectTestPage'), 'XConnectTestPage');
const NotFoundPage = lazyPage(() => import(/* webpackChunkName: "not-found" */ '@client/features/notFound/NotFoundPage'), 'NotFoundPage');

/** Every route of the app (spec section 2); each page is its own chunk. */
export function AppRouter() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.features} element={<FeaturesPage />} />
        <Route path={paths.pricing} element={<PricingPage />} />
        <Route
          path={paths.dashboard}
          element={
            <RequireSession>
              <DashboardPage />
            </RequireSession>
          }
        />
        <Route path={paths.integrations} element={<IntegrationsPage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.careers} element={<CareersPage />} />
        <Route path={paths.contact} element={<ContactPage />} />
        <Route path={paths.blog} element={<BlogPage />} />
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
        <Route path={paths.account} element={<AccountPage />} />
        <Route path={paths.deleteAccount} element={<DeleteAccountPage />} />
        <Route path={paths.connectedAccounts} element={<ConnectedAccountsPage />} />
        <Route path={paths.search} element={<SearchPage />} />
        <Route path={paths.xConnectTest} element={<XConnectTestPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
