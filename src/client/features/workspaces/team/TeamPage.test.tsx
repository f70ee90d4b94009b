import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import {
  CLIENT_WORKSPACE_ID,
  clientWorkspaceBody,
  type FakeTeamOptions,
  fakeTeamServer,
  invitationBody,
  meeraBody,
  memberBody,
  RAVI_ID,
  raviBody,
} from '@client/test/team.handlers';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import { type Role, ROLE_DESCRIPTIONS } from '@shared/access/policy';
import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, type HttpHandler, HttpResponse } from 'msw';

import { NO_INVITATIONS_MESSAGE } from './InvitationTable';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

interface SetupOptions extends FakeTeamOptions {
  role?: Role;
  /** Handlers that answer before the fake servers. */
  overrides?: HttpHandler[];
}

/** The team page of the client workspace, for a user with `role` in it. */
async function setup({ role = 'owner', overrides = [], ...team }: SetupOptions = {}) {
  const fake = fakeTeamServer({ workspace: clientWorkspaceBody(role), ...team });
  const workspaces = fakeWorkspacesServer({
    workspaces: [workspaceBody({ current: false }), clientWorkspaceBody(role)],
  });
  server.use(...workspaces.handlers, ...fake.handlers);
  // The list answers with the role the team server now gives (a transfer changes it).
  server.use(
    http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody({ current: false }), fake.team().workspace])),
  );
  server.use(...overrides);
  const rendered = renderWithProviders(<AppRouter />, {
    route: paths.team,
    preloadedState: { session: signedInSession({ workspace: { id: CLIENT_WORKSPACE_ID, role } }) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
  return { ...rendered, fake, workspaces };
}

const membersTable = () => screen.findByRole('table', { name: 'Members' });
const invitationsSection = () => screen.getByRole('region', { name: 'Pending invitations' });
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });

describe('TeamPage: the lists', () => {
  it('shows a skeleton while the team loads', async () => {
    await setup({
      overrides: [
        http.get(api('workspace/team/'), async () => {
          await delay(50);
          return HttpResponse.json({ workspace: clientWorkspaceBody(), members: [memberBody()], invitations: [] });
        }),
      ],
    });
    expect(screen.getByRole('status', { name: 'Loading the team' })).toBeInTheDocument();
    expect(await membersTable()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the team' })).not.toBeInTheDocument();
  });

  it('lists the members (you marked) and the pending invitations, asking for the current workspace', async () => {
    const { fake } = await setup({ invitations: [invitationBody()] });
    const table = await membersTable();
    const you = rowOf(table, 'Asha Rao');
    expect(within(you).getByText('You')).toBeInTheDocument();
    expect(you).toHaveTextContent('asha@example.com');
    expect(you).toHaveTextContent('2 Jan 2030');
    const ravi = rowOf(table, 'Ravi Kumar');
    expect(ravi).toHaveTextContent('ravi@example.com');
    expect(ravi).toHaveTextContent('3 Jan 2030');
    expect(within(ravi).queryByText('You')).not.toBeInTheDocument();

    const invitations = within(invitationsSection()).getByRole('table', { name: 'Pending invitations' });
    const row = rowOf(invitations, 'client@example.com');
    expect(row).toHaveTextContent('Client');
    expect(row).toHaveTextContent('5 Jan 2030');
    expect(row).toHaveTextContent('12 Jan 2030');
    expect(screen.getByText('Who works in Acme Shoes, and what each of them may do.')).toBeInTheDocument();
    expect(fake.requests.headers).toContain(CLIENT_WORKSPACE_ID);
  });

  it('says when nobody is invited', async () => {
    await setup();
    await membersTable();
    expect(within(invitationsSection()).getByText(NO_INVITATIONS_MESSAGE)).toBeInTheDocument();
    expect(NO_INVITATIONS_MESSAGE).toBe('No pending invitations');
  });

  it('says why the team did not load, and Retry loads it', async () => {
    let fail = true;
    const { user } = await setup({
      overrides: [
        http.get(api('workspace/team/'), () =>
          fail
            ? HttpResponse.json({ detail: 'The team is being moved.' }, { status: 503 })
            : HttpResponse.json({ workspace: clientWorkspaceBody(), members: [memberBody()], invitations: [] }),
        ),
      ],
    });
    await waitFor(() => expect(screen.getAllByText('The team is being moved.').length).toBeGreaterThanOrEqual(1));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await membersTable()).toBeInTheDocument();
  });
});

