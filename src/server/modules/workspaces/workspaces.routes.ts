import type { Role } from '@shared/access/policy';
import { WORKSPACE_HEADER } from '@shared/api/workspaces';
import {
  acceptInvitationSchema,
  currentWorkspaceSchema,
  deleteWorkspaceSchema,
  invitationSchema,
  memberRoleSchema,
  overviewQuerySchema,
  transferSchema,
  workspaceNameSchema,
} from '@shared/validation/workspaces';
import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'yup';

import type { AppContext } from '../../context';
import { noStore, rateLimit } from '../../lib/routeOptions';
import { bearerAuth, errorResponses, success } from '../../lib/routeSchema';
import { currentUserId } from '../../lib/signedIn';
import type { YupTypeProvider } from '../../lib/validate';
import type { Services } from '../../services';
import { authorize, currentPrincipal, principalFor } from '../access/principal';
import { workspaceScope } from '../access/workspaceScope';
import { createAuthGuard } from '../auth/auth.guard';

const tags = ['Workspaces'];

/** Path parts are looked up, not validated: an id that is not a UUID of this workspace's is a 404 with a detail. */
const invitationParams = object({ id: string().default('') });
const memberParams = object({ userId: string().default('') });
const tokenParams = object({ token: string().default('') });

const currentDescription =
  `About the current workspace: the one named by the ${WORKSPACE_HEADER} header (none: the caller's personal workspace). ` +
  'An id that is not a UUID, unknown, or a workspace the caller is not a member of answers 404.';

type Options = { ctx: AppContext; services: Services };

