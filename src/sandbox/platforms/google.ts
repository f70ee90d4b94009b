import { DEFAULT_VERSIONS } from '@server/platforms/settings';
import type { SandboxPlatform } from '../sandbox';
import { apiRoutes } from './google/api';
import { GoogleAdsFault, sendFailure } from './google/errors';
import { oauthRoutes } from './google/oauth';

/**
 * The Google Ads emulator, mounted under /google: Google's OAuth endpoints (authorize, token,
 * revoke) and the Google Ads REST API at /google/<version> (research section 1). Wire shapes
 * follow the real API: int64 as strings, searchStream as an array of batches, failures as
 * google.rpc.Status with a GoogleAdsFailure.
 */

/** The API version the sandbox serves (the one settings.ts points sandbox clients at). */
const VERSION = DEFAULT_VERSIONS.google;

export const googleSandbox: SandboxPlatform = {
  platform: 'google',
  routes: async (app, ctx) => {
    oauthRoutes(app, ctx);
    await app.register(async (api) => apiRoutes(api, ctx, VERSION), { prefix: `/${VERSION}` });
    app.setNotFoundHandler((request, reply) =>
      sendFailure(reply, new GoogleAdsFault('NOT_FOUND', [], { statusMessage: `The requested URL ${request.url} was not found on this server.` }), {
        version: VERSION,
        stream: false,
      }),
    );
  },
};
