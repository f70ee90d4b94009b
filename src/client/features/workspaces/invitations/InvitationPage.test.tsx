import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { invitationPath, paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CLIENT_WORKSPACE_ID, clientWorkspaceBody, invitationPreviewBody } from '@client/test/team.handlers';
import { fakeWorkspacesServer, workspaceBody } from '@client/test/workspaces.handlers';
import { type InvitationPreview, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, type HttpHandler, HttpResponse } from 'msw';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const TOKEN = 'tok-9f8e7d6c5b4a';

interface SetupOptions {
  signedIn?: boolean;
  preview?: InvitationPreview;
  /** Handlers that answer before the fake ones. */
  overrides?: HttpHandler[];
}

/** The page a mailed invitation link opens; the accept call answers with the client workspace as a viewer. */
async function setup({ signedIn = true, preview = invitationPreviewBody(), overrides = [] }: SetupOptions = {}) {
  const requests = { previewed: [] as string[], accepted: [] as unknown[] };
  // The invited workspace is listed once accepted (the switch to it needs no answer from the list).
  const workspaces = fakeWorkspacesServer({
    workspaces: [workspaceBody(), clientWorkspaceBody('viewer', { current: false })],
  });
  server.use(
    ...workspaces.handlers,
    http.get(api('invitations/:token/'), ({ params }) => {
      requests.previewed.push(String(params.token));
      return HttpResponse.json(preview);
    }),
    http.post(api('invitations/accept/'), async ({ request }) => {
      requests.accepted.push(await request.json());
      return HttpResponse.json(clientWorkspaceBody('viewer'));
    }),
  );
  server.use(...overrides);
  const rendered = renderWithProviders(<AppRouter />, {
    route: invitationPath(TOKEN),
    preloadedState: signedIn ? { session: signedInSession() } : {},
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation' })).toBeInTheDocument();
  return { ...rendered, requests };
}

describe('InvitationPage', () => {
  it('shows a skeleton while the invitation loads, then what it is for', async () => {
    const { requests } = await setup({
      overrides: [
        http.get(api('invitations/:token/'), async () => {
          await delay(50);
          return HttpResponse.json(invitationPreviewBody());
        }),
      ],
    });
    expect(screen.getByRole('status', { name: 'Loading the invitation' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Shoes' })).toBeInTheDocument();
    expect(screen.getByText(/Ravi Kumar invited you to join as viewer/)).toBeInTheDocument();
    expect(screen.getByText('Sent to asha@example.com. The link works until 12 Jan 2030.')).toBeInTheDocument();
    expect(requests.previewed).toEqual([]);
  });

  it('accepts for a signed-in user, who then works in the workspace on the dashboard', async () => {
    const { user, requests, store } = await setup();
    await screen.findByRole('heading', { level: 2, name: 'Acme Shoes' });
    expect(requests.previewed).toEqual([TOKEN]);
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You joined Acme Shoes')).toBeInTheDocument();
    expect(requests.accepted).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(window.location.pathname).toBe(paths.dashboard));
    expect(store.getState().session.workspace).toEqual({ id: CLIENT_WORKSPACE_ID, role: 'viewer' });
  });

  it('says so when the invitation was sent to another address', async () => {
    const wrongEmail = WORKSPACE_MESSAGES.invitationWrongEmail('ravi.new@example.com');
    const { user } = await setup({
      overrides: [
        http.post(api('invitations/accept/'), () => HttpResponse.json({ detail: wrongEmail }, { status: 403 })),
      ],
    });
    await screen.findByRole('heading', { level: 2, name: 'Acme Shoes' });
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    // Under the button and in the toast.
    await waitFor(() => expect(screen.getAllByText(wrongEmail)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toHaveAccessibleDescription(wrongEmail);
    expect(window.location.pathname).toBe(invitationPath(TOKEN));
  });

  it('asks a visitor to log in or register, and both come back to the invitation', async () => {
    const { user, requests } = await setup({ signedIn: false });
    await screen.findByRole('heading', { level: 2, name: 'Acme Shoes' });
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Sign in as asha@example.com to accept, or create an account with that address first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', paths.register);

    await user.click(screen.getByRole('link', { name: 'Log in to accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    // RequireSession's convention for the way back.
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ from: invitationPath(TOKEN) });
    expect(requests.accepted).toEqual([]);
  });

  it('explains a link that is used, revoked or expired, with the way home', async () => {
    await setup({
      overrides: [
        http.get(api('invitations/:token/'), () =>
          HttpResponse.json({ detail: WORKSPACE_MESSAGES.invitationNotFound, code: 'not_found' }, { status: 404 }),
        ),
      ],
    });
    await waitFor(() =>
      expect(screen.getAllByText(WORKSPACE_MESSAGES.invitationNotFound).length).toBeGreaterThanOrEqual(1),
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', paths.home);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });
});