describe('TeamPage: what each role sees', () => {
  it('gives an owner every control', async () => {
    await setup({ invitations: [invitationBody()] });
    const table = await membersTable();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer ownership' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave workspace' })).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Ravi Kumar' })).toHaveValue('manager');
    expect(within(table).getByRole('button', { name: 'Remove Ravi Kumar' })).toBeInTheDocument();
    // Not for yourself: that goes through a transfer or leaving.
    expect(within(table).queryByRole('combobox', { name: 'Role of Asha Rao' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Remove Asha Rao' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the invitation to client@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke the invitation to client@example.com' })).toBeInTheDocument();
  });

  it.each<Role>(['manager', 'viewer'])('shows a %s the team but no control to change it, only Leave', async (role) => {
    await setup({
      role,
      members: [memberBody({ role }), raviBody({ role: 'owner' })],
      invitations: [invitationBody()],
    });
    const table = await membersTable();
    expect(rowOf(table, 'Ravi Kumar')).toHaveTextContent('Owner');
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend|^Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave workspace' })).toBeInTheDocument();
  });

  it('tells a client the team is not for their role, without asking for it', async () => {
    const { fake } = await setup({ role: 'client' });
    expect(await screen.findByText(WORKSPACE_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fake.requests.headers).toEqual([]);
  });

  it('offers no Leave in the personal workspace', async () => {
    const personal = workspaceBody();
    const fake = fakeTeamServer({ workspace: personal, members: [memberBody()] });
    server.use(...fake.handlers);
    renderWithProviders(<AppRouter />, { route: paths.team, preloadedState: { session: signedInSession() } });
    await membersTable();
    expect(screen.queryByRole('button', { name: 'Leave workspace' })).not.toBeInTheDocument();
    // Nobody else to hand it to.
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
  });
});

describe('TeamPage: inviting', () => {
  it('invites by e-mail with a role picked from described roles, then lists the invitation', async () => {
    const { user, fake } = await setup();
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    for (const role of ['Owner', 'Manager', 'Viewer', 'Client'] as const) {
      const radio = within(dialog).getByRole('radio', { name: role });
      expect(radio).toHaveAccessibleDescription(ROLE_DESCRIPTIONS[role.toLowerCase() as Role]);
    }
    expect(within(dialog).getByRole('radio', { name: 'Viewer' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), '  Priya@Example.com ');
    await user.click(within(dialog).getByRole('radio', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByText('Invitation sent to priya@example.com')).toBeInTheDocument();
    expect(fake.requests.invited).toEqual([{ email: 'priya@example.com', role: 'manager' }]);

    // Invite another starts a fresh form; Cancel closes.
    await user.click(within(dialog).getByRole('button', { name: 'Invite another' }));
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const invitations = await within(invitationsSection()).findByRole('table', { name: 'Pending invitations' });
    expect(rowOf(invitations, 'priya@example.com')).toHaveTextContent('Manager');
  });

  it('works from the keyboard alone', async () => {
    const { user, fake } = await setup();
    await membersTable();
    act(() => screen.getByRole('button', { name: 'Invite member' }).focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.keyboard('meera.new@example.com');
    // Into the role group (the checked radio), then down to Client.
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: 'Viewer' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Client' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Invitation sent to meera.new@example.com')).toBeInTheDocument();
    expect(fake.requests.invited).toEqual([{ email: 'meera.new@example.com', role: 'client' }]);
  });

  it('checks the address before sending anything', async () => {
    const { user, fake } = await setup();
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(fake.requests.invited).toEqual([]);
  });

  it('shows the server’s reason beside the form as it was, and clears it once the address is edited', async () => {
    const { user, fake } = await setup();
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'ravi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.alreadyMember)).toBeInTheDocument();
    // The toast says it too.
    await waitFor(() => expect(screen.getAllByText(WORKSPACE_MESSAGES.alreadyMember)).toHaveLength(2));
    expect(email).toHaveValue('ravi@example.com');

    await user.clear(email);
    expect(within(dialog).queryByText(WORKSPACE_MESSAGES.alreadyMember)).not.toBeInTheDocument();
    await user.type(email, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(fake.requests.invited).toHaveLength(2);
  });
});

describe('TeamPage: pending invitations', () => {
  it('re-sends an invitation', async () => {
    const { user, fake } = await setup({ invitations: [invitationBody()] });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to client@example.com' }));
    expect(await screen.findByText('Invitation sent again to client@example.com')).toBeInTheDocument();
    expect(fake.requests.resent).toEqual(['inv-1']);
  });

  it('revokes an invitation, which leaves the list', async () => {
    const { user, fake } = await setup({ invitations: [invitationBody()] });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to client@example.com' }));
    expect(await screen.findByText('Invitation to client@example.com revoked')).toBeInTheDocument();
    expect(await within(invitationsSection()).findByText(NO_INVITATIONS_MESSAGE)).toBeInTheDocument();
    expect(fake.requests.revoked).toEqual(['inv-1']);
  });

  it('toasts the server’s reason when a re-send is refused, and keeps the row', async () => {
    const { user } = await setup({
      invitations: [invitationBody()],
      overrides: [
        http.post(api('workspace/invitations/:id/resend/'), () =>
          HttpResponse.json({ detail: WORKSPACE_MESSAGES.invitationNotFound }, { status: 404 }),
        ),
      ],
    });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to client@example.com' }));
    expect(await screen.findByText(WORKSPACE_MESSAGES.invitationNotFound)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /client@example.com/ })).toBeInTheDocument();
  });
});

