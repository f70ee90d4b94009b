import type { FastifyPluginAsync } from 'fastify';
import { alertQuerySchema, alertReadSchema } from '@shared/validation/alerts';
import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { createWorkspaceGuard, principalFor } from '../access/principal';
import { createAuthGuard } from '../auth/auth.guard';
import { openAlertStream } from './alerts.stream';

const tags = ['Alerts'];

/** alerts/… (signed-in member with dashboard access and 'alerts:read'). */
export const alertRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (fastify, { ctx, services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const service = services.alerts;
  app.addHook('onRequest', createAuthGuard(ctx));
  app.addHook('onRequest', createWorkspaceGuard(ctx));
  noStore(app);

  app.get(
    '/alerts/',
    {
      schema: {
        summary: 'Alerts of the workspace, newest first, filterable by kind, severity, account and read state',
        tags,
        security: bearerAuth,
        querystring: alertQuerySchema,
        response: { 200: success('The alerts, their total and the unread count.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(principalFor(request, 'alerts:read'), request.query),
  );

  app.get(
    '/alerts/unread/',
    {
      schema: {
        summary: 'How many alerts the caller has not read (the bell)',
        tags,
        security: bearerAuth,
        response: { 200: success('The unread count.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.unread(principalFor(request, 'alerts:read')),
  );

  app.get(
    '/alerts/stream/',
    {
      schema: {
        summary: 'Alerts as they are raised: server-sent events (`alert`, id = its sequence); send Last-Event-ID to resume',
        tags,
        security: bearerAuth,
        response: { ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => openAlertStream(ctx, service, principalFor(request, 'alerts:read'), request, reply),
  );

  app.post(
    '/alerts/read/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Mark alerts as read for the caller: the named ones, or all',
        tags,
        security: bearerAuth,
        body: alertReadSchema,
        response: { 200: success('How many were marked, and the unread count left.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.markRead(principalFor(request, 'alerts:read'), request.body),
  );
};
