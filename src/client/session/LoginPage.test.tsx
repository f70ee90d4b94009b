import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { fakeAccessToken } from '@client/test/accessToken';
import { accountInfoBody, api, recordBeacons, userInfoBody } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import { AUTH_MESSAGES, cooldownMessage, type SessionPayload } from '@shared/api/auth';
import { SESSION_STORAGE_KEY } from '@shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { rememberedPage, rememberPage } from './lastPage';
import { COOLDOWN_NOTICE, returnPath } from './LoginPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const SESSION: SessionPayload = {
  access: 'acc-9',
  refresh: 'ref-9',
  fullName: 'Asha Rao',
  username: 'asha@example.com',
};

function stored(storage: Storage): unknown {
  const text = storage.getItem(SESSION_STORAGE_KEY);
  return text === null ? null : JSON.parse(text);
}

/** The login form at /login, with the server's answer to login/ given per test. */
async function setup(reply: () => Response = () => HttpResponse.json(SESSION)) {
  const bodies: unknown[] = [];
  const beacons = recordBeacons();
  server.use(
    http.post(api('login/'), async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
    beacons.handler,
  );
  const rendered = renderWithProviders(<AppRouter />, { route: paths.login });
  const form = await screen.findByRole('form', { name: 'Login' });
  const email = within(form).getByRole('textbox', { name: 'Email' });
  const password = within(form).getByLabelText(/^Password/, { selector: 'input' });
  const remember = within(form).getByRole('checkbox', { name: 'Remember me' });
  const submit = within(form).getByRole('button', { name: 'Login' });
  const fill = async (address = 'Asha@Example.com ', secret = 'correct horse') => {
    await rendered.user.type(email, address);
    await rendered.user.type(password, secret);
  };
  return { ...rendered, form, email, password, remember, submit, fill, bodies, beacons };
}

describe('LoginPage', () => {
  it('has the links, the cooldown statement and Remember me on by default', async () => {
    const { form, remember } = await setup();
    expect(remember).toBeChecked();
    expect(within(form).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', paths.register);
    expect(within(form).getByText(COOLDOWN_NOTICE)).toBeInTheDocument();
    expect(COOLDOWN_NOTICE).toMatch(/fewer than 3 failed logins trigger a cooldown/i);
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const { user, submit, email, bodies } = await setup();
    await user.click(submit);
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'not-an-address');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const { user, form, password } = await setup();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(form).getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('with Remember me on: logs in, keeps the session in localStorage and goes home', async () => {
    const { user, submit, fill, bodies, beacons, store } = await setup();
    const afterLogin: string[] = [];
    server.use(
      http.get(api('user-info/'), ({ request }) => {
        afterLogin.push(`user-info ${request.headers.get('Authorization')}`);
        return HttpResponse.json(userInfoBody());
      }),
      http.get(api('account-info/'), ({ request }) => {
        afterLogin.push(`account-info ${request.headers.get('Authorization')}`);
        return HttpResponse.json(accountInfoBody());
      }),
    );
    // A stale copy in the other storage (written after start, so the page opens signed out).
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'old' }));
    await fill();
    await user.click(submit);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.home);
    expect(bodies).toEqual([{ username: 'asha@example.com', password: 'correct horse', remember: true }]);
    expect(store.getState().session).toMatchObject({ ...SESSION, remember: true });
    // user-info and account-info follow a login (spec section 7), with the new token.
    await waitFor(() =>
      expect(afterLogin).toEqual(expect.arrayContaining(['user-info Bearer acc-9', 'account-info Bearer acc-9'])),
    );
    // The workspace list names the current workspace, which the stored session keeps too.
    const workspace = { id: PERSONAL_WORKSPACE_ID, role: 'owner' };
    await waitFor(() => expect(store.getState().session.workspace).toEqual(workspace));
    expect(stored(localStorage)).toEqual({ ...SESSION, workspace });
    expect(stored(sessionStorage)).toBeNull();
    await waitFor(() =>
      expect(beacons.sent).toEqual([
        { name: 'login', body: { ts: expect.any(Number), remember: true, success: true } },
      ]),
    );
  });

  it('with Remember me off: keeps the session in sessionStorage only', async () => {
    const { user, submit, remember, fill, bodies, beacons } = await setup();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: 'old' }));
    await fill();
    await user.click(remember);
    await user.click(submit);

    await waitFor(() => expect(window.location.pathname).toBe(paths.home));
    expect(bodies).toEqual([expect.objectContaining({ remember: false })]);
    // With the current workspace once the workspace list has answered.
    expect(stored(sessionStorage)).toMatchObject(SESSION);
    expect(stored(localStorage)).toBeNull();
    await waitFor(() =>
      expect(beacons.sent).toEqual([
        { name: 'login', body: { ts: expect.any(Number), remember: false, success: true } },
      ]),
    );
  });

  it("toasts the server's detail on a 401 and stays on the page", async () => {
    const { user, submit, fill, form, beacons, store } = await setup(() =>
      HttpResponse.json({ detail: AUTH_MESSAGES.invalidCredentials, code: 'unauthorized' }, { status: 401 }),
    );
    await fill();
    await user.click(submit);

    const shown = await screen.findAllByText(AUTH_MESSAGES.invalidCredentials);
    // Once as the toast, once under the form.
    expect(shown).toHaveLength(2);
    expect(within(form).getByText(AUTH_MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.login);
    expect(store.getState().session.access).toBeNull();
    expect(stored(localStorage)).toBeNull();
    await waitFor(() =>
      expect(beacons.sent).toEqual([
        { name: 'login', body: { ts: expect.any(Number), remember: true, success: false } },
      ]),
    );
  });

  it('shows the cooldown detail of a 429 under the form', async () => {
    const { user, submit, fill, form } = await setup(() =>
      HttpResponse.json({ detail: cooldownMessage(30), code: 'rate_limited' }, { status: 429 }),
    );
    await fill();
    await user.click(submit);
    expect(
      await within(form).findByText('Too many failed logins. Please try again in 30 seconds.'),
    ).toBeInTheDocument();
    expect(form).toHaveAccessibleDescription('Too many failed logins. Please try again in 30 seconds.');
  });

  it("falls back to 'Login failed.' when the server says nothing useful", async () => {
    const { user, submit, fill, form } = await setup(() => new HttpResponse('oops', { status: 500 }));
    await fill();
    await user.click(submit);
    expect(await within(form).findByText('Login failed.')).toBeInTheDocument();
  });
});

