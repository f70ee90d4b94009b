/**
 * Which redirect URIs a client may register (RFC 8252 for native apps, OAuth 2.1 section 2.3.1):
 * https anywhere; http only on the loopback interface (a desktop app's local listener); or a
 * private-use scheme of the app's own (cursor://, vscode://, com.example.app:/). Never a scheme
 * that runs or reads something in the browser (javascript:, data:, file:...), never http to
 * another host (the code would travel in the clear), and never with a fragment (RFC 6749 3.1.2).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Schemes that are the browser's own: a code sent there would be run, read or shown, not given to an app. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
  'ftp:',
  'ws:',
  'wss:',
  'mailto:',
  'tel:',
  'chrome:',
  'view-source:',
]);

/** A private-use scheme (RFC 8252 section 7.1): letters first, then letters, digits, '+', '-' or '.'. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+.-]*:$/;

/** Why a redirect URI may not be registered, or null when it may. */
export function redirectUriRefusal(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI.`;
  }
  if (url.hash || uri.includes('#')) return `${uri} must not contain a fragment.`;
  if (url.username || url.password) return `${uri} must not contain credentials.`;
  const scheme = url.protocol.toLowerCase();
  if (scheme === 'https:') return url.hostname ? null : `${uri} has no host.`;
  if (scheme === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname.toLowerCase())
      ? null
      : `${uri} uses http on a host other than the loopback interface; use https.`;
  if (FORBIDDEN_SCHEMES.has(scheme) || !PRIVATE_USE_SCHEME.test(scheme))
    return `${uri} uses a scheme that cannot receive an authorization code.`;
  return null;
}

/**
 * Whether a redirect URI of a request matches a registered one: exactly, as OAuth 2.1 requires,
 * except that a loopback URI may use any port (RFC 8252 section 7.3: a desktop app listens on a
 * port the system gives it at the time).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname)) return false;
  return registered.some((uri) => {
    const known = URL.canParse(uri) ? new URL(uri) : null;
    if (!known || known.protocol !== 'http:' || known.hostname !== asked.hostname) return false;
    known.port = asked.port;
    return known.href === asked.href;
  });
}
