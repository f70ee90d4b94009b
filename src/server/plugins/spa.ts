import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@shared/api/errors';
import { PRERENDER_DIR, PRERENDER_MANIFEST } from '@shared/prerender';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { blogPageRoutes } from '../modules/blog/blog.routes';

const ONE_YEAR_SECONDS = 31_536_000;

/** Where the build puts its hashed, immutable scripts and styles (webpack.config.ts). */
export const SPA_ASSETS_PREFIX = '/assets/';

/**
 * The pages the build prerendered (scripts/prerender.ts), from page path to file under
 * PRERENDER_DIR; none when the build wrote no manifest.
 */
function prerenderedPages(staticDir: string): [string, string][] {
  const manifest = path.join(staticDir, PRERENDER_DIR, PRERENDER_MANIFEST);
  if (!fs.existsSync(manifest)) return [];
  const pages = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>;
  return Object.entries(pages).map(([page, file]) => [page, `${PRERENDER_DIR}/${path.basename(file)}`]);
}

/**
 * The built SPA (hashed assets cached for a year, the rest revalidated), the public pages the
 * build prerendered (a visitor's browser paints them before the scripts run; the app then takes
 * them over), the blog pages with their sharing tags, and one rate-limited not-found handler:
 * index.html for any other page address (history fallback), a JSON 404 for unknown API paths.
 */
export async function registerSpa(app: FastifyInstance, config: AppConfig, ctx: AppContext): Promise<void> {
  const indexFile = path.join(config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      index: 'index.html',
      // The production build writes a .br and a .gz beside each script and page (webpack.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
    for (const [page, file] of prerenderedPages(config.staticDir)) {
      app.get(page, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
    }
    await app.register(blogPageRoutes, { ctx, indexFile });
  }
  const apiPrefix = `${config.apiBase}/`;
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === config.apiBase || pathname.startsWith(apiPrefix);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && hasSpa && wantsPage && !pathname.startsWith(SPA_ASSETS_PREFIX)) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      detail: `No such ${isApi ? 'API endpoint' : 'page'}: ${request.method} ${pathname}`,
      code: ErrorCode.NotFound,
    });
  });
}
