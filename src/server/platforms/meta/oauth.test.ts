import {
  consent,
  memoryTokens,
  platformError as caught,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
} from '../../test/platforms';
import { randomToken } from '../http';
import { metaAdapter } from './index';
import { META_SCOPES, REFRESH_MARGIN_MS } from './oauth';

const LONG_LIVED_SECONDS = 5_183_944;
const DAY_MS = 86_400_000;

let harness: SandboxHarness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

const settings = () => harness.settings.meta;

/** Opens the Login dialog and allows; returns the oauth helper, the code and the state. */
async function authorize(runtime = recordingRuntime()) {
  const oauth = metaAdapter.oauth(settings(), runtime);
  const state = randomToken(16);
  const query = await consent(oauth.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
  expect(query.state).toBe(state);
  return { oauth, code: oauth.codeFromCallback(query)!, runtime };
}

describe('meta oauth against the sandbox', () => {
  it('builds the Login dialog URL of the classic code flow, without PKCE', () => {
    const oauth = metaAdapter.oauth(settings(), recordingRuntime());
    expect(oauth.usesPkce).toBe(false);
    const url = new URL(oauth.authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI, codeChallenge: 'ignored' }));
    expect(url.pathname).toBe('/meta/v25.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: settings().clientId,
      redirect_uri: REDIRECT_URI,
      state: 'st-1',
      scope: 'ads_read,ads_management,business_management',
      response_type: 'code',
    });
  });

  it('exchanges the code for a short-lived token and that for a 60-day one, recording the granted permissions', async () => {
    const now = new Date();
    const { oauth, code } = await authorize(recordingRuntime({ now: () => now }));
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toBeUndefined();
    expect(Date.parse(tokens.accessExpiresAt!)).toBe(now.getTime() + LONG_LIVED_SECONDS * 1000);
    expect(tokens.scope?.split(',')).toEqual(expect.arrayContaining(META_SCOPES));
    expect(oauth.needsRefresh(tokens, now)).toBe(false);
    const nearExpiry = new Date(Date.parse(tokens.accessExpiresAt!) - REFRESH_MARGIN_MS + DAY_MS);
    expect(oauth.needsRefresh(tokens, nearExpiry)).toBe(true);
  });

  it('reads a cancelled login as no code', async () => {
    const oauth = metaAdapter.oauth(settings(), recordingRuntime());
    const query = await consent(oauth.authorizeUrl({ state: 'st-2', redirectUri: REDIRECT_URI }), { deny: true });
    expect(query).toMatchObject({ error: 'access_denied', error_reason: 'user_denied', state: 'st-2' });
    expect(oauth.codeFromCallback(query)).toBeUndefined();
  });

  it('rejects a replayed authorization code', async () => {
    const { oauth, code, runtime } = await authorize();
    await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const error = await caught(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(error).toMatchObject({ kind: 'invalid', code: '100/36009', status: 400 });
    expect(runtime.sleeps).toEqual([]);
  });

  it('rejects a code exchanged with another redirect_uri, and a wrong app secret without retrying', async () => {
    const first = await authorize();
    const mismatch = await caught(
      first.oauth.exchangeCode({ code: first.code, redirectUri: 'http://localhost:3000/elsewhere' }),
    );
    expect(mismatch).toMatchObject({ kind: 'invalid', code: '100/36008' });

    const second = await authorize();
    const wrongSecret = metaAdapter.oauth({ ...settings(), clientSecret: 'not-the-secret' }, second.runtime);
    const error = await caught(wrongSecret.exchangeCode({ code: second.code, redirectUri: REDIRECT_URI }));
    expect(error).toMatchObject({ kind: 'invalid', code: '1' });
    expect(second.runtime.sleeps).toEqual([]);
  });

  it('refreshes a working token by exchanging it again, and calls an expired one revoked', async () => {
    const { oauth, code } = await authorize();
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const renewed = await oauth.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.scope).toBe(tokens.scope);

    const lapsed = await caught(
      oauth.refresh({ ...tokens, accessExpiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    expect(lapsed).toMatchObject({ kind: 'revoked' });

    harness.sandbox.grants.expireAccessTokens('meta');
    const expired = await caught(oauth.refresh(renewed));
    expect(expired).toMatchObject({ kind: 'revoked', code: '190/463' });
    expect(expired.needsReconnect).toBe(true);
  });

  it('revokes through DELETE /me/permissions; the token stops working and revoking again is not an error', async () => {
    const { oauth, code, runtime } = await authorize();
    const tokens = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    await oauth.revoke(tokens);
    const client = metaAdapter.client(settings(), memoryTokens(metaAdapter, settings(), runtime, tokens), runtime);
    expect(await caught(client.listAccounts())).toMatchObject({ kind: 'revoked', code: '190/458' });
    await expect(oauth.revoke(tokens)).resolves.toBeUndefined();
  });
});
