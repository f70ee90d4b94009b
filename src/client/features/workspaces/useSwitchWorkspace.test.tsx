import { baseApi } from '@client/api/baseApi';
import { makeStore } from '@client/app/store';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { fakeWorkspacesServer, PERSONAL_WORKSPACE_ID, workspaceBody } from '@client/test/workspaces.handlers';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { useSwitchWorkspace } from './useSwitchWorkspace';

const ACME = workspaceBody({
  id: '00000000-0000-4000-8000-00000000acme',
  name: 'Acme Shoes',
  role: 'viewer',
  personal: false,
  current: false,
});

/** A workspace-scoped read: it answers with the workspace the request was sent for. */
const scopedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getScoped: build.query<{ workspace: string | null }, void>({ query: () => 'scoped/' }),
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

function Screen() {
  const { data } = scopedApi.useGetScopedQuery();
  const { switchTo, switching } = useSwitchWorkspace();
  return (
    <>
      <p>Data of {data ? (data.workspace ?? 'none') : 'loading'}</p>
      <button type="button" disabled={switching} onClick={() => void switchTo({ id: ACME.id })}>
        Switch to Acme
      </button>
    </>
  );
}

describe('the workspace header', () => {
  it('goes with every request once the session has a workspace', async () => {
    const route = scopedRoute();
    server.use(route.handler);
    await makeStore({ session: signedInSession({ workspace: { id: ACME.id, role: 'viewer' } }) }).dispatch(
      scopedApi.endpoints.getScoped.initiate(),
    );
    await makeStore({ session: signedInSession({ workspace: null }) }).dispatch(
      scopedApi.endpoints.getScoped.initiate(),
    );
    expect(route.seen).toEqual([ACME.id, null]);
  });

  it('is not sent without a session', async () => {
    const route = scopedRoute();
    server.use(route.handler);
    await makeStore().dispatch(scopedApi.endpoints.getScoped.initiate());
    expect(route.seen).toEqual([null]);
  });
});

describe('useSwitchWorkspace', () => {
  it('tells the server, moves the session and asks again for what was shown, nothing served from the old cache', async () => {
    const route = scopedRoute();
    const fake = fakeWorkspacesServer({ workspaces: [workspaceBody(), ACME] });
    server.use(route.handler, ...fake.handlers);
    const { user, store } = renderWithProviders(<Screen />, { preloadedState: { session: signedInSession() } });
    expect(await screen.findByText(`Data of ${PERSONAL_WORKSPACE_ID}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Acme' }));

    expect(await screen.findByText(`Data of ${ACME.id}`)).toBeInTheDocument();
    expect(fake.requests.current).toEqual([{ workspace_id: ACME.id }]);
    // The role comes from the server's answer.
    expect(store.getState().session.workspace).toEqual({ id: ACME.id, role: 'viewer' });
    expect(route.seen).toEqual([PERSONAL_WORKSPACE_ID, ACME.id]);
  });

  it('stays put when the server refuses, and keeps the cache', async () => {
    const route = scopedRoute();
    server.use(
      route.handler,
      http.put(api('workspaces/current/'), () =>
        HttpResponse.json({ detail: WORKSPACE_MESSAGES.notFound, code: 'not_found' }, { status: 404 }),
      ),
    );
    const { user, store } = renderWithProviders(<Screen />, { preloadedState: { session: signedInSession() } });
    expect(await screen.findByText(`Data of ${PERSONAL_WORKSPACE_ID}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Acme' }));

    expect(await screen.findByText(WORKSPACE_MESSAGES.notFound)).toBeInTheDocument();
    expect(store.getState().session.workspace?.id).toBe(PERSONAL_WORKSPACE_ID);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch to Acme' })).toBeEnabled());
    expect(route.seen).toEqual([PERSONAL_WORKSPACE_ID]);
  });
});
