import { type HttpResponse, kindForStatus, retryAfterHeaderMs } from '../http';
import { PlatformError, type PlatformErrorKind } from '../types';
import { type ApiErrorBody, type OAuthErrorBody, REQUEST_ID_HEADER } from './wire';

/**
 * LinkedIn's failure signals as PlatformErrors. API calls signal by HTTP status plus
 * {status, serviceErrorCode, code, message}; the OAuth endpoints by {error, error_description}.
 */

/**
 * UNCONFIRMED: whether LinkedIn's 429 carries a Retry-After header. When it does (the sandbox
 * sends one), the client waits what it says; otherwise http.ts backs off exponentially.
 */
export const RETRY_AFTER_HEADER = 'retry-after';

/** 401 code for a token the member (or LinkedIn) revoked: only a new consent helps. */
export const REVOKED_TOKEN_CODE = 'REVOKED_ACCESS_TOKEN';
/** 426: the LinkedIn-Version header names a sunset (or unknown) version. */
const UPGRADE_REQUIRED = 426;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** LinkedIn's wait for a retryable failure, when it sent one. */
function retryAfterMs(kind: PlatformErrorKind, response: HttpResponse, now: Date): number | undefined {
  if (kind !== 'rate_limited' && kind !== 'unavailable') return undefined;
  return retryAfterHeaderMs(response.headers.get(RETRY_AFTER_HEADER), now);
}

function apiKind(status: number, body: ApiErrorBody): PlatformErrorKind {
  if (status === 401) {
    if (body.code === REVOKED_TOKEN_CODE) return 'revoked';
    // EXPIRED_ACCESS_TOKEN (65601) refreshes; so do empty or invalid tokens (65604/65600): one refresh decides.
    return 'auth_expired';
  }
  return kindForStatus(status);
}

/** toError for API calls: undefined for a success, else the PlatformError the response means. */
export function apiError(response: HttpResponse, now: Date): PlatformError | undefined {
  if (response.status < 400) return undefined;
  const body: ApiErrorBody = isObject(response.json) ? (response.json as ApiErrorBody) : {};
  const kind = apiKind(response.status, body);
  const detail = body.message ?? (response.text.slice(0, 200) || 'no message');
  const hint =
    response.status === UPGRADE_REQUIRED ? ' (the LinkedIn-Version is sunset: move LINKEDIN_API_VERSION forward)' : '';
  return new PlatformError({
    platform: 'linkedin',
    kind,
    message: `LinkedIn answered ${response.status}: ${detail}${hint}`,
    status: response.status,
    code: body.code ?? body.serviceErrorCode,
    requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
    retryAfterMs: retryAfterMs(kind, response, now),
  });
}

/**
 * toError for the OAuth token and revoke endpoints. 429/5xx stay retryable; a rejected client
 * is 'invalid' (our configuration); any other rejection of a refresh means the grant is gone
 * ('revoked'), and of a code exchange that the code is bad ('invalid').
 */
export function oauthError(
  response: HttpResponse,
  now: Date,
  grant: 'exchange' | 'refresh' | 'revoke',
): PlatformError | undefined {
  if (response.status < 400) return undefined;
  const body: OAuthErrorBody = isObject(response.json) ? (response.json as OAuthErrorBody) : {};
  let kind: PlatformErrorKind;
  if (response.status === 429) kind = 'rate_limited';
  else if (response.status >= 500) kind = 'unavailable';
  else if (body.error === 'invalid_client') kind = 'invalid';
  else kind = grant === 'refresh' ? 'revoked' : 'invalid';
  return new PlatformError({
    platform: 'linkedin',
    kind,
    message: `LinkedIn OAuth ${grant} failed (${response.status}): ${body.error ?? 'error'}: ${body.error_description ?? 'no description'}`,
    status: response.status,
    code: body.error,
    requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
    retryAfterMs: retryAfterMs(kind, response, now),
  });
}
