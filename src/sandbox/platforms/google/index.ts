import { GOOGLE_ADS_VERSION } from '../../contract';
import type { SandboxPlatform } from '../../types';
import { apiRoutes } from './api';
import { GoogleAdsFault, sendFailure } from './errors';
import { oauthRoutes } from './oauth';

/**
 * The Google Ads emulator, mounted under /google: Google's OAuth endpoints (authorize, token,
 * revoke) and the Google Ads REST API at /google/<version> (research section 1). Wire shapes
 * follow the real API: int64 as strings, searchStream as an array of batches, failures as
 * google.rpc.Status with a GoogleAdsFailure.
 */

/** The API version the sandbox serves (contract.ts publishes it). */
const VERSION = GOOGLE_ADS_VERSION;

export const googleSandbox: SandboxPlatform = {
  platform: 'google',
  routes: async (app, ctx) => {
    oauthRoutes(app, ctx);
    await app.register(async (api) => apiRoutes(api, ctx, VERSION), { prefix: `/${VERSION}` });
    app.setNotFoundHandler((request, reply) =>
      sendFailure(
        reply,
        new GoogleAdsFault('NOT_FOUND', [], {
          statusMessage: `The requested URL ${request.url} was not found on this server.`,
        }),
        {
          version: VERSION,
          stream: false,
        },
      ),
    );
  },
};
