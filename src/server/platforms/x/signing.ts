import { createHmac, randomBytes } from 'node:crypto';

/**
 * How requests to the X Ads API are authorized, behind one interface.
 *
 * X documents OAuth 1.0a user context (HMAC-SHA1 signed `Authorization: OAuth ...` headers) for
 * the REST Ads API (https://ads-api.x.com/12/...). OAuth 2.0 + PKCE is documented for the X Ads
 * MCP server; whether the REST endpoints accept an OAuth 2.0 Bearer token is UNCONFIRMED
 * (research section 4.1). The client therefore picks a signer from settings.extra.authMode:
 * 'oauth2' (Bearer, the default, see DEFAULT_X_AUTH_MODE) or 'oauth1' (signed header).
 */

export type XAuthMode = 'oauth1' | 'oauth2';

/** UNCONFIRMED: that REST /12/ accepts OAuth 2.0 Bearer tokens. Switch with X_AUTH_MODE=oauth1 if it does not. */
export const DEFAULT_X_AUTH_MODE: XAuthMode = 'oauth2';

const SIGNATURE_METHOD = 'HMAC-SHA1';
const OAUTH_VERSION = '1.0';
const NONCE_BYTES = 32;

export interface RequestSigner {
  /**
   * The Authorization header value for one request. `url` carries the query string (X wants write
   * parameters there); `params` are form-body parameters, when a request has any.
   */
  authorize(method: string, url: string, params?: Record<string, string>): string;
}

/** OAuth 2.0: the same Bearer header on every request. */
export function bearerSigner(tokens: { accessToken: string }): RequestSigner {
  return { authorize: () => `Bearer ${tokens.accessToken}` };
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  /** The user's access token and its secret. */
  token: string;
  tokenSecret: string;
  /** Fixed values for tests; by default every request gets a fresh nonce and the current time. */
  nonce?: string;
  timestamp?: number;
}

/** RFC 3986 percent-encoding as OAuth 1.0a requires it (RFC 5849 section 3.6): only A-Z a-z 0-9 - . _ ~ stay. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** scheme://host[:port]/path, lower-case scheme and host, default ports dropped, no query or fragment. */
function baseUri(url: URL): string {
  const defaultPort =
    (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443');
  const port = url.port && !defaultPort ? `:${url.port}` : '';
  return `${url.protocol.toLowerCase()}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

/**
 * The signature base string (RFC 5849 section 3.4.1): METHOD&enc(base URI)&enc(normalized
 * parameters), where the parameters (query, form body and oauth_*) are each encoded, sorted by
 * name then value, and joined as name=value pairs with '&'.
 */
export function signatureBaseString(method: string, url: string, params: Array<[string, string]>): string {
  const parsed = new URL(url);
  const all = [...parsed.searchParams.entries(), ...params].map(([k, v]): [string, string] => [
    percentEncode(k),
    percentEncode(v),
  ]);
  all.sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)));
  const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), percentEncode(baseUri(parsed)), percentEncode(normalized)].join('&');
}

/** Byte-order comparison (the encoded strings are ASCII). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** HMAC-SHA1 of the base string under enc(consumer secret)&enc(token secret), base64. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret: string): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString).digest('base64');
}

/** A nonce of letters and digits, as X's examples use. */
function freshNonce(): string {
  return randomBytes(NONCE_BYTES)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

/** OAuth 1.0a user context: an HMAC-SHA1 signed `OAuth ...` header per request. */
export function oauth1Signer(credentials: OAuth1Credentials): RequestSigner {
  return {
    authorize(method, url, params = {}) {
      const oauth: Record<string, string> = {
        oauth_consumer_key: credentials.consumerKey,
        oauth_nonce: credentials.nonce ?? freshNonce(),
        oauth_signature_method: SIGNATURE_METHOD,
        oauth_timestamp: String(credentials.timestamp ?? Math.floor(Date.now() / 1000)),
        oauth_token: credentials.token,
        oauth_version: OAUTH_VERSION,
      };
      const base = signatureBaseString(method, url, [...Object.entries(params), ...Object.entries(oauth)]);
      oauth.oauth_signature = hmacSha1Signature(base, credentials.consumerSecret, credentials.tokenSecret);
      const fields = Object.keys(oauth)
        .sort()
        .map((key) => `${percentEncode(key)}="${percentEncode(oauth[key])}"`);
      return `OAuth ${fields.join(', ')}`;
    },
  };
}
