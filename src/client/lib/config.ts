/**
 * Where the API lives. webpack's DefinePlugin replaces `process.env.ADWISE_API_URL`
 * at build time; jest has no such value, so the same-host default applies there.
 */
const configuredBase = process.env.ADWISE_API_URL ?? '/api/';

// Resolved against the page so the base is always absolute: an absolute base on
// another host stays as it is, and fetch implementations that reject relative
// URLs (Node's, under jest) still work. Without a page (the build's prerender, in Node, which
// makes no requests) it resolves against localhost.
const resolvedBase = new URL(
  configuredBase,
  typeof window === 'undefined' ? 'http://localhost/' : window.location.href,
).toString();

/** The API base URL, absolute and ending in a slash. */
export const API_BASE_URL = resolvedBase.endsWith('/') ? resolvedBase : `${resolvedBase}/`;

/** The absolute URL of an API path such as `analytics/404-search`. */
export function apiUrl(path: string): string {
  return new URL(path.replace(/^\/+/, ''), API_BASE_URL).toString();
}
