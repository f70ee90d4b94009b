import { randomBytes } from 'node:crypto';

import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import type { Page } from 'playwright-core';

import { api, loginInBrowser, trialUser } from './support/api';
import { pagePerTest } from './support/browser';
import { readState } from './support/server';

const PASSWORD = 'Str0ng pass!';

const unique = (label: string) => `e2e-${label}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * An MCP client's OAuth side as a desktop assistant keeps it, in memory: its registration, its
 * tokens and the PKCE verifier; "redirecting" the person only records the URL, which the test
 * opens in Chromium. The redirect URI is a loopback one nothing listens on: the test reads the
 * code from the browser's navigation there.
 */
class MemoryOAuthProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  lastState = '';
  authorizationUrl: URL | undefined;

  constructor(
    readonly redirectUrl: string,
    readonly clientName: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.lastState = randomBytes(16).toString('base64url');
    return this.lastState;
  }

  clientInformation() {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }

  /** What the server no longer takes is forgotten (the SDK asks after an invalid_grant or invalid_client). */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.information = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
  }
}

const mcpUrl = () => new URL('/api/mcp', readState().baseUrl);

/** A client of the SDK on a new transport, signed in (or not yet) through the provider. */
function newClient(provider: OAuthClientProvider): { client: Client; transport: StreamableHTTPClientTransport } {
  const client = new Client({ name: 'adwise-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  return { client, transport };
}

async function listWorkspaces(client: Client) {
  const result = (await client.callTool({ name: 'list_workspaces', arguments: {} })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { workspaces: { id: string; name: string; access: string }[] }).workspaces;
}

/**
 * Opens the authorization URL in the signed-in browser, approves "Read" in the workspace on the
 * consent page, and returns the query the browser was sent back to the loopback redirect URI with.
 */
async function consent(
  page: Page,
  authorizationUrl: URL,
  redirectUrl: string,
  workspace: string,
): Promise<URLSearchParams> {
  let landed: (url: URL) => void;
  const callback = new Promise<URL>((resolve) => {
    landed = resolve;
  });
  // Nothing listens on the loopback port: the test stands in for the app's listener.
  await page.route(`${redirectUrl}?**`, async (route) => {
    landed(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'You can close this window.' });
  });
  await page.goto(authorizationUrl.href);
  await page.getByRole('heading', { name: 'Connect an app to Adwise' }).waitFor();
  await page
    .getByRole('radiogroup', { name: 'Workspace' })
    .getByRole('radio', { name: new RegExp(`^${workspace} \\(`) })
    .check();
  // By keyboard: focus "Read" and select it with the space bar.
  const read = page.getByRole('radiogroup', { name: 'Access' }).getByRole('radio', { name: 'Read', exact: true });
  await read.focus();
  await page.keyboard.press('Space');
  expect(await read.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Approve' }).click();
  const url = await callback;
  expect(`${url.origin}${url.pathname}`).toBe(redirectUrl);
  return url.searchParams;
}

describe('an AI assistant signs in to Adwise over MCP (OAuth)', () => {
  const session = pagePerTest();

  it('registers, is approved on the consent page, calls tools, refreshes its token and is revoked on the account page', async () => {
    const { page } = session;
    const email = unique('mcp');
    const token = await trialUser(email, PASSWORD);
    const workspace = ((await api('workspaces/', { token })) as WorkspaceSummary[]).find((w) => w.personal)!;
    await loginInBrowser(page, email, PASSWORD);

    // A loopback redirect URI on a port nothing listens on (RFC 8252).
    const redirectUrl = 'http://127.0.0.1:53682/callback';
    const clientName = `E2E Assistant ${randomBytes(3).toString('hex')}`;
    const provider = new MemoryOAuthProvider(redirectUrl, clientName);

    // 1. Unsigned: the SDK finds the metadata, registers itself and asks to send the person to the consent page.
    const first = newClient(provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toBeTruthy();
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.pathname).toBe('/oauth/authorize');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // 2. The person approves Read in their workspace; the browser goes back to the app with the code.
    const answer = await consent(page, authorizationUrl, redirectUrl, workspace.name);
    expect(answer.get('error')).toBeNull();
    expect(answer.get('state')).toBe(provider.lastState);
    const code = answer.get('code');
    expect(code).toBeTruthy();

    // 3. The code for tokens, then a new connection with them.
    await first.transport.finishAuth(code!);
    expect(provider.saved?.access_token).toBeTruthy();
    expect(provider.saved?.refresh_token).toBeTruthy();
    const second = newClient(provider);
    await second.client.connect(second.transport);
    expect(await listWorkspaces(second.client)).toEqual([
      expect.objectContaining({ id: workspace.id, name: workspace.name, access: 'read' }),
    ]);
    await second.client.close();

    // 4. An access token the server no longer takes: the SDK gets a 401 and refreshes with the refresh token.
    const before = provider.saved!;
    provider.saveTokens({ ...before, access_token: 'junk-access-token' });
    const third = newClient(provider);
    await third.client.connect(third.transport);
    expect(provider.saved?.access_token).not.toBe('junk-access-token');
    expect(provider.saved?.refresh_token).not.toBe(before.refresh_token);
    expect(await listWorkspaces(third.client)).toEqual([
      expect.objectContaining({ name: workspace.name, access: 'read' }),
    ]);
    const revokedTokens = provider.saved!;

    // 5. Revoked under "Connected apps" on the account page: the tokens end at once.
    await page.goto('/account-page');
    const apps = page.getByRole('list', { name: 'Connected apps' });
    await apps.getByText(`${clientName} · ${workspace.name}`).waitFor();
    await apps.getByRole('button', { name: `Revoke ${clientName} in ${workspace.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disconnect ${clientName}?` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`${clientName} · ${workspace.name}`).waitFor({ state: 'detached' });

    const raw = await fetch(mcpUrl(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${revokedTokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(raw.status).toBe(401);
    // The SDK's refresh fails too (invalid_grant: the grant is gone), so it drops the tokens and can only send the person to sign in again.
    const firstAsk = provider.authorizationUrl;
    await expect(third.client.callTool({ name: 'list_workspaces', arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.authorizationUrl).not.toBe(firstAsk);
    expect(provider.authorizationUrl?.pathname).toBe('/oauth/authorize');
    expect(provider.saved).toBeUndefined();
    await third.client.close();
  });
});
