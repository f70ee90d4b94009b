import { type HttpResponse, send, sendChecked, withRetry } from '../http';
import { type ClientRuntime, PlatformError, type PlatformOAuth, type PlatformSettings, type TokenSet } from '../types';
import { graphErrorOf, metaError, metaFailure } from './errors';
import { graphUrl } from './graph';

/**
 * Facebook Login for the Marketing API (research 2.1): the classic server-side code flow (no
 * PKCE: the exchange is authenticated with the app secret), then the documented exchange of
 * the short-lived user token for a 60-day one. Meta has no refresh tokens: "refreshing" is the
 * same fb_exchange_token call on a token that still works; once it has expired or was
 * withdrawn the user has to log in again.
 */

/** Permissions Adwise asks for: reporting, campaign changes, Business Manager assets. */
export const META_SCOPES = ['ads_read', 'ads_management', 'business_management'];
/** Renew the 60-day token when it has less than this left. */
export const REFRESH_MARGIN_MS = 7 * 24 * 60 * 60 * 1000;

interface TokenResponse {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
}

/** Errors of the token endpoint: a code 1 there ("Error validating client secret.") is configuration, not an outage. */
function tokenEndpointError(response: HttpResponse): PlatformError | undefined {
  const error = metaError(response);
  if (error?.kind !== 'unavailable' || response.status >= 500 || graphErrorOf(response)?.is_transient) return error;
  const { message, status, code, requestId } = error;
  return new PlatformError({ platform: 'meta', kind: 'invalid', message, status, code, requestId });
}

/** Facebook Login for one app (settings) with injected fetch, clock and waits (runtime). */
export function metaOAuth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth {
  /** A token set from a token-endpoint answer. */
  const tokenSet = (response: HttpResponse, scope?: string): TokenSet => {
    const body = response.json as TokenResponse | undefined;
    if (!body?.access_token) throw metaFailure('invalid', 'Meta token response without access_token');
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : undefined;
    return {
      accessToken: body.access_token,
      accessExpiresAt:
        expiresIn === undefined ? null : new Date(runtime.now().getTime() + expiresIn * 1000).toISOString(),
      ...(scope ? { scope } : {}),
    };
  };

  /** GET on the token endpoint with `params` plus the app's credentials. */
  const tokenCall = (params: Record<string, string>) => {
    const query = new URLSearchParams({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      ...params,
    });
    return sendChecked(runtime, 'meta', { method: 'GET', url: `${settings.tokenUrl}?${query}` }, tokenEndpointError);
  };

  /** The documented exchange for a long-lived (60-day) user token. */
  const longLived = (accessToken: string) =>
    tokenCall({ grant_type: 'fb_exchange_token', fb_exchange_token: accessToken });

  /** The permissions the user actually granted (they can untick some in the dialog). */
  const grantedScope = async (accessToken: string): Promise<string | undefined> => {
    const response = await sendChecked(
      runtime,
      'meta',
      { method: 'GET', url: graphUrl(settings, '/me/permissions', accessToken) },
      metaError,
    );
    const data = (response.json as { data?: { permission?: string; status?: string }[] } | undefined)?.data ?? [];
    const granted = data
      .filter((entry) => entry.status === 'granted' && entry.permission)
      .map((entry) => entry.permission!);
    return granted.length > 0 ? granted.join(',') : undefined;
  };

  return {
    usesPkce: false,

    /** The Login dialog URL (response_type=code; the state is checked by the caller on return). */
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state,
        scope: META_SCOPES.join(','),
        response_type: 'code',
      });
      return `${settings.authorizeUrl}?${query}`;
    },

    /** The code of a successful login; undefined when the user cancelled (error=access_denied). */
    codeFromCallback(query) {
      return query.error ? undefined : query.code || undefined;
    },

    /** Code -> short-lived token -> 60-day token, plus the permissions that were granted. */
    async exchangeCode({ code, redirectUri }) {
      const short = tokenSet(await tokenCall({ redirect_uri: redirectUri, code }));
      const long = tokenSet(await longLived(short.accessToken));
      return { ...long, scope: await grantedScope(long.accessToken) };
    },

    /**
     * Re-exchanges a token that still works for a fresh 60-day one. An expired or withdrawn
     * token cannot be exchanged: that is 'revoked' (the user must log in again).
     */
    async refresh(tokens) {
      const expiresAt = tokens.accessExpiresAt ? Date.parse(tokens.accessExpiresAt) : undefined;
      if (expiresAt !== undefined && expiresAt <= runtime.now().getTime()) {
        throw metaFailure('revoked', 'The Meta token has expired; log in with Facebook again');
      }
      try {
        const response = await withRetry(runtime, () => longLived(tokens.accessToken));
        return { ...tokenSet(response), scope: tokens.scope, extra: tokens.extra };
      } catch (error) {
        if (error instanceof PlatformError && (error.kind === 'auth_expired' || error.kind === 'revoked')) {
          throw new PlatformError({
            platform: 'meta',
            kind: 'revoked',
            message: `Meta no longer accepts this login (${error.message}); log in with Facebook again`,
            status: error.status,
            code: error.code,
            requestId: error.requestId,
          });
        }
        throw error;
      }
    },

    /** True once the token is within REFRESH_MARGIN_MS of its expiry. */
    needsRefresh(tokens, now) {
      if (!tokens.accessExpiresAt) return false;
      return Date.parse(tokens.accessExpiresAt) - now.getTime() < REFRESH_MARGIN_MS;
    },

    /** DELETE /me/permissions: de-authorizes the app for the user. A token already dead is fine. */
    async revoke(tokens) {
      const url = graphUrl(settings, '/me/permissions', tokens.accessToken);
      const response = await send(runtime, 'meta', { method: 'DELETE', url });
      const error = metaError(response);
      if (!error || error.kind === 'revoked' || error.kind === 'auth_expired') return;
      throw error;
    },
  };
}