describe('TeamPage: members', () => {
  it('changes a member’s role', async () => {
    const { user, fake } = await setup();
    const table = await membersTable();
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Role of Ravi Kumar' }), 'Viewer');
    expect(await screen.findByText('Ravi Kumar is now a viewer.')).toBeInTheDocument();
    expect(fake.requests.roles).toEqual([{ userId: RAVI_ID, body: { role: 'viewer' } }]);
    await waitFor(() =>
      expect(within(table).getByRole('combobox', { name: 'Role of Ravi Kumar' })).toHaveValue('viewer'),
    );
  });

  it('keeps the role the server keeps when a change is refused, and says why', async () => {
    const { user } = await setup({
      overrides: [
        http.patch(api('workspace/members/:userId/'), () =>
          HttpResponse.json({ detail: WORKSPACE_MESSAGES.notAllowed }, { status: 403 }),
        ),
      ],
    });
    const table = await membersTable();
    const select = within(table).getByRole('combobox', { name: 'Role of Ravi Kumar' });
    await user.selectOptions(select, 'Client');
    expect(await screen.findByText(WORKSPACE_MESSAGES.notAllowed)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('manager'));
  });

  it('removes a member after a confirmation', async () => {
    const { user, fake } = await setup({ members: [memberBody(), raviBody(), meeraBody()] });
    const table = await membersTable();
    await user.click(within(table).getByRole('button', { name: 'Remove Meera Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    expect(dialog).toHaveTextContent('Meera Shah (meera@example.com) will no longer see Acme Shoes.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Meera Shah was removed from the workspace.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Meera Shah/ })).not.toBeInTheDocument());
    expect(fake.requests.removed).toHaveLength(1);
  });
});

describe('TeamPage: leaving', () => {
  it('keeps the last owner in, with the server’s reason in the dialog', async () => {
    const { user, fake } = await setup();
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave workspace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.lastOwner)).toBeInTheDocument();
    expect(fake.requests.left).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets a member leave, back to their personal workspace and All clients', async () => {
    const { user, store, workspaces } = await setup({
      role: 'viewer',
      members: [memberBody({ role: 'viewer' }), raviBody({ role: 'owner' })],
    });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave workspace?' });
    expect(dialog).toHaveTextContent('You will no longer see Acme Shoes until someone invites you again.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left Acme Shoes.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(paths.workspaces));
    expect(workspaces.requests.current).toEqual([{ workspace_id: PERSONAL_WORKSPACE_ID }]);
    expect(store.getState().session.workspace).toEqual({ id: PERSONAL_WORKSPACE_ID, role: 'owner' });
  });
});

describe('TeamPage: transferring ownership', () => {
  it('chooses a member, says what the owner becomes, transfers, and the owner’s controls go', async () => {
    const { user, fake, store } = await setup({ members: [memberBody(), raviBody(), meeraBody()] });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    // The caller is not among the choices.
    expect(within(dialog).queryByRole('radio', { name: /Asha Rao/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.pickMember)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Ravi Kumar (ravi@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/You will become a manager\./)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Ravi Kumar (ravi@example.com) will own Acme Shoes');

    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(dialog).findByText('Ravi Kumar now owns Acme Shoes. You are a manager.')).toBeInTheDocument();
    expect(fake.requests.transferred).toEqual([{ user_id: RAVI_ID }]);

    // The session takes the new role from the refreshed list: the owner's controls are hidden.
    await waitFor(() => expect(store.getState().session.workspace?.role).toBe('manager'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(rowOf(await membersTable(), 'Ravi Kumar')).toHaveTextContent('Owner');
  });

  it('shows the server’s reason when the transfer fails; Back chooses again', async () => {
    const { user } = await setup({
      overrides: [
        http.post(api('workspace/transfer/'), () =>
          HttpResponse.json({ detail: WORKSPACE_MESSAGES.memberNotFound }, { status: 404 }),
        ),
      ],
    });
    await membersTable();
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    await user.click(within(dialog).getByRole('radio', { name: 'Ravi Kumar (ravi@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Transfer ownership' }));
    expect(await within(dialog).findByText(WORKSPACE_MESSAGES.memberNotFound)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('radio', { name: 'Ravi Kumar (ravi@example.com)' })).toBeChecked();
  });
});
