import { createHash, timingSafeEqual } from 'node:crypto';

import { ErrorCode } from '@shared/api/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from '../lib/httpError';
import { bearerAuth, errorBody } from '../lib/routeSchema';
import type { Metrics } from './metrics';

export interface PrometheusRoutesOptions {
  metrics: Metrics;
  /** METRICS_TOKEN; unset or empty: the route is not registered, so GET metrics is a plain 404. */
  token?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * GET metrics (under the API base: /api/metrics): the Prometheus scrape endpoint, behind
 * `Authorization: Bearer <METRICS_TOKEN>`. Scrapers poll it, so it has no rate limit and no log
 * line per request, and its answer is never cached.
 */
export const prometheusRoutes: FastifyPluginAsync<PrometheusRoutesOptions> = async (app, { metrics, token }) => {
  if (!token) return;
  // Both sides hashed first: equal lengths for timingSafeEqual, and nothing learnt from the token's length.
  const expected = sha256(token);

  const requireToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
    if (match && timingSafeEqual(sha256(match[1]), expected)) return;
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    throw match
      ? new HttpError(401, 'The metrics token is not valid.', ErrorCode.Unauthorized)
      : new HttpError(401, 'The metrics need an Authorization: Bearer <METRICS_TOKEN> header.', ErrorCode.Unauthorized);
  };

  app.get(
    '/metrics',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      onRequest: requireToken,
      schema: {
        summary: 'Prometheus metrics: requests, jobs and ad platform calls',
        description:
          'The Prometheus text exposition format. Needs `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the endpoint does not exist (404).',
        tags: ['Operations'],
        security: bearerAuth,
        response: {
          200: {
            description: 'The current metric values.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          401: { ...errorBody, description: 'No metrics token, or not the one METRICS_TOKEN holds.' },
        },
      },
    },
    async (_request, reply) => {
      const body = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
    },
  );
};
