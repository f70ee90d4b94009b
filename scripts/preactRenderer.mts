// The renderer the production bundle ships (issue 18): Preact, through preact/compat, in place of
// React's DOM renderer. The code is written against React's API and runs on React in development
// (fast refresh, React's DevTools and warnings) and in the unit tests; the production build swaps
// the renderer for Preact's, about 57 KB gzip lighter (React 19's DOM renderer alone was 64 KB of
// the 150 KB every page loaded). The browser tests (e2e/) run on the production build, so they
// test what ships; the build's prerender (scripts/prerender.ts) renders with Preact too, so the
// markup a visitor's page hydrates is the markup Preact itself would draw (ids included).
import { registerHooks } from 'node:module';
import path from 'node:path';

/** What each React entry point is in the production bundle and the prerender. */
export const PREACT_ALIASES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/**
 * The table as the browser gets it: its root API is Preact's with the React behaviours the app
 * relies on put back (src/client/app/preactClient.ts). The prerender needs neither: it never mounts
 * a root.
 */
function browserAliases(root: string): [name: string, target: string][] {
  return Object.entries({ ...PREACT_ALIASES, 'react-dom/client': path.join(root, 'src/client/app/preactClient.ts') });
}

/** The browser's table for webpack's resolve.alias, each name matched exactly ("react$"), never its subpaths. */
export function webpackPreactAliases(root: string): Record<string, string> {
  return Object.fromEntries(browserAliases(root).map(([name, target]) => [`${name}$`, target]));
}

/** The browser's table for jest's moduleNameMapper (the client-preact project), each name matched exactly. */
export function jestPreactModuleNameMapper(root: string): Record<string, string> {
  return Object.fromEntries(browserAliases(root).map(([name, target]) => [`^${name}$`, target]));
}

let registered = false;

/**
 * From now on in this process, every import or require of React's entry points loads Preact's.
 * Modules already loaded keep what they had: call it before loading the app (a dynamic import).
 */
export function renderWithPreactInNode(): void {
  if (registered) return;
  registerHooks({
    resolve: (specifier, context, nextResolve) => nextResolve(PREACT_ALIASES[specifier] ?? specifier, context),
  });
  registered = true;
}
