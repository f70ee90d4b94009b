import type { AppStartListening } from '@client/lib/listeners';
import { notify } from '@client/lib/notify';
import { isRejected, type UnknownAction } from '@reduxjs/toolkit';

import { API_REDUCER_PATH } from './apiRegistry';
import { type ErrorFallback, type ErrorFallbackTable, providedErrorFallbacks } from './errorFallbacks';
import { errorMessage, isAbortError, isSessionExpiredError } from './errors';

/** Shown when an endpoint has no fallback of its own and the error says nothing useful. */
export const GENERIC_ERROR_FALLBACK = 'Something went wrong. Please try again.';

/** The user-info fallback; the route shell only logs user-info failures, pages that toast use this. */
export const USER_INFO_ERROR_FALLBACK = 'Failed to get user info';

/** The text of an endpoint's fallback, built from the call when it takes one; the generic text when there is none or null. */
export function fallbackText(fallback: ErrorFallback | undefined, originalArgs?: unknown): string {
  if (typeof fallback === 'function') return fallback(originalArgs);
  return fallback ?? GENERIC_ERROR_FALLBACK;
}

/** The fallback text of an endpoint (spec section 8) from the table the app provided, by name. */
export function fallbackFor(endpointName: string, originalArgs?: unknown): string {
  const fallbacks = providedErrorFallbacks();
  return fallbackText(Object.hasOwn(fallbacks, endpointName) ? fallbacks[endpointName] : null, originalArgs);
}

interface RequestMeta {
  arg?: { endpointName?: unknown; originalArgs?: unknown };
  aborted?: boolean;
  condition?: boolean;
  rejectedWithValue?: boolean;
}

/** The toast text for an action, or null when the action is not a failed request the user should hear about. */
export function rejectionToast(
  action: UnknownAction,
  fallbacks: ErrorFallbackTable = providedErrorFallbacks(),
): string | null {
  if (!isRejected(action) || !action.type.startsWith(`${API_REDUCER_PATH}/`)) return null;
  const meta = action.meta as RequestMeta;
  // `condition` rejections are cache hits that never went out.
  if (meta.condition || meta.aborted) return null;
  const error = meta.rejectedWithValue ? action.payload : action.error;
  if (isAbortError(error) || isSessionExpiredError(error)) return null;

  const endpointName = typeof meta.arg?.endpointName === 'string' ? meta.arg.endpointName : '';
  const fallback = Object.hasOwn(fallbacks, endpointName) ? fallbacks[endpointName] : GENERIC_ERROR_FALLBACK;
  if (fallback === null) return null;
  const message = errorMessage(error, typeof fallback === 'function' ? fallback(meta.arg?.originalArgs) : fallback);
  // Spec section 8: a platform's failure carries the cross mark, server detail or not.
  return CROSS_MARKED.has(endpointName) && !message.startsWith(CROSS_MARK) ? `${CROSS_MARK} ${message}` : message;
}

const CROSS_MARK = '❌';
/** Endpoints whose failures are shown with the cross mark. */
const CROSS_MARKED = new Set(['getPlatformPerformance']);

/** The one place where failed requests become toasts (reducers never toast). */
export function addErrorToastListener(startAppListening: AppStartListening): void {
  startAppListening({
    predicate: (action) => isRejected(action),
    effect: (action) => {
      const message = rejectionToast(action);
      if (message !== null) notify(message, 'error');
    },
  });
}
