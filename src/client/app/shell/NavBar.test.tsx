import type { AppStore } from '@client/app/store';
import { accountApi } from '@client/features/account/account.api';
import { workspacesApi } from '@client/features/workspaces/workspaces.api';
import { activeTrialBody, api, userInfoBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { workspaceBody } from '@client/test/workspaces.handlers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { NavBar } from './NavBar';

function desktopLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

async function userInfoLoaded(store: AppStore) {
  await waitFor(() => expect(accountApi.endpoints.getUserInfo.select()(store.getState()).isSuccess).toBe(true));
}

describe('NavBar', () => {
  it('shows the public links and a Login button to a visitor', () => {
    renderWithProviders(<NavBar />);
    expect(desktopLinks()).toEqual(['Home', 'Features', 'Pricing', 'Contact']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('hides Dashboard from a signed-in user without an active trial and shows their first name', async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json(userInfoBody({ fullName: 'Meera Iyer' }))));
    const { store } = renderWithProviders(<NavBar />, { preloadedState: { session: signedInSession() } });
    await userInfoLoaded(store);

    expect(desktopLinks()).toEqual(['Home', 'Features', 'Pricing', 'Contact']);
    expect(screen.getByRole('link', { name: 'Meera' })).toHaveAttribute('href', '/account-page');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows Dashboard on desktop to a signed-in user on an active trial', async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json(activeTrialBody())));
    renderWithProviders(<NavBar />, { preloadedState: { session: signedInSession() } });

    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('href', '/dashboard');
    // The spec's top bar, word for word: the app's own pages are in the side navigation (app/shell/SideNav).
    expect(desktopLinks()).toEqual(['Home', 'Dashboard', 'Features', 'Pricing', 'Contact']);
  });

  it("shows Dashboard to a viewer or client of a workspace whose owner's trial or plan opens it, without a trial of their own", async () => {
    const agency = workspaceBody({
      id: '00000000-0000-4000-8000-00000000acme',
      name: 'Acme Shoes',
      role: 'client',
      personal: false,
      current: true,
      dashboard: true,
    });
    for (const role of ['client', 'viewer'] as const) {
      server.use(
        http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ current: false }), { ...agency, role }])),
      );
      const { unmount } = renderWithProviders(<NavBar />, {
        preloadedState: { session: signedInSession({ workspace: { id: agency.id, role } }) },
      });
      expect(
        await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Dashboard' }),
      ).toHaveAttribute('href', '/dashboard');
      expect(desktopLinks()).toEqual(['Home', 'Dashboard', 'Features', 'Pricing', 'Contact']);
      unmount();
    }
  });

  it('hides Dashboard from a member whose workspace is not entitled and who has no trial of their own', async () => {
    const agency = workspaceBody({
      id: '00000000-0000-4000-8000-00000000acme',
      name: 'Acme Shoes',
      role: 'viewer',
      personal: false,
      current: true,
      dashboard: false,
    });
    server.use(http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ current: false }), agency])));
    const { store } = renderWithProviders(<NavBar />, {
      preloadedState: { session: signedInSession({ workspace: { id: agency.id, role: 'viewer' } }) },
    });
    await userInfoLoaded(store);
    await waitFor(() => expect(workspacesApi.endpoints.listWorkspaces.select()(store.getState()).isSuccess).toBe(true));
    expect(desktopLinks()).toEqual(['Home', 'Features', 'Pricing', 'Contact']);
  });

  it('hides Dashboard once the trial has ended', async () => {
    const ended = userInfoBody({
      is_trial: true,
      trial: { is_trial: true, trial_ends_at: '2000-01-01T00:00:00.000Z' },
    });
    server.use(http.get(api('user-info/'), () => HttpResponse.json(ended)));
    const { store } = renderWithProviders(<NavBar />, { preloadedState: { session: signedInSession() } });
    await userInfoLoaded(store);
    expect(desktopLinks()).not.toContain('Dashboard');
  });

  it('shows the alerts slot to a signed-in user only', () => {
    const bell = <a href="/alerts">Alerts bell</a>;
    const { unmount } = renderWithProviders(<NavBar alertsBell={bell} />);
    expect(screen.queryByRole('link', { name: 'Alerts bell' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<NavBar alertsBell={bell} />, { preloadedState: { session: signedInSession() } });
    expect(screen.getByRole('link', { name: 'Alerts bell' })).toBeInTheDocument();
  });

  it('greets with the stored first name before user info arrives', () => {
    renderWithProviders(<NavBar />, { preloadedState: { session: signedInSession({ fullName: 'Ravi Kumar' }) } });
    expect(screen.getByRole('link', { name: 'Ravi' })).toBeInTheDocument();
  });
});
