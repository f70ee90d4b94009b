import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { LOGGED_OUT_MESSAGE } from '@client/session/useLogoutFlow';
import { installFakeClock } from '@client/test/fakeClock';
import { api, userInfoBody } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, workspaceBody } from '@client/test/workspaces.handlers';
import { LOGOUT_REDIRECT_MS, SESSION_STORAGE_KEY } from '@shared/constants';
import { DAY_MS } from '@shared/days';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { USER_INFO_REDIRECT_MESSAGE } from './AccountPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);
afterEach(() => jest.useRealTimers());

const STORED = { access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com' };

/** The account page of a user whose session is remembered in localStorage. */
async function setup(userInfo: () => Response | Promise<Response> = () => HttpResponse.json(userInfoBody())) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
  server.use(http.get(api('user-info/'), userInfo));
  const rendered = renderWithProviders(<AppRouter />, { route: paths.account });
  expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  return rendered;
}

/** The value shown next to a label in the details list. */
function detail(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('AccountPage', () => {
  it('shows a skeleton until user-info answers, then the details', async () => {
    await setup(async () => {
      await delay(50);
      return HttpResponse.json(userInfoBody({ fullName: 'Asha Rao', username: 'asha@example.com' }));
    });
    expect(screen.getByRole('status', { name: 'Loading account details' })).toBeInTheDocument();

    expect(await screen.findByText('Full Name', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading account details' })).not.toBeInTheDocument();
    expect(detail('Full Name')).toBe('Asha Rao');
    expect(detail('Email')).toBe('asha@example.com');
    expect(detail('Trial status')).toBe('Not Started');
    expect(detail('Trial Ends')).toBe('—');
    expect(detail('Days Left')).toBe('—');
    expect(screen.queryByText(/left in your trial/)).not.toBeInTheDocument();
  });

  it('shows an active trial with days left rounded up, and an encouraging message', async () => {
    const end = new Date(Date.now() + 2 * DAY_MS + 60_000).toISOString();
    await setup(() =>
      HttpResponse.json(userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at: end } })),
    );
    await screen.findByText('Full Name', { selector: 'dt' });
    expect(detail('Trial status')).toBe('Active');
    expect(detail('Days Left')).toBe('3');
    expect(detail('Trial Ends')).not.toBe('—');
    expect(screen.getByText(/You have 3 days left in your trial/)).toBeInTheDocument();
  });

  it("says 'Ended' for a trial that is over, with 0 days left and no encouragement", async () => {
    await setup(() =>
      HttpResponse.json(
        userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at: '2000-01-01T00:00:00.000Z' } }),
      ),
    );
    await screen.findByText('Full Name', { selector: 'dt' });
    expect(detail('Trial status')).toBe('Ended');
    expect(detail('Days Left')).toBe('0');
    expect(screen.queryByText(/left in your trial/)).not.toBeInTheDocument();
  });

  it('fetches user-info again on every visit, even with it cached', async () => {
    let calls = 0;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
    server.use(
      http.get(api('user-info/'), () => {
        calls += 1;
        return HttpResponse.json(userInfoBody());
      }),
    );
    const { user } = renderWithProviders(<AppRouter />, { route: paths.home });
    await waitFor(() => expect(calls).toBe(1));

    await user.click(screen.getByRole('link', { name: 'Asha' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(2));
  });

  it('links to Delete Account and Manage Connections, and offers diagnostics', async () => {
    await setup();
    expect(screen.getByRole('link', { name: 'Delete Account' })).toHaveAttribute('href', paths.deleteAccount);
    expect(screen.getByRole('link', { name: 'Manage Connections' })).toHaveAttribute('href', paths.connectedAccounts);
    expect(screen.getByRole('button', { name: 'Download diagnostics' })).toBeInTheDocument();
  });

  it('hides Manage Connections from the client role', async () => {
    server.use(...fakeWorkspacesServer({ workspaces: [workspaceBody({ role: 'client' })] }).handlers);
    const { store } = await setup();
    await waitFor(() => expect(store.getState().session.workspace?.role).toBe('client'));
    expect(screen.queryByRole('link', { name: 'Manage Connections' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delete Account' })).toBeInTheDocument();
  });

  it('asks before logging out, and Cancel keeps the session', async () => {
    const { user, store } = await setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().session.access).toBe('acc-1');
  });

  it('logs out: sends the refresh token, clears the session, says so, and opens /login after 0.8 s', async () => {
    // The page must still be there after the call and gone after the delay, whatever the machine's load.
    installFakeClock();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('logout/'), async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = await setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    expect(LOGGED_OUT_MESSAGE).toBe("You've been logged out successfully");
    expect(bodies).toEqual([{ refresh: 'ref-1' }]);
    expect(store.getState().session.access).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe(paths.account);
    expect(screen.queryByText('Not Authorized')).not.toBeInTheDocument();

    // The exact delay is pinned in the machine test; here the clock only moves past it.
    act(() => jest.advanceTimersByTime(LOGOUT_REDIRECT_MS));
    await waitFor(() => expect(window.location.pathname).toBe(paths.login));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it("clears the session even when the logout call fails, and says 'Logout failed'", async () => {
    installFakeClock();
    server.use(http.post(api('logout/'), () => new HttpResponse(null, { status: 500 })));
    const { user, store } = await setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', { name: 'Logout' }),
    );

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.queryByText(LOGGED_OUT_MESSAGE)).not.toBeInTheDocument();
    expect(store.getState().session.access).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    act(() => jest.advanceTimersByTime(LOGOUT_REDIRECT_MS));
    await waitFor(() => expect(window.location.pathname).toBe(paths.login));
  });

  it('on a user-info failure clears the stored session and goes to /login, saying why', async () => {
    // The route shell logs the failure; that is expected here.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = await setup(() => HttpResponse.json({ detail: 'Database down' }, { status: 503 }));

    expect(await screen.findByText(USER_INFO_REDIRECT_MESSAGE)).toBeInTheDocument();
    expect(USER_INFO_REDIRECT_MESSAGE).toBe('Failed to fetch user info, redirecting to login.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(store.getState().session.access).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText('Not Authorized')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
