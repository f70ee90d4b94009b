import { CREATIVE_LIMITS } from '@shared/api/creative';
import {
  creativeCompareSchema,
  creativeHistoryQuerySchema,
  creativeReanalyzeSchema,
  creativeShareSchema,
} from '@shared/validation/creative';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';

const tags = ['Creative Analyzer'];
const idParams = object({ id: string().default('') });
const tokenParams = object({ token: string().default('') });
/** A 10 MB image as base64 plus the copy's text: the body this route must take (the API's default limit is far smaller). */
const ANALYZE_BODY_LIMIT = Math.ceil((CREATIVE_LIMITS.maxImageBytes * 4) / 3) + 256 * 1024;

/** creative/… (signed-in member with 'creative:analyze' in a Pro workspace; deleting results and making, listing or revoking their share links need 'creative:manage'). */
export const creativeRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (
  fastify,
  { ctx, services },
) => {
  const app = workspaceScope(fastify, ctx);
  const { creative } = services;

  app.post(
    '/creative/analyze/',
    {
      bodyLimit: ANALYZE_BODY_LIMIT,
      config: rateLimit(60),
      schema: {
        summary:
          'Score and explain one ad copy and its image for a placement; saved, and with previous_id, what changed since that one',
        tags,
        security: bearerAuth,
        body: creativeReanalyzeSchema,
        response: { 200: success('The analysis, with its saved id.'), ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request) => creative.analyze(principalFor(request, 'creative:analyze'), request.body),
  );

  app.post(
    '/creative/compare/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Rank two to five ad copies, each step explained; saved',
        tags,
        security: bearerAuth,
        body: creativeCompareSchema,
        response: { 200: success('The ranking, with its saved id.'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => creative.compare(principalFor(request, 'creative:analyze'), request.body),
  );

  app.get(
    '/creative/analyses/',
    {
      schema: {
        summary: 'The workspace’s saved analyses and comparisons, newest first, a page at a time',
        tags,
        security: bearerAuth,
        querystring: creativeHistoryQuerySchema,
        response: {
          200: success('A page of the history and the next page’s cursor.'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => creative.list(principalFor(request, 'creative:analyze'), request.query),
  );

  app.get(
    '/creative/analyses/:id/',
    {
      schema: {
        summary: 'One saved analysis: its inputs, its result and the image’s thumbnail',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The saved analysis.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => creative.get(principalFor(request, 'creative:analyze'), request.params.id),
  );

  app.delete(
    '/creative/analyses/:id/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Delete a saved analysis and its share links (owners and managers)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Deleted.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await creative.remove(principalFor(request, 'creative:manage'), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/creative/analyses/:id/pdf/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'A saved analysis as an A4 PDF report',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('application/pdf.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await creative.pdf(principalFor(request, 'creative:analyze'), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  app.post(
    '/creative/analyses/:id/share/',
    {
      config: rateLimit(30),
      schema: {
        summary:
          'Make a signed read-only link to a saved analysis that expires after 1 to 90 days, 30 by default (owners and managers)',
        tags,
        security: bearerAuth,
        params: idParams,
        body: creativeShareSchema,
        response: {
          201: success('The link, its token and when it expires.'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await creative.share(
            principalFor(request, 'creative:manage'),
            request.params.id,
            request.body.expires_in_days,
          ),
        ),
  );

  app.get(
    '/creative/analyses/:id/shares/',
    {
      schema: {
        summary: 'The links to a saved analysis that are neither revoked nor expired (owners and managers)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: success('The open links.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => creative.shares(principalFor(request, 'creative:manage'), request.params.id),
  );

  app.delete(
    '/creative/shares/:id/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Revoke a share link: it answers 410 from then on (owners and managers)',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 204: success('Revoked.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await creative.revoke(principalFor(request, 'creative:manage'), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** shared/creative/<token>/: what a share link shows, to anyone holding it (no sign-in). */
export const creativeSharedRoutes: FastifyPluginAsync<{ services: Services }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  noStore(app);

  app.get(
    '/shared/creative/:token/',
    {
      config: rateLimit(60),
      // The path carries the link's token: this route's requests stay out of the log.
      logLevel: 'silent',
      schema: {
        summary: 'A shared analysis, read-only (public; 404 for an unknown link, 410 once expired or revoked)',
        tags,
        params: tokenParams,
        response: {
          200: success('The analysis, its inputs and thumbnail, and the workspace’s name.'),
          ...errorResponses(404, 429),
          410: { description: 'The link has expired or was revoked; `detail` says which.' },
        },
      },
    },
    async (request) => services.creative.shared(request.params.token),
  );
};