describe('LoginPage: where signing in lands', () => {
  const ASHA = 'user-asha';
  const BEN = 'user-ben';
  const sessionOf = (userId: string, username: string): SessionPayload => ({
    access: fakeAccessToken(userId),
    refresh: 'ref',
    fullName: 'Someone Else',
    username,
  });

  afterEach(() => localStorage.clear());

  it('takes a user with more than one workspace to All clients, whatever page they worked on last', async () => {
    rememberPage(ASHA, paths.budget);
    const workspaces = fakeWorkspacesServer({
      workspaces: [
        workspaceBody(),
        workspaceBody({
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Acme Shoes',
          personal: false,
          current: false,
        }),
      ],
    });
    server.use(...workspaces.handlers);
    const { user, submit, fill } = await setup(() => HttpResponse.json(sessionOf(ASHA, 'asha@example.com')));
    await fill();
    await user.click(submit);
    await waitFor(() => expect(window.location.pathname).toBe(paths.workspaces));
  });

  it('takes a user with one workspace back to their own last page, and never to another user’s', async () => {
    const first = await setup(() => HttpResponse.json(sessionOf(ASHA, 'asha@example.com')));
    // Asha worked on the dashboard's second page of campaigns last time; Ben has never signed in here.
    rememberPage(ASHA, '/dashboard?sort=name&page=2');
    await first.fill();
    await first.user.click(first.submit);
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?sort=name&page=2'),
    );
    first.unmount();

    localStorage.removeItem(SESSION_STORAGE_KEY);
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
    const second = await setup(() => HttpResponse.json(sessionOf(BEN, 'ben@example.com')));
    await second.fill('ben@example.com');
    await second.user.click(second.submit);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.home);
  });

  it('remembers the pages a signed-in user opens, under their own id', async () => {
    const { user, submit, fill } = await setup(() => HttpResponse.json(sessionOf(BEN, 'ben@example.com')));
    await fill('ben@example.com');
    await user.click(submit);
    await screen.findByRole('heading', { level: 1, name: 'Every ad platform in one dashboard' });
    // Home is no page of the app: nothing kept yet.
    expect(rememberedPage(BEN)).toBeNull();
    act(() => {
      window.history.pushState({}, '', paths.rules);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(rememberedPage(BEN)).toBe(paths.rules));
    expect(rememberedPage(ASHA)).toBeNull();
  });
});

describe('returnPath', () => {
  it('goes back to the page of this site that sent the visitor to log in, and home otherwise', () => {
    expect(returnPath({ from: '/invitations/abc' })).toBe('/invitations/abc');
    expect(returnPath({ from: '/account-page' })).toBe('/account-page');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });
});
