import { sendChecked, withRetry } from '../http';
import { type ClientRuntime, PlatformError, type PlatformOAuth, type PlatformSettings, type TokenSet } from '../types';
import { xError, xTokenError } from './errors';

/**
 * X OAuth 2.0 authorization code flow with PKCE (research section 4.1):
 * - authorize at x.com/i/oauth2/authorize with a S256 challenge (PKCE is required);
 * - exchange the code (valid 30 s) at api.x.com/2/oauth2/token as a form, the client
 *   authenticating with HTTP Basic (client_secret_basic; X rejects client_secret_post);
 * - access tokens last about 2 h; offline.access brings a refresh token, and refresh tokens
 *   rotate: every refresh returns a new one and the old one is dead (reusing it kills the grant);
 * - revoke at api.x.com/2/oauth2/revoke.
 * OAuth 1.0a connections (settings.extra.authMode 'oauth1', token secret in TokenSet.extra) have
 * non-expiring tokens and no refresh: a 401 means the user revoked the app.
 */

/** Ads read/write, and offline.access for a refresh token. */
export const X_SCOPES = ['ads.read', 'ads.write', 'offline.access'] as const;
/** Refresh this long before the access token's expiry. */
export const X_REFRESH_MARGIN_MS = 5 * 60 * 1000;

interface XTokenResponse {
  token_type: string;
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

/** The X OAuth 2.0 client for one app (settings) and runtime. */
export function createXOAuth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth {
  const basic = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;

  /** POSTs a form to a token-family endpoint with client_secret_basic, retrying what X says is temporary. */
  const postForm = (url: string, form: Record<string, string>, deadGrantKind: 'invalid' | 'revoked') =>
    withRetry(runtime, () =>
      sendChecked(
        runtime,
        'x',
        { method: 'POST', url, headers: { authorization: basic }, body: new URLSearchParams(form) },
        (response, now) => xTokenError(response, now, deadGrantKind),
      ),
    );

  /** A token response as a TokenSet; `previous` supplies what the response leaves out. */
  const toTokenSet = (body: unknown, previous?: TokenSet): TokenSet => {
    const token = body as XTokenResponse | undefined;
    if (!token?.access_token) throw xError('invalid', 'X token response has no access_token');
    const expiresIn = token.expires_in;
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? previous?.refreshToken,
      accessExpiresAt:
        expiresIn === undefined ? null : new Date(runtime.now().getTime() + expiresIn * 1000).toISOString(),
      refreshExpiresAt: null,
      scope: token.scope ?? previous?.scope,
      ...(previous?.extra ? { extra: previous.extra } : {}),
    };
  };

  return {
    usesPkce: true,

    authorizeUrl({ state, redirectUri, codeChallenge }) {
      if (!codeChallenge) throw new Error('X requires PKCE: pass a code challenge');
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: X_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    codeFromCallback(query) {
      return query.error ? undefined : query.code || undefined;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      if (!codeVerifier) throw new Error('X requires PKCE: pass the code verifier');
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        client_id: settings.clientId,
      };
      const response = await postForm(settings.tokenUrl, form, 'invalid');
      return toTokenSet(response.json);
    },

    async refresh(tokens) {
      if (!tokens.refreshToken) {
        throw xError(
          'revoked',
          tokens.extra?.tokenSecret
            ? 'X rejected the OAuth 1.0a token (revoked or suspended app); connect X again'
            : 'X connection has no refresh token (offline.access not granted); connect X again',
        );
      }
      const response = await postForm(
        settings.tokenUrl,
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: settings.clientId },
        'revoked',
      );
      return toTokenSet(response.json, tokens);
    },

    needsRefresh(tokens, now) {
      if (!tokens.accessExpiresAt) return false;
      return Date.parse(tokens.accessExpiresAt) - now.getTime() <= X_REFRESH_MARGIN_MS;
    },

    async revoke(tokens) {
      // OAuth 1.0a tokens are withdrawn by the user in X's settings; there is no endpoint for them.
      if (!settings.revokeUrl || tokens.extra?.tokenSecret) return;
      const targets: Array<[string | undefined, string]> = [
        [tokens.refreshToken, 'refresh_token'],
        [tokens.accessToken, 'access_token'],
      ];
      for (const [token, hint] of targets) {
        if (!token) continue;
        try {
          await postForm(settings.revokeUrl, { token, token_type_hint: hint, client_id: settings.clientId }, 'revoked');
        } catch (error) {
          // A token that is already dead is what we wanted.
          if (!(error instanceof PlatformError) || error.kind !== 'revoked') throw error;
        }
      }
    },
  };
}
