import { randomBytes } from 'node:crypto';
import type { SandboxPlatform } from '../sandbox';
import { oauthRoutes } from './linkedin/oauth';
import { restRoutes } from './linkedin/rest';
import { REQUEST_ID_HEADER } from './linkedin/wire';

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
    await app.register(async (rest) => restRoutes(rest, ctx), { prefix: '/rest' });
  },
};
