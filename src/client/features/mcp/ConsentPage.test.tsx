import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import {
  consentRequestBody,
  type FakeMcpOptions,
  fakeMcpServer,
  MCP_CLIENT_ID,
  MCP_REDIRECT_URI,
  oauthQuery,
  VIEWER_WORKSPACE_ID,
} from '@client/test/mcp.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CLIENT_WORKSPACE_ID } from '@client/test/team.handlers';
import { PERSONAL_WORKSPACE_ID } from '@client/test/workspaces.handlers';
import type { SessionPayload } from '@shared/api/auth';
import { MCP_MESSAGES, type McpConsentAnswer } from '@shared/api/mcp';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { ACT_NOT_OFFERED, CONSENT_ANSWER_FAILED, ConsentPage, leaveTo } from './ConsentPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

/** Leaving for the app's redirect URI is watched, never done (jsdom cannot navigate away). */
let go: jest.SpyInstance<void, [string]>;
beforeEach(() => {
  go = jest.spyOn(leaveTo, 'go').mockImplementation(() => undefined);
});
afterEach(() => go.mockRestore());

/** The consent page of a signed-in user, reached with the OAuth query of `query`. */
function setup(options: FakeMcpOptions = {}, query = oauthQuery()) {
  const fake = fakeMcpServer(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.oauthAuthorize} element={<ConsentPage />} />
    </Routes>,
    { route: `${paths.oauthAuthorize}?${query}`, preloadedState: { session: signedInSession() } },
  );
  return { ...rendered, fake };
}

/** The form, once the request has loaded. */
async function loaded() {
  const workspaces = await screen.findByRole('radiogroup', { name: 'Workspace' });
  const access = screen.getByRole('radiogroup', { name: 'Access' });
  return {
    workspaces,
    access,
    workspace: (name: string) => within(workspaces).getByRole('radio', { name }),
    read: within(access).getByRole('radio', { name: 'Read' }),
    act: within(access).getByRole('radio', { name: 'Read and act' }),
  };
}

/** The query string of a URL as key/value pairs. */
const entries = (params: URLSearchParams) => Object.fromEntries(params.entries());

