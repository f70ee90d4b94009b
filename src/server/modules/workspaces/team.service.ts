import type { Role } from '@shared/access/policy';
import { ErrorCode } from '@shared/api/errors';
import {
  type Invitation,
  INVITATION_TTL_DAYS,
  type InvitationPreview,
  type Member,
  type Team,
  WORKSPACE_MESSAGES,
  type WorkspaceSummary,
} from '@shared/api/workspaces';
import { DAY_MS } from '@shared/days';
import { isUuid } from '@shared/validation/uuid';
import type { InvitationInput } from '@shared/validation/workspaces';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/connect';
import { HttpError, notFound } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import { accessChanges } from '../access/accessChanges';
import type { Principal } from '../access/principal';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { userEmail, userFullName, userIdByEmail } from '../users/users.queries';
import { invitationMail } from './invitations.mail';
import {
  deleteExpiredInvitationsFor,
  insertInvitation,
  invitationPreviewByHash,
  invitationsOf,
  lockPendingInvitation,
  markInvitationAccepted,
  openInvitation,
  pendingInvitationFor,
  pendingInvitationWorkspace,
  replaceInvitationLink,
  revokeInvitation,
} from './invitations.queries';
import { presentInvitation, presentInvitationPreview, presentMember } from './workspaces.presenter';
import {
  deleteMember,
  insertMemberUnlessPresent,
  lockForAction,
  lockWorkspace,
  memberByEmail,
  memberRole,
  membersOf,
  ownerCount,
  setCurrentWorkspace,
  setMemberRole,
} from './workspaces.queries';

const conflict = (detail: string) => new HttpError(409, detail, ErrorCode.Conflict);
const invitationNotFound = () => notFound(WORKSPACE_MESSAGES.invitationNotFound);
const memberNotFound = () => notFound(WORKSPACE_MESSAGES.memberNotFound);

/** Invitation ids and user ids come from the path: anything but a UUID is simply not found. */
const pathId = (value: string, missing: () => HttpError): string => {
  if (!isUuid(value)) throw missing();
  return value.toLowerCase();
};

/**
 * A workspace's team: members and their roles, invitations (a random token mailed as a link,
 * stored as its SHA-256, single use, INVITATION_TTL_DAYS days, only for the invited address),
 * ownership transfer and leaving. Every change locks the workspace row first (lockForAction), so
 * concurrent changes are ordered and a workspace always keeps an owner.
 */
