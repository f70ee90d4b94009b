import type { FastifyPluginAsync } from 'fastify';
import { CREATIVE_LIMITS } from '@shared/api/creative';
import { creativeAnalyzeSchema, creativeCompareSchema } from '@shared/validation/creative';
import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { createWorkspaceGuard, principalFor } from '../access/principal';
import { createAuthGuard } from '../auth/auth.guard';

const tags = ['Creative Analyzer'];
/** A 10 MB image as base64 plus the copy's text: the body this route must take (the API's default limit is far smaller). */
const ANALYZE_BODY_LIMIT = Math.ceil((CREATIVE_LIMITS.maxImageBytes * 4) / 3) + 256 * 1024;

/** creative/… (signed-in member with 'creative:analyze' in a Pro workspace). */
export const creativeRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (fastify, { ctx, services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { creative } = services;
  app.addHook('onRequest', createAuthGuard(ctx));
  app.addHook('onRequest', createWorkspaceGuard(ctx));
  noStore(app);

  app.post(
    '/creative/analyze/',
    {
      bodyLimit: ANALYZE_BODY_LIMIT,
      config: rateLimit(60),
      schema: {
        summary: 'Score and explain one ad copy and its image for a placement',
        tags,
        security: bearerAuth,
        body: creativeAnalyzeSchema,
        response: { 200: success('The analysis.'), ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => creative.analyze(principalFor(request, 'creative:analyze'), request.body),
  );

  app.post(
    '/creative/compare/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Rank two to five ad copies, each step explained',
        tags,
        security: bearerAuth,
        body: creativeCompareSchema,
        response: { 200: success('The ranking.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => creative.compare(principalFor(request, 'creative:analyze'), request.body),
  );
};
