import { durationMs, type HttpResponse, kindForStatus, retryAfterHeaderMs } from '../http';
import { PlatformError, type PlatformErrorKind } from '../types';

/**
 * Google Ads API failures -> PlatformError (research section 1.5). The REST transport sends a
 * google.rpc.Status ({"error": {code, status, message, details}}) whose details hold one
 * GoogleAdsFailure; searchStream wraps it in a one-element array, and a stream that fails
 * midway ends its 200 array with such an object.
 */

/**
 * How long to wait when the daily operations quota (quotaError RESOURCE_EXHAUSTED) is spent
 * and Google named no retryDelay: longer than any client-side wait, so the sync engine
 * reschedules instead of retrying now (the quota is a sliding 24 hours).
 */
export const DAILY_QUOTA_WAIT_MS = 60 * 60 * 1000;

interface GoogleAdsErrorEntry {
  errorCode?: Record<string, string>;
  message?: string;
  details?: { quotaErrorDetails?: { retryDelay?: string } };
}

interface RpcDetail {
  '@type'?: string;
  errors?: GoogleAdsErrorEntry[];
  requestId?: string;
  retryDelay?: string;
}

interface RpcStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: RpcDetail[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The google.rpc.Status in a body: bare, array-wrapped, or ending a stream of batches. */
export function rpcStatusOf(json: unknown): RpcStatus | undefined {
  const holder = Array.isArray(json) ? json.find((item) => isObject(item) && isObject(item.error)) : json;
  return isObject(holder) && isObject(holder.error) ? (holder.error as RpcStatus) : undefined;
}

/** The kind of a failure named by its GoogleAdsFailure code, where the code decides it. */
function kindOfCode(family: string, code: string): PlatformErrorKind | undefined {
  if (family === 'quotaError') return code === 'ACCESS_PROHIBITED' ? 'permission' : 'rate_limited';
  if (family === 'authenticationError' && code.startsWith('DEVELOPER_TOKEN')) return 'permission';
  if (family === 'authorizationError') return 'permission';
  if (family === 'mutateError' && code === 'RESOURCE_NOT_FOUND') return 'not_found';
  return undefined;
}

/** The kind of a failure from its canonical status (or HTTP status). */
function kindOfStatus(rpcStatus: string | undefined, httpStatus: number): PlatformErrorKind {
  switch (rpcStatus) {
    case 'UNAUTHENTICATED':
      // Expired, invalid or revoked access token alike: refreshing decides (a dead grant fails with invalid_grant).
      return 'auth_expired';
    case 'RESOURCE_EXHAUSTED':
      return 'rate_limited';
    case 'INTERNAL':
    case 'UNAVAILABLE':
    case 'DEADLINE_EXCEEDED':
      return 'unavailable';
    case 'PERMISSION_DENIED':
      return 'permission';
    case 'NOT_FOUND':
      return 'not_found';
    default:
      return kindForStatus(httpStatus);
  }
}

/**
 * toError for every Google Ads API call: undefined on success, else a PlatformError with the
 * GoogleAdsFailure code (RESOURCE_TEMPORARILY_EXHAUSTED, USER_PERMISSION_DENIED ...), the
 * retryDelay Google asked for, and the request id.
 */
export function toGoogleError(response: HttpResponse, now: Date): PlatformError | undefined {
  const status = rpcStatusOf(response.json);
  if (response.status < 400 && !status) return undefined;
  const httpStatus = response.status >= 400 ? response.status : (status?.code ?? 500);
  const failure = status?.details?.find((detail) => detail['@type']?.endsWith('.GoogleAdsFailure'));
  const entries = failure?.errors ?? [];
  const codes = entries
    .map((entry) => Object.entries(entry.errorCode ?? {})[0])
    .filter((pair): pair is [string, string] => Boolean(pair));
  const decided = codes.map(([family, code]) => kindOfCode(family, code)).find(Boolean);
  const kind = decided ?? kindOfStatus(status?.status, httpStatus);

  const retryDelay =
    entries.map((entry) => durationMs(entry.details?.quotaErrorDetails?.retryDelay)).find((ms) => ms !== undefined) ??
    status?.details?.map((detail) => durationMs(detail.retryDelay)).find((ms) => ms !== undefined) ??
    retryAfterHeaderMs(response.headers.get('retry-after'), now);
  const dailyQuota = codes.some(([family, code]) => family === 'quotaError' && code === 'RESOURCE_EXHAUSTED');

  const message = entries[0]?.message ?? status?.message ?? response.text.slice(0, 200);
  return new PlatformError({
    platform: 'google',
    kind,
    message: `Google Ads ${status?.status ?? httpStatus}: ${message}`,
    status: httpStatus,
    code: codes[0]?.[1] ?? status?.status ?? httpStatus,
    retryAfterMs: retryDelay ?? (dailyQuota ? DAILY_QUOTA_WAIT_MS : undefined),
    requestId: failure?.requestId ?? response.headers.get('request-id') ?? undefined,
  });
}

/** google.rpc.Code numbers (what partialFailureError carries) as canonical names and HTTP statuses. */
const RPC_CODES: Record<number, [string, number]> = {
  3: ['INVALID_ARGUMENT', 400],
  5: ['NOT_FOUND', 404],
  7: ['PERMISSION_DENIED', 403],
  8: ['RESOURCE_EXHAUSTED', 429],
  13: ['INTERNAL', 500],
  14: ['UNAVAILABLE', 503],
  16: ['UNAUTHENTICATED', 401],
};

/**
 * A mutate answered 200 with a partialFailureError (a google.rpc.Status whose code is a
 * google.rpc.Code number, not an HTTP status): some operations did not apply although the call
 * succeeded. Read like any failure, with the number of failed operations in the message, so a
 * half-applied change is never taken for a success. Undefined when there is none.
 */
export function toPartialFailureError(json: unknown, operations: number, now: Date): PlatformError | undefined {
  const status =
    isObject(json) && isObject(json.partialFailureError) ? (json.partialFailureError as RpcStatus) : undefined;
  if (!status?.code) return undefined; // absent, or code 0 (OK): every operation applied
  const [name, httpStatus] = RPC_CODES[status.code] ?? ['UNKNOWN', 400];
  const response: HttpResponse = {
    status: httpStatus,
    headers: new Headers(),
    json: { error: { ...status, status: status.status ?? name } },
    text: '',
  };
  const error = toGoogleError(response, now)!;
  const failed = status.details?.find((detail) => detail['@type']?.endsWith('.GoogleAdsFailure'))?.errors?.length ?? 0;
  return new PlatformError({
    platform: 'google',
    kind: error.kind,
    message: `Google Ads partial failure (${failed || 'some'} of ${operations} operations not applied): ${error.message}`,
    status: httpStatus,
    code: error.code,
    requestId: error.requestId,
  });
}
