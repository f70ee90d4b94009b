import type { DisplayCurrency } from '@shared/api/dashboard';
import {
  WORKSPACE_HEADER,
  WORKSPACE_MESSAGES,
  type WorkspaceOverview,
  type WorkspaceOverviewRow,
  type WorkspaceSummary,
} from '@shared/api/workspaces';
import { http, HttpResponse } from 'msw';

import { api } from './handlers';

/** The id of the personal workspace every test user has (and the default session is in). */
export const PERSONAL_WORKSPACE_ID = '00000000-0000-4000-8000-000000000001';

/** A workspace as GET workspaces/ lists it; by default the user's personal one, current, as owner. */
export function workspaceBody(overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return {
    id: PERSONAL_WORKSPACE_ID,
    name: 'Asha Rao',
    role: 'owner',
    personal: true,
    connected_accounts: 1,
    current: true,
    dashboard: false,
    ...overrides,
  };
}

/** A row of the All clients table; by default the personal workspace's. */
export function overviewRowBody(overrides: Partial<WorkspaceOverviewRow> = {}): WorkspaceOverviewRow {
  return {
    id: PERSONAL_WORKSPACE_ID,
    name: 'Asha Rao',
    role: 'owner',
    spend: 12345.5,
    spend_change: 12.3,
    connected_accounts: 1,
    needs_reconnect: 0,
    last_synced_at: '2030-01-07T09:00:00.000Z',
    open_alerts: null,
    open_suggestions: null,
    ...overrides,
  };
}

/** The list every screen may ask for: a user with only their personal workspace. */
export const defaultWorkspaceHandlers = [http.get(api('workspaces/'), () => HttpResponse.json([workspaceBody()]))];

/** What the fake workspaces server starts from. */
export interface FakeWorkspacesOptions {
  workspaces?: WorkspaceSummary[];
  rows?: WorkspaceOverviewRow[];
}

/**
 * The workspaces endpoints as the contract describes them, with state: the list, the current
 * workspace, creation and the All clients overview. Tests add `fake.handlers` with `server.use`
 * and read what was asked (and with which workspace header) from `fake.requests`.
 */
export function fakeWorkspacesServer({ workspaces = [workspaceBody()], rows = [] }: FakeWorkspacesOptions = {}) {
  let list = [...workspaces];
  let created = 0;
  const requests = {
    listed: [] as (string | null)[],
    current: [] as unknown[],
    created: [] as unknown[],
    overviews: [] as URLSearchParams[],
  };
  const handlers = [
    http.get(api('workspaces/'), ({ request }) => {
      requests.listed.push(request.headers.get(WORKSPACE_HEADER));
      return HttpResponse.json(list);
    }),
    http.post(api('workspaces/'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      requests.created.push(body);
      created += 1;
      const workspace = workspaceBody({
        id: `00000000-0000-4000-8000-1000000000${String(created).padStart(2, '0')}`,
        name: body.name,
        personal: false,
        connected_accounts: 0,
        current: false,
      });
      list = [...list, workspace];
      return HttpResponse.json(workspace, { status: 201 });
    }),
    http.put(api('workspaces/current/'), async ({ request }) => {
      const body = (await request.json()) as { workspace_id: string };
      requests.current.push(body);
      const chosen = list.find((workspace) => workspace.id === body.workspace_id);
      if (!chosen)
        return HttpResponse.json({ detail: WORKSPACE_MESSAGES.notFound, code: 'not_found' }, { status: 404 });
      list = list.map((workspace) => ({ ...workspace, current: workspace.id === chosen.id }));
      return HttpResponse.json({ ...chosen, current: true });
    }),
    http.get(api('workspaces/overview/'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.overviews.push(params);
      const currency = (params.get('currency') ?? 'INR') as DisplayCurrency;
      return HttpResponse.json({ currency, from: '2030-01-01', to: '2030-01-07', rows } satisfies WorkspaceOverview);
    }),
  ];
  return { handlers, requests, workspaces: () => list };
}
