import { postLaunchImageQuerySchema, postLaunchQuerySchema } from '@shared/validation/creativePostLaunch';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Creative Analyzer'];

/** creative/post-launch/… (signed-in member with 'creative:analyze' in a Pro workspace). */
export const postLaunchRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { postLaunch } = services;

  app.get(
    '/creative/post-launch/',
    {
      config: rateLimit(60),
      schema: {
        summary:
          'Score every delivering ad of an account against the other ads of its campaign (hook, conversion, efficiency), with its fatigue trend',
        tags,
        security: bearerAuth,
        querystring: postLaunchQuerySchema,
        response: { 200: success('The scores, campaign by campaign.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => postLaunch.scores(principalFor(request, 'creative:analyze'), request.query),
  );

  app.get(
    '/creative/post-launch/image/',
    {
      config: rateLimit(30),
      schema: {
        summary:
          'A synced ad’s image, read from where its platform serves it and checked like an upload, to analyse it',
        tags,
        security: bearerAuth,
        querystring: postLaunchImageQuerySchema,
        response: { 200: success('The image as base64.'), ...errorResponses(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => postLaunch.image(principalFor(request, 'creative:analyze'), request.query),
  );
};
