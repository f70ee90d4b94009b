import { randomBytes } from 'node:crypto';

import {
  OAuthClientInformationFullSchema,
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
  OAuthTokensSchema,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_MESSAGES } from '@shared/api/mcp';
import { eq } from 'drizzle-orm';

import { mcpGrants } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp, type TestUser } from '../../test/factories';
import { call, createWorkspace, joinAs, relogin } from '../workspaces/workspaces.fixtures';
import { authenticateMcpToken } from './mcpTokens';
import { s256 } from './pkce';

const START = '2026-03-02T09:00:00Z';
const RESOURCE = 'http://localhost:3000/api/mcp';
const REDIRECT = 'http://127.0.0.1:33418/callback';
const DOCUMENT_ID = 'https://assistant.example.com/oauth/client.json';

describe('Adwise as the OAuth authorization server of its MCP server', () => {
  let t: TestApp;
  const clock = manualClock(START);
  const documents = new Map<string, unknown>();
  let fetched = 0;
  let owner: TestUser;
  let viewer: TestUser;
  let workspace: string;

  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      fetchClientDocument: async (url) => {
        fetched += 1;
        if (!documents.has(url)) throw new Error('not found');
        return documents.get(url);
      },
    });
    owner = await signUp(t.app, { fullName: 'Olga Owner' });
    workspace = await createWorkspace(t.app, owner, 'Acme');
    viewer = await joinAs(t.app, owner, workspace, 'viewer', 'Vic Viewer');
  });
  afterAll(() => t.close());
  // Access tokens of the app live 15 minutes: only the test that moves the clock by a day signs in again.
  beforeEach(() => clock.set(START));

  const form = (url: string, params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/oauth/${url}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  /** Registration is rate-limited per address: each comes from an address of its own, as separate installs would. */
  const register = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oauth/register',
      payload,
      remoteAddress: `10.9.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`,
    });

  async function newClient(redirectUris = [REDIRECT]) {
    const res = await register({
      client_name: 'Test Assistant',
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
    });
    expect(res.statusCode).toBe(201);
    return res.json().client_id as string;
  }

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: s256(verifier) };
  };

  const authorizeQuery = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: RESOURCE,
      state: 'st-1',
      ...extra,
    }).toString();

  /** Consents as `user` and answers the code (or the whole redirect). */
  async function consent(
    user: TestUser,
    clientId: string,
    challenge: string,
    answer: object = { workspace_id: workspace, access: 'read', approve: true },
  ) {
    const res = await call(t.app, user, 'POST', `oauth/authorize?${authorizeQuery(clientId, challenge)}`, {
      payload: answer,
    });
    return res;
  }

  async function codeFor(user: TestUser, clientId: string, challenge: string, access = 'read') {
    const res = await consent(user, clientId, challenge, { workspace_id: workspace, access, approve: true });
    expect(res.statusCode).toBe(200);
    const to = new URL(res.json().redirect_to);
    expect(to.searchParams.get('state')).toBe('st-1');
    expect(to.searchParams.get('iss')).toBe('http://localhost:3000');
    return to.searchParams.get('code')!;
  }

  const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
    form('token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: RESOURCE,
      ...extra,
    });

  async function tokensFor(user: TestUser = owner, access = 'read') {
    const clientId = await newClient();
    const { verifier, challenge } = pkce();
    const res = await exchange(clientId, await codeFor(user, clientId, challenge, access), verifier);
    expect(res.statusCode).toBe(200);
    return { clientId, ...(res.json() as { access_token: string; refresh_token: string; scope: string }) };
  }

  const authenticate = (token: string) => authenticateMcpToken(t.app.ctx.db, token, RESOURCE, clock.now());

  describe('discovery', () => {
    it('publishes protected resource metadata (RFC 9728) at the resource’s path and the bare name', async () => {
      for (const url of ['/.well-known/oauth-protected-resource/api/mcp', '/.well-known/oauth-protected-resource']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const metadata = OAuthProtectedResourceMetadataSchema.parse(res.json());
        expect(metadata).toMatchObject({
          resource: RESOURCE,
          authorization_servers: ['http://localhost:3000'],
          bearer_methods_supported: ['header'],
          resource_name: 'Adwise',
        });
        expect(metadata.scopes_supported).toEqual(['adwise:read', 'adwise:act']);
      }
    });

    it('publishes authorization server metadata (RFC 8414): code flow, PKCE S256, public clients', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
      const metadata = OAuthMetadataSchema.parse(res.json());
      expect(metadata).toMatchObject({
        issuer: 'http://localhost:3000',
        authorization_endpoint: 'http://localhost:3000/oauth/authorize',
        token_endpoint: 'http://localhost:3000/api/oauth/token',
        registration_endpoint: 'http://localhost:3000/api/oauth/register',
        revocation_endpoint: 'http://localhost:3000/api/oauth/revoke',
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        client_id_metadata_document_supported: true,
      });
    });

    it('lets an MCP client in a web page register, exchange and revoke from any origin, and nothing more', async () => {
      const origin = { origin: 'https://inspector.example' };
      for (const path of ['register', 'token', 'revoke']) {
        const preflight = await t.app.inject({
          method: 'OPTIONS',
          url: `/api/oauth/${path}`,
          headers: {
            ...origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        expect({
          path,
          status: preflight.statusCode,
          allow: preflight.headers['access-control-allow-origin'],
          methods: preflight.headers['access-control-allow-methods'],
        }).toEqual({ path, status: 204, allow: '*', methods: 'POST' });
        expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Content-Type/);
        // Never with credentials: these endpoints read no cookie.
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      }
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/register',
        headers: origin,
        payload: { client_name: 'Inspector', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
        remoteAddress: '10.8.0.1',
      });
      expect({ status: registered.statusCode, allow: registered.headers['access-control-allow-origin'] }).toEqual({
        status: 201,
        allow: '*',
      });
      // An OAuth error is readable too, so the page can show it.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&client_id=nobody&refresh_token=junk',
      });
      expect({
        status: refused.statusCode,
        allow: refused.headers['access-control-allow-origin'],
        error: refused.json().error,
      }).toEqual({ status: 401, allow: '*', error: 'invalid_client' });
      // The app's own API stays closed to that origin, and so does the consent endpoint (it reads the session).
      const app = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/oauth/authorize',
        headers: { ...origin, 'access-control-request-method': 'POST' },
      });
      expect(app.headers['access-control-allow-origin']).toBeUndefined();
      const me = await t.app.inject({ method: 'GET', url: '/api/me/', headers: { ...origin, ...owner.auth } });
      expect(me.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('dynamic client registration (RFC 7591)', () => {
    it('registers a public client with https, loopback http and private-use scheme redirects', async () => {
      const uris = [
        'https://app.example.com/cb',
        'http://localhost:8080/cb',
        'http://127.0.0.1/cb',
        'http://[::1]:9/cb',
        'cursor://anysphere.cursor-retrieval/oauth/callback',
        'com.example.app:/cb',
      ];
      const res = await register({ client_name: 'Good', redirect_uris: uris });
      expect(res.statusCode).toBe(201);
      const info = OAuthClientInformationFullSchema.parse(res.json());
      expect(info).toMatchObject({ client_name: 'Good', redirect_uris: uris, token_endpoint_auth_method: 'none' });
      expect(info.client_secret).toBeUndefined();
      expect(typeof info.client_id_issued_at).toBe('number');
    });

    it.each([
      ['javascript:alert(1)'],
      ['data:text/html,hi'],
      ['file:///etc/passwd'],
      ['http://evil.example.com/cb'],
      ['https://app.example.com/cb#frag'],
      ['not a uri'],
    ])('refuses the redirect URI %s', async (uri) => {
      const res = await register({ client_name: 'Bad', redirect_uris: [uri] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_redirect_uri', error_description: expect.any(String) });
    });

    it('refuses confidential clients and other grant types as invalid_client_metadata', async () => {
      for (const extra of [
        { token_endpoint_auth_method: 'client_secret_basic' },
        { grant_types: ['client_credentials'] },
        { client_name: 42 },
      ]) {
        const res = await register({ redirect_uris: [REDIRECT], ...extra });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid_client_metadata');
      }
    });
  });

  describe('the consent request', () => {
    it('shows the client and the user’s workspaces, with act on offer where the role allows it', async () => {
      const clientId = await newClient();
      const res = await call(
        t.app,
        viewer,
        'GET',
        `oauth/authorize?${authorizeQuery(clientId, pkce().challenge, { scope: 'adwise:read adwise:act' })}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        client: { id: clientId, name: 'Test Assistant' },
        redirect_uri: REDIRECT,
        requested_access: 'act',
      });
      expect(res.json().workspaces).toEqual(
        expect.arrayContaining([{ id: workspace, name: 'Acme', role: 'viewer', can_act: false }]),
      );
      const own = await call(t.app, owner, 'GET', `oauth/authorize?${authorizeQuery(clientId, pkce().challenge)}`);
      expect(own.json().workspaces).toEqual(
        expect.arrayContaining([{ id: workspace, name: 'Acme', role: 'owner', can_act: true }]),
      );
    });

    it('shows an unknown client or an unregistered redirect URI on the page, never redirecting', async () => {
      const clientId = await newClient();
      const unknown = await call(
        t.app,
        owner,
        'GET',
        `oauth/authorize?${authorizeQuery('mcp_nobody', pkce().challenge)}`,
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe(MCP_MESSAGES.unknownClient);
      const elsewhere = await call(
        t.app,
        owner,
        'GET',
        `oauth/authorize?${authorizeQuery(clientId, pkce().challenge, { redirect_uri: 'https://evil.example.com/cb' })}`,
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().detail).toBe(MCP_MESSAGES.badRedirect);
    });

    it('sends other errors back to the client: plain PKCE, no PKCE, another resource', async () => {
      const clientId = await newClient();
      const cases: [Record<string, string>, string][] = [
        [{ code_challenge_method: 'plain' }, 'invalid_request'],
        [{ code_challenge: '' }, 'invalid_request'],
        [{ resource: 'https://elsewhere.example.com/mcp' }, 'invalid_target'],
        [{ response_type: 'token' }, 'unsupported_response_type'],
      ];
      for (const [extra, error] of cases) {
        const res = await call(
          t.app,
          owner,
          'GET',
          `oauth/authorize?${authorizeQuery(clientId, pkce().challenge, extra)}`,
        );
        const to = new URL(res.json().redirect_to);
        expect({ extra, error: to.searchParams.get('error'), state: to.searchParams.get('state') }).toEqual({
          extra,
          error,
          state: 'st-1',
        });
        expect(to.origin + to.pathname).toBe(REDIRECT);
      }
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/oauth/authorize?${authorizeQuery(await newClient(), pkce().challenge)}`,
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses act to a viewer (403) and a workspace the user is not in (404); a denial goes back as access_denied', async () => {
      const clientId = await newClient();
      const act = await consent(viewer, clientId, pkce().challenge, {
        workspace_id: workspace,
        access: 'act',
        approve: true,
      });
      expect(act.statusCode).toBe(403);
      expect(act.json().detail).toBe(MCP_MESSAGES.actNotAllowed);
      const stranger = await signUp(t.app);
      const outside = await consent(stranger, clientId, pkce().challenge, {
        workspace_id: workspace,
        access: 'read',
        approve: true,
      });
      expect(outside.statusCode).toBe(404);
      expect(outside.json().detail).toBe(MCP_MESSAGES.noWorkspace);
      const denied = await consent(viewer, clientId, pkce().challenge, {
        workspace_id: workspace,
        access: 'read',
        approve: false,
      });
      expect(new URL(denied.json().redirect_to).searchParams.get('error')).toBe('access_denied');
    });
  });

  describe('the code exchange', () => {
    it('issues a token pair bound to the MCP resource for the right verifier, once', async () => {
      const clientId = await newClient();
      const { verifier, challenge } = pkce();
      const code = await codeFor(owner, clientId, challenge, 'act');
      const res = await exchange(clientId, code, verifier);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const pair = OAuthTokensSchema.parse(res.json());
      expect(pair).toMatchObject({ token_type: 'Bearer', scope: 'adwise:read adwise:act', expires_in: 3600 });
      expect(await authenticate(pair.access_token)).toMatchObject({
        workspaceId: workspace,
        access: 'act',
        clientId,
        clientName: 'Test Assistant',
      });
      // Refused anywhere but the MCP resource (RFC 8707).
      expect(
        await authenticateMcpToken(t.app.ctx.db, pair.access_token, 'http://localhost:3000/api/other', clock.now()),
      ).toBeNull();
      // A second use of the code fails and takes back what the first gave.
      const again = await exchange(clientId, code, verifier);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
      expect(await authenticate(pair.access_token)).toBeNull();
    });

    it('refuses a wrong verifier, redirect URI, resource, client, or an expired code', async () => {
      const clientId = await newClient();
      const other = await newClient();
      const { verifier, challenge } = pkce();
      const code = await codeFor(owner, clientId, challenge);
      const cases: [Record<string, string>, number, string][] = [
        [{ code_verifier: pkce().verifier }, 400, 'invalid_grant'],
        [{ redirect_uri: 'http://127.0.0.1:33418/other' }, 400, 'invalid_grant'],
        [{ resource: 'https://elsewhere.example.com/mcp' }, 400, 'invalid_target'],
        [{ client_id: other }, 400, 'invalid_grant'],
        [{ client_id: 'mcp_nobody' }, 401, 'invalid_client'],
        [{ grant_type: 'password' }, 400, 'unsupported_grant_type'],
        [{ code_verifier: '' }, 400, 'invalid_request'],
      ];
      for (const [extra, status, error] of cases) {
        const res = await exchange(clientId, code, verifier, extra);
        expect({ extra, status: res.statusCode, error: res.json().error, detail: typeof res.json().detail }).toEqual({
          extra,
          status,
          error,
          detail: 'string',
        });
      }
      // None of those spent the code; five minutes later it has expired.
      clock.advance(5 * 60_000 + 1);
      const late = await exchange(clientId, code, verifier);
      expect(late.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The code has expired.' });
    });

    it('takes JSON as well as forms', async () => {
      const clientId = await newClient();
      const { verifier, challenge } = pkce();
      const code = await codeFor(owner, clientId, challenge);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: {
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          code_verifier: verifier,
          redirect_uri: REDIRECT,
          resource: RESOURCE,
        },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    it('rotate; a used one presented again ends every token of the grant', async () => {
      const first = await tokensFor();
      const refresh = (token: string) =>
        form('token', {
          grant_type: 'refresh_token',
          client_id: first.clientId,
          refresh_token: token,
          resource: RESOURCE,
        });
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      const rotated = second.json() as { access_token: string; refresh_token: string };
      expect(rotated.refresh_token).not.toBe(first.refresh_token);
      expect(await authenticate(rotated.access_token)).not.toBeNull();
      const reused = await refresh(first.refresh_token);
      expect(reused.json().error).toBe('invalid_grant');
      expect(await authenticate(rotated.access_token)).toBeNull();
      expect(await authenticate(first.access_token)).toBeNull();
      expect((await refresh(rotated.refresh_token)).json().error).toBe('invalid_grant');
    });

    it('refuses another resource, and grants a viewer no more than read', async () => {
      const pair = await tokensFor(viewer);
      const res = await form('token', {
        grant_type: 'refresh_token',
        client_id: pair.clientId,
        refresh_token: pair.refresh_token,
        resource: 'https://elsewhere.example.com/mcp',
      });
      expect(res.json().error).toBe('invalid_target');
      expect(pair.scope).toBe('adwise:read');
    });
  });

  describe('revocation (RFC 7009)', () => {
    it('ends an access token, or with a refresh token the whole grant; unknown tokens are a quiet 200', async () => {
      const pair = await tokensFor();
      expect((await form('revoke', { token: 'nothing-like-it', client_id: pair.clientId })).statusCode).toBe(200);
      expect((await form('revoke', { token: pair.access_token, client_id: 'mcp_someone_else' })).statusCode).toBe(200);
      expect(await authenticate(pair.access_token)).not.toBeNull();
      expect((await form('revoke', { token: pair.access_token, client_id: pair.clientId })).statusCode).toBe(200);
      expect(await authenticate(pair.access_token)).toBeNull();
      expect(
        (
          await form('revoke', {
            token: pair.refresh_token,
            client_id: pair.clientId,
            token_type_hint: 'refresh_token',
          })
        ).statusCode,
      ).toBe(200);
      const refreshed = await form('token', {
        grant_type: 'refresh_token',
        client_id: pair.clientId,
        refresh_token: pair.refresh_token,
      });
      expect(refreshed.json().error).toBe('invalid_grant');
    });
  });

  describe('client ID metadata documents', () => {
    it('reads the document, caches it for a day, and refuses one that names another client', async () => {
      documents.set(DOCUMENT_ID, { client_id: DOCUMENT_ID, client_name: 'Doc Assistant', redirect_uris: [REDIRECT] });
      fetched = 0;
      const { verifier, challenge } = pkce();
      const consentRequest = await call(
        t.app,
        owner,
        'GET',
        `oauth/authorize?${authorizeQuery(DOCUMENT_ID, challenge)}`,
      );
      expect(consentRequest.json().client).toEqual({ id: DOCUMENT_ID, name: 'Doc Assistant', uri: null });
      const code = await codeFor(owner, DOCUMENT_ID, challenge);
      expect((await exchange(DOCUMENT_ID, code, verifier)).statusCode).toBe(200);
      expect(fetched).toBe(1);
      clock.advance(24 * 3600_000 + 1);
      await relogin(t.app, owner);
      documents.set(DOCUMENT_ID, {
        client_id: 'https://other.example.com/client.json',
        client_name: 'Impostor',
        redirect_uris: [REDIRECT],
      });
      const refused = await call(
        t.app,
        owner,
        'GET',
        `oauth/authorize?${authorizeQuery(DOCUMENT_ID, pkce().challenge)}`,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(MCP_MESSAGES.unknownClient);
      expect(fetched).toBe(2);
    });
  });

  describe('connected apps', () => {
    it('lists the user’s apps and revokes them at once; another user’s app is not found', async () => {
      const pair = await tokensFor(owner, 'act');
      const list = await call(t.app, owner, 'GET', 'users/me/connected-apps/');
      expect(list.statusCode).toBe(200);
      const [grant] = await t.app.ctx.db
        .select({ id: mcpGrants.id })
        .from(mcpGrants)
        .where(eq(mcpGrants.clientId, pair.clientId));
      const app = (list.json() as { id: string }[]).find((entry) => entry.id === grant.id);
      expect(app).toMatchObject({
        client_name: 'Test Assistant',
        workspace: { id: workspace, name: 'Acme' },
        access: 'act',
        last_used_at: null,
        created_at: expect.any(String),
      });
      expect((await call(t.app, viewer, 'DELETE', `users/me/connected-apps/${app!.id}/`)).statusCode).toBe(404);
      expect((await call(t.app, owner, 'DELETE', 'users/me/connected-apps/not-a-uuid/')).statusCode).toBe(404);
      expect(await authenticate(pair.access_token)).not.toBeNull();
      expect((await call(t.app, owner, 'DELETE', `users/me/connected-apps/${app!.id}/`)).statusCode).toBe(204);
      expect(await authenticate(pair.access_token)).toBeNull();
      const after = await call(t.app, owner, 'GET', 'users/me/connected-apps/');
      expect((after.json() as { id: string }[]).map((entry) => entry.id)).not.toContain(app!.id);
      expect((await call(t.app, owner, 'DELETE', `users/me/connected-apps/${app!.id}/`)).statusCode).toBe(404);
    });
  });
});
