import { type HttpResponse, kindForStatus, retryAfterHeaderMs } from '../http';
import { PlatformError, type PlatformErrorKind } from '../types';

/**
 * TikTok's error signal (research 5.5): HTTP 200 with `code != 0` in the envelope
 * `{code, message, request_id, data}`; only gateway failures (504 ...) use another status, often
 * without a JSON body. Codes are the official SDK's NumericErrorCodes.
 */

/** Every Marketing API answer. */
export interface TikTokEnvelope<T> {
  code: number;
  message: string;
  request_id?: string;
  data: T;
}

/**
 * TikTok gives no wait with its throttling codes, so the client backs off on its own: this long
 * before the first retry, doubling after each further throttle (UNCONFIRMED: Airbyte waits about
 * 0.6 s and more; TikTok documents no value).
 */
export const RATE_LIMIT_FIRST_WAIT_MS = 600;
const RATE_LIMIT_WAIT_CAP_MS = 30_000;

/** Throttling: REQUEST_TOO_FREQUENT, REQUEST_FREQUENCY_LIMITED, TOO_MANY_REQUESTS_BL. */
const RATE_LIMITED = new Set([40100, 40132, 61000]);
/**
 * The connection is dead and needs the user: expired token (40102; the advertiser token has no
 * refresh flow, so expiry means reconnecting), refresh token expired or invalid, empty or invalid
 * access token, auth code error (a used or expired code), advertiser logged out.
 */
const REVOKED = new Set([40102, 40103, 40104, 40105, 40107, 40110, 40114]);
/** ACCESS_TOKEN_EXPIRE: revoked for the client (no refresh), but marked as an expiry so one glitch does not end the connection. */
const EXPIRED_TOKEN = 40102;
/** Permission, forbidden, app forbidden, app method forbidden, not in allow list, developer without permission, scope not authorized. */
const PERMISSION = new Set([40001, 40003, 40113, 40117, 40118, 40125, 40130]);
/** Not exist, advertiser not exist, customer advertiser not exist, route not found. */
const NOT_FOUND = new Set([40007, 40300, 40302, 40400]);
/** Interface offline, maintenance; and every 5xxxx (system, timeout, downstream, database). */
const UNAVAILABLE = new Set([41001, 60001]);
const FIRST_SERVER_CODE = 50000;
const LAST_SERVER_CODE = 59999;

/** How the client treats one of TikTok's numeric codes. */
export function kindForCode(code: number): PlatformErrorKind {
  if (RATE_LIMITED.has(code)) return 'rate_limited';
  if (REVOKED.has(code)) return 'revoked';
  if (PERMISSION.has(code)) return 'permission';
  if (NOT_FOUND.has(code)) return 'not_found';
  if (UNAVAILABLE.has(code) || (code >= FIRST_SERVER_CODE && code <= LAST_SERVER_CODE)) return 'unavailable';
  return 'invalid';
}

/** The client's wait before retry number `attempt` (1, 2, 3 ...) after a throttling code. */
export function rateLimitWaitMs(attempt: number): number {
  return Math.min(RATE_LIMIT_WAIT_CAP_MS, RATE_LIMIT_FIRST_WAIT_MS * 2 ** (Math.max(1, attempt) - 1));
}

/**
 * Turns a TikTok answer into a PlatformError, or undefined when it succeeded. `attempt` is the
 * try number of this request, for the throttling back-off.
 */
export function tiktokError(response: HttpResponse, attempt: number, now: Date): PlatformError | undefined {
  const body = response.json as Partial<TikTokEnvelope<unknown>> | undefined;
  const code = typeof body?.code === 'number' ? body.code : undefined;
  if (response.status === 200 && code === 0) return undefined;
  const requestId = typeof body?.request_id === 'string' ? body.request_id : undefined;
  if (code === undefined) {
    // A gateway answer (504 ...) or something that is not TikTok's envelope.
    const kind = response.status === 200 ? 'unavailable' : kindForStatus(response.status);
    const headerWait = retryAfterHeaderMs(response.headers.get('retry-after'), now);
    return new PlatformError({
      platform: 'tiktok',
      kind,
      message: `TikTok answered HTTP ${response.status} without its error envelope`,
      status: response.status,
      retryAfterMs: kind === 'rate_limited' ? (headerWait ?? rateLimitWaitMs(attempt)) : undefined,
      requestId,
    });
  }
  const kind = kindForCode(code);
  return new PlatformError({
    platform: 'tiktok',
    kind,
    message: `TikTok error ${code}: ${typeof body?.message === 'string' ? body.message : 'no message'}`,
    status: response.status,
    code,
    requestId,
    retryAfterMs: kind === 'rate_limited' ? rateLimitWaitMs(attempt) : undefined,
    tokenExpired: code === EXPIRED_TOKEN,
  });
}
