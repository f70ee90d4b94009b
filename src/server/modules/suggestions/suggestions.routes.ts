import { dismissSchema, suggestionQuerySchema } from '@shared/validation/suggestions';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Suggestions'];

/** Ids are looked up, not validated: one that is not the workspace's is a 404. */
const idParams = object({ id: string().default('') });

/**
 * suggestions/… (signed-in member with dashboard access). Reads need 'suggestions:read'; every
 * change needs 'suggestions:apply' (owner, manager). What Apply writes lands in the actions log (actions.routes.ts).
 */
export const suggestionRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const service = services.suggestions;

  app.get(
    '/suggestions/',
    {
      schema: {
        summary: 'Open suggestions, best first, filterable by type, platform and account',
        tags,
        security: bearerAuth,
        querystring: suggestionQuerySchema,
        response: { 200: success('The suggestions.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(principalFor(request, 'suggestions:read'), request.query),
  );

  app.get(
    '/suggestions/:id/preview/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'What Apply would change, against the state at the platform now',
        description:
          'When the entity changed since the suggestion was computed, the suggestion is withdrawn (current_matches false).',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The preview.'), ...errorResponses(401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request) => service.preview(principalFor(request, 'suggestions:apply'), request.params.id),
  );

  app.post(
    '/suggestions/:id/apply/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Apply a suggestion at its platform (undoable for 10 minutes)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The action recorded.'), ...errorResponses(401, 403, 404, 409, 422, 429, 502, 503) },
      },
    },
    async (request) => service.apply(principalFor(request, 'suggestions:apply'), request.params.id),
  );

  app.post(
    '/suggestions/:id/done/',
    {
      config: rateLimit(30),
      schema: {
        summary:
          'Mark a task as done by hand (recorded and measured like an applied suggestion, undoable for 10 minutes)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The action recorded.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.markDone(principalFor(request, 'suggestions:apply'), request.params.id),
  );

  app.post(
    '/suggestions/:id/dismiss/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Dismiss a suggestion, with a reason',
        tags,
        security: bearerAuth,
        params: idParams,
        body: dismissSchema,
        response: { 200: success('The dismissed suggestion.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.dismiss(principalFor(request, 'suggestions:apply'), request.params.id, request.body),
  );

  app.post(
    '/suggestions/:id/snooze/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Snooze a suggestion for 7 days',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The snoozed suggestion.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.snooze(principalFor(request, 'suggestions:apply'), request.params.id),
  );
};
