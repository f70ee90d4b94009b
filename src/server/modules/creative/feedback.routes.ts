import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Creative Analyzer'];

/** creative/feedback/… (members read with 'creative:analyze'; owners and managers refit with 'creative:manage'; Pro workspaces). */
export const creativeFeedbackRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { creativeFeedback } = services;

  app.get(
    '/creative/feedback/',
    {
      config: rateLimit(60),
      schema: {
        summary:
          'The workspace’s refit of the pre-launch weights toward its launched ads, and how well each set of weights ranks ads held out of the fit',
        tags,
        security: bearerAuth,
        response: {
          200: success('The refit, or how far the workspace is from one.'),
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request) => creativeFeedback.view(principalFor(request, 'creative:analyze')),
  );

  app.post(
    '/creative/feedback/refit/',
    {
      // Reads every connected account's history: a few a minute is plenty.
      config: rateLimit(6),
      schema: {
        summary: 'Refit the pre-launch weights toward the workspace’s launched ads now',
        tags,
        security: bearerAuth,
        response: { 200: success('The new refit.'), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => creativeFeedback.refitNow(principalFor(request, 'creative:manage')),
  );
};
