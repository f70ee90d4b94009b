import type { FastifyInstance } from 'fastify';

/** A route's own per-client budget on top of the global one: `{ config: rateLimit(20) }`. */
export const rateLimit = (max: number, timeWindow = '1 minute') => ({ rateLimit: { max, timeWindow } });

/**
 * For every route of a plugin that answers with a user's own data or a token: no browser or
 * proxy may keep a copy (RFC 6749 §5.1 for token responses; account data for the rest).
 */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
