import { accountApi } from '@client/features/account/account.api';
import { paths } from '@client/lib/paths';
import { SESSION_EXPIRED_MESSAGE } from '@client/session/session.listeners';
import { loggedIn } from '@client/session/session.slice';
import { activeTrialBody, api, userInfoBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { workspaceBody } from '@client/test/workspaces.handlers';
import { SESSION_STORAGE_KEY } from '@shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { AppRouter, preloadPages } from './AppRouter';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const STORED = {
  access: 'stored-access',
  refresh: 'stored-refresh',
  fullName: 'Asha Rao',
  username: 'asha@example.com',
};

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

  it.each([
    [paths.account, 'Account'],
    [paths.deleteAccount, 'Delete Account'],
  ])('shows %s with its heading to a signed-in user', async (route, heading) => {
    renderWithProviders(<AppRouter />, { route, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    [paths.suggestions, 'Smart Suggestions'],
    [paths.actions, 'Actions and results'],
    [paths.alerts, 'Alerts'],
    [paths.rules, 'Automated rules'],
    [paths.newRule, 'New rule'],
    [paths.creativeAnalyzer, 'Creative Analyzer'],
  ])('shows %s with its heading to a signed-in user', async (route, heading) => {
    renderWithProviders(<AppRouter />, { route, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows /budget with its heading to a signed-in user', async () => {
    // The optimizer's account picker lists the connected accounts: none yet.
    server.use(http.get(api('ad-accounts/'), () => HttpResponse.json([])));
    renderWithProviders(<AppRouter />, { route: paths.budget, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Budgets' })).toBeInTheDocument();
    expect(await screen.findByText('No monthly budget yet…')).toBeInTheDocument();
  });

  it.each([
    paths.account,
    paths.deleteAccount,
    paths.suggestions,
    paths.actions,
    paths.alerts,
    paths.rules,
    paths.budget,
    paths.creativeAnalyzer,
    '/reports/review/delivery-1',
  ])("says 'Not Authorized' on %s without a session and goes to /login", async (route) => {
    renderWithProviders(<AppRouter />, { route });
    expect(await screen.findByText('Not Authorized')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
  });

  it('registers the dashboard for a signed-in user on an active trial', async () => {
    server.use(http.get(api('user-info/'), () => HttpResponse.json(activeTrialBody())));
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unified Ad Intelligence' })).toBeInTheDocument();
  });

  it('has no dashboard route for a signed-in user without an active trial: the not-found page answers', async () => {
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Not Authorized')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.dashboard);
  });

  it("registers the dashboard for a member without a trial of their own in a workspace whose owner's trial or plan opens it", async () => {
    const agency = workspaceBody({
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Acme Shoes',
      role: 'client',
      personal: false,
      current: true,
      dashboard: true,
    });
    server.use(http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ current: false }), agency])));
    const session = { ...signedInSession(), workspace: { id: agency.id, role: 'client' as const } };
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unified Ad Intelligence' })).toBeInTheDocument();
  });

  it('has no dashboard route once the trial has ended', async () => {
    const ended = userInfoBody({
      is_trial: true,
      trial: { is_trial: true, trial_ends_at: '2000-01-01T00:00:00.000Z' },
    });
    server.use(http.get(api('user-info/'), () => HttpResponse.json(ended)));
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session: signedInSession() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('waits for user-info before deciding, and only logs a user-info failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(api('user-info/'), async () => {
        await answered;
        return HttpResponse.json({ detail: 'Down' }, { status: 503 });
      }),
    );
    renderWithProviders(<AppRouter />, { route: paths.dashboard, preloadedState: { session: signedInSession() } });

    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
    answer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('user-info failed', 503));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("says 'Not Authorized' and redirects to /login without an access token", async () => {
    renderWithProviders(<AppRouter />, { route: paths.dashboard });
    expect(await screen.findByText('Not Authorized')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(screen.queryByRole('heading', { name: 'Unified Ad Intelligence' })).not.toBeInTheDocument();
  });

  // The bell's tests render the signed-in home page, whose user-info, workspaces and the bell's first
  // count load one after the other: a few seconds alone, 12 to 20 s while jest's other worker runs the
  // server suite, past 30 s once in CI. Ceilings, not delays (see setupTests.ts): a passing find
  // returns as soon as the bell appears.
  const BELL_FIND_MS = 30_000;
  const BELL_TEST_MS = 60_000;

  it(
    'shows the unread alerts in the top bar, linking to /alerts, to a signed-in user whose dashboard is open',
    async () => {
      server.use(
        http.get(api('user-info/'), () => HttpResponse.json(activeTrialBody())),
        http.get(api('alerts/unread/'), () => HttpResponse.json({ count: 4 })),
      );
      renderWithProviders(<AppRouter />, { route: paths.home, preloadedState: { session: signedInSession() } });
      expect(await screen.findByRole('link', { name: 'Alerts, 4 unread' }, { timeout: BELL_FIND_MS })).toHaveAttribute(
        'href',
        paths.alerts,
      );
    },
    BELL_TEST_MS,
  );

  it(
    "shows the bell in an owner's workspace whose trial or plan opens the dashboard, but not to its client",
    async () => {
      const agency = workspaceBody({
        id: '00000000-0000-4000-8000-0000000000aa',
        name: 'Acme Shoes',
        role: 'manager',
        personal: false,
        current: true,
        dashboard: true,
      });
      server.use(http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ current: false }), agency])));
      const { unmount } = renderWithProviders(<AppRouter />, {
        route: paths.home,
        preloadedState: { session: signedInSession({ workspace: { id: agency.id, role: 'manager' } }) },
      });
      // The bell, in the top bar (the side navigation has an Alerts link of its own).
      expect(
        await within(screen.getByRole('banner')).findByRole('link', { name: 'Alerts' }, { timeout: BELL_FIND_MS }),
      ).toHaveAttribute('href', paths.alerts);
      unmount();

      server.use(
        http.get(api('workspaces/'), () =>
          HttpResponse.json([workspaceBody({ current: false }), { ...agency, role: 'client' }]),
        ),
      );
      renderWithProviders(<AppRouter />, {
        route: paths.home,
        preloadedState: { session: signedInSession({ workspace: { id: agency.id, role: 'client' } }) },
      });
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Every ad platform in one dashboard' },
          { timeout: BELL_FIND_MS },
        ),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('link', { name: 'Asha' })).toBeInTheDocument(), {
        timeout: BELL_FIND_MS,
      });
      expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
    },
    BELL_TEST_MS,
  );

  it(
    'shows no alerts bell to a visitor, nor to a user whose dashboard is closed (the server would refuse the count)',
    async () => {
      let asked = 0;
      server.use(
        http.get(api('alerts/unread/'), () => {
          asked += 1;
          return HttpResponse.json({ count: 1 });
        }),
      );
      const { unmount } = renderWithProviders(<AppRouter />, { route: paths.home });
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Every ad platform in one dashboard' },
          { timeout: BELL_FIND_MS },
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
      unmount();

      const { store } = renderWithProviders(<AppRouter />, {
        route: paths.home,
        preloadedState: { session: signedInSession() },
      });
      await waitFor(() => expect(accountApi.endpoints.getUserInfo.select()(store.getState()).isSuccess).toBe(true), {
        timeout: BELL_FIND_MS,
      });
      expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
      expect(asked).toBe(0);
    },
    BELL_TEST_MS,
  );

  it('sends a signed-in user away from the login page', async () => {
    renderWithProviders(<AppRouter />, { route: paths.login, preloadedState: { session: signedInSession() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(paths.home));
  });
});

