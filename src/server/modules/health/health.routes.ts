import { ErrorCode } from '@shared/api/errors';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { errorResponses, success } from '../../lib/routeSchema';

/** GET health (the process is up) and GET ready (the database answers). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Probes hit these every few seconds: no rate limit, and no log line unless something is wrong.
  const noLimit = { config: { rateLimit: false }, logLevel: 'warn' } as const;
  const tags = ['Operations'];
  app.get(
    '/health',
    { ...noLimit, schema: { summary: 'Liveness: the process answers', tags, response: { 200: success('Up.') } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/ready',
    {
      ...noLimit,
      schema: {
        summary: 'Readiness: the database answers',
        tags,
        response: { 200: success('Ready.'), ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        throw new HttpError(503, 'Database unreachable.', ErrorCode.ServiceUnavailable);
      }
      return { status: 'ready', database: ctx.database.kind };
    },
  );
};
