import { PALETTE_LABEL } from '@client/features/palette/PaletteDialog';
import { api, campaignRowBody, fakeDashboardServer } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import type { AdSearchResult } from '@shared/api/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { CommandPalette } from './CommandPalette';

const AGENCY_ID = '00000000-0000-4000-8000-000000000002';
const CAMPAIGN = campaignRowBody({ id: '00000000-0000-4000-8000-300000000001', name: 'Spring sale — search' });

/** The palette on a signed-in page, as `role` in a workspace whose dashboard is open (or not), with a second workspace. */
function setup({ role = 'owner', entitled = true }: { role?: Role; entitled?: boolean } = {}) {
  const workspaces = fakeWorkspacesServer({
    workspaces: [
      workspaceBody({ role, dashboard: entitled }),
      workspaceBody({
        id: AGENCY_ID,
        name: 'Bolt Bikes',
        role: 'manager',
        personal: false,
        current: false,
        dashboard: true,
      }),
    ],
  });
  const dashboard = fakeDashboardServer({ campaigns: [CAMPAIGN] });
  const adSearches: string[] = [];
  server.use(
    ...workspaces.handlers,
    ...dashboard.handlers,
    http.get(api('dashboard/ads/'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      adSearches.push(q);
      const items = 'spring banner'.includes(q.toLowerCase())
        ? [{ ad_id: 'ad-1', name: 'Spring banner', campaign: { id: CAMPAIGN.id, name: CAMPAIGN.name } }]
        : [];
      return HttpResponse.json({ items } satisfies AdSearchResult);
    }),
  );
  const rendered = renderWithProviders(<CommandPalette />, {
    route: '/account-page',
    preloadedState: { session: signedInSession({ workspace: { id: PERSONAL_WORKSPACE_ID, role } }) },
  });
  return { ...rendered, workspaces, adSearches };
}

/** Opens the palette with Ctrl+K once the workspace list has told what the member may see. */
async function openPalette(user: ReturnType<typeof setup>['user'], expectedFirst = 'All clients') {
  await user.keyboard('{Control>}k{/Control}');
  const combobox = await screen.findByRole('combobox', { name: PALETTE_LABEL });
  await within(screen.getByRole('listbox', { name: 'Results' })).findByRole('option', {
    name: new RegExp(`^${expectedFirst}`),
  });
  return combobox;
}

const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Results' }))
    .queryAllByRole('option')
    .map((option) => option.textContent);

describe('CommandPalette', () => {
  it('opens on Ctrl+K as a combobox with its listbox, moves with the arrows, and goes to the chosen page on Enter', async () => {
    const { user } = setup();
    const combobox = await openPalette(user);
    expect(combobox).toHaveFocus();
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ results$/);

    await user.type(combobox, 'sgst');
    await waitFor(() => expect(optionNames()[0]).toBe('SuggestionsPage'));
    const first = screen.getAllByRole('option')[0];
    expect(combobox).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowUp}');
    const options = screen.getAllByRole('option');
    // Up from the first goes round to the last.
    expect(combobox).toHaveAttribute('aria-activedescendant', options[options.length - 1].id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(window.location.pathname).toBe('/suggestions');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('finds a campaign and an ad of the workspace by name, and opens the campaign’s drill-down on the dashboard', async () => {
    const { user, adSearches } = setup();
    const combobox = await openPalette(user);
    await user.type(combobox, 'spring');
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    expect(await within(listbox).findByRole('option', { name: /Spring banner.*Ad · Spring sale/ })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: /Spring sale — search.*Campaign/ })).toBeInTheDocument();
    expect(adSearches).toEqual(['spring']);
    await user.click(within(listbox).getByRole('option', { name: /Spring sale — search.*Campaign/ }));
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/dashboard?campaign=${CAMPAIGN.id}`);
  });

  it('switches to another workspace by name', async () => {
    const { user, workspaces } = setup();
    const combobox = await openPalette(user);
    await user.type(combobox, 'bolt');
    await within(screen.getByRole('listbox')).findByRole('option', { name: /^Bolt Bikes/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(workspaces.requests.current).toEqual([{ workspace_id: AGENCY_ID }]));
  });

  it('says when nothing matches, and Escape closes it without running anything', async () => {
    const { user } = setup();
    const combobox = await openPalette(user);
    await user.type(combobox, 'zzzzqqq');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results'));
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/account-page');
  });

  it('offers a client-role member the dashboard and reports only, and no command', async () => {
    const { user } = setup({ role: 'client' });
    await openPalette(user, 'Dashboard');
    expect(optionNames()).toEqual(['DashboardPage', 'ReportsPage', 'Bolt BikesWorkspace · Manager']);
    // Its shortcuts follow the same policy.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    await user.keyboard('gs');
    expect(window.location.pathname).toBe('/account-page');
    await user.keyboard('gr');
    expect(window.location.pathname).toBe('/reports');
  });

  it('leaves out the pages a plan opens when the workspace has none, whatever the member’s role', async () => {
    const { user } = setup({ entitled: false });
    await openPalette(user);
    const names = optionNames();
    expect(names).toEqual(expect.arrayContaining(['Connected accountsPage', 'TeamPage', 'Workspace settingsPage']));
    expect(names.some((name) => /^(Dashboard|Suggestions|Reports|Refresh)/.test(name ?? ''))).toBe(false);
  });

  it('goes to a page with "g then a letter", lists the shortcuts on "?", and keeps quiet while the user types', async () => {
    const { user } = setup();
    // Wait for the workspace list: the shortcuts follow what the member may see.
    await openPalette(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());

    await user.keyboard('gd');
    expect(window.location.pathname).toBe('/dashboard');
    await user.keyboard('ga');
    expect(window.location.pathname).toBe('/alerts');

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByRole('rowheader', { name: 'g then s' })).toBeInTheDocument();
    expect(within(help).getByRole('row', { name: /g then r.*Go to Reports/ })).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Letters typed in a field are text, not shortcuts.
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Somewhere to type');
    document.body.append(field);
    await user.click(field);
    await user.keyboard('gs?');
    expect(window.location.pathname).toBe('/alerts');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    field.remove();
  });
});
