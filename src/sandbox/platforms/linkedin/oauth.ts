import type { FastifyInstance, FastifyReply } from 'fastify';

import { withQuery } from '../../consent';
import { sandboxCredentials } from '../../contract';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';
import { ACCESS_TOKEN_TTL_SECONDS, ISSUE_REFRESH_TOKENS, REFRESH_TOKEN_TTL_SECONDS } from './wire';

/**
 * LinkedIn's OAuth 2.0 endpoints (research 3.1) for a web app: /oauth/v2/authorization (consent),
 * /oauth/v2/accessToken (form-encoded code and refresh grants, client_secret in the body),
 * /oauth/v2/revoke. Errors are {error, error_description}.
 */

const CREDENTIALS = sandboxCredentials('linkedin');

/** Scopes the sandbox app may ask for: the three ads scopes and a few common member ones. */
export const KNOWN_SCOPES = [
  'r_ads',
  'rw_ads',
  'r_ads_reporting',
  'r_organization_social',
  'r_basicprofile',
  'openid',
  'profile',
  'email',
  'w_member_social',
];

/** What LinkedIn redirects with when the member presses Cancel. */
export const DENY_PARAMS = {
  error: 'user_cancelled_authorize',
  error_description: 'The user cancelled the authorization',
};

/** LinkedIn's one text for every code that cannot be redeemed. */
const BAD_CODE_DESCRIPTION =
  'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. ' +
  'Or authorization code expired. Or external member binding exists';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The error page LinkedIn shows when it cannot trust the redirect (bad client or redirect_uri). */
function errorPage(reply: FastifyReply, message: string): FastifyReply {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LinkedIn sandbox: bad request</title></head>' +
    `<body><h1>Bad request</h1><p>${escapeHtml(message)}</p></body></html>`;
  return reply.code(400).header('content-type', 'text/html; charset=utf-8').send(html);
}

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

/** Seconds until the grant's non-rolling refresh end. */
const refreshSecondsLeft = (grant: Grant, now: Date) =>
  grant.refreshExpiresAt ? Math.max(0, Math.floor((grant.refreshExpiresAt.getTime() - now.getTime()) / 1000)) : 0;

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/oauth/v2/authorization', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.client_id !== CREDENTIALS.clientId) return errorPage(reply, 'The passed in client_id is invalid.');
    const redirect = ctx.checkRedirect(query.redirect_uri);
    if (!redirect.ok) {
      return errorPage(
        reply,
        redirect.reason === 'malformed'
          ? 'The redirect_uri must be an absolute http(s) URL registered for the app.'
          : 'The redirect_uri does not match the registered value.',
      );
    }
    const redirectUri = redirect.uri;
    const state = query.state ?? '';
    const fail = (error: string, description: string) =>
      reply.redirect(withQuery(redirectUri, { error, error_description: description, state }), 302);
    if (query.response_type !== 'code') return fail('invalid_request', 'The response_type must be code.');
    const scopes = (query.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) return fail('invalid_request', 'A scope is required.');
    const unknown = scopes.find((scope) => !KNOWN_SCOPES.includes(scope));
    if (unknown) return fail('unauthorized_scope_error', `Scope "${unknown}" is not authorized for your application`);
    return ctx.showConsent(request, reply, {
      platform: 'linkedin',
      clientId: query.client_id,
      redirectUri,
      state,
      scope: scopes.join(' '),
      denyParams: DENY_PARAMS,
    });
  });

  app.post('/oauth/v2/accessToken', async (request, reply) => {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(reply, 400, 'invalid_request', 'The request must be application/x-www-form-urlencoded');
    }
    const form = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const grantType = field('grant_type');
    if (!grantType) return oauthError(reply, 400, 'invalid_request', 'A required parameter "grant_type" is missing');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      return oauthError(reply, 400, 'unsupported_grant_type', `Unsupported grant_type ${grantType}`);
    }
    for (const name of [
      'client_id',
      'client_secret',
      ...(grantType === 'authorization_code' ? ['code', 'redirect_uri'] : ['refresh_token']),
    ]) {
      if (!field(name)) return oauthError(reply, 400, 'invalid_request', `A required parameter "${name}" is missing`);
    }
    if (field('client_id') !== CREDENTIALS.clientId || field('client_secret') !== CREDENTIALS.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    const now = ctx.now();

    if (grantType === 'authorization_code') {
      const redeemed = ctx.grants.redeemCode('linkedin', field('code')!, {
        clientId: field('client_id')!,
        redirectUri: field('redirect_uri'),
      });
      if (!redeemed.ok)
        return oauthError(reply, 400, 'invalid_request', `${BAD_CODE_DESCRIPTION} (sandbox: ${redeemed.description})`);
      const grant = redeemed.grant;
      grant.refreshExpiresAt ??= new Date(grant.createdAt.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
      return {
        access_token: ctx.grants.issueAccess(grant, ACCESS_TOKEN_TTL_SECONDS),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        ...(ISSUE_REFRESH_TOKENS
          ? {
              refresh_token: ctx.grants.issueRefresh(grant, null),
              refresh_token_expires_in: refreshSecondsLeft(grant, now),
            }
          : {}),
        scope: grant.scope.split(' ').join(','),
      };
    }

    const refreshToken = field('refresh_token')!;
    const check = ctx.grants.useRefresh('linkedin', refreshToken, false);
    if (!check.ok) {
      const why = { invalid: 'is invalid', expired: 'has expired', revoked: 'has been revoked' }[check.reason];
      return oauthError(reply, 400, 'invalid_request', `The provided refresh token ${why}`);
    }
    if (check.grant.clientId !== CREDENTIALS.clientId)
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    return {
      access_token: ctx.grants.issueAccess(check.grant, ACCESS_TOKEN_TTL_SECONDS),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      // The same refresh token, its end unchanged since consent.
      refresh_token: refreshToken,
      refresh_token_expires_in: refreshSecondsLeft(check.grant, now),
      scope: check.grant.scope.split(' ').join(','),
    };
  });

  app.post('/oauth/v2/revoke', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (form.client_id !== CREDENTIALS.clientId || form.client_secret !== CREDENTIALS.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    if (typeof form.token !== 'string' || !form.token) {
      return oauthError(reply, 400, 'invalid_request', 'A required parameter "token" is missing');
    }
    // Like RFC 7009: an unknown or already dead token is answered the same as a live one.
    ctx.grants.revokeToken('linkedin', form.token);
    return reply.code(200).send();
  });
}
