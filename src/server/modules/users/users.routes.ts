import { TIME_ZONE_HEADER } from '@shared/api/auth';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { noStore } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { Services } from '../../services';
import { createAuthGuard } from '../auth/auth.guard';

const tags = ['Account'];

/** user-info/, account-info/, delete-account/: the signed-in user's own account. */
export const usersRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  app,
  { ctx, services },
) => {
  app.addHook('preHandler', createAuthGuard(ctx));
  noStore(app);

  app.get(
    '/user-info/',
    {
      schema: {
        summary: 'The signed-in user: trial, points and streak (counts today’s visit)',
        description: `Send the browser's IANA time zone in ${TIME_ZONE_HEADER} so streaks count in the user's own days.`,
        tags,
        security: bearerAuth,
        response: { 200: success('User info.'), ...errorResponses(401) },
      },
    },
    async (request) => {
      const zone = request.headers[TIME_ZONE_HEADER];
      return services.users.userInfo(currentUserId(request), typeof zone === 'string' ? zone : undefined);
    },
  );

  app.get(
    '/account-info/',
    {
      schema: {
        summary: 'The signed-in user’s name and e-mail',
        tags,
        security: bearerAuth,
        response: { 200: success('Account info.'), ...errorResponses(401) },
      },
    },
    async (request) => services.users.accountInfo(currentUserId(request)),
  );

  app.post(
    '/delete-account/',
    {
      schema: {
        summary: 'Erase the account and everything it owns (grants are revoked at the platforms)',
        tags,
        security: bearerAuth,
        response: { 204: success('Deleted.'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await services.users.deleteAccount(currentUserId(request));
      return reply.code(204).send();
    },
  );
};