/** workspaces/…: the signed-in user's workspaces (no current workspace involved). */
const userWorkspaceRoutes: FastifyPluginAsync<Options> = async (fastify, { ctx, services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  // Before the body is read: a signed-out caller is told so, not what is wrong with its body.
  app.addHook('onRequest', createAuthGuard(ctx));
  const workspaces = services.workspaces;

  app.get(
    '/workspaces/',
    {
      schema: {
        summary: 'Every workspace the signed-in user belongs to (the switcher), their personal one first',
        tags,
        security: bearerAuth,
        response: {
          200: success('Workspace summaries with the caller’s role and connected-account count.'),
          ...errorResponses(401),
        },
      },
    },
    async (request) => workspaces.list(currentUserId(request)),
  );

  app.post(
    '/workspaces/',
    {
      config: rateLimit(20),
      schema: {
        summary: 'Create a workspace; the caller becomes its owner',
        tags,
        security: bearerAuth,
        body: workspaceNameSchema,
        response: { 201: success('The new workspace.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await workspaces.create(currentUserId(request), request.body.name)),
  );

  app.put(
    '/workspaces/current/',
    {
      config: rateLimit(60),
      schema: {
        summary: 'Remember the workspace the user switched to',
        tags,
        security: bearerAuth,
        body: currentWorkspaceSchema,
        response: { 200: success('The workspace, now current.'), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => workspaces.switchTo(currentUserId(request), request.body.workspace_id),
  );

  app.get(
    '/workspaces/overview/',
    {
      schema: {
        summary: 'All clients: every workspace with its last 7 days’ spend, change, account health and last sync',
        description:
          'Spend covers the last 7 days (today included) in the user’s time zone; `currency` defaults to the saved display currency.',
        tags,
        security: bearerAuth,
        querystring: overviewQuerySchema,
        response: { 200: success('The overview rows, by name.'), ...errorResponses(400, 401) },
      },
    },
    async (request) => workspaces.overview(currentUserId(request), request.query.currency),
  );
};

/** workspace/…: the current workspace and its team; the role decides (@shared/access/policy). */
const currentWorkspaceRoutes: FastifyPluginAsync<Options> = async (fastify, { ctx, services }) => {
  const app = workspaceScope(fastify, ctx);
  const workspaces = services.workspaces;
  const team = services.workspaces.team;

  app.get(
    '/workspace/',
    {
      schema: {
        summary: 'The current workspace',
        description: currentDescription,
        tags,
        security: bearerAuth,
        response: { 200: success('The workspace with the caller’s role.'), ...errorResponses(401, 404) },
      },
    },
    async (request) => workspaces.current(currentPrincipal(request)),
  );

  app.patch(
    '/workspace/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Rename the current workspace (owner)',
        description: currentDescription,
        tags,
        security: bearerAuth,
        body: workspaceNameSchema,
        response: { 200: success('The renamed workspace.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => workspaces.rename(principalFor(request, 'workspace:manage'), request.body.name),
  );

  app.post(
    '/workspace/delete/',
    {
      config: rateLimit(10),
      schema: {
        summary:
          'Delete the current workspace and its data (owner; typed name and a verified OTP); its grants are revoked',
        description: `${currentDescription} Ask for and verify a code with generate-otp/ and verify-otp/ first. A personal workspace goes only with its account (409).`,
        tags,
        security: bearerAuth,
        body: deleteWorkspaceSchema,
        response: { 200: success('`{deleted: true, id}`.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => workspaces.remove(principalFor(request, 'workspace:manage'), request.body.name),
  );

  app.get(
    '/workspace/team/',
    {
      schema: {
        summary: 'Members of the current workspace and its pending invitations',
        description: currentDescription,
        tags,
        security: bearerAuth,
        response: { 200: success('The team.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => team.team(principalFor(request, 'team:read')),
  );

  app.post(
    '/workspace/invitations/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Invite an e-mail address with a role (owner); the link is mailed and works once for 7 days',
        description: currentDescription,
        tags,
        security: bearerAuth,
        body: invitationSchema,
        response: { 201: success('The pending invitation.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await team.invite(principalFor(request, 'team:manage'), request.body)),
  );

  app.post(
    '/workspace/invitations/:id/resend/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Mail a pending invitation again with a new link (the old one stops working) and a new expiry',
        description: currentDescription,
        tags,
        security: bearerAuth,
        params: invitationParams,
        response: { 200: success('The invitation.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => team.resend(principalFor(request, 'team:manage'), request.params.id),
  );

  app.delete(
    '/workspace/invitations/:id/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Revoke a pending invitation',
        description: currentDescription,
        tags,
        security: bearerAuth,
        params: invitationParams,
        response: { 200: success('`{revoked: true, id}`.'), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => team.revoke(principalFor(request, 'team:manage'), request.params.id),
  );

  app.patch(
    '/workspace/members/:userId/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Change a member’s role (owner); the last owner cannot step down',
        description: currentDescription,
        tags,
        security: bearerAuth,
        params: memberParams,
        body: memberRoleSchema,
        response: { 200: success('The member.'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      team.setRole(principalFor(request, 'team:manage'), request.params.userId, request.body.role as Role),
  );

  app.delete(
    '/workspace/members/:userId/',
    {
      config: rateLimit(30),
      schema: {
        summary: 'Remove a member (owner); removing yourself is leaving',
        description: currentDescription,
        tags,
        security: bearerAuth,
        params: memberParams,
        response: { 200: success('`{removed: true, user_id}`.'), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const principal = currentPrincipal(request);
      // Anyone may take themselves out (leave); taking someone else out is managing the team.
      if (request.params.userId.toLowerCase() !== principal.userId) authorize(principal, 'team:manage');
      return team.removeMember(principal, request.params.userId);
    },
  );

  app.post(
    '/workspace/transfer/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Make a member the owner; the caller becomes a manager (owner)',
        description: currentDescription,
        tags,
        security: bearerAuth,
        body: transferSchema,
        response: { 200: success('The team after the transfer.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => team.transfer(principalFor(request, 'workspace:manage'), request.body.user_id),
  );

  app.post(
    '/workspace/leave/',
    {
      config: rateLimit(10),
      schema: {
        summary: 'Leave the current workspace (any member but the last owner; never one’s own personal workspace)',
        description: currentDescription,
        tags,
        security: bearerAuth,
        response: { 200: success('`{left: true, id}`.'), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request) => team.leave(currentPrincipal(request)),
  );
};

/** workspaces/… and workspace/… (signed-in user). Nothing here may be kept by browsers or proxies. */
export const workspaceRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  noStore(app);
  await app.register(userWorkspaceRoutes, options);
  await app.register(currentWorkspaceRoutes, options);
};

/**
 * invitations/<token>/ (public: what a mailed link is for, shown before signing in or up) and
 * invitations/accept/ (signed-in user with the invited address).
 */
export const invitationRoutes: FastifyPluginAsync<Options> = async (fastify, { ctx, services }) => {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  noStore(app);
  const team = services.workspaces.team;

  app.get(
    '/invitations/:token/',
    {
      config: rateLimit(30),
      // The path carries the link's token: this route's requests stay out of the log.
      logLevel: 'silent',
      schema: {
        summary: 'What an invitation link is for: workspace, address, role, inviter and expiry (public)',
        tags,
        params: tokenParams,
        response: { 200: success('The invitation preview.'), ...errorResponses(404, 429) },
      },
    },
    async (request) => team.preview(request.params.token),
  );

  app.post(
    '/invitations/accept/',
    {
      config: rateLimit(20),
      onRequest: createAuthGuard(ctx),
      schema: {
        summary:
          'Accept an invitation: the signed-in user (with the invited address) joins, and it becomes their current workspace',
        tags,
        security: bearerAuth,
        body: acceptInvitationSchema,
        response: { 200: success('The workspace joined.'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => team.accept(currentUserId(request), request.body.token),
  );
};
