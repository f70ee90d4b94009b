// Renders a public page to HTML at build time (scripts/prerender.ts), so a visitor's browser
// paints the page as soon as the HTML arrives instead of after the scripts have loaded and run;
// main.tsx then hydrates it. Runs in Node, never in the browser bundle, and with the renderer the
// bundle ships: Preact, React's imports resolved to preact/compat (scripts/preactRenderer.mts), so
// the markup is what the browser's Preact expects to find, down to the ids useId makes.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToStringAsync } from 'preact-render-to-string';
import { type ReactElement, type ReactNode, StrictMode } from 'react';
import { StaticRouter } from 'react-router-dom';

import { AppProviders } from './AppProviders';
import { AppRouter } from './AppRouter';
import { makeStore } from './store';

/** A prerendered page: the markup of #root and the <style> tags its markup uses. */
export interface PrerenderedPage {
  html: string;
  styleTags: string;
}

/** Preact's renderer, typed for the React elements this file writes (they are Preact's under the aliases). */
const renderToHtml = renderToStringAsync as unknown as (element: ReactElement) => Promise<string>;

/**
 * The page at `path` as a visitor first sees it (no session): the same tree main.tsx renders, with
 * a static router. Waits for every lazy page chunk, so the markup holds the page, not its skeleton.
 * Only under Preact (renderWithPreactInNode() before this module loads).
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  // Emotion's key must be the browser's default ("css"): the browser's cache adopts these styles
  // instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const AtPath = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const html = await renderToHtml(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders store={makeStore()} router={AtPath}>
          <AppRouter />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  return { html, styleTags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
