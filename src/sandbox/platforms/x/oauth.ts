import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { withQuery } from '../../consent';
import { sandboxCredentials } from '../../contract';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';

/**
 * X's OAuth 2.0 authorization server (research 4.1), emulated:
 * - GET /i/oauth2/authorize: response_type=code, client_id, redirect_uri, scope, state, and a
 *   PKCE challenge (required; S256 or plain); denial redirects with error=access_denied;
 * - POST /2/oauth2/token (form): authorization_code (with code_verifier) and refresh_token; the
 *   confidential client authenticates with HTTP Basic only (client_secret in the body is
 *   rejected with unauthorized_client); codes live 30 s; access tokens 7200 s; refresh tokens
 *   only with offline.access, rotating on every use (a reused one revokes the grant);
 * - POST /2/oauth2/revoke (form): token, token_type_hint.
 */

export const X_CODE_TTL_MS = 30_000;
export const X_ACCESS_TTL_SECONDS = 7200;
const KNOWN_SCOPES = new Set(['ads.read', 'ads.write', 'media.write', 'offline.access', 'tweet.read', 'users.read']);
const PKCE_METHODS = new Set(['S256', 'plain']);
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const PLAIN_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The error page X shows when it cannot send the user back to the app. */
function errorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>X sandbox</title></head>` +
        `<body><h1>Something went wrong</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).send({ error, error_description: description });
}

type Form = Record<string, string | string[] | undefined>;

/** A form field as one string. */
function field(form: Form, name: string): string | undefined {
  const value = form[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * client_secret_basic only: the Basic header must carry the sandbox app's credentials, and a
 * client_secret in the body (client_secret_post) is refused. Replies and returns false on failure.
 */
function clientAuthenticated(request: FastifyRequest, reply: FastifyReply, form: Form): boolean {
  const { clientId, clientSecret } = sandboxCredentials('x');
  if (field(form, 'client_secret') !== undefined) {
    oauthError(
      reply,
      401,
      'unauthorized_client',
      'client_secret_post is not supported; use HTTP Basic (client_secret_basic)',
    );
    return false;
  }
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const decoded = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  if (separator < 0 || decoded.slice(0, separator) !== clientId || decoded.slice(separator + 1) !== clientSecret) {
    oauthError(reply, 401, 'unauthorized_client', 'Missing valid authorization header');
    return false;
  }
  const bodyClientId = field(form, 'client_id');
  if (bodyClientId !== undefined && bodyClientId !== clientId) {
    oauthError(reply, 400, 'invalid_request', 'client_id does not match the authorization header');
    return false;
  }
  return true;
}

/** The token response; a refresh token only when offline.access was granted. */
function tokenResponse(ctx: SandboxContext, grant: Grant) {
  return {
    token_type: 'bearer',
    expires_in: X_ACCESS_TTL_SECONDS,
    access_token: ctx.grants.issueAccess(grant, X_ACCESS_TTL_SECONDS),
    scope: grant.scope,
    ...(grant.scope.split(' ').includes('offline.access')
      ? { refresh_token: ctx.grants.issueRefresh(grant, null) }
      : {}),
  };
}

/** Reads a form body, or replies invalid_request when the request is not a form. */
function formOf(request: FastifyRequest, reply: FastifyReply): Form | undefined {
  if (!(request.headers['content-type'] ?? '').startsWith(FORM_TYPE)) {
    oauthError(reply, 400, 'invalid_request', `Content-Type must be ${FORM_TYPE}`);
    return undefined;
  }
  return (request.body ?? {}) as Form;
}

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/i/oauth2/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== sandboxCredentials('x').clientId)
      return errorPage(reply, 'This app (client_id) is not registered.');
    const redirect = ctx.checkRedirect(q.redirect_uri);
    if (!redirect.ok) {
      return errorPage(
        reply,
        redirect.reason === 'malformed'
          ? 'redirect_uri must be an absolute http(s) URL.'
          : 'redirect_uri does not match the callback URLs registered for this app.',
      );
    }
    const redirectUri = redirect.uri;
    const fail = (error: string, description: string) =>
      reply.redirect(
        withQuery(redirectUri, { error, error_description: description, ...(q.state ? { state: q.state } : {}) }),
        302,
      );
    if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
    if (!q.state) return fail('invalid_request', 'state is required');
    const scopes = (q.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !KNOWN_SCOPES.has(s)))
      return fail('invalid_scope', `Bad scope: ${q.scope ?? ''}`);
    const method = q.code_challenge_method ?? '';
    if (!q.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
    if (!PKCE_METHODS.has(method)) return fail('invalid_request', 'code_challenge_method must be S256 or plain');
    const challengeShape = method === 'S256' ? S256_CHALLENGE : PLAIN_CHALLENGE;
    if (!challengeShape.test(q.code_challenge)) return fail('invalid_request', 'Malformed code_challenge');
    return ctx.showConsent(request, reply, {
      platform: 'x',
      clientId: q.client_id,
      redirectUri,
      state: q.state,
      scope: scopes.join(' '),
      codeChallenge: q.code_challenge,
      codeChallengeMethod: method,
      denyParams: { error: 'access_denied' },
    });
  });

  app.post('/2/oauth2/token', async (request, reply) => {
    const form = formOf(request, reply);
    if (!form || !clientAuthenticated(request, reply, form)) return reply;
    const grantType = field(form, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = field(form, 'code');
      const redirectUri = field(form, 'redirect_uri');
      const codeVerifier = field(form, 'code_verifier');
      if (!code || !redirectUri || !codeVerifier) {
        return oauthError(reply, 400, 'invalid_request', 'code, redirect_uri and code_verifier are required');
      }
      const redeemed = ctx.grants.redeemCode('x', code, {
        clientId: sandboxCredentials('x').clientId,
        redirectUri,
        codeVerifier,
      });
      if (!redeemed.ok) {
        return oauthError(reply, redeemed.error === 'invalid_client' ? 401 : 400, redeemed.error, redeemed.description);
      }
      if (redeemed.grant.createdAt.getTime() + X_CODE_TTL_MS < ctx.now().getTime()) {
        return oauthError(
          reply,
          400,
          'invalid_grant',
          'Authorization code expired (X codes must be exchanged within 30 seconds)',
        );
      }
      return tokenResponse(ctx, redeemed.grant);
    }
    if (grantType === 'refresh_token') {
      const used = ctx.grants.useRefresh('x', field(form, 'refresh_token'), true);
      if (!used.ok) return oauthError(reply, 400, 'invalid_grant', `Refresh token is ${used.reason}`);
      return tokenResponse(ctx, used.grant);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });

  app.post('/2/oauth2/revoke', async (request, reply) => {
    const form = formOf(request, reply);
    if (!form || !clientAuthenticated(request, reply, form)) return reply;
    const token = field(form, 'token');
    if (!token) return oauthError(reply, 400, 'invalid_request', 'token is required');
    // RFC 7009: an unknown or dead token is revoked as far as the client is concerned.
    ctx.grants.revokeToken('x', token);
    return { revoked: true };
  });
}
