import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { paths } from '@client/lib/paths';
import { installFakeClock } from '@client/test/fakeClock';
import { api, recordBeacons } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { DELETE_REDIRECT_MS, SESSION_STORAGE_KEY } from '@shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { deletingMessage } from './DeleteAccountPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);
afterEach(() => jest.useRealTimers());

const STORED = { access: 'acc-1', refresh: 'ref-1', fullName: 'Asha Rao', username: 'asha@example.com' };

async function setup(
  reply: () => Response = () => new HttpResponse(null, { status: 204 }),
  route: string = paths.deleteAccount,
) {
  let calls = 0;
  const beacons = recordBeacons();
  server.use(
    http.post(api('delete-account/'), () => {
      calls += 1;
      return reply();
    }),
    beacons.handler,
  );
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(STORED));
  const rendered = renderWithProviders(<AppRouter />, { route });
  return { ...rendered, beacons, calls: () => calls };
}

async function openForm() {
  const form = await screen.findByRole('form', { name: 'Delete account' });
  return {
    form,
    username: within(form).getByRole('textbox', { name: 'Username' }),
    submit: within(form).getByRole('button', { name: 'Delete My Account' }),
  };
}

describe('DeleteAccountPage', () => {
  it('asks for the username before anything else', async () => {
    const { user, calls } = await setup();
    const { submit } = await openForm();
    await user.click(submit);
    expect(await screen.findByText('Please enter your username to proceed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls()).toBe(0);
  });

  it("confirms with 'Are you sure?', and Cancel there deletes nothing", async () => {
    const { user, calls } = await setup();
    const { username, submit } = await openForm();
    await user.type(username, 'asha');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls()).toBe(0);
  });

  it('deletes, clears local and session storage, and opens /login after 600 ms', async () => {
    // The page must still be there after the call and gone after the delay, whatever the machine's load.
    installFakeClock();
    const { user, store, beacons, calls } = await setup();
    const { username, submit } = await openForm();
    localStorage.setItem('adwise.other', 'x');
    sessionStorage.setItem('adwise.other', 'y');
    await user.type(username, '  asha ');
    await user.click(submit);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText(deletingMessage('asha'))).toBeInTheDocument();
    expect(deletingMessage('asha')).toBe('Deleting account for user: asha');
    await waitFor(() => expect(store.getState().session.access).toBeNull());
    expect(calls()).toBe(1);
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(store.getState().api.queries).toEqual({});
    expect(window.location.pathname).toBe(paths.deleteAccount);

    // The exact delay is pinned in the machine test; here the clock only moves past it.
    act(() => jest.advanceTimersByTime(DELETE_REDIRECT_MS));
    await waitFor(() => expect(window.location.pathname).toBe(paths.login));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Not Authorized')).not.toBeInTheDocument();
    await waitFor(() => expect(beacons.sent).toEqual([{ name: 'delete-account', body: { ts: expect.any(Number) } }]));
  });

  it("keeps everything when the deletion fails, saying 'Failed to delete account.'", async () => {
    const { user, store } = await setup(() => new HttpResponse(null, { status: 500 }));
    const { username, submit } = await openForm();
    await user.type(username, 'asha');
    await user.click(submit);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Failed to delete account.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().session.access).toBe('acc-1');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(window.location.pathname).toBe(paths.deleteAccount);
  });

  it('Cancel goes back one step', async () => {
    const { user } = await setup(undefined, paths.account);
    await user.click(await screen.findByRole('link', { name: 'Delete Account' }));
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.account);
  });

  it('Cancel opens the account page when there is no step back inside the app', async () => {
    const { user } = await setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.account);
  });
});
