import type { FastifyPluginAsync } from 'fastify';
import { TIME_ZONE_HEADER } from '@shared/api/auth';
import type { AppContext } from '../../context';
import type { Services } from '../../services';
import { createAuthGuard, currentUserId } from '../auth/auth.guard';

/** user-info/, account-info/, start-trial/, delete-account/: the signed-in user's own account. */
export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  app.addHook('preHandler', createAuthGuard(ctx));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/user-info/', async (request) => {
    const zone = request.headers[TIME_ZONE_HEADER];
    return services.users.userInfo(currentUserId(request), typeof zone === 'string' ? zone : undefined);
  });

  app.get('/account-info/', async (request) => services.users.accountInfo(currentUserId(request)));

  app.post('/start-trial/', async (request) => services.trial.startTrial(currentUserId(request)));

  app.post('/delete-account/', async (request, reply) => {
    await services.users.deleteAccount(currentUserId(request));
    return reply.code(204).send();
  });
};
