// What the build's prerendered pages (issue 18) share between the client, the build script and
// the server: where they are written, and the one inline script they carry.
import { SESSION_STORAGE_KEY } from './constants';

/** The folder of dist/ the prerendered pages are written to, with their manifest. */
export const PRERENDER_DIR = 'prerendered';

/** The manifest's file name in PRERENDER_DIR: a JSON object from page path ("/pricing") to file name. */
export const PRERENDER_MANIFEST = 'manifest.json';

/** The attribute the session hint sets on <html> when the browser holds a session. */
export const SESSION_HINT_ATTRIBUTE = 'data-session';

/**
 * Runs in <head> before the prerendered page paints: a prerendered page is what a visitor sees,
 * so a browser holding a session hides it (see SESSION_HINT_STYLE) until the app has drawn the
 * signed-in page in its place. Inline, so no round trip delays the first paint; the server's
 * Content-Security-Policy allows exactly this text by its hash.
 */
export const SESSION_HINT_SCRIPT = `try{var k=${JSON.stringify(SESSION_STORAGE_KEY)};if(localStorage.getItem(k)||sessionStorage.getItem(k))document.documentElement.setAttribute(${JSON.stringify(SESSION_HINT_ATTRIBUTE)},"")}catch(e){}`;

/** Hides the prerendered page while the session hint is set. */
export const SESSION_HINT_STYLE = `html[${SESSION_HINT_ATTRIBUTE}] #root{visibility:hidden}`;