describe('session restore at start', () => {
  it('checks a stored session with account-info and keeps it when that succeeds', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
    let asked = 0;
    server.use(
      http.get(api('account-info/'), ({ request }) => {
        asked += 1;
        expect(request.headers.get('Authorization')).toBe('Bearer stored-access');
        return HttpResponse.json({
          fullName: 'Asha Rao',
          email: 'asha@example.com',
          memberSince: '2030-01-01T00:00:00.000Z',
          timeZone: 'UTC',
          newsletter: true,
        });
      }),
    );
    const { store } = renderWithProviders(<AppRouter />, { route: paths.account });

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(1));
    expect(store.getState().session.access).toBe('stored-access');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
  });

  it('removes the stored session and says the token has expired when account-info fails', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
    server.use(http.get(api('account-info/'), () => HttpResponse.json({ detail: 'Gone' }, { status: 500 })));
    const { store } = renderWithProviders(<AppRouter />, { route: paths.home });

    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(store.getState().session.access).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('says it once when the refresh already ended the session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
    server.use(
      http.get(api('account-info/'), () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })),
      http.get(api('user-info/'), () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })),
      http.post(api('token/refresh/'), () => HttpResponse.json({ detail: 'Reused' }, { status: 401 })),
    );
    const { store } = renderWithProviders(<AppRouter />, { route: paths.home });

    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.access).toBeNull());
    // Give a second notice every chance to appear before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
  });

  it('does not end a fresh login when account-info fails after it: that is only toasted', async () => {
    server.use(
      http.get(api('account-info/'), () => HttpResponse.json({ detail: 'Account service down' }, { status: 500 })),
    );
    const { store } = renderWithProviders(<AppRouter />, { route: paths.home });
    act(() => {
      store.dispatch(loggedIn({ ...STORED, remember: true }));
    });

    expect(await screen.findByText('Account service down')).toBeInTheDocument();
    expect(store.getState().session.access).toBe('stored-access');
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
  });
});
