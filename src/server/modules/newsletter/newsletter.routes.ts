import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { NEWSLETTER_MESSAGES, NEWSLETTER_RATE_LIMIT } from '@shared/api/newsletter';
import { newsletterSubscribeSchema, newsletterTokenSchema } from '@shared/validation/newsletter';
import type { AppContext } from '../../context';
import type { Services } from '../../services';
import { HttpError } from '../../lib/httpError';
import { validate } from '../../lib/validate';
import { createAuthGuard, currentUserId } from '../auth/auth.guard';

/** Per-IP budgets: subscribing mails someone, so it is kept tight; the links' tokens are 256-bit. */
const subscribeLimit = {
  max: NEWSLETTER_RATE_LIMIT.max,
  timeWindow: `${NEWSLETTER_RATE_LIMIT.windowMinutes} minutes`,
  keyGenerator: (request: FastifyRequest) => request.ip,
  errorResponseBuilder: () => new HttpError(429, NEWSLETTER_MESSAGES.rateLimited, ErrorCode.RateLimited),
};
const linkLimit = { max: 30, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.ip };

/** newsletter/ (status), newsletter/subscribe/, newsletter/confirm/, newsletter/unsubscribe/: double opt-in. */
export const newsletterRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  const requireUser = createAuthGuard(ctx);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/newsletter/', { preHandler: requireUser }, async (request) => services.newsletter.status(currentUserId(request)));

  // Signed in or not: with a Bearer token the account is known (and the address may be left out);
  // without one the address is required. A token that is sent must be valid.
  app.post('/newsletter/subscribe/', { config: { rateLimit: subscribeLimit } }, async (request) => {
    const input = await validate(newsletterSubscribeSchema, request.body);
    if (request.headers.authorization !== undefined) await requireUser(request);
    return services.newsletter.subscribe({ email: input.email, source: input.source, userId: request.userId });
  });

  app.post('/newsletter/confirm/', { config: { rateLimit: linkLimit } }, async (request) => {
    const { token } = await validate(newsletterTokenSchema, request.body);
    return services.newsletter.confirm(token);
  });

  app.post('/newsletter/unsubscribe/', { config: { rateLimit: linkLimit } }, async (request) => {
    const { token } = await validate(newsletterTokenSchema, request.body);
    return services.newsletter.unsubscribe(token);
  });
};
