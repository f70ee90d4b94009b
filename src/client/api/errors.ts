import { type ApiErrorBody, ErrorCode } from '@shared/api/errors';

/** The `error` of a request the base query gave up on because the session could not be refreshed. */
export const SESSION_EXPIRED_ERROR = 'SESSION_EXPIRED';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function detailOf(value: unknown): string | null {
  return isRecord(value) ? nonEmpty((value as Partial<ApiErrorBody>).detail) : null;
}

/**
 * The message to show for a failed call (spec section 8): the server's `detail`
 * if present, else the error's own message, else the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isRecord(error)) return fallback;
  // RTK Query errors carry the body in `data`; thrown bodies carry `detail` directly.
  return detailOf(error.data) ?? detailOf(error) ?? nonEmpty(error.message) ?? fallback;
}

/** The request field a server's 400 names (`field` beside `detail`, a yup path such as 'groups[0].conditions[1].days'), if any. */
export function errorField(error: unknown): string | null {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  return nonEmpty((error.data as { field?: unknown }).field);
}

/**
 * The action a 502 'partially_applied' names: the platform took a change only in part (or its
 * outcome is not known yet), and the actions log says what is there now. Null for any other error.
 */
export function partiallyAppliedAction(error: unknown): string | null {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  const { code, action_id: actionId } = error.data as Partial<ApiErrorBody>;
  return code === ErrorCode.PartiallyApplied && typeof actionId === 'string' ? actionId : null;
}

/** True for a request that was cancelled on purpose; such failures are ignored silently. */
export function isAbortError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (error.name === 'AbortError') return true;
  // fetchBaseQuery reports an aborted fetch as FETCH_ERROR with the stringified DOMException.
  return error.status === 'FETCH_ERROR' && typeof error.error === 'string' && error.error.startsWith('AbortError');
}

/** True for the error the base query returns once the session has expired (the user was already told). */
export function isSessionExpiredError(error: unknown): boolean {
  return isRecord(error) && error.status === 'CUSTOM_ERROR' && error.error === SESSION_EXPIRED_ERROR;
}
