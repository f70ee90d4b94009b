import { type Action, type Role, roleCan } from '@shared/access/policy';
import { ErrorCode } from '@shared/api/errors';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { isUuid } from '@shared/validation/uuid';
import type { FastifyRequest } from 'fastify';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/connect';
import { HttpError, notFound } from '../../lib/httpError';
import { currentUserId } from '../../lib/signedIn';
import { membership, personalMembership } from './access.queries';

export { membership, personalWorkspaceId } from './access.queries';

/**
 * Who is asking, and in which workspace: every service of a workspace's data takes this (or a
 * scope made from it), never a bare user id, so every query can filter by workspace.
 */
export interface Principal {
  userId: string;
  workspaceId: string;
  role: Role;
  /** The connected app (MCP client) asking on the user's behalf; the actions log shows a change as done "by <it> for <user>". */
  viaClient?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the workspace guard from the signed-in user and the X-Workspace-Id header, checked against membership. */
    principal?: Principal;
  }
}

export const workspaceNotFound = () => notFound(WORKSPACE_MESSAGES.notFound);

/**
 * Resolves the principal of a request: the header's workspace when the user is a member of it,
 * the personal workspace when there is no header. A header that is not a UUID, names a workspace
 * that does not exist, or one the user is not in answers 404 (never another tenant's data, and
 * never a hint whether the id exists).
 */
export async function resolvePrincipal(
  db: DbOrTx,
  userId: string,
  header: string | string[] | undefined,
): Promise<Principal> {
  if (Array.isArray(header)) throw workspaceNotFound();
  const requested = header?.trim();
  if (requested) {
    if (!isUuid(requested)) throw workspaceNotFound();
    const role = await membership(db, userId, requested.toLowerCase());
    if (!role) throw workspaceNotFound();
    return { userId, workspaceId: requested.toLowerCase(), role };
  }
  // The personal workspace and the user's role in it, in one round trip (every dashboard read comes here).
  const personal = await personalMembership(db, userId);
  if (!personal) throw workspaceNotFound();
  return { userId, workspaceId: personal.id, role: personal.role };
}

/**
 * onRequest hook for routes about the current workspace; runs after the auth guard, before the
 * body is read (a caller outside the workspace learns nothing about its body's faults either).
 */
export function createWorkspaceGuard(ctx: Pick<AppContext, 'db'>) {
  return async function requirePrincipal(request: FastifyRequest): Promise<void> {
    request.principal = await resolvePrincipal(
      ctx.db,
      currentUserId(request),
      request.headers[WORKSPACE_HEADER.toLowerCase()],
    );
  };
}

/** The request's principal on a route behind the workspace guard. */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw workspaceNotFound();
  return request.principal;
}

export function can(principal: Pick<Principal, 'role'>, action: Action): boolean {
  return roleCan(principal.role, action);
}

/** 403 unless the principal's role allows the action (@shared/access/policy). */
export function authorize(principal: Pick<Principal, 'role'>, action: Action): void {
  if (!can(principal, action)) throw new HttpError(403, WORKSPACE_MESSAGES.notAllowed, ErrorCode.Forbidden);
}

/**
 * Route options that check the role before the body is validated: a member who may not do the
 * action is told so, not what is wrong with their input.
 */
export const roleBeforeBody = (action: Action) => ({
  preValidation: async (request: FastifyRequest) => void principalFor(request, action),
});

/** The principal, after checking its role allows the action: the one line a handler starts with. */
export function principalFor(request: FastifyRequest, action: Action): Principal {
  const principal = currentPrincipal(request);
  authorize(principal, action);
  return principal;
}
