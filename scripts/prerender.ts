// Prerenders the public pages a visitor lands on (issue 18: the landing and pricing pages paint
// in under 1.5 s on a throttled phone). Each page's markup and the styles it uses go into a copy
// of the built index.html, which the server sends for that path (src/server/plugins/spa.ts); the
// browser paints it at once and the app hydrates it (src/client/main.tsx). Each page also asks
// for its own chunks up front (preload), so they load beside the entry instead of after it.
//
// The pages render with Preact, the renderer the production bundle ships (scripts/preactRenderer.mts).
//
// Usage: tsx scripts/prerender.ts [dist]          (webpack.config.ts runs it after every production build)
//        tsx scripts/prerender.ts --page <path>   (prints one page's markup and styles as JSON; the tests use it)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { PrerenderedPage } from '../src/client/app/prerender';
import { PRERENDER_DIR, PRERENDER_MANIFEST, SESSION_HINT_SCRIPT, SESSION_HINT_STYLE } from '../src/shared/prerender';
import { renderWithPreactInNode } from './preactRenderer.mts';
import { BUILD_STATS_FILE, ROUTE_BUDGETS } from './sizeCheck';

/**
 * The pages prerendered, with their file names. Only pages whose first render needs no data from
 * the server: what a visitor sees there is the same at build time and in the browser.
 */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'home.html',
  '/features': 'features.html',
  '/pricing': 'pricing.html',
  '/about-us': 'about-us.html',
  '/careers': 'careers.html',
  '/terms-and-service': 'terms-and-service.html',
  '/privacy-policy': 'privacy-policy.html',
};

interface ChunkStats {
  publicPath?: string;
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
}

/** The page's own chunk files (not the entry's, which the template already loads). */
function pageChunks(route: string, stats: ChunkStats | null): string[] {
  const budget = ROUTE_BUDGETS.find((entry) => entry.route === route);
  if (!budget || !stats?.namedChunkGroups) return [];
  return budget.chunks.flatMap((name) =>
    (stats.namedChunkGroups?.[name]?.assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js')),
  );
}

/** The page renderer, loaded once React's imports resolve to Preact's (a static import would load React first). */
async function pageRenderer(): Promise<(route: string) => Promise<PrerenderedPage>> {
  renderWithPreactInNode();
  const { prerenderPage } = await import('../src/client/app/prerender');
  return prerenderPage;
}

/** The built index.html with the page's styles, preloads and markup in it. */
export function pageHtml(template: string, page: PrerenderedPage, preloads: string[], publicPath = '/'): string {
  if (!template.includes('<div id=root></div>') && !template.includes('<div id="root"></div>'))
    throw new Error('index.html has no empty #root to fill');
  const links = preloads.map((file) => `<link rel=preload as=script href="${publicPath}${file}">`).join('');
  const head = `<script>${SESSION_HINT_SCRIPT}</script><style>${SESSION_HINT_STYLE}</style>${links}${page.styleTags}`;
  // Replaced by functions: a replacement string would read "$&" and the like in the page as patterns.
  return template
    .replace('</head>', () => `${head}</head>`)
    .replace(/<div id="?root"?><\/div>/, () => `<div id=root>${page.html}</div>`);
}

async function main(): Promise<void> {
  const prerenderPage = await pageRenderer();
  if (process.argv[2] === '--page') {
    process.stdout.write(JSON.stringify(await prerenderPage(process.argv[3] ?? '/')));
    return;
  }
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const stats = fs.existsSync(BUILD_STATS_FILE)
    ? (JSON.parse(fs.readFileSync(BUILD_STATS_FILE, 'utf8')) as ChunkStats)
    : null;
  const out = path.join(dist, PRERENDER_DIR);
  fs.mkdirSync(out, { recursive: true });
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    const page = await prerenderPage(route);
    // A component that throws rejects the render (the build fails); a page still waiting on data would show its skeleton.
    if (page.html.includes('MuiSkeleton'))
      throw new Error(`${route}: the prerendered markup shows a skeleton, not the page`);
    // The Content-Security-Policy allows one inline script, the session hint: React's own would not run.
    if (page.html.includes('<script')) throw new Error(`${route}: the prerendered markup carries an inline script`);
    const html = Buffer.from(pageHtml(template, page, pageChunks(route, stats), stats?.publicPath));
    const full = path.join(out, file);
    fs.writeFileSync(full, html);
    // Sent as is to a browser that accepts it (the static plugin's preCompressed option).
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(html, { level: 9 }));
    fs.writeFileSync(
      `${full}.br`,
      zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    console.log(
      `prerendered ${route.padEnd(20)} ${(html.length / 1024).toFixed(1)} KB, ${(zlib.gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
    );
  }
  fs.writeFileSync(path.join(out, PRERENDER_MANIFEST), JSON.stringify(PRERENDERED_PAGES));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
