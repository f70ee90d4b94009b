import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@shared/api/contact';
import { ErrorCode } from '@shared/api/errors';
import { contactSchema } from '@shared/validation/contact';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';

/** POST get-in-touch/ (spec section 7): the contact form, validated again with the form's own schema. */
export const contactRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { services },
) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.post(
    '/get-in-touch/',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: `${CONTACT_RATE_LIMIT.windowMinutes} minutes`,
          keyGenerator: (request) => request.ip,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, CONTACT_MESSAGES.rateLimited(context.after), ErrorCode.RateLimited),
        },
      },
      schema: {
        summary: 'Send a message to the team (the contact form)',
        tags: ['Public'],
        body: contactSchema,
        response: { 201: success('Stored and mailed to the team.'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await services.contact.send(request.body)),
  );
};
