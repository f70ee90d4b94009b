import type { FastifyPluginAsync } from 'fastify';
import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@shared/api/contact';
import { ErrorCode } from '@shared/api/errors';
import { contactSchema } from '@shared/validation/contact';
import type { AppContext } from '../../context';
import type { Services } from '../../services';
import { HttpError } from '../../lib/httpError';
import { validate } from '../../lib/validate';

/** POST get-in-touch/ (spec section 7): the contact form, validated again with the form's own schema. */
export const contactRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app, { services }) => {
  app.post(
    '/get-in-touch/',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: `${CONTACT_RATE_LIMIT.windowMinutes} minutes`,
          keyGenerator: (request) => request.ip,
          errorResponseBuilder: (_request, context) => new HttpError(429, CONTACT_MESSAGES.rateLimited(context.after), ErrorCode.RateLimited),
        },
      },
    },
    async (request, reply) => {
      const input = await validate(contactSchema, request.body);
      return reply.code(201).send(await services.contact.send(input));
    },
  );
};
