import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { fakeBrandingServer } from '@client/test/branding.handlers';
import { fakeFirstPartyServer, firstPartyKeyBody } from '@client/test/firstParty.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { clientWorkspaceBody, fakeTeamServer } from '@client/test/team.handlers';
import { fakeWorkspacesServer, workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { CONVERSION_BASIS_LABELS, type FirstPartyKey } from '@shared/api/firstParty';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { BASIS_LABELS } from './ConversionBasisSetting';
import { FIRST_PARTY_MANAGERS_ONLY } from './FirstPartySection';

beforeAll(preloadPages);

const GOOD_CSV = 'day,conversions,revenue,currency\n2030-01-01,42,3150.00,USD\n2030-01-02,38,2890.5,USD\n';
const BAD_CSV =
  'day,conversions,revenue,currency\n2030-01-01,42,3150.00,USD\n2030-02-30,4,10,USD\n\n2030-01-01,-1,1,usd\n';

async function setup(role: Role = 'owner', key: FirstPartyKey | null = null) {
  const workspace = clientWorkspaceBody(role);
  const fake = fakeFirstPartyServer({ key });
  server.use(
    ...fakeWorkspacesServer({ workspaces: [workspaceBody({ current: false }), workspace] }).handlers,
    ...fakeTeamServer({ workspace }).handlers,
    ...fakeBrandingServer().handlers,
    ...fake.handlers,
  );
  const rendered = renderWithProviders(<AppRouter />, {
    route: paths.workspaceSettings,
    preloadedState: { session: signedInSession({ workspace: { id: workspace.id, role } }) },
  });
  const section = within(await screen.findByRole('region', { name: 'First-party conversions' }));
  return { ...rendered, fake, section };
}

const csvFile = (text: string) => new File([text], 'days.csv', { type: 'text/csv' });

describe('FirstPartySection', () => {
  it('checks the whole file in the browser, then imports it and says how many days were saved', async () => {
    const { user, fake, section } = await setup('manager');
    await user.upload(section.getByLabelText('CSV file of first-party days'), csvFile(GOOD_CSV));
    expect(
      await section.findByText('2 days, 2030-01-01 to 2030-01-02, checked and ready to import.'),
    ).toBeInTheDocument();
    expect(fake.requests.imports).toEqual([]);

    await user.click(section.getByRole('button', { name: 'Import days' }));
    expect(await section.findByText('Saved 2 days, 2030-01-01 to 2030-01-02.')).toBeInTheDocument();
    expect(fake.requests.imports).toEqual([{ body: GOOD_CSV, contentType: 'text/csv' }]);

    // The same days again replace the saved ones.
    await user.upload(section.getByLabelText('CSV file of first-party days'), csvFile(GOOD_CSV));
    await user.click(await section.findByRole('button', { name: 'Import days' }));
    expect(
      await section.findByText('Saved 2 days (2 replaced days saved before), 2030-01-01 to 2030-01-02.'),
    ).toBeInTheDocument();
  });

  it('names each bad line of a file and sends nothing', async () => {
    const { user, fake, section } = await setup();
    await user.upload(section.getByLabelText('CSV file of first-party days'), csvFile(BAD_CSV));
    expect(await section.findByText('2 lines are not valid; nothing was imported.')).toBeInTheDocument();
    const lines = section.getByRole('list', { name: 'Lines to fix' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 3: day "2030-02-30" is not a YYYY-MM-DD day between 1970 and 2100',
      'Line 5: conversions "-1" is not a whole number from 0 to 1,000,000,000; day 2030-01-01 is also on line 2',
    ]);
    expect(section.queryByRole('button', { name: 'Import days' })).not.toBeInTheDocument();
    expect(fake.requests.imports).toEqual([]);
  });

  it('shows the lines of a server refusal the same way', async () => {
    const { user, section } = await setup();
    server.use(
      http.post(api('first-party/import/'), () =>
        HttpResponse.json(
          {
            detail: '1 line is not valid; nothing was imported.',
            code: 'validation_failed',
            lines: [{ line: 2, problems: ['currency "XYZ" has no exchange rate'] }],
          },
          { status: 400 },
        ),
      ),
    );
    await user.upload(section.getByLabelText('CSV file of first-party days'), csvFile(GOOD_CSV));
    await user.click(await section.findByRole('button', { name: 'Import days' }));
    expect(await section.findByText('1 line is not valid; nothing was imported.')).toBeInTheDocument();
    expect(within(section.getByRole('list', { name: 'Lines to fix' })).getByRole('listitem')).toHaveTextContent(
      'Line 2: currency "XYZ" has no exchange rate',
    );
  });

  it('creates a key after a confirm and shows its secret once, with a copy button', async () => {
    const { user, fake, section } = await setup();
    await user.click(await section.findByRole('button', { name: 'Create key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Create an ingestion key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByRole('dialog', { name: 'Your ingestion key' });
    expect(within(secret).getByText('Copy the secret now: it will not be shown again.')).toBeInTheDocument();
    expect(within(secret).getByLabelText('Secret')).toHaveTextContent('secret-1-0123456789abcdef');
    expect(within(secret).getByLabelText('Key id')).toHaveTextContent('fpk_new1');
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(await within(secret).findByRole('status')).toHaveTextContent(
      /Secret copied\.|select the secret and copy it yourself/,
    );
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await section.findByText('fpk_new1')).toBeInTheDocument();
    expect(section.queryByText('secret-1-0123456789abcdef')).not.toBeInTheDocument();
    expect(fake.requests.keysMade).toBe(1);
  });

  it('rotates a key only once confirmed, and revokes it', async () => {
    const { user, fake, section } = await setup('owner', firstPartyKeyBody());
    expect(await section.findByText('fpk_0123456789abcdef')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Rotate key' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the ingestion key?' });
    await user.click(within(rotate).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.keysMade).toBe(0);

    await user.click(section.getByRole('button', { name: 'Rotate key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the ingestion key?' })).getByRole('button', {
        name: 'Rotate key',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Your ingestion key' })).getByRole('button', { name: 'Done' }),
    );
    expect(await section.findByText('fpk_new1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await section.findByRole('button', { name: 'Revoke key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the ingestion key?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await section.findByRole('button', { name: 'Create key' })).toBeInTheDocument();
    expect(fake.requests.keysDeleted).toBe(1);
  });

  it.each(['viewer', 'client'] as const)('shows the %s what it is without a way to change it', async (role) => {
    const { section } = await setup(role);
    expect(section.getByText(FIRST_PARTY_MANAGERS_ONLY)).toBeInTheDocument();
    expect(section.queryByLabelText('CSV file of first-party days')).not.toBeInTheDocument();
    expect(section.queryByRole('button')).not.toBeInTheDocument();
    expect(section.getByText(/X-Adwise-Signature|x-adwise-signature/)).toBeInTheDocument();
  });

  it("keeps each platform's own counts for suggestions and the optimizer until an owner or manager opts in, by keyboard, and says the factors", async () => {
    const { user, fake, section } = await setup('manager');
    const group = await section.findByRole('radiogroup', { name: BASIS_LABELS.legend });
    expect(group).toHaveAccessibleDescription(BASIS_LABELS.help);
    expect(within(group).getByRole('radio', { name: CONVERSION_BASIS_LABELS.platform })).toBeChecked();
    expect(
      section.getByText('Suggestions and the optimizer use each platform’s own conversion counts.'),
    ).toBeInTheDocument();

    within(group).getByRole('radio', { name: CONVERSION_BASIS_LABELS.platform }).focus();
    await user.keyboard('{ArrowDown}');
    expect(
      await section.findByText(
        'Suggestions and the optimizer use conversions calibrated to your own numbers: Meta ×0.5, Google Ads ×0.667.',
      ),
    ).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: CONVERSION_BASIS_LABELS.first_party })).toBeChecked();
    expect(fake.requests.bases).toEqual([{ basis: 'first_party' }]);
  });

  it('shows a viewer the choice without letting them change it', async () => {
    const { section } = await setup('viewer');
    const group = await section.findByRole('radiogroup', { name: BASIS_LABELS.legend });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(section.getByText(BASIS_LABELS.managersOnly)).toBeInTheDocument();
  });
});
