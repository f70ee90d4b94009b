import { DashboardPage } from '@client/features/dashboard/DashboardPage';
import { ReplayPage } from '@client/features/devReplay/ReplayPage';
import { paths } from '@client/lib/paths';
import { catchDownloads } from '@client/test/downloads';
import { fakeDashboardServer, recordBeacons } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { cleanup, screen, waitFor, within } from '@testing-library/react';

import { type DevToolsExportFile, diagnosticsRequested } from './diagnostics';

/** Records a real session on the dashboard and returns the file Download diagnostics saves. */
async function recordDashboardSession(): Promise<string> {
  const fake = fakeDashboardServer();
  server.use(...fake.handlers, recordBeacons().handler);
  const { store } = renderWithProviders(<DashboardPage />, {
    route: paths.dashboard,
    preloadedState: { session: signedInSession() },
  });
  await within(await screen.findByRole('group', { name: 'Total Spend' })).findByText('₹1,23,456.50');

  const downloads = catchDownloads();
  try {
    store.dispatch(diagnosticsRequested());
    cleanup();
    return await downloads.text();
  } finally {
    downloads.restore();
  }
}

describe('ReplayPage', () => {
  it('round-trips a recorded dashboard session: steps through its actions and diffs and draws the dashboard from a recorded state, with no request', async () => {
    const text = await recordDashboardSession();
    const file = JSON.parse(text) as DevToolsExportFile;
    expect(text).not.toContain('access-token-1');
    const steps = Object.keys((JSON.parse(file.payload) as { actionsById: object }).actionsById).length;

    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void requests.push(request.url);
    server.events.on('request:start', onRequest);
    try {
      const { user } = renderWithProviders(<ReplayPage />, { route: paths.devReplay });
      await user.upload(
        screen.getByLabelText('Trace file'),
        new File([text], 'adwise-diagnostics.json', { type: 'application/json' }),
      );

      // It opens where the recording ended: the last step, the dashboard with its figures.
      const status = await screen.findByText(/^Step \d+ of \d+/);
      expect(status).toHaveTextContent(`Step ${steps - 1} of ${steps - 1}`);
      const actions = screen.getByRole('list', { name: 'Actions' });
      expect(within(actions).getAllByRole('button')).toHaveLength(steps);
      expect(within(actions).getByRole('button', { current: 'step' })).toHaveTextContent(`${steps - 1}. `);
      const screenRegion = screen.getByRole('region', { name: 'Replayed screen' });
      expect(
        await within(screenRegion).findByRole('heading', { level: 1, name: 'Unified Ad Intelligence' }),
      ).toBeInTheDocument();
      await within(await within(screenRegion).findByRole('group', { name: 'Total Spend' })).findByText('₹1,23,456.50');
      expect(screen.getByRole('textbox', { name: 'Route' })).toHaveValue(paths.dashboard);

      // Back to the start: the committed state, before any figures had arrived.
      const controls = screen.getByRole('toolbar', { name: 'Step through the trace' });
      await user.click(within(controls).getByRole('button', { name: 'First' }));
      expect(screen.getByText(/^Step 0 of/)).toHaveTextContent('@@INIT');
      expect(within(controls).getByRole('button', { name: 'Previous' })).toBeDisabled();
      expect(screen.getByText('The first step holds the state the trace starts from.')).toBeInTheDocument();
      await waitFor(() => expect(within(screenRegion).queryByText('₹1,23,456.50')).not.toBeInTheDocument());

      // Next, and then the keyboard in the list: each step shows its action and what it changed.
      await user.click(within(controls).getByRole('button', { name: 'Next' }));
      expect(screen.getByText(/^Step 1 of/)).toBeInTheDocument();
      expect(screen.getByRole('table', { name: /^1 changed path$/ })).toHaveTextContent(
        'api.config.middlewareRegistered',
      );
      await user.click(within(actions).getAllByRole('button')[1]);
      await user.keyboard('{ArrowDown}');
      expect(screen.getByText(/^Step 2 of/)).toBeInTheDocument();
      expect(within(actions).getAllByRole('button')[2]).toHaveFocus();
      const shownAction = screen.getByLabelText('Action');
      expect(shownAction.textContent).toContain('"type"');
      await user.keyboard('{End}');
      expect(screen.getByText(new RegExp(`^Step ${steps - 1} of`))).toBeInTheDocument();
      await within(await within(screenRegion).findByRole('group', { name: 'Total Spend' })).findByText('₹1,23,456.50');

      // Read-only: a click on the replayed page does nothing.
      const refresh = within(screenRegion).queryByRole('button', { name: 'Refresh' });
      if (refresh) await user.click(refresh);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(requests).toEqual([]);
  });

  it('says what is wrong with a file it cannot replay', async () => {
    const { user } = renderWithProviders(<ReplayPage />, { route: paths.devReplay });
    await user.upload(
      screen.getByLabelText('Trace file'),
      new File(['{"payload":"[]"}'], 'actions.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This file holds actions without their states');
  });
});
