import { AUTH_MESSAGES } from '@shared/api/auth';
import {
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
} from '@shared/validation/auth';
import type { FastifyPluginAsync } from 'fastify';

import { noStore, rateLimit } from '../../lib/routeOptions';
import { errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';

const tags = ['Auth'];

/**
 * register/, login/, token/refresh/, logout/, forgot-password/, reset-password/. Each route has a
 * per-IP request budget on top of the login cooldown, and no reply may be cached: several carry tokens.
 */
export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  noStore(app);

  app.post(
    '/register/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Create an account (it does not sign in)',
        tags,
        body: registerSchema,
        response: { 201: success('The new account.'), ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await services.auth.register(request.body)),
  );

  app.post(
    '/login/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Sign in with e-mail and password',
        description:
          'After 3 failed logins for an account (10 for a client address) a cooldown starts: 30 s, doubling per further failure up to 15 min. ' +
          'A client that has not failed on the account is only held during the first 30 s of it.',
        tags,
        body: loginSchema,
        response: {
          200: success('The session: access and refresh tokens, name and e-mail.'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => services.auth.login(request.body, request.ip),
  );

  app.post(
    '/token/refresh/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Rotate the refresh token and get a new access token',
        description:
          'The refresh token is spent. Presented again within 10 s (another tab) it returns the same new refresh token; ' +
          'any later reuse ends the session.',
        tags,
        body: refreshSchema,
        response: { 200: success('A new access and refresh token.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => services.auth.refresh(request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'End the session of the refresh token; the user’s access tokens stop working',
        tags,
        body: refreshSchema,
        response: { 204: success('Signed out (also for an unknown token).'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await services.auth.logout(request.body.refresh);
      return reply.code(204).send();
    },
  );

  app.post(
    '/forgot-password/',
    {
      config: rateLimit(5),
      schema: {
        summary: 'Mail a password reset link; the same reply whether or not the e-mail is registered',
        tags,
        body: forgotPasswordSchema,
        response: { 200: success('Acknowledged.'), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await services.auth.forgotPassword(request.body.email);
      return { detail: AUTH_MESSAGES.resetSent };
    },
  );

  app.post(
    '/reset-password/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Set a new password with a mailed link; ends every session and spends the user’s other links',
        tags,
        body: resetPasswordSchema,
        response: { 200: success('Password changed.'), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await services.auth.resetPassword(request.body);
      return { detail: AUTH_MESSAGES.passwordChanged };
    },
  );
};
