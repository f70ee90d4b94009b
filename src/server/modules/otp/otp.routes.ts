import { verifyOtpSchema } from '@shared/validation/otp';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { createAuthGuard } from '../auth/auth.guard';

const tags = ['Ad accounts'];

/** generate-otp/, verify-otp/ (signed-in user): the e-mailed code that guards disconnecting an ad account. */
export const otpRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  // Before the body is read: a signed-out caller is told so, not what is wrong with its body.
  app.addHook('onRequest', createAuthGuard(ctx));
  noStore(app);

  app.post(
    '/generate-otp/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'E-mail a one-time code that allows disconnecting an ad account',
        tags,
        security: bearerAuth,
        response: {
          200: success('Sent; says when another may be asked for and how long it works.'),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request) => services.otp.generate(currentUserId(request)),
  );

  app.post(
    '/verify-otp/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Check the e-mailed code; a verified code allows one disconnect for a few minutes',
        tags,
        security: bearerAuth,
        body: verifyOtpSchema,
        response: { 200: success('Verified.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => services.otp.verify(currentUserId(request), request.body.otp),
  );
};
