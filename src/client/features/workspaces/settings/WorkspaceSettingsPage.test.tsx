import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { installFakeClock } from '@client/test/fakeClock';
import { api, FAKE_OTP } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CLIENT_WORKSPACE_ID, clientWorkspaceBody, fakeTeamServer } from '@client/test/team.handlers';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX, type WorkspaceSummary } from '@shared/api/workspaces';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { OWNER_ONLY_NOTICE } from './WorkspaceSettingsPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);
afterEach(() => jest.useRealTimers());

interface SetupOptions {
  role?: Role;
  workspace?: WorkspaceSummary;
  /** Handlers that answer before the fake servers. */
  overrides?: HttpHandler[];
}

/** The settings page of the client workspace (by default), for a user with `role` in it. */
async function setup({ role = 'owner', workspace = clientWorkspaceBody(role), overrides = [] }: SetupOptions = {}) {
  const fake = fakeTeamServer({ workspace });
  const workspaces = fakeWorkspacesServer({
    workspaces: workspace.personal ? [workspace] : [workspaceBody({ current: false }), workspace],
  });
  server.use(...workspaces.handlers, ...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(<AppRouter />, {
    route: paths.workspaceSettings,
    preloadedState: { session: signedInSession({ workspace: { id: workspace.id, role } }) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Workspace settings' })).toBeInTheDocument();
  return { ...rendered, fake, workspaces };
}

const nameField = () => screen.findByRole('textbox', { name: 'Workspace name' });

describe('WorkspaceSettingsPage: the name', () => {
  it('renames the workspace for its owner, trimmed, and the lists hear of it', async () => {
    const { user, fake, workspaces } = await setup();
    const field = await nameField();
    expect(field).toHaveValue('Acme Shoes');
    const listedBefore = workspaces.requests.listed.length;

    await user.clear(field);
    await user.type(field, '  Acme Footwear ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Workspace renamed.')).toBeInTheDocument();
    expect(fake.requests.renamed).toEqual([{ name: 'Acme Footwear' }]);
    expect(fake.requests.headers).toContain(CLIENT_WORKSPACE_ID);
    await waitFor(() => expect(field).toHaveValue('Acme Footwear'));
    await waitFor(() => expect(workspaces.requests.listed.length).toBeGreaterThan(listedBefore));
  });

  it('checks the name with the shared rules before sending', async () => {
    const { user, fake } = await setup();
    const field = await nameField();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(WORKSPACE_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(field, 'x'.repeat(WORKSPACE_NAME_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(WORKSPACE_MESSAGES.nameTooLong)).toBeInTheDocument();
    expect(fake.requests.renamed).toEqual([]);
  });

  it('shows the server’s reason under the form when the rename is refused', async () => {
    const { user } = await setup({
      overrides: [
        http.patch(api('workspace/'), () =>
          HttpResponse.json({ detail: WORKSPACE_MESSAGES.notAllowed }, { status: 403 }),
        ),
      ],
    });
    const field = await nameField();
    await user.type(field, ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getAllByText(WORKSPACE_MESSAGES.notAllowed)).toHaveLength(2));
    expect(screen.getByRole('form', { name: 'Name' })).toHaveAccessibleDescription(WORKSPACE_MESSAGES.notAllowed);
  });

  it.each<Role>(['manager', 'viewer', 'client'])(
    'shows a %s the name only, with no way to change or delete it',
    async (role) => {
      await setup({ role });
      expect(await screen.findByText(OWNER_ONLY_NOTICE)).toBeInTheDocument();
      expect(within(screen.getByRole('main')).getByText('Acme Shoes')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save name' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
    },
  );

  it('offers no Delete for the personal workspace, and says why', async () => {
    await setup({ workspace: workspaceBody() });
    expect(await screen.findByText(WORKSPACE_MESSAGES.personalCannotBeDeleted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
  });
});

describe('WorkspaceSettingsPage: deleting', () => {
  const digitBox = (dialog: HTMLElement, n: number) => within(dialog).getByRole('textbox', { name: `Digit ${n} of 6` });

  /** Opens the dialog, types the name and sends the OTP. */
  async function toOtpStep(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const nameStep = await screen.findByRole('dialog', { name: 'Delete workspace?' });
    await user.type(within(nameStep).getByRole('textbox', { name: 'Workspace name' }), 'Acme Shoes');
    await user.click(within(nameStep).getByRole('button', { name: 'Send OTP' }));
    return screen.findByRole('dialog', { name: 'Enter OTP' });
  }

  it('asks for the name typed exactly, then an emailed OTP, deletes, and goes back to the personal workspace', async () => {
    const { user, fake, workspaces, store } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const nameStep = await screen.findByRole('dialog', { name: 'Delete workspace?' });
    const typed = within(nameStep).getByRole('textbox', { name: 'Workspace name' });
    expect(typed).toHaveFocus();
    await user.type(typed, 'acme shoes');
    await user.click(within(nameStep).getByRole('button', { name: 'Send OTP' }));
    expect(await within(nameStep).findByText(WORKSPACE_MESSAGES.nameMismatch)).toBeInTheDocument();
    expect(fake.requests.otpsSent).toBe(0);

    await user.clear(typed);
    await user.type(typed, 'Acme Shoes');
    await user.click(within(nameStep).getByRole('button', { name: 'Send OTP' }));
    const otpStep = await screen.findByRole('dialog', { name: 'Enter OTP' });
    expect(await screen.findByText('OTP sent to your email.')).toBeInTheDocument();
    expect(within(otpStep).getByRole('button', { name: `Resend in ${RESEND_LOCK_SECONDS}s` })).toBeDisabled();

    // A wrong code: the server's answer, and nothing deleted.
    await user.click(digitBox(otpStep, 1));
    await user.keyboard('000000');
    await user.click(within(otpStep).getByRole('button', { name: 'Delete workspace' }));
    expect(await within(otpStep).findByText('Invalid OTP.')).toBeInTheDocument();
    expect(fake.requests.deleted).toEqual([]);

    await user.click(digitBox(otpStep, 1));
    await user.paste(FAKE_OTP);
    await user.click(within(otpStep).getByRole('button', { name: 'Delete workspace' }));
    expect(await screen.findByText('Workspace Acme Shoes deleted.')).toBeInTheDocument();
    expect(fake.requests.verified).toEqual([{ otp: '000000' }, { otp: FAKE_OTP }]);
    expect(fake.requests.deleted).toEqual([{ name: 'Acme Shoes' }]);

    await waitFor(() => expect(window.location.pathname).toBe(paths.workspaces));
    expect(workspaces.requests.current).toEqual([{ workspace_id: PERSONAL_WORKSPACE_ID }]);
    expect(store.getState().session.workspace).toEqual({ id: PERSONAL_WORKSPACE_ID, role: 'owner' });
  });

  it('checks the six digits before asking the server', async () => {
    const { user, fake } = await setup();
    const otpStep = await toOtpStep(user);
    await user.click(digitBox(otpStep, 1));
    await user.keyboard('123');
    await user.click(within(otpStep).getByRole('button', { name: 'Delete workspace' }));
    expect(await within(otpStep).findByText('Please enter the 6-digit OTP.')).toBeInTheDocument();
    expect(fake.requests.verified).toEqual([]);
  });

  it('says why the delete was refused; Try again deletes once the server agrees', async () => {
    let refuse = true;
    const { user, fake } = await setup({
      overrides: [
        http.post(api('workspace/delete/'), () =>
          refuse
            ? HttpResponse.json({ detail: 'Revoking the platform grants failed.' }, { status: 502 })
            : HttpResponse.json({ deleted: true, id: CLIENT_WORKSPACE_ID }),
        ),
      ],
    });
    const otpStep = await toOtpStep(user);
    await user.click(digitBox(otpStep, 1));
    await user.paste(FAKE_OTP);
    await user.click(within(otpStep).getByRole('button', { name: 'Delete workspace' }));
    const failed = await screen.findByRole('dialog', { name: 'Workspace not deleted' });
    expect(within(failed).getByText('Revoking the platform grants failed.')).toBeInTheDocument();
    expect(fake.requests.verified).toHaveLength(1);

    refuse = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Workspace Acme Shoes deleted.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(paths.workspaces));
  });

  it('locks Resend for the server’s cooldown, counting down, then sends a new OTP', async () => {
    installFakeClock();
    const { user, fake } = await setup();
    const otpStep = await toOtpStep(user);
    expect(within(otpStep).getByRole('button', { name: `Resend in ${RESEND_LOCK_SECONDS}s` })).toBeDisabled();
    act(() => jest.advanceTimersByTime(10_000));
    expect(within(otpStep).getByRole('button', { name: `Resend in ${RESEND_LOCK_SECONDS - 10}s` })).toBeDisabled();
    act(() => jest.advanceTimersByTime((RESEND_LOCK_SECONDS - 10) * 1000));
    const resend = within(otpStep).getByRole('button', { name: 'Resend' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    await waitFor(() => expect(fake.requests.otpsSent).toBe(2));
    expect(await within(otpStep).findByRole('button', { name: `Resend in ${RESEND_LOCK_SECONDS}s` })).toBeDisabled();
  });

  it('closes on Cancel with nothing deleted', async () => {
    const { user, fake } = await setup();
    const otpStep = await toOtpStep(user);
    await user.click(within(otpStep).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.deleted).toEqual([]);
    expect(window.location.pathname).toBe(paths.workspaceSettings);
  });
});
