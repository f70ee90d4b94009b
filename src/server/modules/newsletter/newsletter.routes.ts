import { ErrorCode } from '@shared/api/errors';
import { NEWSLETTER_MESSAGES, NEWSLETTER_RATE_LIMIT } from '@shared/api/newsletter';
import { newsletterSubscribeSchema, newsletterTokenSchema } from '@shared/validation/newsletter';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { createAuthGuard } from '../auth/auth.guard';

/** Per-IP budgets: subscribing mails someone, so it is kept tight; the links' tokens are 256-bit. */
const subscribeLimit = {
  max: NEWSLETTER_RATE_LIMIT.max,
  timeWindow: `${NEWSLETTER_RATE_LIMIT.windowMinutes} minutes`,
  keyGenerator: (request: FastifyRequest) => request.ip,
  errorResponseBuilder: () => new HttpError(429, NEWSLETTER_MESSAGES.rateLimited, ErrorCode.RateLimited),
};
const linkLimit = { config: rateLimit(30) };
const tags = ['Newsletter'];

/** newsletter/ (status), newsletter/subscribe/, newsletter/confirm/, newsletter/unsubscribe/: double opt-in. */
export const newsletterRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const requireUser = createAuthGuard(ctx);
  noStore(app);

  app.get(
    '/newsletter/',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Whether the signed-in user gets the newsletter',
        tags,
        security: bearerAuth,
        response: { 200: success('Status.'), ...errorResponses(401) },
      },
    },
    async (request) => services.newsletter.status(currentUserId(request)),
  );

  // Signed in or not: with a Bearer token the account is known (and the address may be left out);
  // without one the address is required. A token that is sent must be valid.
  app.post(
    '/newsletter/subscribe/',
    {
      config: { rateLimit: subscribeLimit },
      schema: {
        summary: 'Start the double opt-in (a confirmation link is mailed); the same reply whatever the address’s state',
        tags,
        security: [{}, ...bearerAuth],
        body: newsletterSubscribeSchema,
        response: { 200: success('Confirmation mailed if needed.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      if (request.headers.authorization !== undefined) await requireUser(request);
      return services.newsletter.subscribe({
        email: request.body.email,
        source: request.body.source,
        userId: request.userId,
      });
    },
  );

  app.post(
    '/newsletter/confirm/',
    {
      ...linkLimit,
      schema: {
        summary: 'Confirm a subscription with the mailed token',
        tags,
        body: newsletterTokenSchema,
        response: { 200: success('Confirmed.'), ...errorResponses(400, 429) },
      },
    },
    async (request) => services.newsletter.confirm(request.body.token),
  );

  app.post(
    '/newsletter/unsubscribe/',
    {
      ...linkLimit,
      schema: {
        summary: 'Unsubscribe with the token from any newsletter mail',
        tags,
        body: newsletterTokenSchema,
        response: { 200: success('Unsubscribed.'), ...errorResponses(400, 429) },
      },
    },
    async (request) => services.newsletter.unsubscribe(request.body.token),
  );
};
