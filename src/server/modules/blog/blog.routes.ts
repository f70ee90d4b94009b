import fs from 'node:fs';

import { blogPostNotFound } from '@shared/api/blog';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

import type { AppContext } from '../../context';
import { notFound } from '../../lib/httpError';
import { errorResponses, success } from '../../lib/routeSchema';
import { blogLibrary, presentPost } from './blog.content';
import { blogListMeta, blogPostMeta, headTags, injectHead, unknownPostMeta } from './blog.meta';

/** Articles change only with a deploy; a short cache spares repeat requests. */
const API_CACHE = 'public, max-age=300';

/** blog/ and blog/<slug>/: the articles kept as Markdown in the repository. */
export const blogApiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  const library = blogLibrary();

  const tags = ['Public'];
  app.get(
    '/blog/',
    { schema: { summary: 'The blog’s articles, newest first', tags, response: { 200: success('Summaries.') } } },
    async (_request, reply) => {
      reply.header('cache-control', API_CACHE);
      return library.summaries;
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/blog/:slug/',
    {
      schema: {
        summary: 'One article',
        tags,
        response: { 200: success('The article, rendered.'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const post = library.find(request.params.slug);
      if (!post) throw notFound(blogPostNotFound(request.params.slug));
      reply.header('cache-control', API_CACHE);
      return presentPost(post);
    },
  );
};

/**
 * The /blog and /blog/<slug> pages: the SPA's index.html with each page's title, description,
 * canonical link and sharing tags in the HTML itself, for link previews and crawlers that do not
 * run JavaScript. Every page is built once, when the routes register.
 */
export const blogPageRoutes: FastifyPluginAsync<{ ctx: AppContext; indexFile: string }> = async (
  app,
  { ctx, indexFile },
) => {
  const template = fs.readFileSync(indexFile, 'utf8');
  const { publicUrl } = ctx.config;
  const library = blogLibrary();
  const page = (meta: Parameters<typeof headTags>[0]) => injectHead(template, headTags(meta));
  const listPage = page(blogListMeta(publicUrl));
  const postPages = new Map(library.posts.map((post) => [post.slug, page(blogPostMeta(publicUrl, post))]));
  const unknownPage = page(unknownPostMeta());

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  app.get('/blog', async (_request, reply) => send(reply, 200, listPage));
  app.get('/blog/', async (_request, reply) => send(reply, 200, listPage));
  app.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
    const html = postPages.get(request.params.slug);
    // The SPA then shows its own not-found message for the unknown article.
    return html ? send(reply, 200, html) : send(reply, 404, unknownPage);
  });
};
