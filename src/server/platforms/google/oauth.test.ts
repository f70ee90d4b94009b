import { consent, recordingRuntime, REDIRECT_URI, type SandboxHarness, startHarness } from '../../test/platforms';
import { pkceChallenge, randomToken } from '../http';
import { PlatformError, type PlatformSettings } from '../types';
import { createGoogleOAuth, GOOGLE_ADS_SCOPE } from './oauth';

const NOW = new Date('2026-11-21T12:00:00Z');

const live: PlatformSettings = {
  platform: 'google',
  mode: 'live',
  clientId: '123-abc.apps.googleusercontent.com',
  clientSecret: 'secret',
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  apiBaseUrl: 'https://googleads.googleapis.com/v26',
  apiVersion: 'v26',
  extra: { developerToken: 'dev' },
};

describe('google oauth: URLs and callbacks', () => {
  const oauth = createGoogleOAuth(live, recordingRuntime());

  it('builds the consent URL with offline access, forced consent and an S256 challenge', () => {
    const url = new URL(oauth.authorizeUrl({ state: 'st', redirectUri: REDIRECT_URI, codeChallenge: 'c'.repeat(43) }));
    expect(`${url.origin}${url.pathname}`).toBe(live.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: live.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: GOOGLE_ADS_SCOPE,
      state: 'st',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
    expect(oauth.usesPkce).toBe(true);
  });

  it('reads the code from the callback, and nothing when the user denied', () => {
    expect(oauth.codeFromCallback({ code: '4/0Ab', state: 'st', scope: GOOGLE_ADS_SCOPE })).toBe('4/0Ab');
    expect(oauth.codeFromCallback({ error: 'access_denied', state: 'st' })).toBeUndefined();
  });

  it('renews the access token five minutes before it expires, never a token without expiry', () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    expect(oauth.needsRefresh({ accessToken: 'a', accessExpiresAt: at(10) }, NOW)).toBe(false);
    expect(oauth.needsRefresh({ accessToken: 'a', accessExpiresAt: at(4) }, NOW)).toBe(true);
    expect(oauth.needsRefresh({ accessToken: 'a', accessExpiresAt: at(-1) }, NOW)).toBe(true);
    expect(oauth.needsRefresh({ accessToken: 'a', accessExpiresAt: null }, NOW)).toBe(false);
  });

  it('cannot refresh without a refresh token: the connection needs the user again', async () => {
    await expect(oauth.refresh({ accessToken: 'a' })).rejects.toMatchObject({ kind: 'revoked', needsReconnect: true });
  });

  it('retries a token endpoint that is briefly unavailable, and keeps the refresh token Google does not resend', async () => {
    const answers = [
      new Response('<html>502</html>', { status: 503 }),
      Response.json({ access_token: 'ya29.new', expires_in: 3599, scope: GOOGLE_ADS_SCOPE, token_type: 'Bearer' }),
    ];
    const bodies: string[] = [];
    const runtime = recordingRuntime({
      now: () => NOW,
      fetch: async (_url, init) => {
        bodies.push(String(init?.body));
        return answers.shift()!;
      },
    });
    const tokens = await createGoogleOAuth(live, runtime).refresh({
      accessToken: 'old',
      refreshToken: '1//rt',
      scope: GOOGLE_ADS_SCOPE,
    });
    expect(tokens).toEqual({
      accessToken: 'ya29.new',
      refreshToken: '1//rt',
      accessExpiresAt: '2026-11-21T12:59:59.000Z',
      refreshExpiresAt: null,
      scope: GOOGLE_ADS_SCOPE,
    });
    expect(runtime.sleeps).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(bodies[1]))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: '1//rt',
      client_id: live.clientId,
      client_secret: live.clientSecret,
    });
  });
});

describe('google oauth against the sandbox', () => {
  let harness: SandboxHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  async function codeFor(settings: PlatformSettings) {
    const oauth = createGoogleOAuth(settings, recordingRuntime({ now: () => NOW }));
    const verifier = randomToken(48);
    const query = await consent(
      oauth.authorizeUrl({ state: 's1', redirectUri: REDIRECT_URI, codeChallenge: await pkceChallenge(verifier) }),
    );
    return { oauth, verifier, code: oauth.codeFromCallback(query)! };
  }

  it('exchanges a code for an access token of 3599 s and a refresh token, refreshes, and revokes', async () => {
    const { oauth, verifier, code } = await codeFor(harness.settings.google);
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens).toEqual({
      accessToken: expect.stringMatching(/^google-at-/),
      refreshToken: expect.stringMatching(/^google-rt-/),
      accessExpiresAt: '2026-11-21T12:59:59.000Z',
      refreshExpiresAt: null,
      scope: GOOGLE_ADS_SCOPE,
    });

    const renewed = await oauth.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(tokens.refreshToken);

    await oauth.revoke(renewed);
    const error = await oauth.refresh(renewed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'revoked', code: 'invalid_grant', status: 400 });
    // Revoking a dead grant again is not an error.
    await expect(oauth.revoke(renewed)).resolves.toBeUndefined();
  });

  it('reports wrong client credentials as a permission problem, not a revoked connection', async () => {
    const { verifier, code } = await codeFor(harness.settings.google);
    const wrong = createGoogleOAuth({ ...harness.settings.google, clientSecret: 'wrong' }, recordingRuntime());
    await expect(wrong.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })).rejects.toMatchObject(
      {
        kind: 'permission',
        code: 'invalid_client',
        status: 401,
      },
    );
  });
});
