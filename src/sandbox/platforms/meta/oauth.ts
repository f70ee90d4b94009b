import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { GRAPH_VERSIONS, sandboxCredentials } from '../../contract';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';
import {
  deprecatedVersion,
  type GraphErrorInit,
  graphParams,
  invalidParameter,
  sendGraphError,
  tokenError,
} from './wire';

/**
 * Meta's Login dialog and token endpoint (research section 2), under /meta/<version>:
 * - GET  dialog/oauth: checks the app, redirect_uri, response_type, state and scopes (problems
 *   get Meta's developer-facing error page, never a redirect), then shows the consent page;
 * - GET|POST oauth/access_token: the code exchange (client_secret, or a PKCE verifier instead)
 *   for a short-lived token, and fb_exchange_token for the 60-day one. Meta has no refresh tokens.
 */

const PLATFORM = 'meta';
const CREDENTIALS = sandboxCredentials(PLATFORM);

/**
 * Token lifetimes. A code exchange gives a short-lived user token (Meta: "about 1-2 hours";
 * the exact figure is UNCONFIRMED); fb_exchange_token gives the documented 60-day token.
 */
export const SHORT_LIVED_TOKEN_SECONDS = 5400;
export const LONG_LIVED_TOKEN_SECONDS = 5_183_944;

/** Permissions the Login dialog accepts; anything else is "Invalid Scopes". */
const KNOWN_PERMISSIONS = [
  'public_profile',
  'email',
  'ads_read',
  'ads_management',
  'business_management',
  'pages_show_list',
  'pages_read_engagement',
  'read_insights',
];

/** What the Login dialog appends to redirect_uri when the user cancels (manual-flow docs). */
const DENY_PARAMS = {
  error: 'access_denied',
  error_code: '200',
  error_description: 'Permissions error',
  error_reason: 'user_denied',
};

/**
 * The token endpoint's answer to a code it cannot redeem (subcode 36009 is seen in the wild;
 * 36007 and 36008 for the other cases are UNCONFIRMED).
 */
function codeError(description: string): GraphErrorInit {
  if (description.includes('already used'))
    return { message: 'This authorization code has been used.', code: 100, subcode: 36009 };
  if (description.includes('expired'))
    return { message: 'This authorization code has expired.', code: 100, subcode: 36007 };
  if (description.includes('redirect_uri')) {
    return {
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      subcode: 36008,
    };
  }
  if (description.includes('code_verifier')) return { message: 'Invalid code verifier.', code: 100 };
  return { message: 'Invalid verification code format.', code: 100, subcode: 36007 };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Login dialog's error page (Meta shows these to the developer instead of redirecting). */
function dialogError(reply: FastifyReply, title: string, detail: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
  return reply.code(400).header('content-type', 'text/html; charset=utf-8').send(html);
}

export function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { grants } = ctx;

  app.get('/:version/dialog/oauth', async (request, reply) => {
    const { version } = request.params as { version: string };
    const query = request.query as Record<string, string | undefined>;
    if (!GRAPH_VERSIONS.includes(version)) {
      return dialogError(reply, 'Unsupported version', `Graph ${version} is not available.`);
    }
    if (query.client_id !== CREDENTIALS.clientId) {
      return dialogError(reply, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
    }
    // Malformed or on an origin the sandbox does not redirect to: Meta's page is the same for both.
    const redirect = ctx.checkRedirect(query.redirect_uri);
    if (!redirect.ok) {
      const detail =
        "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.";
      return dialogError(reply, 'URL blocked', detail);
    }
    if ((query.response_type ?? 'code') !== 'code') {
      const detail = 'The sandbox emulates the server-side code flow only (response_type=code).';
      return dialogError(reply, 'Unsupported response_type', detail);
    }
    if (!query.state) {
      // Meta only recommends state; the sandbox insists, since an app without it is open to login CSRF.
      return dialogError(reply, 'Missing state', 'Send a state parameter and check it on the callback.');
    }
    const scopes = (query.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const invalid = scopes.filter((scope) => !KNOWN_PERMISSIONS.includes(scope));
    if (invalid.length > 0) {
      return dialogError(
        reply,
        'Invalid Scopes',
        `Invalid Scopes: ${invalid.join(', ')}. This message is only shown to developers.`,
      );
    }
    const method = query.code_challenge ? (query.code_challenge_method ?? 'S256') : undefined;
    if (method && method !== 'S256' && method !== 'plain') {
      return dialogError(reply, 'Invalid code_challenge_method', 'code_challenge_method must be S256 or plain.');
    }
    return ctx.showConsent(request, reply, {
      platform: PLATFORM,
      clientId: query.client_id,
      redirectUri: redirect.uri,
      state: query.state,
      scope: scopes.join(','),
      codeChallenge: query.code_challenge,
      codeChallengeMethod: method,
      denyParams: DENY_PARAMS,
    });
  });

  const tokenEndpoint = async (request: FastifyRequest, reply: FastifyReply) => {
    const { version } = request.params as { version: string };
    if (!GRAPH_VERSIONS.includes(version)) return deprecatedVersion(reply, version);
    const params = graphParams(request);
    if (!params.client_id) return sendGraphError(reply, 400, { message: 'Missing client_id parameter.', code: 101 });
    if (params.client_id !== CREDENTIALS.clientId) {
      return sendGraphError(reply, 400, {
        message: 'Error validating application. Invalid application ID.',
        code: 101,
      });
    }
    const secretRequired = !params.code_verifier;
    if (secretRequired && !params.client_secret) return invalidParameter(reply, 'Missing client_secret parameter.');
    if (params.client_secret !== undefined && params.client_secret !== CREDENTIALS.clientSecret) {
      return sendGraphError(reply, 400, { message: 'Error validating client secret.', code: 1 });
    }
    const issued = (grant: Grant, seconds: number) => ({
      access_token: grants.issueAccess(grant, seconds),
      token_type: 'bearer',
      expires_in: seconds,
    });

    if (params.grant_type === 'fb_exchange_token') {
      if (!params.fb_exchange_token) return invalidParameter(reply, 'Missing fb_exchange_token parameter.');
      const check = grants.checkAccess(PLATFORM, params.fb_exchange_token);
      if (!check.ok) return tokenError(reply, check.reason, ctx.now());
      return reply.send(issued(check.grant, LONG_LIVED_TOKEN_SECONDS));
    }
    if (params.grant_type !== undefined) {
      return invalidParameter(
        reply,
        `grant_type ${params.grant_type} is not emulated by the sandbox (use code or fb_exchange_token)`,
      );
    }
    if (!params.redirect_uri) return invalidParameter(reply, 'Missing redirect_uri parameter.');
    if (!params.code) return invalidParameter(reply, 'Missing code parameter.');
    const redeemed = grants.redeemCode(PLATFORM, params.code, {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeVerifier: params.code_verifier,
    });
    if (!redeemed.ok) return sendGraphError(reply, 400, codeError(redeemed.description));
    return reply.send(issued(redeemed.grant, SHORT_LIVED_TOKEN_SECONDS));
  };
  app.get('/:version/oauth/access_token', tokenEndpoint);
  app.post('/:version/oauth/access_token', tokenEndpoint);
}
