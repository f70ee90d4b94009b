import { paths } from '@client/lib/paths';
import { api, dashboardViewBody, fakeDashboardServer, syncStatusBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { PERSONAL_WORKSPACE_ID } from '@client/test/workspaces.handlers';
import type { Role } from '@shared/access/policy';
import { SYNC_INTERVAL_MINUTES } from '@shared/platformInfo';
import { SYNC_CADENCE_MESSAGE } from '@shared/validation/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';

import { DashboardPage } from './DashboardPage';
import {
  cadenceLabel,
  cadenceSavedText,
  SYNC_CADENCE_LABEL,
  SYNC_CADENCE_LOCKED,
  SYNC_CADENCES,
} from './SyncCadenceSelect';

interface SetupOptions {
  role?: Role;
  /** The workspace's cadence at first; the fake's default (60) otherwise. */
  minutes?: number;
  /** Handlers that answer before the fake dashboard server. */
  overrides?: HttpHandler[];
}

/** The dashboard for `role` (the owner by default), against a fake dashboard server. */
function setup({ role = 'owner', minutes, overrides = [] }: SetupOptions = {}) {
  const view = dashboardViewBody();
  const fake = fakeDashboardServer({
    view: minutes === undefined ? view : { ...view, sync: { ...view.sync, interval_minutes: minutes } },
  });
  server.use(...fake.handlers);
  server.use(...overrides);
  const rendered = renderWithProviders(<DashboardPage />, {
    route: paths.dashboard,
    preloadedState: { session: signedInSession({ workspace: { id: PERSONAL_WORKSPACE_ID, role } }) },
  });
  return { ...rendered, fake };
}

const cadence = () => screen.findByRole('combobox', { name: SYNC_CADENCE_LABEL });
/** Every toast (notistack) and inline alert text on screen. */
const alerts = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

/** A PUT handler that answers only once `release` is called, so the test sees the select while it saves. */
function heldPut(answer: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), handler: http.put(api('sync/settings/'), async () => (await held, answer())) };
}

describe('SyncCadenceSelect', () => {
  it('offers the cadences from 15 minutes to a day, in minutes, within the server’s limits', () => {
    expect(SYNC_CADENCES.map(({ minutes, label }) => [minutes, label])).toEqual([
      [15, '15 min'],
      [30, '30 min'],
      [60, '1 hour'],
      [180, '3 hours'],
      [360, '6 hours'],
      [720, '12 hours'],
      [1440, '24 hours'],
    ]);
    expect(SYNC_CADENCES[0]!.minutes).toBe(SYNC_INTERVAL_MINUTES.min);
    expect(SYNC_CADENCES.at(-1)!.minutes).toBe(SYNC_INTERVAL_MINUTES.max);
    expect(cadenceLabel(45)).toBe('45 min');
  });

  it('shows the workspace’s cadence next to Refresh, and saves a new one at once, saying so', async () => {
    const { user, fake } = setup();
    const select = await cadence();
    expect(select).toHaveTextContent('1 hour');
    expect(
      within(screen.getByRole('group', { name: 'Sync' })).getByRole('button', { name: 'Refresh' }),
    ).toBeInTheDocument();

    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(SYNC_CADENCES.map(({ label }) => label));
    await user.click(within(listbox).getByRole('option', { name: '30 min' }));

    await waitFor(() => expect(fake.requests.syncSettings).toEqual([{ interval_minutes: 30 }]));
    await waitFor(() => expect(alerts()).toContain(cadenceSavedText(30)));
    expect(await cadence()).toHaveTextContent('30 min');
    expect(fake.intervalMinutes()).toBe(30);
  });

  it('shows a cadence it does not offer as minutes', async () => {
    const { user } = setup({ minutes: 45 });
    expect(await cadence()).toHaveTextContent('45 min');
    await user.click(await cadence());
    expect(
      within(await screen.findByRole('listbox')).getByRole('option', { name: '45 min', selected: true }),
    ).toBeInTheDocument();
  });

  it('moves at once while saving, then puts the old cadence back and says why when the server refuses it', async () => {
    const put = heldPut(() =>
      HttpResponse.json({ detail: SYNC_CADENCE_MESSAGE, code: 'validation_failed' }, { status: 400 }),
    );
    const { user } = setup({ overrides: [put.handler] });
    await user.click(await cadence());
    await user.click(await screen.findByRole('option', { name: '6 hours' }));
    // Optimistic: the new cadence shows while the server is asked.
    await waitFor(async () => expect(await cadence()).toHaveTextContent('6 hours'));
    put.release();
    await waitFor(() => expect(alerts()).toContain(SYNC_CADENCE_MESSAGE));
    await waitFor(async () => expect(await cadence()).toHaveTextContent('1 hour'));
    expect(alerts()).not.toContain(cadenceSavedText(360));
  });

  it('falls back to its own words when a failed save says nothing', async () => {
    const { user } = setup({
      overrides: [http.put(api('sync/settings/'), () => new HttpResponse(null, { status: 500 }))],
    });
    await user.click(await cadence());
    await user.click(await screen.findByRole('option', { name: '24 hours' }));
    await waitFor(() => expect(alerts()).toContain('Unable to change how often the accounts sync. Please try again.'));
    await waitFor(async () => expect(await cadence()).toHaveTextContent('1 hour'));
  });

  it.each<Role>(['viewer', 'client'])('is shown to a %s, disabled, saying who can change it', async (role) => {
    const { fake } = setup({ role });
    const select = await cadence();
    expect(select).toHaveTextContent('1 hour');
    expect(select).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(SYNC_CADENCE_LOCKED)).toBeInTheDocument();
    expect(fake.requests.syncSettings).toEqual([]);
  });

  it('a manager may change it', async () => {
    const { user, fake } = setup({ role: 'manager' });
    await user.click(await cadence());
    await user.click(await screen.findByRole('option', { name: '15 min' }));
    await waitFor(() => expect(fake.requests.syncSettings).toEqual([{ interval_minutes: 15 }]));
    expect(screen.queryByText(SYNC_CADENCE_LOCKED)).not.toBeInTheDocument();
  });
});

describe('the fake sync settings endpoint', () => {
  it('refuses what the server refuses, with its detail, and answers the sync status with the new cadence', async () => {
    const { handlers } = fakeDashboardServer();
    server.use(...handlers);
    const put = (body: unknown) =>
      fetch(api('sync/settings/'), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const body of [
      {},
      { interval_minutes: 10 },
      { interval_minutes: 2000 },
      { interval_minutes: '30' },
      { interval_minutes: 15.5 },
    ]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(SYNC_CADENCE_MESSAGE);
    }
    const res = await put({ interval_minutes: 180 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      syncStatusBody({ interval_minutes: 180 }, [{ platform: 'meta' }, { platform: 'google' }]),
    );
  });
});
