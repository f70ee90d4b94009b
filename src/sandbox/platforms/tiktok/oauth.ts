import type { FastifyInstance, FastifyReply } from 'fastify';

import { sandboxCredentials } from '../../contract';
import type { SandboxContext } from '../../types';
import { API, appCredentialsMatch, badApp, fail, jsonBody, ok, TIKTOK_CODES } from './wire';

/**
 * TikTok's advertiser authorization (research 5.1), under /tiktok:
 * - GET  /portal/auth?app_id&state&redirect_uri: the advertiser authorization page (no scopes in the URL, no PKCE);
 *   the callback carries auth_code and code;
 * - POST /open_api/v1.3/oauth2/access_token/  JSON {app_id, secret, auth_code}: a long-term token that never expires;
 * - POST /open_api/v1.3/oauth2/revoke_token/  JSON {app_id, secret, access_token}.
 */

const CREDENTIALS = sandboxCredentials('tiktok');
/** Permission scope ids the sandbox app is configured with; they come back in the token response (research 5.1). */
const APP_SCOPE_IDS = [4];
/** What the consent page says the app may do (TikTok shows the app's configured permissions). */
const SCOPE_LABEL = 'Ad Account Management, Ads Management, Reporting';
/** Where the authorization code goes on the callback (research 5.1: auth_code, and code as well). */
const CODE_PARAMS = ['auth_code', 'code'];
/** The callback query when the advertiser declines (UNCONFIRMED: no source shows TikTok's denial redirect). */
const DENY_PARAMS = { error: 'access_denied', error_description: 'The user denied the authorization.' };

/** The error page TikTok's portal shows for a malformed authorization link. */
function authorizeError(reply: FastifyReply, message: string): FastifyReply {
  const safe = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TikTok sandbox: authorization error</title></head>' +
        `<body><h1>Authorization failed</h1><p>${safe}</p></body></html>`,
    );
}

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/portal/auth', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.app_id !== CREDENTIALS.clientId) return authorizeError(reply, 'The app_id is invalid.');
    const redirect = ctx.checkRedirect(query.redirect_uri);
    if (!redirect.ok) {
      return authorizeError(
        reply,
        redirect.reason === 'malformed'
          ? 'The redirect_uri must be an absolute http(s) URL.'
          : 'The redirect_uri does not match the advertiser redirect URL configured for the app.',
      );
    }
    return ctx.showConsent(request, reply, {
      platform: 'tiktok',
      clientId: query.app_id,
      redirectUri: redirect.uri,
      state: query.state ?? '',
      scope: SCOPE_LABEL,
      codeParams: CODE_PARAMS,
      denyParams: DENY_PARAMS,
    });
  });

  app.post(`${API}/oauth2/access_token/`, async (request, reply) => {
    const body = jsonBody(request);
    if (!body) return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'The request body must be JSON.');
    const { app_id, secret, auth_code } = body;
    if (typeof app_id !== 'string' || typeof secret !== 'string' || typeof auth_code !== 'string' || !auth_code) {
      return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'app_id, secret and auth_code are required.');
    }
    if (!appCredentialsMatch(app_id, secret)) return badApp(reply);
    const redeemed = ctx.grants.redeemCode('tiktok', auth_code, { clientId: app_id });
    if (!redeemed.ok) return fail(reply, TIKTOK_CODES.AUTH_CODE_ERROR, `Auth code error: ${redeemed.description}`);
    const accessToken = ctx.grants.issueAccess(redeemed.grant, null);
    return ok(reply, { access_token: accessToken, advertiser_ids: redeemed.grant.accountIds, scope: APP_SCOPE_IDS });
  });

  app.post(`${API}/oauth2/revoke_token/`, async (request, reply) => {
    const body = jsonBody(request);
    if (!body) return fail(reply, TIKTOK_CODES.PARAM_ERROR, 'The request body must be JSON.');
    if (!appCredentialsMatch(body.app_id, body.secret)) return badApp(reply);
    if (typeof body.access_token !== 'string' || !ctx.grants.revokeToken('tiktok', body.access_token)) {
      return fail(reply, TIKTOK_CODES.INVALID_ACCESS_TOKEN, 'Access token is invalid.');
    }
    return ok(reply, {});
  });
}
