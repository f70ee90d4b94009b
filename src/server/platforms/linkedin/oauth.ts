import { sendChecked, withRetry } from '../http';
import { type ClientRuntime, PlatformError, type PlatformOAuth, type PlatformSettings, type TokenSet } from '../types';
import { oauthError } from './errors';
import type { TokenResponse } from './wire';

/**
 * LinkedIn's 3-legged OAuth for a web app (research 3.1): authorization code with client_secret,
 * no PKCE (LinkedIn offers PKCE to native apps on loopback redirects only). Access tokens last
 * 60 days. Approved Marketing Developer Platform partners also get a refresh token that lasts
 * 365 days from the original consent and is NOT extended by refreshing; without one, or after
 * it ends, the member must consent again.
 */

/** Read accounts and campaigns, manage them, read analytics. */
export const LINKEDIN_SCOPES = ['r_ads', 'rw_ads', 'r_ads_reporting'] as const;
/** Renew the access token when it has less than this left. */
export const REFRESH_MARGIN_MS = 60 * 60 * 1000;

const isTokenResponse = (value: unknown): value is TokenResponse =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TokenResponse).access_token === 'string' &&
  typeof (value as TokenResponse).expires_in === 'number';

const at = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/** The OAuth half of the LinkedIn adapter. */
export function linkedinOAuth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth {
  /** One form POST to an OAuth endpoint, retried while LinkedIn is throttling or down. */
  const post = (url: string, form: Record<string, string>, grant: 'exchange' | 'refresh' | 'revoke') =>
    withRetry(runtime, () =>
      sendChecked(runtime, 'linkedin', { method: 'POST', url, body: new URLSearchParams(form) }, (response, now) =>
        oauthError(response, now, grant),
      ),
    );

  /** Reads a token response; a malformed one is LinkedIn's failure, not the member's. */
  const tokenResponse = (json: unknown): TokenResponse => {
    if (!isTokenResponse(json)) {
      const message = 'LinkedIn answered the token request without an access token';
      throw new PlatformError({ platform: 'linkedin', kind: 'unavailable', message });
    }
    return json;
  };

  const client = { client_id: settings.clientId, client_secret: settings.clientSecret };

  return {
    usesPkce: false,

    authorizeUrl({ state, redirectUri }) {
      const params: Array<[string, string]> = [
        ['response_type', 'code'],
        ['client_id', settings.clientId],
        ['redirect_uri', redirectUri],
        ['state', state],
        ['scope', LINKEDIN_SCOPES.join(' ')],
      ];
      return `${settings.authorizeUrl}?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
    },

    codeFromCallback(query) {
      // A denial comes back as error=user_cancelled_authorize (or user_cancelled_login) without a code.
      return query.error ? undefined : query.code || undefined;
    },

    async exchangeCode({ code, redirectUri }) {
      const response = await post(
        settings.tokenUrl,
        { grant_type: 'authorization_code', code, ...client, redirect_uri: redirectUri },
        'exchange',
      );
      const json = tokenResponse(response.json);
      const now = runtime.now();
      return {
        accessToken: json.access_token,
        refreshToken: json.refresh_token,
        accessExpiresAt: at(now, json.expires_in),
        refreshExpiresAt:
          json.refresh_token && json.refresh_token_expires_in !== undefined
            ? at(now, json.refresh_token_expires_in)
            : null,
        scope: json.scope,
      };
    },

    async refresh(tokens) {
      const now = runtime.now();
      if (!tokens.refreshToken) {
        throw new PlatformError({
          platform: 'linkedin',
          kind: 'revoked',
          message: 'LinkedIn issued no refresh token for this connection; the member has to connect again',
        });
      }
      if (tokens.refreshExpiresAt && Date.parse(tokens.refreshExpiresAt) <= now.getTime()) {
        throw new PlatformError({
          platform: 'linkedin',
          kind: 'revoked',
          message: 'The LinkedIn refresh token reached the end of its 365 days; the member has to connect again',
        });
      }
      const response = await post(
        settings.tokenUrl,
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, ...client },
        'refresh',
      );
      const json = tokenResponse(response.json);
      // The refresh token's end is fixed at consent: never let a refresh move it later.
      const ends = [
        tokens.refreshExpiresAt,
        json.refresh_token_expires_in === undefined ? null : at(now, json.refresh_token_expires_in),
      ];
      const known = ends.filter((end): end is string => Boolean(end));
      const renewed: TokenSet = {
        ...tokens,
        accessToken: json.access_token,
        refreshToken: json.refresh_token ?? tokens.refreshToken,
        accessExpiresAt: at(now, json.expires_in),
        refreshExpiresAt: known.length ? known.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null,
        scope: json.scope ?? tokens.scope,
      };
      return renewed;
    },

    needsRefresh(tokens, now) {
      if (!tokens.refreshToken || !tokens.accessExpiresAt) return false;
      return Date.parse(tokens.accessExpiresAt) - now.getTime() < REFRESH_MARGIN_MS;
    },

    async revoke(tokens) {
      if (!settings.revokeUrl) return;
      try {
        await post(settings.revokeUrl, { ...client, token: tokens.accessToken }, 'revoke');
      } catch (error) {
        // A token LinkedIn no longer knows is already as revoked as it gets.
        const deadToken = error instanceof PlatformError && error.kind === 'invalid' && error.code !== 'invalid_client';
        if (!deadToken) throw error;
      }
    },
  };
}
