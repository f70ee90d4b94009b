import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sandboxCredentials } from '../../contract';
import type { SandboxContext } from '../../types';

/**
 * Google's OAuth 2.0 endpoints as the sandbox serves them (research section 1.1):
 * - GET  /o/oauth2/v2/auth: checks the request like accounts.google.com (bad client or
 *   parameters: an "Error 400/401" page, never a redirect), then shows the consent page;
 * - POST /token: form-encoded, client_secret_post or HTTP Basic; authorization_code (with the
 *   PKCE verifier when the code has a challenge) and refresh_token grants; errors as
 *   {error, error_description};
 * - POST /revoke: token in the form body or the query.
 */

export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';
/** Scopes the sandbox consent page accepts next to the Ads scope. */
const KNOWN_SCOPES = [GOOGLE_ADS_SCOPE, 'openid', 'email', 'profile', 'https://www.googleapis.com/auth/userinfo.email'];
/** Google answers expires_in 3599 for a one-hour token. */
export const ACCESS_TOKEN_TTL_SECONDS = 3599;
/** Google refresh tokens do not expire on a timer; they live until revoked. */
const REFRESH_TOKEN_TTL_SECONDS = null;
const PKCE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;
const FORM = 'application/x-www-form-urlencoded';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Google's authorize error page ("Error 400: invalid_request" and a sentence). */
function errorPage(reply: FastifyReply, status: 400 | 401, error: string, description: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Error ${status} (${escape(error)})</title></head>
<body><h1>Access blocked: authorization error</h1>
<p><strong>Error ${status}: ${escape(error)}</strong></p><p>${escape(description)}</p></body></html>`;
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(html);
}

/** An OAuth error response of the token and revoke endpoints. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** Single-valued form fields; repeated ones are a client bug. */
function formOf(request: FastifyRequest): Record<string, string> | undefined {
  if (!String(request.headers['content-type'] ?? '').startsWith(FORM)) return undefined;
  const body = (request.body ?? {}) as Record<string, string | string[]>;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) return undefined;
    out[key] = value;
  }
  return out;
}

/** Client credentials from HTTP Basic or the form (client_secret_basic / client_secret_post). */
function clientOf(request: FastifyRequest, form: Record<string, string>): { id?: string; secret?: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: form.client_id, secret: form.client_secret };
}

/** Registers the authorize, token and revoke endpoints under /google. */
export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const credentials = sandboxCredentials('google');

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (!query.client_id) return errorPage(reply, 400, 'invalid_request', 'Missing required parameter: client_id');
    if (query.client_id !== credentials.clientId)
      return errorPage(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (!query.redirect_uri)
      return errorPage(reply, 400, 'invalid_request', 'Missing required parameter: redirect_uri');
    const redirect = ctx.checkRedirect(query.redirect_uri);
    if (!redirect.ok) {
      const description =
        redirect.reason === 'malformed'
          ? `Invalid redirect_uri: ${query.redirect_uri}`
          : `The redirect URI in the request, ${query.redirect_uri}, does not match the ones authorized for the OAuth client.`;
      return errorPage(reply, 400, 'redirect_uri_mismatch', description);
    }
    if (!query.response_type)
      return errorPage(reply, 400, 'invalid_request', 'Required parameter is missing: response_type');
    if (query.response_type !== 'code') {
      return errorPage(reply, 400, 'unsupported_response_type', `Unsupported response_type: ${query.response_type}`);
    }
    if (!query.scope?.trim()) return errorPage(reply, 400, 'invalid_request', 'Missing required parameter: scope');
    const scopes = query.scope.trim().split(/\s+/);
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
    if (unknown.length)
      return errorPage(reply, 400, 'invalid_scope', `Some requested scopes were invalid: ${unknown.join(' ')}`);
    if (query.access_type !== undefined && !['online', 'offline'].includes(query.access_type)) {
      return errorPage(reply, 400, 'invalid_request', `Invalid access_type: ${query.access_type}`);
    }
    if (
      query.prompt !== undefined &&
      !query.prompt.split(' ').every((p) => ['none', 'consent', 'select_account'].includes(p))
    ) {
      return errorPage(reply, 400, 'invalid_request', `Invalid prompt: ${query.prompt}`);
    }
    if (query.include_granted_scopes !== undefined && !['true', 'false'].includes(query.include_granted_scopes)) {
      return errorPage(
        reply,
        400,
        'invalid_request',
        `Invalid include_granted_scopes: ${query.include_granted_scopes}`,
      );
    }
    const method = query.code_challenge_method;
    if (method !== undefined && !query.code_challenge) {
      return errorPage(reply, 400, 'invalid_request', 'code_challenge_method without code_challenge');
    }
    if (method !== undefined && !['S256', 'plain'].includes(method)) {
      return errorPage(reply, 400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
    }
    if (query.code_challenge !== undefined && !PKCE_CHALLENGE.test(query.code_challenge)) {
      return errorPage(
        reply,
        400,
        'invalid_request',
        'Invalid code_challenge: 43 to 128 characters of [A-Za-z0-9-._~] expected.',
      );
    }
    return ctx.showConsent(request, reply, {
      platform: 'google',
      clientId: query.client_id,
      redirectUri: redirect.uri,
      state: query.state ?? '',
      scope: scopes.join(' '),
      codeChallenge: query.code_challenge,
      // Google's default method is plain when a challenge comes without one.
      codeChallengeMethod: query.code_challenge ? (method ?? 'plain') : undefined,
      denyParams: { error: 'access_denied' },
    });
  });

  app.post('/token', async (request, reply) => {
    const form = formOf(request);
    if (!form) return oauthError(reply, 400, 'invalid_request', `Send the parameters once each, as ${FORM}.`);
    const client = clientOf(request, form);
    if (client.id !== credentials.clientId)
      return oauthError(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (client.secret !== credentials.clientSecret) return oauthError(reply, 401, 'invalid_client', 'Unauthorized');

    if (form.grant_type === 'authorization_code') {
      if (!form.code) return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: code');
      if (!form.redirect_uri) return oauthError(reply, 400, 'invalid_request', 'Missing parameter: redirect_uri');
      const redeemed = ctx.grants.redeemCode('google', form.code, {
        clientId: client.id,
        redirectUri: form.redirect_uri,
        codeVerifier: form.code_verifier,
      });
      if (!redeemed.ok)
        return oauthError(reply, redeemed.error === 'invalid_client' ? 401 : 400, redeemed.error, redeemed.description);
      const { grant } = redeemed;
      return reply.header('cache-control', 'no-store').send({
        access_token: ctx.grants.issueAccess(grant, ACCESS_TOKEN_TTL_SECONDS),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        refresh_token: ctx.grants.issueRefresh(grant, REFRESH_TOKEN_TTL_SECONDS),
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }

    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token)
        return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const check = ctx.grants.useRefresh('google', form.refresh_token, false);
      if (!check.ok || check.grant.clientId !== client.id)
        return oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return reply.header('cache-control', 'no-store').send({
        access_token: ctx.grants.issueAccess(check.grant, ACCESS_TOKEN_TTL_SECONDS),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        scope: check.grant.scope,
        token_type: 'Bearer',
      });
    }

    return oauthError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  });

  app.post('/revoke', async (request, reply) => {
    const form = formOf(request) ?? {};
    const token = form.token ?? (request.query as Record<string, string | undefined>).token;
    if (!token) return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: token');
    const grant = ctx.grants.grantOf('google', token);
    if (!grant || grant.revoked) return oauthError(reply, 400, 'invalid_token', 'Token expired or revoked');
    ctx.grants.revokeToken('google', token);
    return reply.code(200).send();
  });
}
