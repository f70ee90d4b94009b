import {
  consent,
  memoryTokens,
  platformError as rejection,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
} from '../../test/platforms';
import { type TokenSet } from '../types';
import { linkedinAdapter } from './index';
import { LINKEDIN_SCOPES, REFRESH_MARGIN_MS } from './oauth';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-11-21T12:00:00Z');

/** The sandbox and the client share a clock the tests move. */
let clock = START;
const now = () => new Date(clock);
let harness: SandboxHarness;

beforeAll(async () => {
  harness = await startHarness({ now });
});

afterAll(() => harness.close());

beforeEach(() => {
  clock = START;
});

const settings = () => harness.settings.linkedin;

/** Consent (first account) and code exchange at the current clock. */
async function connectNow(runtime = recordingRuntime({ now })): Promise<TokenSet> {
  const oauth = linkedinAdapter.oauth(settings(), runtime);
  const query = await consent(oauth.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT_URI }));
  return oauth.exchangeCode({ code: oauth.codeFromCallback(query)!, redirectUri: REDIRECT_URI });
}

describe('LinkedIn OAuth', () => {
  it('builds the documented authorize URL: code flow, space-separated ads scopes, no PKCE', () => {
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    expect(oauth.usesPkce).toBe(false);
    const url = oauth.authorizeUrl({ state: 'abc', redirectUri: REDIRECT_URI, codeChallenge: 'ignored' });
    expect(url.startsWith(`${settings().authorizeUrl}?`)).toBe(true);
    expect(url).toContain('scope=r_ads%20rw_ads%20r_ads_reporting');
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      response_type: 'code',
      client_id: 'sandbox-linkedin-client',
      redirect_uri: REDIRECT_URI,
      state: 'abc',
      scope: LINKEDIN_SCOPES.join(' '),
    });
  });

  it('reads no code from a denial', async () => {
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    const query = await consent(oauth.authorizeUrl({ state: 'no', redirectUri: REDIRECT_URI }), { deny: true });
    expect(query).toEqual({
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
      state: 'no',
    });
    expect(oauth.codeFromCallback(query)).toBeUndefined();
  });

  it('exchanges a code for a 60-day access token and a 365-day refresh token', async () => {
    const tokens = await connectNow();
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.accessExpiresAt).toBe(new Date(START + 60 * DAY_MS).toISOString());
    expect(tokens.refreshExpiresAt).toBe(new Date(START + 365 * DAY_MS).toISOString());
    expect(tokens.scope).toBe('r_ads,rw_ads,r_ads_reporting');
  });

  it('refreshes into a new 60-day access token without moving the refresh token’s end', async () => {
    const tokens = await connectNow();
    clock = START + 60 * DAY_MS - REFRESH_MARGIN_MS / 2;
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    expect(oauth.needsRefresh(tokens, now())).toBe(true);
    const renewed = await oauth.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect(renewed.accessExpiresAt).toBe(new Date(clock + 60 * DAY_MS).toISOString());
    expect(renewed.refreshExpiresAt).toBe(tokens.refreshExpiresAt);
    expect(oauth.needsRefresh(renewed, now())).toBe(false);
  });

  it('needs a refresh only inside the margin and only with a refresh token', () => {
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    const expiresAt = START + 60 * DAY_MS;
    const tokens: TokenSet = {
      accessToken: 'a',
      refreshToken: 'r',
      accessExpiresAt: new Date(expiresAt).toISOString(),
    };
    expect(oauth.needsRefresh(tokens, new Date(expiresAt - REFRESH_MARGIN_MS - 1))).toBe(false);
    expect(oauth.needsRefresh(tokens, new Date(expiresAt - REFRESH_MARGIN_MS + 1))).toBe(true);
    expect(oauth.needsRefresh({ ...tokens, refreshToken: undefined }, new Date(expiresAt))).toBe(false);
  });

  it('reports a refresh after the refresh token’s 365 days as revoked, at LinkedIn and before asking', async () => {
    const tokens = await connectNow();
    clock = START + 366 * DAY_MS;
    // A client whose clock is behind still asks LinkedIn, which refuses.
    const behind = linkedinAdapter.oauth(settings(), recordingRuntime({ now: () => new Date(START) }));
    const refused = await rejection(behind.refresh(tokens));
    expect([refused.kind, refused.needsReconnect, refused.status]).toEqual(['revoked', true, 400]);
    // A client that knows the date does not ask at all.
    let requests = 0;
    const counting = recordingRuntime({
      now,
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
    });
    const known = await rejection(linkedinAdapter.oauth(settings(), counting).refresh(tokens));
    expect([known.kind, requests]).toEqual(['revoked', 0]);
  });

  it('turns an API call after both tokens ended into revoked, after one refresh attempt', async () => {
    const tokens = await connectNow();
    clock = START + 366 * DAY_MS;
    const runtime = recordingRuntime({ now });
    const provider = memoryTokens(linkedinAdapter, settings(), runtime, tokens);
    const error = await rejection(linkedinAdapter.client(settings(), provider, runtime).listAccounts());
    expect([error.kind, provider.refreshes]).toEqual(['revoked', 1]);
  });

  it('treats a connection without a refresh token as needing a reconnect', async () => {
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    const error = await rejection(oauth.refresh({ accessToken: 'only-access' }));
    expect(error.kind).toBe('revoked');
  });

  it('refuses a wrong client secret as invalid (configuration), not as a lost connection', async () => {
    const runtime = recordingRuntime({ now });
    const good = linkedinAdapter.oauth(settings(), runtime);
    const query = await consent(good.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    const bad = linkedinAdapter.oauth({ ...settings(), clientSecret: 'wrong' }, runtime);
    const error = await rejection(bad.exchangeCode({ code: good.codeFromCallback(query)!, redirectUri: REDIRECT_URI }));
    expect([error.kind, error.status, error.code]).toEqual(['invalid', 401, 'invalid_client']);
  });

  it('refuses a code redeemed with another redirect_uri', async () => {
    const oauth = linkedinAdapter.oauth(settings(), recordingRuntime({ now }));
    const query = await consent(oauth.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    const error = await rejection(
      oauth.exchangeCode({ code: oauth.codeFromCallback(query)!, redirectUri: 'http://localhost:3000/elsewhere' }),
    );
    expect([error.kind, error.status]).toEqual(['invalid', 400]);
  });

  it('revokes the grant; revoking a dead token again is not an error', async () => {
    const runtime = recordingRuntime({ now });
    const tokens = await connectNow(runtime);
    const oauth = linkedinAdapter.oauth(settings(), runtime);
    await oauth.revoke(tokens);
    const client = linkedinAdapter.client(
      settings(),
      memoryTokens(linkedinAdapter, settings(), runtime, tokens),
      runtime,
    );
    expect((await rejection(client.listAccounts())).kind).toBe('revoked');
    await expect(oauth.revoke(tokens)).resolves.toBeUndefined();
    await expect(oauth.revoke({ accessToken: 'never-issued' })).resolves.toBeUndefined();
  });
});
