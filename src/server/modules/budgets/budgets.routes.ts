import {
  budgetSchema,
  followedPlansQuerySchema,
  optimizerApplySchema,
  optimizerQuerySchema,
} from '@shared/validation/budgets';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Budgets'];
const idParams = object({ id: string().default('') });

/** budgets/… and optimizer/… (signed-in member with dashboard access; reading needs 'budgets:read', changes 'budgets:write'). */
export const budgetRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { budgets, optimizer } = services;

  app.get(
    '/budgets/',
    {
      schema: {
        summary: 'Monthly budgets of the workspace, each with its pacing this month',
        tags,
        security: bearerAuth,
        response: { 200: success('The budgets with their pacing.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => budgets.list(principalFor(request, 'budgets:read')),
  );

  app.post(
    '/budgets/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Add a monthly budget (the whole workspace, one platform or one ad account)',
        tags,
        security: bearerAuth,
        body: budgetSchema,
        response: { 201: success('The budget with its pacing.'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await budgets.create(principalFor(request, 'budgets:write'), request.body)),
  );

  app.put(
    '/budgets/:id/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Change a monthly budget',
        tags,
        security: bearerAuth,
        params: idParams,
        body: budgetSchema,
        response: { 200: success('The budget with its pacing.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => budgets.update(principalFor(request, 'budgets:write'), request.params.id, request.body),
  );

  app.delete(
    '/budgets/:id/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Delete a monthly budget',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Deleted.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await budgets.remove(principalFor(request, 'budgets:write'), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/optimizer/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'The budget optimizer’s plan for an ad account: its daily budgets reallocated at the same total',
        tags,
        security: bearerAuth,
        querystring: optimizerQuerySchema,
        response: { 200: success('The plan.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => optimizer.plan(principalFor(request, 'budgets:read'), request.query),
  );

  app.post(
    '/optimizer/apply/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Write a plan’s budgets at the platform (undoable from the actions log for 10 minutes)',
        tags,
        security: bearerAuth,
        body: optimizerApplySchema,
        response: {
          200: success('The actions-log entry and the changes made.'),
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502, 503),
        },
      },
    },
    async (request) => optimizer.apply(principalFor(request, 'budgets:write'), request.body),
  );

  app.get(
    '/optimizer/plans/',
    {
      schema: {
        summary: 'Optimizer plans of an ad account followed step by step (newest first)',
        tags,
        security: bearerAuth,
        querystring: followedPlansQuerySchema,
        response: { 200: success('The followed plans.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => optimizer.plans(principalFor(request, 'budgets:read'), request.query.account),
  );

  app.post(
    '/optimizer/plans/:id/stop/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Stop following a plan (the budgets stay where its last step put them)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The plan, stopped.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => optimizer.stopPlan(principalFor(request, 'budgets:write'), request.params.id),
  );
};
