import { type ConnectedApp, MCP_MESSAGES, type McpConsentAnswer, type McpConsentRequest } from '@shared/api/mcp';
import { delay, http, HttpResponse } from 'msw';

import { api } from './handlers';
import { CLIENT_WORKSPACE_ID } from './team.handlers';
import { PERSONAL_WORKSPACE_ID } from './workspaces.handlers';

/** The AI assistant the tests connect, and where it asks to return. */
export const MCP_CLIENT_ID = 'mcp-client-1';
export const MCP_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
/** A workspace the test user only views: "Read and act" is not on offer there. */
export const VIEWER_WORKSPACE_ID = '00000000-0000-4000-8000-200000000009';

/** The OAuth query an assistant sends the person to /oauth/authorize with. */
export function oauthQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: MCP_CLIENT_ID,
    redirect_uri: MCP_REDIRECT_URI,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'xyz-state',
    scope: 'adwise:read adwise:act',
    resource: 'http://localhost/mcp',
    ...overrides,
  }).toString();
}

/** What GET oauth/authorize shows: Claude asks for "act", with the personal workspace (owner), a client one (manager) and one the user views. */
export function consentRequestBody(overrides: Partial<McpConsentRequest> = {}): McpConsentRequest {
  return {
    client: { id: MCP_CLIENT_ID, name: 'Claude Desktop', uri: 'https://claude.ai' },
    redirect_uri: MCP_REDIRECT_URI,
    workspaces: [
      { id: PERSONAL_WORKSPACE_ID, name: 'Asha Rao', role: 'owner', can_act: true },
      { id: CLIENT_WORKSPACE_ID, name: 'Acme Shoes', role: 'manager', can_act: true },
      { id: VIEWER_WORKSPACE_ID, name: 'Bright Bakery', role: 'viewer', can_act: false },
    ],
    requested_access: 'act',
    ...overrides,
  };
}

/** A connected app; by default Claude, reading the personal workspace, used once. */
export function connectedAppBody(overrides: Partial<ConnectedApp> = {}): ConnectedApp {
  return {
    id: 'app-1',
    client_name: 'Claude Desktop',
    client_uri: 'https://claude.ai',
    workspace: { id: PERSONAL_WORKSPACE_ID, name: 'Asha Rao' },
    access: 'read',
    created_at: '2030-01-02T10:00:00.000Z',
    last_used_at: '2030-01-05T12:30:00.000Z',
    ...overrides,
  };
}

/** What the fake MCP server starts from. */
export interface FakeMcpOptions {
  /** GET oauth/authorize's answer: a request to consent to, `{redirect_to}`, or an error reply. */
  consent?: McpConsentRequest | { redirect_to: string } | { status: number; detail: string };
  /** Milliseconds GET oauth/authorize waits before answering. */
  consentDelay?: number;
  apps?: ConnectedApp[];
  /** Ids whose DELETE fails with a bare 500 (no detail, so the page's own words show). */
  failingRevokes?: string[];
}

/** Where the fake server sends the browser after an answer: the redirect URI with a code or access_denied, and the state. */
function redirectFor(query: URLSearchParams, approve: boolean): string {
  const url = new URL(query.get('redirect_uri') ?? MCP_REDIRECT_URI);
  if (approve) url.searchParams.set('code', 'code-1');
  else url.searchParams.set('error', 'access_denied');
  const state = query.get('state');
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * The consent and Connected apps endpoints as the contract describes them, with state: the
 * pending request, the answer (with the OAuth query it came with), the user's connected apps and
 * revoking them. Tests add `fake.handlers` with `server.use` and read what was asked from `fake.requests`.
 */
export function fakeMcpServer({
  consent = consentRequestBody(),
  consentDelay = 0,
  apps: initialApps = [connectedAppBody()],
  failingRevokes = [],
}: FakeMcpOptions = {}) {
  let apps = [...initialApps];
  const requests = {
    /** The query of every GET oauth/authorize. */
    consentQueries: [] as URLSearchParams[],
    /** Every POST oauth/authorize: its query and body. */
    answers: [] as { query: URLSearchParams; body: McpConsentAnswer }[],
    listed: 0,
    revoked: [] as string[],
  };

  const handlers = [
    http.get(api('oauth/authorize'), async ({ request }) => {
      requests.consentQueries.push(new URL(request.url).searchParams);
      if (consentDelay) await delay(consentDelay);
      if ('status' in consent)
        return HttpResponse.json({ detail: consent.detail, code: 'validation_failed' }, { status: consent.status });
      return HttpResponse.json(consent);
    }),
    http.post(api('oauth/authorize'), async ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body = (await request.json()) as McpConsentAnswer;
      requests.answers.push({ query, body });
      return HttpResponse.json({ redirect_to: redirectFor(query, body.approve) });
    }),
    http.get(api('users/me/connected-apps/'), () => {
      requests.listed += 1;
      return HttpResponse.json(apps);
    }),
    http.delete(api('users/me/connected-apps/:id/'), ({ params }) => {
      const id = String(params.id);
      requests.revoked.push(id);
      if (failingRevokes.includes(id)) return new HttpResponse(null, { status: 500 });
      if (!apps.some((app) => app.id === id))
        return HttpResponse.json({ detail: MCP_MESSAGES.appNotFound, code: 'not_found' }, { status: 404 });
      apps = apps.filter((app) => app.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests };
}

/** The account page asks for the user's connected apps: none, unless a test says otherwise. */
export const defaultMcpHandlers = [http.get(api('users/me/connected-apps/'), () => HttpResponse.json([]))];
