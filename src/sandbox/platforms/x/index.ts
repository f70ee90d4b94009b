import { X_ADS_VERSION } from '../../contract';
import { sendImage } from '../../images';
import type { SandboxPlatform } from '../../types';
import { apiRoutes } from './api';
import { oauthRoutes } from './oauth';
import { MEDIA_PATH, sendError, transactionId, XFailure } from './wire';

/**
 * The X (Twitter) Ads emulator, mounted under /x: OAuth 2.0 + PKCE (/i/oauth2/authorize,
 * /2/oauth2/token, /2/oauth2/revoke), the Ads API v12 entity endpoints (accounts, funding
 * instruments, campaigns with PUT for status and budget, line items, promoted tweets, tweets,
 * cards), card images at /media/<name>.png,
 * synchronous and asynchronous analytics, and X's error bodies, rate-limit headers and
 * x-transaction-id on every response. API calls take a Bearer token or an OAuth 1.0a header
 * carrying a sandbox access token (signature not verified; see wire.ts).
 */
export const xSandbox: SandboxPlatform = {
  platform: 'x',
  routes(app, ctx) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-transaction-id', transactionId());
      return payload;
    });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof XFailure) return sendError(reply, error.status, error.code, error.message, error.parameter);
      return sendError(reply, 500, 'INTERNAL_ERROR', 'Internal error');
    });
    app.setNotFoundHandler((request, reply) => {
      if (!request.url.includes(`/${X_ADS_VERSION}/`)) return reply.code(404).type('text/plain').send('Not Found');
      return sendError(reply, 404, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${request.url}`);
    });
    // Card images, as pbs.twimg.com serves media: public, no token.
    app.get(`${MEDIA_PATH}/:file`, async (request, reply) => {
      const key = /^([0-9a-f]{32})\.png$/.exec((request.params as { file: string }).file)?.[1];
      return sendImage(reply, key ? ctx.world.image('x', key) : undefined);
    });
    oauthRoutes(app, ctx);
    apiRoutes(app, ctx);
  },
};
