import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Actions'];

/** Ids are looked up, not validated: one that is not the workspace's is a 404. */
const idParams = object({ id: string().default('') });

/** actions/… (signed-in member). Reads need 'suggestions:read'; Undo and Retry need 'suggestions:apply' (owner, manager). */
export const actionRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const service = services.actions;

  app.get(
    '/actions/',
    {
      schema: {
        summary: 'What was changed at the platforms, by whom, how each change landed, and whether it worked',
        tags,
        security: bearerAuth,
        response: { 200: success('The actions log.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.list(principalFor(request, 'suggestions:read')),
  );

  app.get(
    '/actions/:id/',
    {
      schema: {
        summary: 'One action as it stands (an applying one is being written, or checked after an interruption)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The action.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(principalFor(request, 'suggestions:read'), request.params.id),
  );

  app.post(
    '/actions/:id/undo/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Undo a change: within its 10-minute window, or any time for one the platform took only in part',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The undone action.'), ...errorResponses(401, 403, 404, 409, 422, 429, 502, 503) },
      },
    },
    async (request) => service.undo(principalFor(request, 'suggestions:apply'), request.params.id),
  );

  app.post(
    '/actions/:id/retry/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Write the steps of a change the platform took only in part',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The action, applied.'), ...errorResponses(401, 403, 404, 409, 422, 429, 502, 503) },
      },
    },
    async (request) => service.retry(principalFor(request, 'suggestions:apply'), request.params.id),
  );
};
