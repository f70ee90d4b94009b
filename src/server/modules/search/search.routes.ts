import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { errorResponses, success } from '../../lib/routeSchema';
import type { Services } from '../../services';
import { blogLibrary } from '../blog/blog.content';
import { createSearchService } from './search.service';

/** The index changes only with a deploy; results may be cached briefly. */
const SEARCH_CACHE = 'public, max-age=300';

/** GET search/?q= over pages, blog posts and open roles. */
export const searchRoutes: FastifyPluginAsync<{ ctx: AppContext; services: Services }> = async (app) => {
  const search = createSearchService({ blog: blogLibrary() });

  app.get<{ Querystring: { q?: unknown } }>(
    '/search/',
    {
      schema: {
        summary: 'Search pages, blog articles and open roles (every word must match)',
        tags: ['Public'],
        response: { 200: success('Results, title matches first.'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const results = search.search(request.query.q);
      reply.header('cache-control', SEARCH_CACHE);
      return results;
    },
  );
};
