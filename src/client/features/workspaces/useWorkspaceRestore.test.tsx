import { baseApi } from '@client/api/baseApi';
import { loggedIn } from '@client/session/session.slice';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { currentOf, useWorkspaceRestore } from './useWorkspaceRestore';

const PERSONAL = workspaceBody({ current: false });
const ACME = workspaceBody({
  id: '00000000-0000-4000-8000-00000000acme',
  name: 'Acme Shoes',
  role: 'manager',
  personal: false,
  current: false,
});

const scopedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getScopedForRestore: build.query<{ workspace: string | null }, void>({ query: () => 'scoped/' }),
  }),
});

function scopedRoute() {
  const seen: (string | null)[] = [];
  const handler = http.get(api('scoped/'), ({ request }) => {
    const workspace = request.headers.get(WORKSPACE_HEADER);
    seen.push(workspace);
    return HttpResponse.json({ workspace });
  });
  return { handler, seen };
}

function Shell() {
  useWorkspaceRestore();
  const { data } = scopedApi.useGetScopedForRestoreQuery();
  return <p>Data of {data ? (data.workspace ?? 'none') : 'loading'}</p>;
}

describe('currentOf', () => {
  it('takes the current one, else the personal one, else the first', () => {
    expect(currentOf([PERSONAL, { ...ACME, current: true }])?.id).toBe(ACME.id);
    expect(currentOf([ACME, PERSONAL])?.id).toBe(PERSONAL_WORKSPACE_ID);
    expect(currentOf([ACME])?.id).toBe(ACME.id);
    expect(currentOf([])).toBeUndefined();
  });
});

describe('useWorkspaceRestore', () => {
  it('takes the workspace the server remembers and asks again for what went out without its header', async () => {
    const route = scopedRoute();
    const fake = fakeWorkspacesServer({ workspaces: [PERSONAL, { ...ACME, current: true }] });
    server.use(route.handler, ...fake.handlers);
    const { store } = renderWithProviders(<Shell />, {
      preloadedState: { session: signedInSession({ workspace: null }) },
    });

    expect(await screen.findByText(`Data of ${ACME.id}`)).toBeInTheDocument();
    expect(store.getState().session.workspace).toEqual({ id: ACME.id, role: 'manager' });
    expect(route.seen).toEqual([null, ACME.id]);
  });

  it('keeps what was loaded when the current workspace is the personal one', async () => {
    const route = scopedRoute();
    server.use(route.handler);
    const { store } = renderWithProviders(<Shell />, {
      preloadedState: { session: signedInSession({ workspace: null }) },
    });

    await waitFor(() =>
      expect(store.getState().session.workspace).toEqual({ id: PERSONAL_WORKSPACE_ID, role: 'owner' }),
    );
    expect(await screen.findByText('Data of none')).toBeInTheDocument();
    expect(route.seen).toEqual([null]);
  });

  it('follows a role change in the current workspace without emptying the cache', async () => {
    const route = scopedRoute();
    const fake = fakeWorkspacesServer({ workspaces: [PERSONAL, { ...ACME, role: 'viewer', current: true }] });
    server.use(route.handler, ...fake.handlers);
    const { store } = renderWithProviders(<Shell />, {
      preloadedState: { session: signedInSession({ workspace: { id: ACME.id, role: 'manager' } }) },
    });

    await waitFor(() => expect(store.getState().session.workspace).toEqual({ id: ACME.id, role: 'viewer' }));
    expect(await screen.findByText(`Data of ${ACME.id}`)).toBeInTheDocument();
    expect(route.seen).toEqual([ACME.id]);
  });

  it('leaves a workspace that is no longer listed for the one the server names', async () => {
    const fake = fakeWorkspacesServer({ workspaces: [{ ...PERSONAL, current: true }] });
    server.use(scopedRoute().handler, ...fake.handlers);
    const { store } = renderWithProviders(<Shell />, {
      preloadedState: { session: signedInSession({ workspace: { id: ACME.id, role: 'manager' } }) },
    });

    await waitFor(() =>
      expect(store.getState().session.workspace).toEqual({ id: PERSONAL_WORKSPACE_ID, role: 'owner' }),
    );
  });

  it('asks nothing while signed out, and restores after a login', async () => {
    const fake = fakeWorkspacesServer({ workspaces: [PERSONAL, { ...ACME, current: true }] });
    server.use(scopedRoute().handler, ...fake.handlers);
    const { store } = renderWithProviders(<Shell />);
    expect(await screen.findByText('Data of none')).toBeInTheDocument();
    expect(fake.requests.listed).toEqual([]);

    act(() => {
      store.dispatch(
        loggedIn({
          access: 'acc-2',
          refresh: null,
          fullName: 'Asha Rao',
          username: 'asha@example.com',
          remember: true,
        }),
      );
    });

    await waitFor(() => expect(store.getState().session.workspace).toEqual({ id: ACME.id, role: 'manager' }));
  });
});