export function createTeamService(
  { db, clock, log, mailer, config }: Pick<AppContext, 'db' | 'clock' | 'log' | 'mailer' | 'config'>,
  summary: (userId: string, workspaceId: string) => Promise<WorkspaceSummary>,
) {
  const access = accessChanges(db);
  /** A new link's token, what is stored of it, and its times. */
  function newLink(now: Date) {
    const token = newOpaqueToken();
    return {
      token,
      stored: {
        tokenHash: hashToken(token),
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      },
    };
  }

  /** Mails an invitation's link, in the caller's transaction. The token is only ever in the mail's body. */
  async function mailLink(
    tx: Tx,
    invitation: { email: string; role: Role },
    token: string,
    workspaceName: string,
    inviterId: string,
  ) {
    const inviter = await userFullName(tx, inviterId);
    // An invitee who already has an account gets the mail tied to it (erased with the account).
    const invitee = await userIdByEmail(tx, invitation.email);
    const mail = invitationMail({
      workspaceName,
      inviterName: inviter?.fullName ?? null,
      role: invitation.role,
      link: `${config.publicUrl}/invitations/${token}`,
    });
    await mailer.send({ to: invitation.email, userId: invitee?.id, ...mail }, tx);
  }

  async function team(principal: Principal): Promise<Team> {
    const now = clock.now();
    const [workspace, members, invitations] = await Promise.all([
      summary(principal.userId, principal.workspaceId),
      membersOf(db, principal.workspaceId),
      invitationsOf(db, principal.workspaceId, now),
    ]);
    return {
      workspace,
      members: members.map((member) => presentMember(member, principal.userId)),
      invitations: invitations.map(presentInvitation),
    };
  }

  /** Takes the member out of the workspace; the last owner, and a personal workspace's own user, stay. */
  async function removeFrom(
    tx: Tx,
    workspace: { id: string; personalOf: string | null },
    userId: string,
    role: Role,
    self: boolean,
  ) {
    if (workspace.personalOf === userId)
      throw conflict(self ? WORKSPACE_MESSAGES.personalCannotBeDeleted : WORKSPACE_MESSAGES.personalOwnerStays);
    if (role === 'owner' && (await ownerCount(tx, workspace.id)) <= 1) throw conflict(WORKSPACE_MESSAGES.lastOwner);
    await deleteMember(tx, workspace.id, userId);
  }

  async function leave(principal: Principal): Promise<{ left: true; id: string }> {
    await db.transaction(async (tx) => {
      const workspace = await lockForAction(tx, principal, null);
      await removeFrom(tx, workspace, principal.userId, workspace.role, true);
    });
    access.membershipChanged(principal.workspaceId, principal.userId);
    log.info({ workspaceId: principal.workspaceId }, 'member left a workspace');
    return { left: true, id: principal.workspaceId };
  }

  return {
    /** GET workspace/team/: members (owners first) and pending invitations (newest first). */
    team,

    /** POST workspace/invitations/: invites an address (already trimmed and lower-cased) with a role, and mails the link. */
    async invite(principal: Principal, input: InvitationInput): Promise<Invitation> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'team:manage');
        const member = await memberByEmail(tx, workspace.id, input.email);
        if (member) throw conflict(WORKSPACE_MESSAGES.alreadyMember);
        const pending = await pendingInvitationFor(tx, workspace.id, input.email, now);
        if (pending) throw conflict(WORKSPACE_MESSAGES.alreadyInvited);
        // An earlier invitation that ran out unanswered still holds the address's pending slot (the
        // partial unique index): it goes, and this one takes its place.
        await deleteExpiredInvitationsFor(tx, workspace.id, input.email, now);
        const role = input.role as Role;
        const { token, stored } = newLink(now);
        const invitationId = await insertInvitation(tx, {
          workspaceId: workspace.id,
          email: input.email,
          role,
          invitedBy: principal.userId,
          createdAt: now,
          ...stored,
        });
        await mailLink(tx, { email: input.email, role }, token, workspace.name, principal.userId);
        return invitationId;
      });
      log.info({ workspaceId: principal.workspaceId, invitationId: id }, 'invitation sent');
      const [invitation] = await invitationsOf(db, principal.workspaceId, now, id);
      return presentInvitation(invitation);
    },

    /**
     * POST workspace/invitations/<id>/resend/: a new link (the old one stops working) with a new
     * expiry. An invitation that ran out unanswered may be re-sent too; accepted or revoked ones not.
     */
    async resend(principal: Principal, invitationId: string): Promise<Invitation> {
      const id = pathId(invitationId, invitationNotFound);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'team:manage');
        const row = await openInvitation(tx, workspace.id, id);
        if (!row) throw invitationNotFound();
        const { token, stored } = newLink(now);
        await replaceInvitationLink(tx, row.id, stored, principal.userId);
        await mailLink(tx, row, token, workspace.name, principal.userId);
      });
      log.info({ workspaceId: principal.workspaceId, invitationId: id }, 'invitation re-sent');
      const [invitation] = await invitationsOf(db, principal.workspaceId, now, id);
      return presentInvitation(invitation);
    },

    /** DELETE workspace/invitations/<id>/: the link stops working. */
    async revoke(principal: Principal, invitationId: string): Promise<{ revoked: true; id: string }> {
      const id = pathId(invitationId, invitationNotFound);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'team:manage');
        const revoked = await revokeInvitation(tx, workspace.id, id, now);
        if (!revoked) throw invitationNotFound();
      });
      return { revoked: true, id };
    },

    /** PATCH workspace/members/<user_id>/: any role, owner included; the last owner cannot step down. */
    async setRole(principal: Principal, memberId: string, role: Role): Promise<Member> {
      const userId = pathId(memberId, memberNotFound);
      const changed = await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'team:manage');
        const current = await memberRole(tx, workspace.id, userId);
        if (!current) throw memberNotFound();
        if (current === role) return false;
        if (current === 'owner' && (await ownerCount(tx, workspace.id)) <= 1)
          throw conflict(WORKSPACE_MESSAGES.lastOwner);
        await setMemberRole(tx, workspace.id, userId, role);
        return true;
      });
      if (changed) access.membershipChanged(principal.workspaceId, userId);
      log.info({ workspaceId: principal.workspaceId, role }, 'member role changed');
      const [member] = await membersOf(db, principal.workspaceId, userId);
      if (!member) throw memberNotFound();
      return presentMember(member, principal.userId);
    },

    /** DELETE workspace/members/<user_id>/: removes a member (owner); removing yourself is leaving. */
    async removeMember(principal: Principal, memberId: string): Promise<{ removed: true; user_id: string }> {
      const userId = pathId(memberId, memberNotFound);
      if (userId === principal.userId) {
        await leave(principal);
        return { removed: true, user_id: userId };
      }
      await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'team:manage');
        const role = await memberRole(tx, workspace.id, userId);
        if (!role) throw memberNotFound();
        await removeFrom(tx, workspace, userId, role, false);
      });
      access.membershipChanged(principal.workspaceId, userId);
      log.info({ workspaceId: principal.workspaceId }, 'member removed');
      return { removed: true, user_id: userId };
    },

    /** POST workspace/transfer/: the member becomes an owner and the caller a manager. */
    async transfer(principal: Principal, memberId: string): Promise<Team> {
      const userId = pathId(memberId, memberNotFound);
      if (userId === principal.userId)
        throw new HttpError(400, WORKSPACE_MESSAGES.transferToSelf, ErrorCode.ValidationFailed, 'user_id');
      await db.transaction(async (tx) => {
        const workspace = await lockForAction(tx, principal, 'workspace:manage');
        if (!(await memberRole(tx, workspace.id, userId))) throw memberNotFound();
        await setMemberRole(tx, workspace.id, userId, 'owner');
        await setMemberRole(tx, workspace.id, principal.userId, 'manager');
      });
      access.membershipChanged(principal.workspaceId, userId);
      access.membershipChanged(principal.workspaceId, principal.userId);
      log.info({ workspaceId: principal.workspaceId }, 'workspace ownership transferred');
      // The caller is a manager now: the team is read as such (managers may read it).
      return team({ ...principal, role: 'manager' });
    },

    /** POST workspace/leave/: any member but the last owner, and never from one's own personal workspace. */
    leave,

    /** GET invitations/<token>/ (public): what the link is for; 404 for a token that is unknown, used, revoked or expired. */
    async preview(token: string): Promise<InvitationPreview> {
      const now = clock.now();
      const row = await invitationPreviewByHash(db, hashToken(token), now);
      if (!row) throw invitationNotFound();
      return presentInvitationPreview(row);
    },

    /**
     * POST invitations/accept/: the signed-in user, whose e-mail must be the invited one, joins with
     * the invited role (a member already keeps their role); the link is used up and the workspace
     * becomes the user's current one.
     */
    async accept(userId: string, token: string): Promise<WorkspaceSummary> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const workspaceId = await db.transaction(async (tx) => {
        const found = await pendingInvitationWorkspace(tx, tokenHash, now);
        if (!found) throw invitationNotFound();
        // The workspace first, as every team change does, then the invitation itself.
        const workspace = await lockWorkspace(tx, found.workspaceId);
        if (!workspace) throw invitationNotFound();
        const invitation = await lockPendingInvitation(tx, workspace.id, tokenHash, now);
        if (!invitation) throw invitationNotFound();
        const user = await userEmail(tx, userId);
        if (!user) throw sessionGone();
        if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
          throw new HttpError(403, WORKSPACE_MESSAGES.invitationWrongEmail(invitation.email), ErrorCode.Forbidden);
        }
        await insertMemberUnlessPresent(tx, {
          workspaceId: workspace.id,
          userId,
          role: invitation.role,
          createdAt: now,
        });
        await markInvitationAccepted(tx, invitation.id, now);
        await setCurrentWorkspace(tx, userId, workspace.id);
        return workspace.id;
      });
      log.info({ workspaceId }, 'invitation accepted');
      return summary(userId, workspaceId);
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
