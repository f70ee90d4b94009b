import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { forgotPasswordSchema, loginSchema, refreshSchema, registerSchema, resetPasswordSchema } from '@shared/validation/auth';
import type { Services } from '../../services';
import { validate } from '../../lib/validate';

/** Per-IP request budgets of the account endpoints, on top of the login cooldown. */
const limit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** register/, login/, token/refresh/, logout/, forgot-password/, reset-password/. */
export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/register/', limit(10), async (request, reply) => {
    const input = await validate(registerSchema, request.body);
    return reply.code(201).send(await services.auth.register(input));
  });

  app.post('/login/', limit(20), async (request) => {
    const input = await validate(loginSchema, request.body);
    return services.auth.login(input, request.ip);
  });

  app.post('/token/refresh/', limit(60), async (request) => {
    const { refresh } = await validate(refreshSchema, request.body);
    return services.auth.refresh(refresh);
  });

  app.post('/logout/', limit(30), async (request, reply) => {
    const { refresh } = await validate(refreshSchema, request.body);
    await services.auth.logout(refresh);
    return reply.code(204).send();
  });

  app.post('/forgot-password/', limit(5), async (request) => {
    const { email } = await validate(forgotPasswordSchema, request.body);
    await services.auth.forgotPassword(email);
    return { detail: AUTH_MESSAGES.resetSent };
  });

  app.post('/reset-password/', limit(10), async (request) => {
    const input = await validate(resetPasswordSchema, request.body);
    await services.auth.resetPassword(input);
    return { detail: AUTH_MESSAGES.passwordChanged };
  });
};
