// The front-end budget (issue 18): the gzip JavaScript each route loads in the production build,
// against its budget. A route loads the entry's files (runtime, vendors, main) plus the files of
// its page's chunk group (webpackChunkName in src/client/app/AppRouter.tsx) and of any lazy piece
// of the shell it renders at once (the signed-in top bar for app routes). Exits non-zero when a
// route is over budget, a public page loads a library it must not (see NEVER_ON_PUBLIC_PAGES), a
// budgeted chunk is missing from the build, or the build is stale.
//
// Usage: npm run build && npm run size            (reads the stats the production build records)
//        npm run size -- --stats stats.json       (or a full `webpack --json` file)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Written by webpack.config.ts's BuildStats plugin after each production build. */
export const BUILD_STATS_FILE = path.join(ROOT, 'node_modules/.cache/adwise-build/stats.json');

const KB = 1024;
const LANDING_BUDGET = 150 * KB;
const PUBLIC_BUDGET = 170 * KB;
const DASHBOARD_BUDGET = 300 * KB;

/** Lazy pieces of the shell a signed-in user's pages render at once (AppLayout). */
const SIGNED_IN_SHELL = ['shell-signed-in'];

interface RouteBudget {
  route: string;
  /** Chunk groups the route loads besides the entry. */
  chunks: string[];
  budget: number;
  /** A visitor's page (the library rules apply to it). */
  public?: boolean;
  /** A public page with a form: it may load the form libraries (Formik, yup). */
  form?: boolean;
}

/**
 * Libraries no public page may load unless it uses them (issue 18): the form libraries only on
 * the pages with a form; the state machines and the charts on none. Nor React itself: the
 * production bundle renders with Preact (scripts/preactRenderer.mts), and a React entry point the
 * aliases miss would bring React's renderer back beside it.
 */
const FORM_LIBRARIES = ['formik', 'yup'];
const NEVER_ON_PUBLIC_PAGES = [
  'xstate',
  '@xstate/react',
  'victory',
  'victory-vendor',
  'react',
  'react-dom',
  'scheduler',
];

const publicRoute = (route: string, page: string, form = false): RouteBudget => ({
  route,
  chunks: [page],
  budget: PUBLIC_BUDGET,
  public: true,
  form,
});

/** Every public route (a visitor's) at 170 KB, the landing page at 150 KB, the dashboard at 300 KB. */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', chunks: ['home'], budget: LANDING_BUDGET, public: true },
  publicRoute('/features', 'features'),
  publicRoute('/pricing', 'pricing'),
  publicRoute('/integrations', 'integrations'),
  publicRoute('/about-us', 'about'),
  publicRoute('/careers', 'careers'),
  publicRoute('/contact', 'contact', true),
  publicRoute('/blog', 'blog'),
  publicRoute('/blog/:slug', 'blog-post'),
  publicRoute('/newsletter/confirm', 'newsletter'),
  publicRoute('/terms-and-service', 'terms'),
  publicRoute('/privacy-policy', 'privacy'),
  publicRoute('/search', 'search'),
  publicRoute('/login', 'login', true),
  publicRoute('/register', 'register', true),
  publicRoute('/forgot-password', 'forgot-password', true),
  publicRoute('/invitations/:token', 'invitation'),
  publicRoute('/shared/creative/:token', 'shared-creative'),
  publicRoute('(not found)', 'not-found'),
  { route: '/dashboard', chunks: ['dashboard', ...SIGNED_IN_SHELL], budget: DASHBOARD_BUDGET },
];

/** The parts of webpack's stats this check reads (entrypoints and namedChunkGroups). */
interface Stats {
  outputPath?: string;
  entrypoints?: Record<string, { assets?: { name: string }[] }>;
  namedChunkGroups?: Record<string, { assets?: { name: string }[] }>;
  /** The npm packages each chunk group loads (webpack.config.ts's BuildStats adds them). */
  packages?: Record<string, string[]>;
}

/** For each public route, the libraries it loads but must not (see NEVER_ON_PUBLIC_PAGES). */
export function forbiddenLibraries(
  stats: Stats,
  budgets: RouteBudget[] = ROUTE_BUDGETS,
): { route: string; libraries: string[] }[] {
  if (!stats.packages) throw new Error('the build stats list no packages: build again (npm run build)');
  const entry = Object.keys(stats.entrypoints ?? {}).flatMap((name) => stats.packages?.[name] ?? []);
  return budgets
    .filter((budget) => budget.public)
    .map((budget) => {
      const loaded = new Set([...entry, ...budget.chunks.flatMap((name) => stats.packages?.[name] ?? [])]);
      const banned = budget.form ? NEVER_ON_PUBLIC_PAGES : [...NEVER_ON_PUBLIC_PAGES, ...FORM_LIBRARIES];
      return { route: budget.route, libraries: banned.filter((library) => loaded.has(library)) };
    })
    .filter((found) => found.libraries.length > 0);
}

