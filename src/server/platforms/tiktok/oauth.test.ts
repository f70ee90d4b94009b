import {
  connect,
  consent,
  memoryTokens,
  platformError as failure,
  recordingRuntime,
  REDIRECT_URI,
  type SandboxHarness,
  startHarness,
} from '../../test/platforms';
import { randomToken } from '../http';
import { tiktokAdapter } from './index';
import { ADVERTISER_IDS_KEY } from './oauth';

let harness: SandboxHarness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

const settings = () => harness.settings.tiktok;
const oauth = () => tiktokAdapter.oauth(settings(), recordingRuntime());
const advertiserIds = () => harness.sandbox.world.accounts('tiktok').map((a) => a.id);

describe('TikTok advertiser authorization', () => {
  it('builds the portal link with app_id, state and redirect_uri only', () => {
    const url = new URL(oauth().authorizeUrl({ state: 'st-1', redirectUri: REDIRECT_URI, codeChallenge: 'ignored' }));
    expect(`${url.origin}${url.pathname}`).toBe(settings().authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_id: 'sandbox-tiktok-client',
      state: 'st-1',
      redirect_uri: REDIRECT_URI,
    });
    expect(oauth().usesPkce).toBe(false);
  });

  it('reads auth_code first, then code, and nothing from a denial', () => {
    expect(oauth().codeFromCallback({ auth_code: 'a', code: 'b', state: 's' })).toBe('a');
    expect(oauth().codeFromCallback({ code: 'b', state: 's' })).toBe('b');
    expect(oauth().codeFromCallback({ error: 'access_denied', state: 's' })).toBeUndefined();
  });

  it('exchanges the code for a long-term token that carries the granted advertisers', async () => {
    const ticked = advertiserIds().slice(0, 2);
    const tokens = await connect(tiktokAdapter, settings(), recordingRuntime(), { accountIds: ticked });
    expect(tokens.accessToken).toMatch(/^tiktok-at-/);
    expect(tokens.accessExpiresAt).toBeNull();
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.scope).toBe('4');
    expect(tokens.extra).toEqual({ [ADVERTISER_IDS_KEY]: ticked.join(',') });
    expect(oauth().needsRefresh(tokens, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });

  it('sends the code as both auth_code and code, and rejects a replayed code', async () => {
    const state = randomToken(8);
    const query = await consent(oauth().authorizeUrl({ state, redirectUri: REDIRECT_URI }));
    expect(query.state).toBe(state);
    expect(query.auth_code).toBeTruthy();
    expect(query.code).toBe(query.auth_code);
    const code = oauth().codeFromCallback(query)!;
    await oauth().exchangeCode({ code, redirectUri: REDIRECT_URI });
    const error = await failure(oauth().exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(error.kind).toBe('revoked');
    expect(error.code).toBe('40110');
    expect(error.requestId).toBeTruthy();
  });

  it('redirects a denial without a code', async () => {
    const query = await consent(oauth().authorizeUrl({ state: 'deny-1', redirectUri: REDIRECT_URI }), { deny: true });
    expect(query).toMatchObject({ error: 'access_denied', state: 'deny-1' });
    expect(oauth().codeFromCallback(query)).toBeUndefined();
  });

  it('refuses an unknown app on the portal and wrong app credentials on the exchange', async () => {
    const url = new URL(oauth().authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    url.searchParams.set('app_id', 'someone-else');
    expect((await fetch(url)).status).toBe(400);
    const bad = new URL(oauth().authorizeUrl({ state: 's', redirectUri: 'not a url' }));
    expect((await fetch(bad)).status).toBe(400);

    const query = await consent(oauth().authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    const wrong = tiktokAdapter.oauth({ ...settings(), clientSecret: 'wrong' }, recordingRuntime());
    const error = await failure(wrong.exchangeCode({ code: query.auth_code, redirectUri: REDIRECT_URI }));
    expect(error.kind).toBe('permission');
    expect(error.code).toBe('40001');
  });

  it('cannot refresh: the user has to reconnect', async () => {
    const tokens = await connect(tiktokAdapter, settings(), recordingRuntime());
    const error = await failure(oauth().refresh(tokens));
    expect(error.kind).toBe('revoked');
    expect(error.needsReconnect).toBe(true);
  });

  it('revokes the token, and revoking a dead token is not an error', async () => {
    const runtime = recordingRuntime();
    const tokens = await connect(tiktokAdapter, settings(), runtime);
    const client = tiktokAdapter.client(settings(), memoryTokens(tiktokAdapter, settings(), runtime, tokens), runtime);
    await expect(client.listAccounts()).resolves.toHaveLength(1);
    await oauth().revoke(tokens);
    const error = await failure(client.listAccounts());
    expect(error.kind).toBe('revoked');
    expect(error.code).toBe('40105');
    await expect(oauth().revoke(tokens)).resolves.toBeUndefined();
  });
});
