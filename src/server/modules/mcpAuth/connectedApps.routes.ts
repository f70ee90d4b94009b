import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import { createAuthGuard } from '../auth/auth.guard';
import { createConnectedAppsService } from './connectedApps.service';

const tags = ['Account'];

/** users/me/connected-apps/: the MCP clients the signed-in user authorized, and revoking them. */
export const connectedAppsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', createAuthGuard(ctx));
  noStore(app);
  const apps = createConnectedAppsService(ctx);

  app.get(
    '/users/me/connected-apps/',
    {
      schema: {
        summary: 'The AI assistants (MCP clients) the signed-in user connected, with workspace, access and last use',
        tags,
        security: bearerAuth,
        response: { 200: success('Connected apps.'), ...errorResponses(401) },
      },
    },
    async (request) => apps.list(currentUserId(request)),
  );

  app.delete<{ Params: { id: string } }>(
    '/users/me/connected-apps/:id/',
    {
      schema: {
        summary: 'Disconnect an app: its grant and every token of it end at once',
        tags,
        security: bearerAuth,
        response: { 204: success('Revoked.'), ...errorResponses(401, 404) },
      },
      config: rateLimit(30),
    },
    async (request, reply) => {
      await apps.revoke(currentUserId(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
