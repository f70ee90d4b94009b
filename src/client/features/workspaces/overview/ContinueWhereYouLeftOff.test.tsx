import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { LAST_PAGE_KEY_PREFIX, rememberedPage, rememberPage } from '@client/session/lastPage';
import { fakeAccessToken } from '@client/test/accessToken';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  fakeWorkspacesServer,
  overviewRowBody,
  PERSONAL_WORKSPACE_ID,
  workspaceBody,
} from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { act, screen, waitFor } from '@testing-library/react';

import { ALL_CLIENTS_LABELS, ALL_CLIENTS_TITLE } from './AllClientsPage';
import { CONTINUE_HEADING } from './ContinueWhereYouLeftOff';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const USER = 'user-asha';
const ACME_ID = '00000000-0000-4000-8000-00000000acme';

/** All clients for a user with two workspaces, in `role` of the current (personal) one, whose last page in this browser is `lastPage`. */
async function setup({ lastPage, role = 'owner' }: { lastPage?: string; role?: Role } = {}) {
  if (lastPage) rememberPage(USER, lastPage);
  const fake = fakeWorkspacesServer({
    workspaces: [
      workspaceBody({ role, dashboard: true }),
      workspaceBody({ id: ACME_ID, name: 'Acme Shoes', role: 'manager', personal: false, current: false }),
    ],
    rows: [overviewRowBody({ role }), overviewRowBody({ id: ACME_ID, name: 'Acme Shoes', role: 'manager' })],
  });
  server.use(...fake.handlers);
  const session = signedInSession({ access: fakeAccessToken(USER), workspace: { id: PERSONAL_WORKSPACE_ID, role } });
  const rendered = renderWithProviders(<AppRouter />, { route: paths.workspaces, preloadedState: { session } });
  expect(await screen.findByRole('heading', { level: 1, name: ALL_CLIENTS_TITLE })).toBeInTheDocument();
  // The table has answered, and the workspace list (which decides the pages the member may open) with it.
  expect(await screen.findByRole('table', { name: ALL_CLIENTS_LABELS.table })).toBeInTheDocument();
  return rendered;
}

afterEach(() => localStorage.clear());

describe('Continue where you left off, on All clients', () => {
  it('links to the last page, named, and the keyboard follows it', async () => {
    const { user } = await setup({ lastPage: paths.suggestions });
    const link = await screen.findByRole('link', { name: 'Continue: Suggestions' });
    expect(screen.getByText(CONTINUE_HEADING)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', paths.suggestions);
    // In the Tab order (a real link, no tabindex taking it out), and Enter follows it.
    expect(link.tagName).toBe('A');
    expect(link).not.toHaveAttribute('tabindex', '-1');
    act(() => link.focus());
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: /Suggestions/ })).toBeInTheDocument();
  });

  it('takes the dashboard back to its remembered view', async () => {
    await setup({ lastPage: '/dashboard?sort=name&page=2' });
    expect(await screen.findByRole('link', { name: 'Continue: Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard?sort=name&page=2',
    );
  });

  it('names the page as the app does elsewhere', async () => {
    await setup({ lastPage: paths.workspaceSettings });
    expect(await screen.findByRole('link', { name: 'Continue: Workspace settings' })).toHaveAttribute(
      'href',
      paths.workspaceSettings,
    );
  });

  it('is not there without a last page', async () => {
    await setup();
    expect(screen.queryByText(CONTINUE_HEADING)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
  });

  it('is not there when the last page kept is All clients itself (kept by an older version)', async () => {
    localStorage.setItem(`${LAST_PAGE_KEY_PREFIX}${USER}`, paths.workspaces);
    await setup();
    expect(screen.queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
  });

  // A client-role member sees the dashboard and the reports only.
  it('offers a client-role member a page the role opens', async () => {
    await setup({ lastPage: paths.reports, role: 'client' });
    expect(await screen.findByRole('link', { name: 'Continue: Reports' })).toHaveAttribute('href', paths.reports);
  });

  it('offers no page the member may not open in the current workspace: it would answer "not found"', async () => {
    await setup({ lastPage: paths.team, role: 'client' });
    // The pages the member may open are known (the side navigation lists Reports): the link would have shown by now.
    expect(await screen.findByRole('link', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
  });

  it('keeps the last page while the user is on All clients, so the link is still there next time', async () => {
    await setup({ lastPage: paths.budget });
    expect(await screen.findByRole('link', { name: 'Continue: Budget' })).toBeInTheDocument();
    await waitFor(() => expect(rememberedPage(USER)).toBe(paths.budget));
  });
});
