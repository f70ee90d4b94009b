import { isPlatform, type Platform } from '@shared/constants';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { notFound } from '../../lib/httpError';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';
import { AD_ACCOUNT_MESSAGES, callbackQuery, OAUTH_STATE_TTL_MS } from './adAccounts.service';
import { clearBrowserCookie, newBrowserNonce, readBrowserCookie, setBrowserCookie } from './browserBinding';

const tags = ['Ad accounts'];

/** `<platform>` in the path; a name that is not one of the five answers 404 (see knownPlatform), not 400. */
const platformParams = object({ platform: string().required() });

function knownPlatform(name: string): Platform {
  if (!isPlatform(name)) throw notFound(AD_ACCOUNT_MESSAGES.unknownPlatform(name));
  return name;
}

/** delete-connected-account/ body. */
export const disconnectSchema = object({
  accid: string().trim().required(AD_ACCOUNT_MESSAGES.pickAccount).uuid(AD_ACCOUNT_MESSAGES.pickAccount),
});

/** ad-accounts/, auth/<platform>/, delete-connected-account/ (signed-in user). */
export const adAccountRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  // Before the body is read: a signed-out caller is told so, not what is wrong with its body.

  app.get(
    '/ad-accounts/',
    {
      schema: {
        summary: 'The current workspace’s connected ad accounts, with each connection’s health',
        tags,
        security: bearerAuth,
        response: { 200: success('Connected ad accounts, oldest first.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => services.adAccounts.list(principalFor(request, 'accounts:read')),
  );

  app.get(
    '/auth/:platform/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Start connecting an ad platform: the consent page to send the browser to',
        description:
          'Also sets a short-lived, HttpOnly cookie (path: the OAuth callbacks) that binds the flow to this browser: ' +
          'the callback only completes in the browser that called this. For X, `code_verifier` is returned as the spec asks; ' +
          'the server never reads it back.',
        tags,
        security: bearerAuth,
        params: platformParams,
        response: {
          200: success('`auth_url` (and `code_verifier` for X).'),
          ...errorResponses(401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const platform = knownPlatform(request.params.platform);
      const nonce = newBrowserNonce();
      const started = await services.adAccounts.startConnection(
        principalFor(request, 'accounts:write'),
        platform,
        nonce,
      );
      setBrowserCookie(reply, ctx.config, platform, nonce, OAUTH_STATE_TTL_MS);
      return started;
    },
  );

  app.post(
    '/delete-connected-account/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Disconnect an ad account (needs a verified OTP); the grant is revoked when its last account goes',
        tags,
        security: bearerAuth,
        body: disconnectSchema,
        response: { 200: success('Disconnected.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => services.adAccounts.disconnect(principalFor(request, 'accounts:write'), request.body.accid),
  );
};

/**
 * oauth/<platform>/callback: where the platform sends the browser back. No access token here
 * (it is a top-level navigation); the single-use state ties it to the user who started it, and
 * the browser cookie set by auth/<platform>/ to the browser that did. Always ends on the
 * accounts page with the outcome in the query, whatever the query holds: this route reads its
 * own query (a repeated or odd parameter is a failed connection, not a JSON 400).
 */
export const oauthCallbackRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  noStore(app);

  app.get(
    '/oauth/:platform/callback',
    {
      config: { ...rateLimit(30), checksOwnQuery: true },
      schema: {
        summary: 'OAuth redirect target: finishes a connection and sends the browser to the accounts page',
        description:
          'Called by the platform with `state` and `code` (TikTok: `auth_code`), or an error. Needs the cookie set by ' +
          '`auth/<platform>/` in the same browser. Answers 302 to `/connected-accounts?invite_status=…&platform=…[&reason=…]`.',
        tags,
        params: platformParams,
        response: { 302: success('To the accounts page, with the outcome in the query.'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const platform = knownPlatform(request.params.platform);
      const cookie = readBrowserCookie(request, platform);
      const outcome = await services.adAccounts.completeConnection(platform, {
        query: callbackQuery(request.query),
        browserNonce: cookie.nonce,
      });
      // The cookie has done its job once its flow is over. It stays when this callback was not its
      // flow's (another tab's newer flow may still need it), unless it is unreadable anyway.
      const notItsFlow = outcome.reason === 'wrong_browser' || outcome.reason === 'expired_state';
      if (cookie.present && (!notItsFlow || cookie.nonce === undefined))
        clearBrowserCookie(reply, ctx.config, platform);
      const query = new URLSearchParams(
        Object.entries(outcome).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return reply.redirect(`${ctx.config.publicUrl}/connected-accounts?${query}`, 302);
    },
  );
};
