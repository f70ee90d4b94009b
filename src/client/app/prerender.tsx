// Renders a public page to HTML at build time (scripts/prerender.ts), so a visitor's browser
// paints the page as soon as the HTML arrives instead of after the scripts have loaded and run;
// main.tsx then hydrates it. Runs in Node, never in the browser bundle.
import { text } from 'node:stream/consumers';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './AppProviders';
import { AppRouter } from './AppRouter';
import { makeStore } from './store';

/** A prerendered page: the markup of #root and the <style> tags its markup uses. */
export interface PrerenderedPage {
  html: string;
  styleTags: string;
}

/**
 * The page at `path` as a visitor first sees it (no session): the same tree main.tsx renders, with
 * a static router. Waits for every lazy page chunk, so the markup holds the page, not its skeleton.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  // Emotion's key must be the browser's default ("css"): the browser's cache adopts these styles
  // instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const AtPath = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders store={makeStore()} router={AtPath}>
          <AppRouter />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // One document, every boundary inline: React would otherwise move large boundaries out of
    // place, to be put back by inline scripts (which the Content-Security-Policy does not allow).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await text(prelude);
  return { html, styleTags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
