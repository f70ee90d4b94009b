import { type HttpResponse, kindForStatus } from '../http';
import { PlatformError, type PlatformErrorKind } from '../types';

/**
 * Graph's error signal (research 2.5) -> PlatformError. Graph answers almost everything with
 * HTTP 400 and puts the meaning in `error.code` / `error.error_subcode`, throttling included
 * (no 429, no Retry-After: the wait is `estimated_time_to_regain_access`, in minutes, inside the
 * X-Business-Use-Case-Usage header). The body code always wins over the HTTP status.
 */

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  is_transient?: boolean;
}

/**
 * Request-limit codes: 4 app, 17 user, 32 page, 613 custom/ad-account, 800xx business use cases
 * (80000 ads_insights, 80004 ads_management, the rest other use cases).
 */
export const THROTTLE_CODES = new Set([
  4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014,
]);
/** Code 190 (invalid OAuth token) with this subcode means only "expired"; every other 190 needs a new login. */
export const TOKEN_EXPIRED_SUBCODE = 463;
/** Codes 1 ("unknown") and 2 ("service") are transient. */
const TRANSIENT_CODES = new Set([1, 2]);
/** Permission codes: 10 and the 200-299 range. */
const PERMISSION_CODES = new Set([10, 368]);
/**
 * Insights answers that say the request is too big or too slow to serve synchronously: retrying
 * the same request does not help, a smaller range or an async report run does. As "code/subcode".
 */
export const INSIGHTS_TOO_MUCH_DATA = new Set(['1/99', '100/1487534', '100/1504018', '2/1504038']);
/**
 * Graph's own words for "too much data". A recorded real answer (Airbyte's source-facebook-marketing
 * test_errors.py, error_500_reduce_the_amount_of_data) carries them with HTTP 500, code 1 and no
 * subcode, which the code table alone would read as a transient error and retry as is.
 */
export const TOO_MUCH_DATA_MESSAGE = /reduce the amount of data/i;

/** "Object does not exist, cannot be loaded due to missing permissions" and unknown aliases. */
const NOT_FOUND = new Set(['100/33', '803']);

export const BUC_USAGE_HEADER = 'x-business-use-case-usage';

/** PlatformError.code for Graph errors: "code" or "code/subcode" (190/463, 80004/2446079). */
function codeKey(code: number | undefined, subcode: number | undefined): string | undefined {
  if (code === undefined) return undefined;
  return subcode === undefined ? String(code) : `${code}/${subcode}`;
}

function kindOf(code: number, subcode: number | undefined, status: number): PlatformErrorKind {
  const key = codeKey(code, subcode)!;
  if (THROTTLE_CODES.has(code)) return 'rate_limited';
  if (code === 190) return subcode === TOKEN_EXPIRED_SUBCODE ? 'auth_expired' : 'revoked';
  if (INSIGHTS_TOO_MUCH_DATA.has(key)) return 'invalid';
  if (TRANSIENT_CODES.has(code)) return 'unavailable';
  if (PERMISSION_CODES.has(code) || (code >= 200 && code <= 299)) return 'permission';
  if (NOT_FOUND.has(key) || NOT_FOUND.has(String(code))) return 'not_found';
  if (status >= 500) return 'unavailable';
  return 'invalid';
}

/**
 * The longest `estimated_time_to_regain_access` (minutes) in X-Business-Use-Case-Usage, in ms;
 * undefined when absent or 0 (Meta then gives no wait and the caller backs off on its own).
 */
export function regainAccessMs(header: string | null): number | undefined {
  if (!header) return undefined;
  let usage: unknown;
  try {
    usage = JSON.parse(header);
  } catch {
    return undefined;
  }
  if (!usage || typeof usage !== 'object') return undefined;
  let minutes = 0;
  for (const entries of Object.values(usage as Record<string, unknown>)) {
    for (const entry of Array.isArray(entries) ? entries : []) {
      const value = Number((entry as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access);
      if (Number.isFinite(value)) minutes = Math.max(minutes, value);
    }
  }
  return minutes > 0 ? minutes * 60_000 : undefined;
}

/** The Graph error in a response, if it has one. */
export function graphErrorOf(response: HttpResponse): GraphErrorBody | undefined {
  const error = (response.json as { error?: unknown } | undefined)?.error;
  return error && typeof error === 'object' ? (error as GraphErrorBody) : undefined;
}

/** Turns a failed Graph response into a PlatformError; undefined for a success. */
export function metaError(response: HttpResponse): PlatformError | undefined {
  const error = graphErrorOf(response);
  if (!error && response.status < 400) return undefined;
  const requestId = error?.fbtrace_id ?? response.headers.get('x-fb-trace-id') ?? undefined;
  if (!error || typeof error.code !== 'number') {
    return new PlatformError({
      platform: 'meta',
      kind: kindForStatus(response.status),
      message: `Meta answered HTTP ${response.status}`,
      status: response.status,
      requestId,
    });
  }
  const tooMuch = error.code === 1 && TOO_MUCH_DATA_MESSAGE.test(error.message ?? '');
  const kind = tooMuch ? 'invalid' : kindOf(error.code, error.error_subcode, response.status);
  return new PlatformError({
    platform: 'meta',
    kind,
    message: error.message ?? `Graph error ${error.code}`,
    status: response.status,
    code: codeKey(error.code, error.error_subcode),
    requestId,
    retryAfterMs: kind === 'rate_limited' ? regainAccessMs(response.headers.get(BUC_USAGE_HEADER)) : undefined,
  });
}

/** A PlatformError the Meta integration raises itself (not read from a Graph response). */
export function metaFailure(kind: PlatformErrorKind, message: string, code?: string): PlatformError {
  return new PlatformError({ platform: 'meta', kind, message, code });
}

/** Whether Insights refused a synchronous request as too big (switch to an async report run). */
export function isTooMuchData(error: unknown): boolean {
  if (!(error instanceof PlatformError) || error.platform !== 'meta' || error.code === undefined) return false;
  return INSIGHTS_TOO_MUCH_DATA.has(error.code) || (error.code === '1' && TOO_MUCH_DATA_MESSAGE.test(error.message));
}
