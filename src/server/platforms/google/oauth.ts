import { type HttpResponse, retryAfterHeaderMs, sendChecked, withRetry } from '../http';
import {
  type ClientRuntime,
  PlatformError,
  type PlatformErrorKind,
  type PlatformOAuth,
  type PlatformSettings,
  type TokenSet,
} from '../types';

/**
 * Google OAuth 2.0 for the Ads API (research section 1.1): authorization code with PKCE (S256),
 * offline access so a refresh token comes back, a form-encoded token endpoint, one-hour access
 * tokens and refresh tokens that live until revoked.
 */

export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';
/** Renew the access token when it has less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  token_type?: string;
}

/**
 * toError for the token and revoke endpoints ({error, error_description}). invalid_grant means
 * a dead refresh token when refreshing ('revoked'), a bad or replayed code when exchanging.
 */
function tokenError(stage: 'exchange' | 'refresh' | 'revoke') {
  return (response: HttpResponse, now: Date): PlatformError | undefined => {
    if (response.status < 400) return undefined;
    const body = (response.json ?? {}) as { error?: string; error_description?: string };
    let kind: PlatformErrorKind = 'invalid';
    if (response.status === 429) kind = 'rate_limited';
    else if (response.status >= 500) kind = 'unavailable';
    else if (body.error === 'invalid_grant' && stage === 'refresh') kind = 'revoked';
    else if (body.error === 'invalid_client' || body.error === 'unauthorized_client') kind = 'permission';
    return new PlatformError({
      platform: 'google',
      kind,
      message: `Google OAuth ${stage} failed: ${body.error ?? response.status}${body.error_description ? ` (${body.error_description})` : ''}`,
      status: response.status,
      code: body.error ?? response.status,
      retryAfterMs: retryAfterHeaderMs(response.headers.get('retry-after'), now),
    });
  };
}

/** The token endpoint's answer as a TokenSet; `previous` supplies what a refresh does not resend. */
function toTokenSet(response: HttpResponse, now: Date, previous?: TokenSet): TokenSet {
  const body = (response.json ?? {}) as TokenResponse;
  if (!body.access_token) {
    throw new PlatformError({
      platform: 'google',
      kind: 'unavailable',
      message: 'Google OAuth answered without an access_token',
      status: response.status,
    });
  }
  return {
    ...previous,
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? previous?.refreshToken,
    accessExpiresAt:
      body.expires_in === undefined ? null : new Date(now.getTime() + body.expires_in * 1000).toISOString(),
    refreshExpiresAt: null,
    scope: body.scope ?? previous?.scope,
  };
}

/** Google's PlatformOAuth over the settings' authorize, token and revoke URLs. */
export function createGoogleOAuth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth {
  const postForm = (
    fields: Record<string, string>,
    stage: 'exchange' | 'refresh' | 'revoke',
    url = settings.tokenUrl,
  ) => sendChecked(runtime, 'google', { method: 'POST', url, body: new URLSearchParams(fields) }, tokenError(stage));

  return {
    usesPkce: true,

    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(settings.authorizeUrl);
      const params: Record<string, string> = {
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_ADS_SCOPE,
        state,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      };
      if (codeChallenge) Object.assign(params, { code_challenge: codeChallenge, code_challenge_method: 'S256' });
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },

    codeFromCallback(query) {
      return query.error ? undefined : query.code || undefined;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      // Not retried: a code is single use, and a replay revokes what it issued.
      const response = await postForm(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
        'exchange',
      );
      return toTokenSet(response, runtime.now());
    },

    async refresh(tokens) {
      const refreshToken = tokens.refreshToken;
      if (!refreshToken) {
        throw new PlatformError({
          platform: 'google',
          kind: 'revoked',
          message: 'No Google refresh token is stored; connect Google Ads again.',
        });
      }
      const response = await withRetry(runtime, () =>
        postForm(
          {
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          },
          'refresh',
        ),
      );
      return toTokenSet(response, runtime.now(), tokens);
    },

    needsRefresh(tokens, now) {
      if (!tokens.accessExpiresAt) return false;
      return Date.parse(tokens.accessExpiresAt) - now.getTime() <= REFRESH_MARGIN_MS;
    },

    async revoke(tokens) {
      if (!settings.revokeUrl) return;
      try {
        // Revoking either token ends the whole grant; the refresh token outlives the access token.
        await postForm({ token: tokens.refreshToken ?? tokens.accessToken }, 'revoke', settings.revokeUrl);
      } catch (error) {
        // invalid_token: already expired or revoked, which is what we wanted.
        if (error instanceof PlatformError && error.code === 'invalid_token') return;
        throw error;
      }
    },
  };
}
