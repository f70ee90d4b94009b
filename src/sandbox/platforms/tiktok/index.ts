import { sendImage } from '../../images';
import type { SandboxPlatform } from '../../types';
import { apiRoutes, IMAGE_FILE_PATH, imageKeyOf } from './api';
import { oauthRoutes } from './oauth';
import { fail, TIKTOK_CODES } from './wire';

/**
 * TikTok API for Business emulator (research section 5), mounted under /tiktok: the advertiser
 * authorization page and the token and revoke calls (oauth.ts), then advertisers, campaigns with
 * status and budget changes, and the synchronous integrated report (api.ts). Every API call needs
 * the `Access-Token` header and answers HTTP 200 with TikTok's `{code, message, request_id, data}`.
 */
export const tiktokSandbox: SandboxPlatform = {
  platform: 'tiktok',
  routes: (app, ctx) => {
    // Bodies Fastify cannot parse still answer in TikTok's envelope.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
      error.statusCode !== undefined && error.statusCode < 500
        ? fail(reply, TIKTOK_CODES.PARAM_ERROR, `Invalid request: ${error.message}`)
        : fail(reply, TIKTOK_CODES.SYS_ERROR, 'System error.'),
    );
    // Image files, as TikTok's image CDN serves an image_url: public, no token.
    app.get(`${IMAGE_FILE_PATH}/*`, async (request, reply) => {
      const key = imageKeyOf((request.params as { '*': string })['*']);
      return sendImage(reply, key ? ctx.world.image('tiktok', key) : undefined);
    });
    oauthRoutes(app, ctx);
    apiRoutes(app, ctx);
  },
};
