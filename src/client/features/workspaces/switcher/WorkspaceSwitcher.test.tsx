import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { SIDE_NAV_LABEL } from '@client/app/shell/SideNav';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { NEW_WORKSPACE_LABELS } from './NewWorkspaceDialog';
import { SWITCHER_LABELS } from './WorkspaceSwitcher';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const PERSONAL = workspaceBody({ connected_accounts: 2 });
const ACME = workspaceBody({
  id: '00000000-0000-4000-8000-00000000acme',
  name: 'Acme Shoes',
  role: 'manager',
  personal: false,
  connected_accounts: 3,
  current: false,
});
const BOLT = workspaceBody({
  id: '00000000-0000-4000-8000-00000000b017',
  name: 'Bolt Bikes',
  role: 'client',
  personal: false,
  connected_accounts: 1,
  current: false,
});

/** The app at `route` for a user with three workspaces, in `role` of the personal one; a visitor with `signedIn: false`. */
function setup({ role = 'owner', signedIn = true }: { role?: Role; signedIn?: boolean } = {}) {
  const fake = fakeWorkspacesServer({ workspaces: [{ ...PERSONAL, role }, ACME, BOLT] });
  server.use(...fake.handlers);
  const session = signedIn ? { session: signedInSession({ workspace: { id: PERSONAL_WORKSPACE_ID, role } }) } : {};
  const rendered = renderWithProviders(<AppRouter />, { route: paths.home, preloadedState: session });
  return { ...rendered, fake };
}

/** Opens the side navigation's switcher once the list has arrived; returns the menu. */
async function openSwitcher(user: ReturnType<typeof setup>['user']) {
  const button = await screen.findByRole('button', { name: 'Workspace: Asha Rao' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await user.click(button);
  return screen.findByRole('menu', { name: 'Workspace: Asha Rao' });
}

describe('WorkspaceSwitcher at the head of the side navigation', () => {
  it('is not there for a visitor', async () => {
    setup({ signedIn: false });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Workspace:/ })).not.toBeInTheDocument();
  });

  it('lists the workspaces with their connected accounts and role, the current one marked, then New workspace, and nothing else', async () => {
    const { user } = setup();
    const menu = await openSwitcher(user);

    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Asha Rao (current)2 connected accounts · Owner',
      'Acme Shoes3 connected accounts · Manager',
      'Bolt Bikes1 connected account · Client',
      SWITCHER_LABELS.newWorkspace,
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).not.toHaveAttribute('aria-current');
    // A switcher, not a second navigation: no item leads to a page.
    for (const item of items) expect(item).not.toHaveAttribute('href');
    // The menu opens on the current workspace, for the arrow keys to go on from.
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it('switches in one click: the server remembers it, the session moves, the menu closes', async () => {
    const { user, store, fake } = setup();
    const menu = await openSwitcher(user);

    await user.click(within(menu).getByRole('menuitem', { name: /^Acme Shoes/ }));

    await waitFor(() => expect(store.getState().session.workspace).toEqual({ id: ACME.id, role: 'manager' }));
    expect(fake.requests.current).toEqual([{ workspace_id: ACME.id }]);
    expect(await screen.findByRole('button', { name: 'Workspace: Acme Shoes' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard: Enter opens, arrows move, Enter switches', async () => {
    const { user, store } = setup();
    const button = await screen.findByRole('button', { name: 'Workspace: Asha Rao' });
    act(() => button.focus());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Workspace: Asha Rao' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await waitFor(() => expect(store.getState().session.workspace).toEqual({ id: BOLT.id, role: 'client' }));
  });

  it('creates a workspace with a name, validated by the shared schema, and switches to it', async () => {
    const { user, store, fake } = setup();
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: SWITCHER_LABELS.newWorkspace }));

    const dialog = await screen.findByRole('dialog', { name: NEW_WORKSPACE_LABELS.title });
    const name = within(dialog).getByRole('textbox', { name: NEW_WORKSPACE_LABELS.name });
    await waitFor(() => expect(name).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: NEW_WORKSPACE_LABELS.submit }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(name, 'x'.repeat(81));
    await user.click(within(dialog).getByRole('button', { name: NEW_WORKSPACE_LABELS.submit }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.nameTooLong)).toBeInTheDocument();
    expect(fake.requests.created).toEqual([]);

    await user.clear(name);
    await user.type(name, '  Crisp Cafe ');
    await user.click(within(dialog).getByRole('button', { name: NEW_WORKSPACE_LABELS.submit }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: NEW_WORKSPACE_LABELS.title })).not.toBeInTheDocument(),
    );
    expect(fake.requests.created).toEqual([{ name: 'Crisp Cafe' }]);
    const created = fake.workspaces().find((workspace) => workspace.name === 'Crisp Cafe');
    expect(fake.requests.current).toEqual([{ workspace_id: created?.id }]);
    expect(store.getState().session.workspace).toEqual({ id: created?.id, role: 'owner' });
    expect(await screen.findByRole('button', { name: 'Workspace: Crisp Cafe' })).toBeInTheDocument();
  });

  it('shows why the server refused a new workspace, and keeps the dialog open', async () => {
    const { user } = setup();
    server.use(
      http.post(api('workspaces/'), () =>
        HttpResponse.json({ detail: WORKSPACE_MESSAGES.nameTooLong, code: 'validation_failed' }, { status: 400 }),
      ),
    );
    const menu = await openSwitcher(user);
    await user.click(within(menu).getByRole('menuitem', { name: SWITCHER_LABELS.newWorkspace }));
    const dialog = await screen.findByRole('dialog', { name: NEW_WORKSPACE_LABELS.title });
    await user.type(within(dialog).getByRole('textbox', { name: NEW_WORKSPACE_LABELS.name }), 'Crisp Cafe');
    await user.click(within(dialog).getByRole('button', { name: NEW_WORKSPACE_LABELS.submit }));

    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.nameTooLong)).toBeInTheDocument();
  });

  it.each<Role>(['owner', 'manager', 'viewer', 'client'])(
    'offers a %s the same choices: every workspace and New workspace, whatever the role allows',
    async (role) => {
      const { user } = setup({ role });
      const menu = await openSwitcher(user);
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      expect(names).toEqual([
        expect.stringMatching(/^Asha Rao \(current\)/),
        expect.stringMatching(/^Acme Shoes/),
        expect.stringMatching(/^Bolt Bikes/),
        SWITCHER_LABELS.newWorkspace,
      ]);
    },
  );
});