describe('ConsentPage', () => {
  it('shows a loading state until the request answers, then the client and its return address', async () => {
    const { fake } = setup({ consentDelay: 100 });
    expect(screen.getByRole('heading', { level: 1, name: 'Connect an app to Adwise' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the request' })).toBeInTheDocument();

    await loaded();
    expect(screen.queryByRole('status', { name: 'Loading the request' })).not.toBeInTheDocument();
    expect(screen.getByText('Claude Desktop', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(MCP_REDIRECT_URI, { selector: 'code' })).toBeInTheDocument();
    // The OAuth query goes to the server as the app sent it.
    expect(fake.requests.consentQueries.map(entries)).toEqual([entries(new URLSearchParams(oauthQuery()))]);
  });

  it('lists the workspaces with the role in each, the first chosen, and the access the app asked for', async () => {
    setup();
    const form = await loaded();
    expect(
      within(form.workspaces)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Asha Rao (Owner)', 'Acme Shoes (Manager)', 'Bright Bakery (Viewer)']);
    expect(form.workspace('Asha Rao (Owner)')).toBeChecked();
    expect(form.act).toBeChecked();
    expect(form.act).toBeEnabled();
    expect(form.read).toHaveAccessibleDescription('See figures, suggestions, alerts, budgets and the actions log.');
    expect(form.act).toHaveAccessibleDescription(/^Also apply suggestions/);
  });

  it('starts on Read when the app asked only to read', async () => {
    setup({ consent: consentRequestBody({ requested_access: 'read' }) });
    const form = await loaded();
    expect(form.read).toBeChecked();
    expect(form.act).not.toBeChecked();
  });

  it("disables 'Read and act' in a workspace the user only views, says why, and falls back to Read", async () => {
    const { user } = setup();
    const form = await loaded();
    expect(form.act).toBeChecked();

    await user.click(form.workspace('Bright Bakery (Viewer)'));
    expect(form.act).toBeDisabled();
    expect(form.act).not.toBeChecked();
    expect(form.read).toBeChecked();
    expect(form.act).toHaveAccessibleDescription(ACT_NOT_OFFERED);
    expect(screen.getByText(ACT_NOT_OFFERED)).toBeVisible();

    // Back in a workspace the user manages, 'Read and act' is on offer again (Read stays chosen).
    await user.click(form.workspace('Acme Shoes (Manager)'));
    expect(form.act).toBeEnabled();
    expect(form.read).toBeChecked();
    expect(screen.queryByText(ACT_NOT_OFFERED)).not.toBeInTheDocument();
  });

  it('is answered with the keyboard alone: workspace and access with the arrow keys, Approve with Enter', async () => {
    const { user, fake } = setup();
    const form = await loaded();

    // The checked radio of each group is its one tab stop.
    await user.tab();
    expect(form.workspace('Asha Rao (Owner)')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(form.workspace('Acme Shoes (Manager)')).toHaveFocus();
    expect(form.workspace('Acme Shoes (Manager)')).toBeChecked();
    // Into the viewer's workspace and back: the access falls to Read on the way.
    await user.keyboard('{ArrowDown}');
    expect(form.workspace('Bright Bakery (Viewer)')).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(form.workspace('Acme Shoes (Manager)')).toBeChecked();

    await user.tab();
    expect(form.read).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(form.act).toHaveFocus();
    expect(form.act).toBeChecked();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(fake.requests.answers.map(({ body }) => body)).toEqual<McpConsentAnswer[]>([
      { workspace_id: CLIENT_WORKSPACE_ID, access: 'act', approve: true },
    ]);
  });

  it("skips 'Read and act' with the arrow keys in a viewer's workspace", async () => {
    const { user } = setup({
      consent: consentRequestBody({
        workspaces: [{ id: VIEWER_WORKSPACE_ID, name: 'Bright Bakery', role: 'viewer', can_act: false }],
      }),
    });
    const form = await loaded();
    expect(form.read).toBeChecked();
    await user.tab();
    await user.tab();
    expect(form.read).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(form.read).toBeChecked();
    expect(form.act).not.toBeChecked();
  });

  it('Approve posts the OAuth query and the answer, then leaves for the redirect the server gives', async () => {
    const { user, fake } = setup();
    const form = await loaded();
    await user.click(form.workspace('Acme Shoes (Manager)'));
    await user.click(form.read);
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(fake.requests.answers).toHaveLength(1);
    const [{ query, body }] = fake.requests.answers;
    expect(entries(query)).toEqual(entries(new URLSearchParams(oauthQuery())));
    expect(body).toEqual<McpConsentAnswer>({ workspace_id: CLIENT_WORKSPACE_ID, access: 'read', approve: true });

    const target = new URL(go.mock.calls[0][0]);
    expect(`${target.origin}${target.pathname}`).toBe(MCP_REDIRECT_URI);
    expect(target.searchParams.get('code')).toBe('code-1');
    expect(target.searchParams.get('state')).toBe('xyz-state');
  });

  it('Deny posts approve: false and leaves for the redirect with the refusal', async () => {
    const { user, fake } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Deny' }));

    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(fake.requests.answers.map(({ body }) => body)).toEqual<McpConsentAnswer[]>([
      { workspace_id: PERSONAL_WORKSPACE_ID, access: 'act', approve: false },
    ]);
    const target = new URL(go.mock.calls[0][0]);
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('xyz-state');
  });

  it('shows the server’s reason when the request cannot be trusted (an unknown client), and leaves for nowhere', async () => {
    setup({ consent: { status: 400, detail: MCP_MESSAGES.unknownClient } }, oauthQuery({ client_id: 'nobody' }));
    expect(await screen.findByText(MCP_MESSAGES.unknownClient)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MCP_MESSAGES.unknownClient);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('sends the browser straight back to the app when the server answers with a redirect (an OAuth error for the app)', async () => {
    const redirect = `${MCP_REDIRECT_URI}?error=invalid_request&state=xyz-state`;
    setup({ consent: { redirect_to: redirect } });
    await waitFor(() => expect(go).toHaveBeenCalledWith(redirect));
    expect(go).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Loading the request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says so, and stays, when the answer cannot be sent', async () => {
    const { user } = setup();
    server.use(http.post(api('oauth/authorize'), () => new HttpResponse(null, { status: 500 })));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(CONSENT_ANSWER_FAILED)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('offers nothing to approve to a user without a workspace', async () => {
    setup({ consent: consentRequestBody({ workspaces: [] }) });
    expect(await screen.findByText('You are not a member of any workspace.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });
});

describe('ConsentPage in the app', () => {
  const SESSION: SessionPayload = {
    access: 'acc-9',
    refresh: 'ref-9',
    fullName: 'Asha Rao',
    username: 'asha@example.com',
  };

  it('sends a visitor to log in and brings them back to the request, query and all', async () => {
    const fake = fakeMcpServer();
    server.use(
      ...fake.handlers,
      http.post(api('login/'), () => HttpResponse.json(SESSION)),
    );
    const { user } = renderWithProviders(<AppRouter />, { route: `${paths.oauthAuthorize}?${oauthQuery()}` });

    // RequireSession's notice (features do not import each other).
    expect(await screen.findByText('Not Authorized')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Login' });
    expect(window.location.pathname).toBe(paths.login);
    expect(fake.requests.consentQueries).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect an app to Adwise' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.oauthAuthorize);
    expect(entries(new URLSearchParams(window.location.search))).toEqual(entries(new URLSearchParams(oauthQuery())));
    expect(await screen.findByText('Claude Desktop', { selector: 'strong' })).toBeInTheDocument();
    expect(fake.requests.consentQueries.map((query) => query.get('client_id'))).toEqual([MCP_CLIENT_ID]);
  });
});
