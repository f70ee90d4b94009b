import { randomBytes } from 'node:crypto';

import { sendImage } from '../../images';
import type { SandboxPlatform } from '../../types';
import { apiRoutes } from './api';
import { oauthRoutes } from './oauth';
import { IMAGE_FILE_PATH, imageKeyOf, REQUEST_ID_HEADER } from './wire';

/**
 * The LinkedIn Marketing API emulator, mounted under /linkedin: OAuth at /oauth/v2/* and the
 * versioned API at /rest/* (adAccountUsers, adAccounts, adCampaigns, creatives, the posts they
 * reference and those posts' images, adAnalytics), image files at /dms/image/<id>,
 * over the sandbox world. Every response carries a request id in x-li-uuid like LinkedIn's.
 */
export const linkedinSandbox: SandboxPlatform = {
  platform: 'linkedin',
  routes: async (app, ctx) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(REQUEST_ID_HEADER, randomBytes(16).toString('base64'));
    });
    oauthRoutes(app, ctx);
    // Image files, as media.licdn.com serves an image's downloadUrl: no token needed.
    app.get(`${IMAGE_FILE_PATH}/:imageId`, async (request, reply) => {
      const key = imageKeyOf((request.params as { imageId: string }).imageId);
      return sendImage(reply, key ? ctx.world.image('linkedin', key) : undefined);
    });
    await app.register(async (rest) => apiRoutes(rest, ctx), { prefix: '/rest' });
  },
};