describe('WorkspaceSwitcher in the mobile menu', () => {
  it('lists the workspaces and switches, then closes the menu', async () => {
    const { user, store, fake } = setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const list = within(drawer).getByRole('navigation', { name: SWITCHER_LABELS.heading });
    const current = await within(list).findByRole('button', { name: /^Asha Rao \(current\)/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^Asha Rao \(current\)/),
      expect.stringMatching(/^Acme Shoes/),
      expect.stringMatching(/^Bolt Bikes/),
      SWITCHER_LABELS.newWorkspace,
    ]);
    expect(within(list).queryAllByRole('link')).toEqual([]);

    await user.click(within(list).getByRole('button', { name: /^Acme Shoes/ }));

    await waitFor(() => expect(store.getState().session.workspace?.id).toBe(ACME.id));
    expect(fake.requests.current).toEqual([{ workspace_id: ACME.id }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('leaves the pages to the side navigation below it: each shows once in the menu', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const pages = within(drawer).getByRole('navigation', { name: SIDE_NAV_LABEL });
    // The side navigation has the workspace's pages (All clients too: this user has three workspaces).
    expect(await within(pages).findByRole('link', { name: 'All clients' })).toHaveAttribute('href', paths.workspaces);
    for (const [name, href] of [
      ['All clients', paths.workspaces],
      ['Connected accounts', paths.connectedAccounts],
      ['Team', paths.team],
      ['Settings', paths.workspaceSettings],
    ]) {
      expect(within(drawer).getAllByRole('link', { name })).toEqual([within(pages).getByRole('link', { name })]);
      expect(within(pages).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
