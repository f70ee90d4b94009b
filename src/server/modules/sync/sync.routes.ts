import { syncRequestSchema, syncSettingsSchema } from '@shared/validation/dashboard';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { assertDashboardAccess } from '../access/entitlements';
import { currentPrincipal, principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Sync'];

/**
 * sync/: the current workspace's sync state, and a manual sync of its connections. Both need
 * dashboard access (a running trial or a paid plan of an owner), checked before the body is
 * read, as the Refresh button is part of the dashboard.
 */
export const syncRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  app.addHook('preValidation', async (request) => {
    await assertDashboardAccess(ctx.db, currentPrincipal(request).workspaceId, ctx.clock.now());
  });

  app.post(
    '/sync/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Queue a manual sync of every active connection (or of one platform’s)',
        tags,
        security: bearerAuth,
        body: syncRequestSchema,
        response: { 200: success('The sync state after queueing.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { platform } = request.body;
      return services.sync.requestManual(
        principalFor(request, 'sync:run').workspaceId,
        platform === 'all' || platform === null ? undefined : platform,
      );
    },
  );

  app.put(
    '/sync/settings/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Set how often the workspace’s connections sync on their own (15 to 1,440 minutes; hourly by default)',
        tags,
        security: bearerAuth,
        body: syncSettingsSchema,
        response: { 200: success('The sync state with the new cadence.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      services.sync.setInterval(principalFor(request, 'accounts:write').workspaceId, request.body.interval_minutes),
  );

  app.get(
    '/sync/',
    {
      schema: {
        summary: 'The sync state of every connection',
        tags,
        security: bearerAuth,
        response: { 200: success('The sync state.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => services.sync.status(principalFor(request, 'dashboard:read').workspaceId),
  );
};
