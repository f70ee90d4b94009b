import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { connectedAppBody, type FakeMcpOptions, fakeMcpServer } from '@client/test/mcp.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CLIENT_WORKSPACE_ID } from '@client/test/team.handlers';
import { MCP_MESSAGES } from '@shared/api/mcp';
import { SESSION_STORAGE_KEY } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import {
  CONNECTED_APPS_LOAD_FAILED,
  ConnectedAppsSection,
  NO_CONNECTED_APPS,
  REVOKE_FAILED,
} from './ConnectedAppsSection';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

/** The dates as the section formats them (the machine's locale and time zone). */
const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const CURSOR = connectedAppBody({
  id: 'app-2',
  client_name: 'Cursor',
  client_uri: null,
  workspace: { id: CLIENT_WORKSPACE_ID, name: 'Acme Shoes' },
  access: 'act',
  created_at: '2030-02-01T08:00:00.000Z',
  last_used_at: null,
});

function setup(options: FakeMcpOptions = {}) {
  const fake = fakeMcpServer(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(<ConnectedAppsSection />, { preloadedState: { session: signedInSession() } });
  return { ...rendered, fake };
}

/** The list's rows, once loaded. */
async function rows() {
  const list = await screen.findByRole('list', { name: 'Connected apps' });
  return within(list).getAllByRole('listitem');
}

describe('ConnectedAppsSection', () => {
  it('lists each app with its workspace, access, when it was connected and last used', async () => {
    setup({ apps: [connectedAppBody(), CURSOR] });
    expect(screen.getByRole('region', { name: 'Connected apps' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading connected apps' })).toBeInTheDocument();

    const [claude, cursor] = await rows();
    expect(screen.queryByRole('status', { name: 'Loading connected apps' })).not.toBeInTheDocument();
    expect(claude).toHaveTextContent('Claude Desktop · Asha Rao');
    expect(claude).toHaveTextContent(
      `Read · connected ${when('2030-01-02T10:00:00.000Z')} · last used ${when('2030-01-05T12:30:00.000Z')}`,
    );
    expect(cursor).toHaveTextContent('Cursor · Acme Shoes');
    expect(cursor).toHaveTextContent(`Read and act · connected ${when('2030-02-01T08:00:00.000Z')} · last used Never`);
    expect(within(claude).getByRole('button', { name: 'Revoke Claude Desktop in Asha Rao' })).toBeInTheDocument();
    expect(within(cursor).getByRole('button', { name: 'Revoke Cursor in Acme Shoes' })).toBeInTheDocument();
  });

  it('says when no app is connected', async () => {
    setup({ apps: [] });
    expect(await screen.findByText(NO_CONNECTED_APPS)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Connected apps' })).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    server.use(http.get(api('users/me/connected-apps/'), () => new HttpResponse(null, { status: 500 })));
    renderWithProviders(<ConnectedAppsSection />, { preloadedState: { session: signedInSession() } });
    expect(await screen.findByText(CONNECTED_APPS_LOAD_FAILED)).toBeInTheDocument();
  });

  it('asks before revoking; Cancel keeps the app', async () => {
    const { user, fake } = setup({ apps: [connectedAppBody(), CURSOR] });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor in Acme Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Cursor?' });
    expect(dialog).toHaveTextContent('It loses access to Acme Shoes at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.revoked).toEqual([]);
    expect(await rows()).toHaveLength(2);
  });

  it('revokes once confirmed: deletes the app, its row goes and the toast says so', async () => {
    const { user, fake } = setup({ apps: [connectedAppBody(), CURSOR] });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor in Acme Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Cursor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.revoked).toEqual(['app-2']);
    await waitFor(() => expect(screen.queryByText(/^Cursor/)).not.toBeInTheDocument());
    const remaining = await rows();
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toHaveTextContent('Claude Desktop · Asha Rao');
    // The list was asked again after the delete.
    expect(fake.requests.listed).toBe(2);
    expect(await screen.findByText(MCP_MESSAGES.revoked)).toBeInTheDocument();
  });

  it('shows the empty state once the last app is revoked', async () => {
    const { user } = setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Revoke Claude Desktop in Asha Rao' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(NO_CONNECTED_APPS)).toBeInTheDocument();
  });

  it('says so when revoking fails, keeps the dialog and the row, and lets the user try again', async () => {
    const { user, fake } = setup({ apps: [connectedAppBody(), CURSOR], failingRevokes: ['app-2'] });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor in Acme Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Cursor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await within(dialog).findByText(REVOKE_FAILED)).toBeInTheDocument();
    expect(fake.requests.revoked).toEqual(['app-2']);
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled();
    expect(screen.queryByText(MCP_MESSAGES.revoked)).not.toBeInTheDocument();

    // Closing clears the failure; the row is still there.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor in Acme Shoes' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Disconnect Cursor?' })).queryByText(REVOKE_FAILED),
    ).not.toBeInTheDocument();
  });

  it('shows the server’s reason when the app is already gone', async () => {
    const { user } = setup({ apps: [CURSOR] });
    await rows();
    server.use(
      http.delete(api('users/me/connected-apps/:id/'), () =>
        HttpResponse.json({ detail: MCP_MESSAGES.appNotFound, code: 'not_found' }, { status: 404 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Revoke Cursor in Acme Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Cursor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText(MCP_MESSAGES.appNotFound)).toBeInTheDocument();
  });
});

describe('Connected apps on the account page', () => {
  it('is a section of the account page', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com' }),
    );
    const fake = fakeMcpServer({ apps: [CURSOR] });
    server.use(...fake.handlers);
    renderWithProviders(<AppRouter />, { route: paths.account });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Connected apps' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Connected apps' })).toBeInTheDocument();
    expect(await within(section).findByText('Cursor · Acme Shoes')).toBeInTheDocument();
    expect(fake.requests.listed).toBe(1);
  });
});
