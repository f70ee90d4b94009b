import { AUTH_MESSAGES } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import type { FastifyRequest } from 'fastify';

import { HttpError } from './httpError';

/**
 * Who is signed in, as the routes and services read it. The auth guard (modules/auth/auth.guard.ts)
 * sets `request.userId` from a verified access token; everything after it reads the user from here
 * and answers 401 in the same words when the session is over.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth guard from the verified access token (never from a header the client picks). */
    userId?: string;
  }
}

const unauthorized = (detail: string) => new HttpError(401, detail, ErrorCode.Unauthorized);

/** The signed-in user's id on a guarded route. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized(AUTH_MESSAGES.notSignedIn);
  return request.userId;
}

/** 401 for a token whose user no longer exists (deleted account): the session is over. */
export const sessionGone = () => unauthorized(AUTH_MESSAGES.sessionExpired);
