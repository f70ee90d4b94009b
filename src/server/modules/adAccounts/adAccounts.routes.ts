import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Services } from '../../services';
import { createAuthGuard, currentUserId } from '../auth/auth.guard';

const limit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** ad-accounts/, auth/<platform>/, generate-otp/, verify-otp/, delete-connected-account/ (signed-in user). */
export const adAccountRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  app.addHook('preHandler', createAuthGuard(ctx));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/ad-accounts/', async (request) => services.adAccounts.list(currentUserId(request)));

  app.get<{ Params: { platform: string } }>('/auth/:platform/', limit(30), async (request) =>
    services.adAccounts.startConnection(currentUserId(request), request.params.platform),
  );

  app.post('/generate-otp/', limit(10), async (request) => services.otp.generate(currentUserId(request)));

  app.post('/verify-otp/', limit(20), async (request) => services.otp.verify(currentUserId(request), request.body));

  app.post('/delete-connected-account/', limit(20), async (request) =>
    services.adAccounts.disconnect(currentUserId(request), request.body),
  );
};

/**
 * oauth/<platform>/callback: where the platform sends the browser back. No access token here
 * (it is a top-level navigation); the single-use state ties it to the user who started it.
 * Always ends on the accounts page with the outcome in the query.
 */
export const oauthCallbackRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  app.get<{ Params: { platform: string }; Querystring: Record<string, string | undefined> }>(
    '/oauth/:platform/callback',
    limit(30),
    async (request, reply) => {
      const outcome = await services.adAccounts.completeConnection(request.params.platform, request.query);
      if (!outcome) return reply.code(404).send({ detail: 'Unknown ad platform.', code: 'not_found' });
      const query = new URLSearchParams(Object.entries(outcome).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return reply.header('cache-control', 'no-store').redirect(`${ctx.config.publicUrl}/connected-accounts?${query}`, 302);
    },
  );
};
