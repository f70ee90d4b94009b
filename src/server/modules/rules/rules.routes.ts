import { ruleEnabledSchema, ruleSchema } from '@shared/validation/rules';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Rules'];
const idParams = object({ id: string().default('') });

/** rules/… (signed-in member with dashboard access; reading needs 'rules:read', the rest 'rules:write'). */
export const ruleRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const service = services.rules;

  app.get(
    '/rules/',
    {
      schema: {
        summary: 'The workspace’s automated rules with their last run, and the changes waiting for approval',
        tags,
        security: bearerAuth,
        response: { 200: success('The rules and the pending approvals.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(principalFor(request, 'rules:read')),
  );

  app.post(
    '/rules/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Create a rule (the builder’s schema is the server’s: a refusal names the field)',
        tags,
        security: bearerAuth,
        body: ruleSchema,
        response: { 201: success('The new rule.'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(principalFor(request, 'rules:write'), request.body)),
  );

  app.post(
    '/rules/dry-run/',
    {
      config: rateLimit(30),
      schema: {
        summary:
          'What a rule would have done over the last 30 days, and what the entities it would have acted on did after',
        tags,
        security: bearerAuth,
        body: ruleSchema,
        response: { 200: success('The dry run.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.dryRun(principalFor(request, 'rules:write'), request.body),
  );

  app.get(
    '/rules/:id/',
    {
      schema: {
        summary: 'A rule with its recent runs and what it did',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The rule, its runs and its actions.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.detail(principalFor(request, 'rules:read'), request.params.id),
  );

  app.put(
    '/rules/:id/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Change a rule',
        tags,
        security: bearerAuth,
        params: idParams,
        body: ruleSchema,
        response: { 200: success('The changed rule.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.update(principalFor(request, 'rules:write'), request.params.id, request.body),
  );

  app.put(
    '/rules/:id/enabled/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Turn a rule on or off',
        tags,
        security: bearerAuth,
        params: idParams,
        body: ruleEnabledSchema,
        response: { 200: success('The rule.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      service.setEnabled(principalFor(request, 'rules:write'), request.params.id, request.body.enabled),
  );

  app.delete(
    '/rules/:id/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Delete a rule (what it did stays in the actions log under its name)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Deleted.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.remove(principalFor(request, 'rules:write'), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/rules/approvals/:id/approve/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Approve a change a rule queued: written at the platform now',
        tags,
        security: bearerAuth,
        params: idParams,
        response: {
          200: success('The rule action, applied or failed with the platform’s reason.'),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => service.approve(principalFor(request, 'rules:write'), request.params.id),
  );

  app.post(
    '/rules/approvals/:id/reject/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Reject a change a rule queued',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The rejected rule action.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.reject(principalFor(request, 'rules:write'), request.params.id),
  );
};
