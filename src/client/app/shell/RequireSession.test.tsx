import { paths } from '@client/lib/paths';
import { rememberPage } from '@client/session/lastPage';
import { expired, loggedOut } from '@client/session/session.slice';
import { fakeAccessToken } from '@client/test/accessToken';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { GuestOnly, NOT_AUTHORIZED_MESSAGE, RequireSession } from './RequireSession';

function setup(pageHandlesSignOut: boolean, signedIn = true, route = '/members') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/members"
        element={
          <RequireSession pageHandlesSignOut={pageHandlesSignOut}>
            <h1>Members</h1>
          </RequireSession>
        }
      />
      <Route path={paths.login} element={<h1>Login</h1>} />
    </Routes>,
    { route, preloadedState: signedIn ? { session: signedInSession() } : {} },
  );
}

describe('RequireSession', () => {
  it('shows the page with a session', () => {
    setup(false);
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
  });

  it("says 'Not Authorized' and goes to /login without one", async () => {
    setup(false, false);
    expect(await screen.findByText(NOT_AUTHORIZED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
  });

  it('keeps the query string in the way back from /login (an OAuth request lives there)', async () => {
    setup(false, false, '/members?client_id=app-1&state=x%20y');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    // RequireSession's convention for the way back, which LoginPage follows.
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ from: '/members?client_id=app-1&state=x%20y' });
  });

  it("goes to /login without 'Not Authorized' when the session ends while the page is shown", async () => {
    const { store } = setup(false);
    act(() => {
      store.dispatch(expired());
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_AUTHORIZED_MESSAGE)).not.toBeInTheDocument();
  });

  it('leaves the page on screen when the page handles the end of the session itself', () => {
    const { store } = setup(true);
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/members');
  });
});

describe('GuestOnly', () => {
  it('lets a visitor in and sends a signed-in user home', () => {
    const guestPage = (
      <Routes>
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <h1>Login</h1>
            </GuestOnly>
          }
        />
        <Route path={paths.home} element={<h1>Home</h1>} />
      </Routes>
    );
    const visitor = renderWithProviders(guestPage, { route: paths.login });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    visitor.unmount();

    renderWithProviders(guestPage, { route: paths.login, preloadedState: { session: signedInSession() } });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('sends a signed-in user back to the page that sent them to log in, query and all', () => {
    const pages = (
      <Routes>
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <h1>Login</h1>
            </GuestOnly>
          }
        />
        <Route path="/members" element={<h1>Members</h1>} />
        <Route path={paths.home} element={<h1>Home</h1>} />
      </Routes>
    );
    // Arrive at /login as RequireSession sends one there: renderWithProviders replaces the history entry with a bare one, so give it the state.
    const replace = window.history.replaceState.bind(window.history);
    const spy = jest
      .spyOn(window.history, 'replaceState')
      .mockImplementationOnce((_state, unused, url) =>
        replace({ usr: { from: '/members?client_id=app-1' }, key: 'k1', idx: 0 }, unused, url),
      );
    renderWithProviders(pages, { route: paths.login, preloadedState: { session: signedInSession() } });
    spy.mockRestore();
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/members?client_id=app-1');
  });

  it('sends a user who comes to /login already signed in home, not to a remembered page (spec: redirected to /)', () => {
    const session = signedInSession({ access: fakeAccessToken('user-asha') });
    rememberPage('user-asha', paths.budget);
    renderWithProviders(
      <Routes>
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <h1>Login</h1>
            </GuestOnly>
          }
        />
        <Route path={paths.home} element={<h1>Home</h1>} />
        <Route path={paths.workspaces} element={<h1>All clients</h1>} />
        <Route path={paths.budget} element={<h1>Budget</h1>} />
      </Routes>,
      { route: paths.login, preloadedState: { session } },
    );
    // At once: the landing rule (and its wait for the workspace list) is only for a sign-in made on the page.
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.home);
    localStorage.clear();
  });
});
