import {
  connect,
  consent,
  platformError as rejection,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
} from '../../test/platforms';
import { pkceChallenge, randomToken } from '../http';
import { type PlatformSettings } from '../types';
import { xAdapter } from './index';
import { X_REFRESH_MARGIN_MS, X_SCOPES } from './oauth';

/** A clock the tests move (the sandbox and the client read the same one). */
let clock = Date.parse('2026-11-21T15:00:00Z');
const now = () => new Date(clock);

let harness: SandboxHarness;
let settings: PlatformSettings;
let accountId: string;

beforeAll(async () => {
  harness = await startHarness({ now });
  settings = harness.settings.x;
  accountId = harness.sandbox.world.accounts('x')[0].id;
});
afterAll(() => harness.close());

const runtime = () => recordingRuntime({ now });

/** Authorize URL + consent, returning the code and the verifier that goes with it. */
async function authorized(oauth = xAdapter.oauth(settings, runtime())) {
  const verifier = randomToken(48);
  const url = oauth.authorizeUrl({
    state: 'st4te',
    redirectUri: REDIRECT_URI,
    codeChallenge: await pkceChallenge(verifier),
  });
  const query = await consent(url, { accountIds: [accountId] });
  return { oauth, verifier, code: oauth.codeFromCallback(query)! };
}

describe('X OAuth 2.0 with PKCE', () => {
  it('builds the authorize URL X documents, and requires PKCE', async () => {
    const oauth = xAdapter.oauth(settings, runtime());
    expect(oauth.usesPkce).toBe(true);
    const url = new URL(
      oauth.authorizeUrl({ state: 'st4te', redirectUri: REDIRECT_URI, codeChallenge: 'c'.repeat(43) }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.sandbox.url}/x/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'sandbox-x-client',
      redirect_uri: REDIRECT_URI,
      scope: 'ads.read ads.write offline.access',
      state: 'st4te',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
    expect(X_SCOPES).toContain('offline.access');
    expect(() => oauth.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI })).toThrow(/PKCE/);
  });

  it('exchanges the code for a 2-hour access token and a refresh token, and knows when to refresh', async () => {
    const { oauth, verifier, code } = await authorized();
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^x-at-/),
      refreshToken: expect.stringMatching(/^x-rt-/),
      accessExpiresAt: new Date(clock + 7200 * 1000).toISOString(),
      scope: 'ads.read ads.write offline.access',
    });
    expect(oauth.needsRefresh(tokens, now())).toBe(false);
    expect(oauth.needsRefresh(tokens, new Date(clock + 7200 * 1000 - X_REFRESH_MARGIN_MS))).toBe(true);
    expect(oauth.needsRefresh({ accessToken: 'oauth1', extra: { tokenSecret: 's' } }, now())).toBe(false);
  });

  it('refuses a code presented after 30 seconds', async () => {
    const { oauth, verifier, code } = await authorized();
    clock += 31_000;
    const error = await rejection(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }));
    expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_grant', status: 400 });
    expect(error.message).toMatch(/30 seconds/);
  });

  it('authenticates the client with HTTP Basic only: client_secret in the body is refused', async () => {
    const { verifier, code } = await authorized();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    };
    const post = await fetch(settings.tokenUrl, { method: 'POST', body: new URLSearchParams(form) });
    expect(post.status).toBe(401);
    expect(await post.json()).toMatchObject({ error: 'unauthorized_client' });

    const wrongSecret = xAdapter.oauth({ ...settings, clientSecret: 'not-the-secret' }, runtime());
    const error = await rejection(
      wrongSecret.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }),
    );
    expect(error).toMatchObject({ kind: 'permission', code: 'unauthorized_client' });
  });

  it('rotates the refresh token on every refresh; without one the connection must be made again', async () => {
    const rt = runtime();
    const oauth = xAdapter.oauth(settings, rt);
    const first = await connect(xAdapter, settings, rt, { accountIds: [accountId] });
    const second = await oauth.refresh(first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    const third = await oauth.refresh(second);
    expect(third.refreshToken).not.toBe(second.refreshToken);
    expect(await rejection(oauth.refresh({ accessToken: first.accessToken }))).toMatchObject({ kind: 'revoked' });
  });

  it('revokes the grant; revoking dead tokens again is not an error', async () => {
    const rt = runtime();
    const tokens = await connect(xAdapter, settings, rt, { accountIds: [accountId] });
    const oauth = xAdapter.oauth(settings, rt);
    await oauth.revoke(tokens);
    expect(harness.sandbox.grants.checkAccess('x', tokens.accessToken)).toEqual({ ok: false, reason: 'revoked' });
    await expect(oauth.revoke(tokens)).resolves.toBeUndefined();
    expect(await rejection(oauth.refresh(tokens))).toMatchObject({ kind: 'revoked' });
  });

  it('sends the app back with an OAuth error when the authorize request is incomplete', async () => {
    const base = new URL(settings.authorizeUrl);
    const params = {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'ads.read offline.access',
      state: 'abc',
      code_challenge: await pkceChallenge(randomToken(48)),
      code_challenge_method: 'S256',
    };
    const open = (overrides: Record<string, string | undefined>) => {
      const url = new URL(base);
      for (const [key, value] of Object.entries({ ...params, ...overrides }))
        if (value !== undefined) url.searchParams.set(key, value);
      return fetch(url, { redirect: 'manual' });
    };
    const errorOf = async (r: Response) => Object.fromEntries(new URL(r.headers.get('location')!).searchParams);

    expect((await open({})).status).toBe(200);
    expect(await errorOf(await open({ code_challenge: undefined }))).toMatchObject({
      error: 'invalid_request',
      state: 'abc',
    });
    expect(await errorOf(await open({ code_challenge_method: 'S512' }))).toMatchObject({ error: 'invalid_request' });
    expect(await errorOf(await open({ response_type: 'token' }))).toMatchObject({ error: 'unsupported_response_type' });
    expect(await errorOf(await open({ scope: 'ads.read everything' }))).toMatchObject({ error: 'invalid_scope' });
    const unknownClient = await open({ client_id: 'someone-else' });
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain('not registered');
    expect((await open({ redirect_uri: 'javascript:alert(1)' })).status).toBe(400);
  });
});
