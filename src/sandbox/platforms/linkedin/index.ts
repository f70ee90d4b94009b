import { randomBytes } from 'node:crypto';
import type { SandboxPlatform } from '../../types';
import { apiRoutes } from './api';
import { oauthRoutes } from './oauth';
import { REQUEST_ID_HEADER } from './wire';

/**
 * The LinkedIn Marketing API emulator, mounted under /linkedin: OAuth at /oauth/v2/* and the
 * versioned API at /rest/* (adAccountUsers, adAccounts, adCampaigns, creatives, adAnalytics),
 * over the sandbox world. Every response carries a request id in x-li-uuid like LinkedIn's.
 */
export const linkedinSandbox: SandboxPlatform = {
  platform: 'linkedin',
  routes: async (app, ctx) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(REQUEST_ID_HEADER, randomBytes(16).toString('base64'));
    });
    oauthRoutes(app, ctx);
    await app.register(async (rest) => apiRoutes(rest, ctx), { prefix: '/rest' });
  },
};
