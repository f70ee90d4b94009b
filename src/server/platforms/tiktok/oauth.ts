import { sendChecked, withRetry } from '../http';
import { type ClientRuntime, PlatformError, type PlatformOAuth, type PlatformSettings, type TokenSet } from '../types';
import { type TikTokEnvelope, tiktokError } from './errors';

/**
 * TikTok's advertiser authorization (research 5.1): the portal page takes app_id, state and
 * redirect_uri (scopes are configured on the app, not sent); the callback brings auth_code; the
 * code is exchanged with a JSON body {app_id, secret, auth_code}. The advertiser token it returns
 * is long-term: it does not expire on a clock and there is no refresh flow, so a dead token means
 * the user connects again.
 */

/** No PKCE on the advertiser flow (UNCONFIRMED: research 5.1 found no evidence of support). */
export const USES_PKCE = false;
/** Where the advertiser ids of the grant are kept in TokenSet.extra, comma-separated. */
export const ADVERTISER_IDS_KEY = 'advertiserIds';
/** Revocation path under the API root, used when settings carry no revokeUrl (UNCONFIRMED: the official page was not retrieved). */
export const REVOKE_PATH = '/oauth2/revoke_token/';
/** Callback parameters that carry the code, in order of preference (TikTok sends both). */
const CODE_PARAMS = ['auth_code', 'code'] as const;

/** data of oauth2/access_token/. */
interface TokenData {
  access_token?: string;
  advertiser_ids?: string[];
  scope?: (number | string)[];
}

export function tiktokOAuth(settings: PlatformSettings, runtime: ClientRuntime): PlatformOAuth {
  const credentials = { app_id: settings.clientId, secret: settings.clientSecret };

  return {
    usesPkce: USES_PKCE,

    /** The portal link: app_id, state and redirect_uri only. */
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('app_id', settings.clientId);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },

    /** auth_code, else code; undefined when the user declined (the callback then has neither). */
    codeFromCallback(query) {
      for (const name of CODE_PARAMS) {
        const value = query[name];
        if (value) return value;
      }
      return undefined;
    },

    /**
     * Exchanges the code once (a code is single use, so no retry). The token never expires on its
     * own; the granted advertiser ids are kept in extra.
     */
    async exchangeCode({ code }) {
      const response = await sendChecked(
        runtime,
        'tiktok',
        { method: 'POST', url: settings.tokenUrl, body: { ...credentials, auth_code: code } },
        (answer, now) => tiktokError(answer, 1, now),
      );
      const data = (response.json as TikTokEnvelope<TokenData>).data;
      if (!data?.access_token) {
        throw new PlatformError({
          platform: 'tiktok',
          kind: 'unavailable',
          message: 'TikTok answered the code exchange without an access token',
        });
      }
      return {
        accessToken: data.access_token,
        accessExpiresAt: null,
        scope: (data.scope ?? []).join(','),
        extra: { [ADVERTISER_IDS_KEY]: (data.advertiser_ids ?? []).join(',') },
      };
    },

    /** There is nothing to refresh with: the user has to connect again. */
    async refresh(): Promise<TokenSet> {
      throw new PlatformError({
        platform: 'tiktok',
        kind: 'revoked',
        message: 'TikTok advertiser tokens cannot be refreshed; connect TikTok again',
      });
    },

    /** Never: the token has no expiry to get ahead of. */
    needsRefresh() {
      return false;
    },

    /** Revokes the token at TikTok; a token TikTok already considers dead is fine. */
    async revoke(tokens) {
      const url = settings.revokeUrl ?? `${settings.apiBaseUrl}${REVOKE_PATH}`;
      try {
        await withRetry(runtime, (attempt) =>
          sendChecked(
            runtime,
            'tiktok',
            { method: 'POST', url, body: { ...credentials, access_token: tokens.accessToken } },
            (answer, now) => tiktokError(answer, attempt, now),
          ),
        );
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'revoked') return;
        throw error;
      }
    },
  };
}
