import { type HttpResponse, kindForStatus, retryAfterHeaderMs } from '../http';
import { PlatformError, type PlatformErrorKind } from '../types';

/**
 * X's error signals, as PlatformError.
 * - Ads API: HTTP status + {errors:[{code:'TOO_MANY_REQUESTS'|'UNAUTHORIZED_ACCESS'|..., message, parameter?}]}.
 *   Sometimes the body is not JSON (an HTML 404); the status decides then.
 * - 429: wait until x-rate-limit-reset (epoch seconds); on GETs the ad-account-level
 *   x-account-rate-limit-* headers come too and are preferred. X says retrying earlier can cost
 *   the app its Ads API access.
 * - 503: honour retry-after.
 * - 401 UNAUTHORIZED_ACCESS: 'auth_expired'; the token provider then refreshes with the rotating
 *   refresh token, and a dead grant fails that refresh as 'revoked'.
 * - OAuth 2.0 token endpoint: {error, error_description}.
 */

/** A PlatformError the X integration raises itself (not read from an X response). */
export function xError(kind: PlatformErrorKind, message: string, status?: number): PlatformError {
  return new PlatformError({ platform: 'x', kind, message, status });
}

/** Statuses X uses for temporary trouble besides 5xx: 408 CANCELLED_REQUEST, 423 LOCK_ACQUISITION_TIMEOUT. */
const TEMPORARY_STATUSES = new Set([408, 423]);
const MESSAGE_SNIPPET_CHARS = 200;

interface XErrorBody {
  errors?: Array<{ code?: string; message?: string; parameter?: string }>;
}

interface OAuthErrorBody {
  error?: string;
  error_description?: string;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * How long a 429 asks us to wait. Of the two limits (ad account on GETs, user token always), the
 * exhausted one decides (the later reset if both are); when neither says remaining=0 the
 * account-level reset is preferred. Falls back to retry-after.
 */
export function rateLimitWaitMs(headers: Headers, now: Date): number | undefined {
  const limits = ['x-account-rate-limit', 'x-rate-limit']
    .map((prefix) => ({
      remaining: headerNumber(headers, `${prefix}-remaining`),
      reset: headerNumber(headers, `${prefix}-reset`),
    }))
    .filter((limit): limit is { remaining: number | undefined; reset: number } => limit.reset !== undefined);
  const exhausted = limits.filter((limit) => limit.remaining === 0);
  const reset = exhausted.length > 0 ? Math.max(...exhausted.map((limit) => limit.reset)) : limits[0]?.reset;
  if (reset === undefined) return retryAfterHeaderMs(headers.get('retry-after'), now);
  return Math.max(0, reset * 1000 - now.getTime());
}

function kindFor(status: number): PlatformErrorKind {
  return TEMPORARY_STATUSES.has(status) ? 'unavailable' : kindForStatus(status);
}

/** The platform's own wait for a retryable kind: rate-limit reset headers, or retry-after. */
function waitFor(kind: PlatformErrorKind, headers: Headers, now: Date): number | undefined {
  if (kind === 'rate_limited') return rateLimitWaitMs(headers, now);
  if (kind === 'unavailable') return retryAfterHeaderMs(headers.get('retry-after'), now);
  return undefined;
}

function snippet(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MESSAGE_SNIPPET_CHARS);
}

/** The Ads API's error signal as a PlatformError; undefined for a success. */
export function xApiError(response: HttpResponse, now: Date): PlatformError | undefined {
  if (response.status < 400) return undefined;
  const first = (response.json as XErrorBody | undefined)?.errors?.[0];
  const kind = kindFor(response.status);
  const code = first?.code ?? `HTTP_${response.status}`;
  const detail = first?.message ?? (snippet(response.text) || 'no details');
  return new PlatformError({
    platform: 'x',
    kind,
    message: `X Ads API ${response.status} ${code}${first?.parameter ? ` (${first.parameter})` : ''}: ${detail}`,
    status: response.status,
    code,
    retryAfterMs: waitFor(kind, response.headers, now),
    requestId: response.headers.get('x-transaction-id') ?? undefined,
  });
}

/**
 * The token endpoint's error signal. `deadGrantKind` is what a rejected code or refresh token
 * means in context: 'invalid' for a code exchange (replayed, expired, wrong verifier), 'revoked'
 * for a refresh (the user withdrew consent, or an older rotated refresh token was used).
 */
export function xTokenError(
  response: HttpResponse,
  now: Date,
  deadGrantKind: 'invalid' | 'revoked',
): PlatformError | undefined {
  if (response.status < 400) return undefined;
  const body = response.json as OAuthErrorBody | undefined;
  const code = body?.error ?? `HTTP_${response.status}`;
  let kind: PlatformErrorKind;
  if (response.status === 429) kind = 'rate_limited';
  else if (response.status >= 500) kind = 'unavailable';
  else if (code === 'unauthorized_client' || code === 'invalid_client') kind = 'permission';
  else kind = deadGrantKind;
  return new PlatformError({
    platform: 'x',
    kind,
    message: `X OAuth ${response.status} ${code}: ${body?.error_description ?? (snippet(response.text) || 'no details')}`,
    status: response.status,
    code,
    retryAfterMs: waitFor(kind, response.headers, now),
    requestId: response.headers.get('x-transaction-id') ?? undefined,
  });
}
