import { AUTH_MESSAGES } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import type { FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import type { AccessClaims } from './tokens';
import { tokenVersions } from './tokenVersions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token and its claims, for a response that outlives this check (the alert stream checks them again as it goes). */
    accessToken?: { token: string; claims: AccessClaims };
  }
}

const unauthorized = (detail: string) => new HttpError(401, detail, ErrorCode.Unauthorized);

/** The token of an `Authorization: Bearer …` header, or null without one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1] ?? null;
}

/**
 * The user whose access token the request carries, from its signature and expiry alone (no
 * database read): enough to count the request against that user's rate budget. The guard below
 * still decides whether the session is live.
 */
export function createSignedInUser(ctx: Pick<AppContext, 'tokens' | 'clock'>) {
  return async function signedInUser(request: FastifyRequest): Promise<string | null> {
    const token = bearerToken(request);
    return token ? ((await ctx.tokens.verify(token, ctx.clock.now()))?.userId ?? null) : null;
  };
}

/**
 * preHandler for routes that need a signed-in user: verifies the Bearer access token, then checks
 * that it was signed under the user's current token version (cached for a few seconds per process),
 * so logout, refresh-token reuse and a password reset end access tokens at once.
 */
export function createAuthGuard(ctx: Pick<AppContext, 'tokens' | 'clock' | 'db'>) {
  const versions = tokenVersions(ctx.db);
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.notSignedIn);
    const claims = await ctx.tokens.verify(token, ctx.clock.now());
    if (!claims) throw sessionGone();
    // A deleted user has no version: the session is over as well.
    if ((await versions.current(claims.userId)) !== claims.version) throw sessionGone();
    request.userId = claims.userId;
    request.accessToken = { token, claims };
  };
}
