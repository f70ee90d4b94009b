import { GRAPH_VERSIONS } from '../../contract';
import type { SandboxPlatform } from '../../types';
import { apiRoutes } from './api';
import { oauthRoutes } from './oauth';
import { sendGraphError } from './wire';

/**
 * Emulator of the Meta Marketing API (Graph API) under /meta (research section 2): the Login
 * dialog and the token endpoint (oauth.ts; Meta has no refresh tokens), and the Graph calls
 * (api.ts): /me/permissions, /me/adaccounts, campaigns with status and daily budget, and
 * Insights, synchronous or as async report runs. Every answer to a supported version carries
 * facebook-api-version; unknown paths get Graph's "Unknown path components".
 */
export const metaSandbox: SandboxPlatform = {
  platform: 'meta',
  routes: (app, ctx) => {
    app.addHook('onSend', async (request, reply) => {
      const { version } = (request.params ?? {}) as { version?: string };
      if (version && GRAPH_VERSIONS.includes(version)) reply.header('facebook-api-version', version);
    });
    app.setNotFoundHandler((request, reply) =>
      sendGraphError(reply, 400, { message: `Unknown path components: ${request.url.split('?')[0]}`, code: 2500 }),
    );
    oauthRoutes(app, ctx);
    apiRoutes(app, ctx);
  },
};
