import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

/** blog/ and blog/<slug>/: the articles kept as Markdown in the repository (issue 6). */
export const blogApiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};

/** The /blog and /blog/<slug> pages: the SPA's index.html with the article's sharing meta tags (issue 6). */
export const blogPageRoutes: FastifyPluginAsync<{ ctx: AppContext; indexFile: string }> = async () => {};
