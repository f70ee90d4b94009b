import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { noStore } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { Services } from '../../services';
import { createAuthGuard } from '../auth/auth.guard';

/** start-trial/: the one-time 7-day trial. */
export const trialRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  app,
  { ctx, services },
) => {
  app.addHook('preHandler', createAuthGuard(ctx));
  noStore(app);

  app.post(
    '/start-trial/',
    {
      schema: {
        summary: 'Start the 7-day trial (once per account)',
        tags: ['Account'],
        security: bearerAuth,
        response: { 200: success('The trial’s end.'), ...errorResponses(401, 409) },
      },
    },
    async (request) => services.trial.startTrial(currentUserId(request)),
  );
};