export interface RouteSize extends RouteBudget {
  files: string[];
  bytes: number;
}

const jsOf = (group: { assets?: { name: string }[] } | undefined) =>
  (group?.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.js'));

/** Each budgeted route's files and gzip bytes; throws when a named chunk group is missing. */
export function routeSizes(
  stats: Stats,
  gzipSize: (file: string) => number,
  budgets: RouteBudget[] = ROUTE_BUDGETS,
): RouteSize[] {
  const entry = Object.values(stats.entrypoints ?? {}).flatMap(jsOf);
  const groups = stats.namedChunkGroups ?? {};
  return budgets.map((budget) => {
    const missing = budget.chunks.filter((name) => !groups[name]);
    if (missing.length)
      throw new Error(
        `${budget.route}: the build has no chunk named ${missing.join(', ')} (see webpackChunkName in AppRouter/AppLayout)`,
      );
    const files = [...new Set([...entry, ...budget.chunks.flatMap((name) => jsOf(groups[name]))])];
    return { ...budget, files, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
}

/** The lazy page chunks no budget names, shown for information. */
function unbudgeted(stats: Stats, gzipSize: (file: string) => number): { name: string; bytes: number }[] {
  const budgeted = new Set(ROUTE_BUDGETS.flatMap((budget) => budget.chunks));
  const entryNames = new Set(Object.keys(stats.entrypoints ?? {}));
  const entry = new Set(Object.values(stats.entrypoints ?? {}).flatMap(jsOf));
  return Object.entries(stats.namedChunkGroups ?? {})
    .filter(([name]) => !budgeted.has(name) && !entryNames.has(name))
    .map(([name, group]) => ({
      name,
      bytes: [...new Set([...entry, ...jsOf(group)])].reduce((sum, file) => sum + gzipSize(file), 0),
    }))
    .sort((a, b) => b.bytes - a.bytes);
}

function main(): void {
  const flag = process.argv.indexOf('--stats');
  const statsFile = flag >= 0 ? path.resolve(process.argv[flag + 1]) : BUILD_STATS_FILE;
  if (!fs.existsSync(statsFile)) {
    console.error(
      `No build stats at ${path.relative(ROOT, statsFile)}: run the production build first (npm run build).`,
    );
    process.exit(1);
  }
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const outputPath = stats.outputPath ?? path.join(ROOT, 'dist');
  const cache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = cache.get(file);
    if (size === undefined) {
      const full = path.join(outputPath, file);
      if (!fs.existsSync(full))
        throw new Error(`${file} is in the stats but not in ${outputPath}: the stats are stale, build again`);
      size = zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };

  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const entry = Object.values(stats.entrypoints ?? {}).flatMap(jsOf);
  console.log(
    `JavaScript per route, gzip (entry: ${entry.length} files, ${kb(entry.reduce((sum, file) => sum + gzipSize(file), 0))})`,
  );
  let failing = 0;
  for (const size of routeSizes(stats, gzipSize)) {
    const within = size.bytes <= size.budget;
    if (!within) failing += 1;
    const figure = `${kb(size.bytes).padStart(9)} / ${kb(size.budget).padStart(8)}`;
    console.log(`  ${within ? 'ok  ' : 'OVER'} ${size.route.padEnd(26)} ${figure}  (${size.files.length} files)`);
  }
  const misplaced = forbiddenLibraries(stats);
  for (const found of misplaced)
    console.error(`  ${found.route} loads ${found.libraries.join(', ')}, which it does not use`);
  if (!misplaced.length)
    console.log(
      'No public page loads Formik or yup without a form, nor XState, Victory or React (the bundle renders with Preact).',
    );
  const rest = unbudgeted(stats, gzipSize);
  if (rest.length) {
    console.log('Other chunk groups (signed-in pages and lazy pieces; no budget), entry included:');
    for (const group of rest) console.log(`       ${group.name.padEnd(26)} ${kb(group.bytes).padStart(9)}`);
  }
  if (misplaced.length) {
    console.error(`${misplaced.length} public route(s) load libraries they do not use`);
    process.exit(1);
  }
  if (failing) {
    console.error(`${failing} route(s) over budget`);
    process.exit(1);
  }
  console.log('Every route is within its budget.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
