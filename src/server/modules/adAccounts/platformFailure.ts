import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import { PLATFORM_LABELS } from '@shared/constants';

import { HttpError } from '../../lib/httpError';
import type { PlatformError } from '../../platforms/types';

/** Why a platform call on the user's behalf failed, as an HTTP error with the platform named. */
export function platformFailure(error: PlatformError, subject = 'this campaign'): HttpError {
  const label = PLATFORM_LABELS[error.platform];
  // An expired token that survived the refresh may be a glitch: the connection stays active until
  // it repeats (connections.ts), so the user is asked to try again, not to reconnect.
  if (error.tokenExpired) return new HttpError(502, DASHBOARD_MESSAGES.accessRefused(label), ErrorCode.PlatformFailed);
  if (error.needsReconnect)
    return new HttpError(409, DASHBOARD_MESSAGES.needsReconnect(label), ErrorCode.NeedsReconnect);
  if (error.kind === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    return new HttpError(
      503,
      `${label} is rate limiting requests. Please try again in ${seconds} seconds.`,
      ErrorCode.PlatformFailed,
      undefined,
      seconds,
    );
  }
  if (error.kind === 'unavailable')
    return new HttpError(502, `${label} is not answering right now. Please try again.`, ErrorCode.PlatformFailed);
  if (error.kind === 'permission')
    return new HttpError(403, `${label} did not allow the change: ${error.message}`, ErrorCode.PlatformFailed);
  if (error.kind === 'not_found')
    return new HttpError(404, `${label} no longer has ${subject}.`, ErrorCode.PlatformFailed);
  return new HttpError(422, `${label} rejected the change: ${error.message}`, ErrorCode.PlatformFailed);
}
