import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { AppRouter } from './AppRouter';
import { paths } from './paths';

describe('AppRouter', () => {
  it.each([
    [paths.home, 'Every ad platform in one dashboard'],
    [paths.features, 'Features'],
    [paths.pricing, 'Pricing'],
    [paths.integrations, 'Integrations'],
    [paths.about, 'About Us'],
    [paths.careers, 'Careers'],
    [paths.contact, 'Contact Us'],
    [paths.blog, 'Blog'],
    [paths.terms, 'Terms of Service'],
    [paths.privacy, 'Privacy Policy'],
    [paths.login, 'Login'],
    [paths.register, 'Create your account'],
    [paths.forgotPassword, 'Forgot your password?'],
    [paths.account, 'Account'],
    [paths.deleteAccount, 'Delete Account'],
    [paths.connectedAccounts, 'Connected Ad Accounts'],
    [paths.xConnectTest, 'X connection test'],
    ['/no/such/page', 'Page Not Found'],
  ])('shows %s with its heading', async (route, heading) => {
    renderWithProviders(<AppRouter />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('offers the X connection button on the developer page', async () => {
    renderWithProviders(<AppRouter />, { route: paths.xConnectTest });
    expect(await screen.findByRole('button', { name: 'Start X connection' })).toBeDisabled();
  });

  it('shows the dashboard to a signed-in user', async () => {
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unified Ad Intelligence' })).toBeInTheDocument();
  });

  it("says 'Not Authorized' and redirects to /login without an access token", async () => {
    renderWithProviders(<AppRouter />, { route: paths.dashboard });
    expect(await screen.findByText('Not Authorized')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(screen.queryByRole('heading', { name: 'Unified Ad Intelligence' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from the login page', async () => {
    renderWithProviders(<AppRouter />, { route: paths.login, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(paths.home));
  });
});
