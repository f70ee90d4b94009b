import { paths } from '@client/lib/paths';
import { fakeFirstPartyServer, firstPartyFiguresBody, firstPartyViewBody } from '@client/test/firstParty.handlers';
import { dashboardAccountBody, dashboardViewBody, fakeDashboardServer } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { workspaceBody } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import type { FirstPartyView } from '@shared/api/firstParty';
import { screen, within } from '@testing-library/react';

import { DashboardPage } from './DashboardPage';

/** The dashboard (Meta and Google connected) for a member of `role`, with the first-party answer `view`. */
function setup({
  role = 'owner',
  firstParty = firstPartyViewBody(),
  route = paths.dashboard,
  dashboard = dashboardViewBody(),
}: {
  role?: Role;
  firstParty?: FirstPartyView;
  route?: string;
  dashboard?: ReturnType<typeof dashboardViewBody>;
} = {}) {
  const fake = fakeFirstPartyServer({ view: firstParty });
  server.use(...fakeDashboardServer({ view: dashboard }).handlers, ...fake.handlers);
  renderWithProviders(<DashboardPage />, {
    route,
    preloadedState: { session: signedInSession({ workspace: { id: workspaceBody().id, role } }) },
  });
  return fake;
}

describe('YourNumbersPanel', () => {
  it('shows blended CPA, ROAS, MER, days covered and each platform’s over-attribution in words', async () => {
    const fake = setup({
      firstParty: firstPartyViewBody({ firstParty: firstPartyFiguresBody() }),
      route: `${paths.dashboard}?from=2030-01-01&to=2030-01-07`,
    });
    const panel = within(await screen.findByRole('region', { name: 'Your numbers' }));
    expect(panel.getByRole('group', { name: 'Blended CPA' })).toHaveTextContent('₹205.76');
    expect(panel.getByRole('group', { name: 'Blended ROAS' })).toHaveTextContent('4.00×');
    expect(panel.getByRole('group', { name: 'MER' })).toHaveTextContent('4.00×');
    expect(panel.getByRole('group', { name: 'Days covered' })).toHaveTextContent('5 of 7');
    const items = panel.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe(
      'Meta claims 1.5× its share (0.9× to 2.8×): 583 claimed where its share of spend explains 388.8.',
    );
    expect(items[1]).toMatch(/^Google Ads claims 1\.1× its share \(0\.95× or more\)/);
    expect(panel.getByText('Everything else on this page still shows each platform’s own counts.')).toBeInTheDocument();
    // Asked for over the dashboard's own range.
    expect(fake.requests.views[0]?.get('from')).toBe('2030-01-01');
    expect(fake.requests.views[0]?.get('to')).toBe('2030-01-07');
  });

  it('offers owners and managers a link to add their own conversions when there are none', async () => {
    setup({ role: 'manager' });
    const link = await screen.findByRole('link', { name: 'Add your own conversions' });
    expect(link).toHaveAttribute('href', `${paths.workspaceSettings}#first-party`);
    expect(screen.queryByRole('region', { name: 'Your numbers' })).not.toBeInTheDocument();
  });

  it('shows viewers nothing new without first-party days', async () => {
    setup({ role: 'viewer' });
    await screen.findByRole('group', { name: 'Conversions' });
    // The first-party answer has come by the time the cards are drawn once more; nothing is added.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Add your own conversions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your numbers' })).not.toBeInTheDocument();
  });

  it('labels the Conversions card as platform-reported, and warns of double counting when platforms are summed', async () => {
    setup();
    const card = await screen.findByRole('group', { name: 'Conversions' });
    expect(card).toHaveTextContent('Platform-reported');
    expect(card).toHaveTextContent('May count a conversion more than once');
  });

  it('does not warn of double counting for one platform', async () => {
    setup({ dashboard: dashboardViewBody({ accounts: [dashboardAccountBody()] }) });
    const card = await screen.findByRole('group', { name: 'Conversions' });
    expect(card).toHaveTextContent('Platform-reported');
    expect(card).not.toHaveTextContent('May count a conversion more than once');
  });
});
