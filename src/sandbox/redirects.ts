/**
 * Which redirect_uri values the consent flow may send a browser to. A real platform redirects only
 * to URIs registered for the app; the sandbox has no app registry, so it checks the origin: one of
 * SandboxOptions.redirectOrigins, or, when none are configured, a loopback origin. Without this
 * check the authorize endpoints would be an open redirector (a link that bounces through the
 * sandbox to any site).
 */

/** Hosts accepted over http, on any port, when no origins are configured. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A redirect_uri the sandbox may redirect to, or why not. */
export type RedirectCheck = { ok: true; uri: string } | { ok: false; reason: 'malformed' | 'unregistered' };

const MALFORMED: RedirectCheck = { ok: false, reason: 'malformed' };
const UNREGISTERED: RedirectCheck = { ok: false, reason: 'unregistered' };

/** A configured origin in URL.origin form ("https://app.example.com"); throws for anything but http(s). */
export function parseOrigin(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`redirect origins must be http(s) origins such as https://app.example.com (got "${text}")`);
  }
  return url.origin;
}

/** The check for a sandbox: against `origins` when given (an empty list accepts nothing), else loopback only. */
export function redirectPolicy(origins?: readonly string[]): (redirectUri: string | undefined) => RedirectCheck {
  const allowed = origins?.map(parseOrigin);
  return (redirectUri) => {
    if (!redirectUri) return MALFORMED;
    let url: URL;
    try {
      url = new URL(redirectUri);
    } catch {
      return MALFORMED;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return MALFORMED;
    const registered = allowed
      ? allowed.includes(url.origin)
      : url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname);
    return registered ? { ok: true, uri: redirectUri } : UNREGISTERED;
  };
}
