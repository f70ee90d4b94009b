import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { Services } from '../../services';
import { createAuthGuard, currentUserId } from '../auth/auth.guard';

const limit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

type Query = { Querystring: Record<string, unknown> };

/**
 * dashboard/…, auth/<platform>/performance/ and sync/ (signed-in user with dashboard access).
 * Numbers are the user's own; nothing here is cached by browsers or proxies.
 */
export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  const dashboard = services.dashboard;
  app.addHook('preHandler', createAuthGuard(ctx));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get<Query>('/dashboard/', async (request) => dashboard.view(currentUserId(request), request.query));

  app.get<Query>('/dashboard/campaigns/', async (request, reply) => {
    if (request.query.format === 'csv') {
      const { filename, body } = await dashboard.campaignsCsv(currentUserId(request), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
    }
    return dashboard.campaigns(currentUserId(request), request.query);
  });

  app.get<Query & { Params: { id: string } }>('/dashboard/campaigns/:id/ads/', async (request) =>
    dashboard.campaignAds(currentUserId(request), request.params.id, request.query),
  );

  app.post<{ Params: { id: string } }>('/dashboard/campaigns/:id/status/', limit(60), async (request) =>
    dashboard.setCampaignStatus(currentUserId(request), request.params.id, request.body),
  );

  app.put('/dashboard/settings/', limit(30), async (request) => dashboard.saveSettings(currentUserId(request), request.body));

  app.get<Query & { Params: { platform: string } }>('/auth/:platform/performance/', async (request) =>
    dashboard.performance(currentUserId(request), request.params.platform, request.query),
  );

  app.post('/sync/', limit(20), async (request) => dashboard.requestSync(currentUserId(request), request.body));

  app.get('/sync/', async (request) => dashboard.syncStatus(currentUserId(request)));
};
