import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { brandingBody, fakeBrandingServer, savedBrandingBody } from '@client/test/branding.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { clientWorkspaceBody, fakeTeamServer } from '@client/test/team.handlers';
import { fakeWorkspacesServer, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { screen, waitFor, within } from '@testing-library/react';

import { BRANDING_MANAGERS_ONLY } from './BrandingSection';

beforeAll(preloadPages);

async function setup(role: Role = 'owner', branding = brandingBody(), route: string = paths.workspaceSettings) {
  const workspace = clientWorkspaceBody(role);
  const fake = fakeBrandingServer(branding);
  server.use(
    ...fakeWorkspacesServer({ workspaces: [workspaceBody({ current: false }), workspace] }).handlers,
    ...fakeTeamServer({ workspace }).handlers,
    ...fake.handlers,
  );
  const rendered = renderWithProviders(<AppRouter />, {
    route,
    preloadedState: { session: signedInSession({ workspace: { id: workspace.id, role } }) },
  });
  return { ...rendered, fake };
}

const section = async () => within(await screen.findByRole('region', { name: 'Branding' }));

/** The section with its form open (owners and managers open it with Edit branding). */
async function editing(user: ReturnType<typeof renderWithProviders>['user']) {
  const branding = await section();
  await user.click(await branding.findByRole('button', { name: 'Edit branding' }));
  return branding;
}

describe('BrandingSection', () => {
  it('shows the live contrast of white text on the colour, and refuses one below AA before sending', async () => {
    const { user, fake } = await setup();
    const branding = await editing(user);
    const colour = await branding.findByRole('textbox', { name: /Primary colour/ });
    expect(colour).toHaveValue('#1a4fa0');
    expect(branding.getByRole('status')).toHaveTextContent(/White text on this colour: \d+\.\d\d:1, passes WCAG AA/);
    expect(branding.getByLabelText('Pick the primary colour')).toBeInTheDocument();

    await user.clear(colour);
    await user.type(colour, '#ffdd00');
    expect(branding.getByRole('status')).toHaveTextContent(
      'White text on this colour: 1.34:1, fails WCAG AA (needs 4.5:1). Choose a darker colour.',
    );
    await user.click(branding.getByRole('button', { name: 'Save branding' }));
    expect(await branding.findByText(/has a contrast of 1\.34:1; WCAG AA needs at least 4\.5:1/)).toBeInTheDocument();
    expect(fake.requests.saved).toEqual([]);
  });

  it('saves name, colour, sender, reply-to and an uploaded logo, with a preview first', async () => {
    const { user, fake, container } = await setup('manager');
    const branding = await editing(user);
    const name = await branding.findByRole('textbox', { name: /Name on reports/ });
    await user.clear(name);
    await user.type(name, '  Acme Shoes Ltd ');
    await user.type(branding.getByRole('textbox', { name: /Sender name/ }), 'Acme reports');
    await user.type(branding.getByRole('textbox', { name: /Reply-to/ }), 'Reports@Acme.example');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(await branding.findByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(branding.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(fake.requests.saved).toHaveLength(1));
    expect(fake.requests.saved[0]).toEqual({
      name: 'Acme Shoes Ltd',
      primary_color: '#1a4fa0',
      sender_name: 'Acme reports',
      reply_to: 'reports@acme.example',
      logo: 'iVBORw0KGgo=',
    });
    expect(await screen.findByText('Branding saved.')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(branding.getByRole('img', { name: 'The current logo' })).toHaveAttribute(
          'src',
          fake.current().logo!.url,
        ),
      { timeout: 5000 },
    );
  });

  it('removes the saved logo', async () => {
    const { user, fake } = await setup('owner', savedBrandingBody());
    const branding = await editing(user);
    await user.click(await branding.findByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(fake.requests.removedLogo).toBe(1));
    expect(await branding.findByText('No logo yet.')).toBeInTheDocument();
  });

  it.each(['viewer', 'client'] as const)('shows the %s the branding without a way to change it', async (role) => {
    await setup(role, savedBrandingBody());
    const branding = await section();
    expect(await branding.findByText(BRANDING_MANAGERS_ONLY)).toBeInTheDocument();
    expect(branding.queryByRole('button', { name: 'Edit branding' })).not.toBeInTheDocument();
    expect(branding.queryByRole('textbox')).not.toBeInTheDocument();
    expect(branding.getByRole('img', { name: 'Acme Shoes Ltd logo' })).toBeInTheDocument();
  });

  it('puts the workspace’s logo and name in the top bar, in its colour, for the client role', async () => {
    await setup('client', savedBrandingBody());
    const bar = within(screen.getByRole('banner'));
    const home = await bar.findByRole('link', { name: 'Acme Shoes Ltd' }, { timeout: 5000 });
    expect(within(home).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      savedBrandingBody().logo!.url,
    );
    expect(bar.queryByText('Adwise')).not.toBeInTheDocument();
    expect(getComputedStyle(screen.getByRole('banner')).backgroundColor).toBe('rgb(26, 79, 160)');
  });

  it('keeps the product’s own top bar without branding', async () => {
    await setup('client', brandingBody(), paths.home);
    expect(await within(screen.getByRole('banner')).findByText('Adwise')).toBeInTheDocument();
  });
});
