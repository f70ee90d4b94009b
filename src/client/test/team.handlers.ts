import type { Role } from '@shared/access/policy';
import type { GenerateOtpResult, VerifyOtpResult } from '@shared/api/adAccounts';
import {
  type Invitation,
  type InvitationPreview,
  type Member,
  type Team,
  WORKSPACE_HEADER,
  WORKSPACE_MESSAGES,
  type WorkspaceSummary,
} from '@shared/api/workspaces';
import { RESEND_LOCK_SECONDS } from '@shared/constants';
import { http, HttpResponse } from 'msw';

import { api, FAKE_OTP } from './handlers';
import { workspaceBody } from './workspaces.handlers';

/** A client workspace the test user works in (not their personal one). */
export const CLIENT_WORKSPACE_ID = '00000000-0000-4000-8000-200000000001';
/** The test user (Asha) and two teammates. */
export const ASHA_ID = '00000000-0000-4000-8000-300000000001';
export const RAVI_ID = '00000000-0000-4000-8000-300000000002';
export const MEERA_ID = '00000000-0000-4000-8000-300000000003';

/** The client workspace as the lists show it, with the user's role in it. */
export function clientWorkspaceBody(role: Role = 'owner', overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary {
  return workspaceBody({
    id: CLIENT_WORKSPACE_ID,
    name: 'Acme Shoes',
    role,
    personal: false,
    connected_accounts: 2,
    current: true,
    ...overrides,
  });
}

/** A member; by default the test user herself. */
export function memberBody(overrides: Partial<Member> = {}): Member {
  return {
    user_id: ASHA_ID,
    full_name: 'Asha Rao',
    email: 'asha@example.com',
    role: 'owner',
    joined_at: '2030-01-02T10:00:00.000Z',
    you: true,
    ...overrides,
  };
}

/** Ravi, a manager. */
export const raviBody = (overrides: Partial<Member> = {}) =>
  memberBody({
    user_id: RAVI_ID,
    full_name: 'Ravi Kumar',
    email: 'ravi@example.com',
    role: 'manager',
    joined_at: '2030-01-03T10:00:00.000Z',
    you: false,
    ...overrides,
  });

/** Meera, a viewer. */
export const meeraBody = (overrides: Partial<Member> = {}) =>
  memberBody({
    user_id: MEERA_ID,
    full_name: 'Meera Shah',
    email: 'meera@example.com',
    role: 'viewer',
    joined_at: '2030-01-04T10:00:00.000Z',
    you: false,
    ...overrides,
  });

/** A pending invitation. */
export function invitationBody(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 'inv-1',
    email: 'client@example.com',
    role: 'client',
    sent_at: '2030-01-05T10:00:00.000Z',
    expires_at: '2030-01-12T10:00:00.000Z',
    invited_by: 'Asha Rao',
    ...overrides,
  };
}

/** What GET invitations/<token>/ shows about an invitation. */
export function invitationPreviewBody(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    workspace_name: 'Acme Shoes',
    email: 'asha@example.com',
    role: 'viewer',
    invited_by: 'Ravi Kumar',
    expires_at: '2030-01-12T10:00:00.000Z',
    ...overrides,
  };
}

/** What the fake team server starts from. */
export interface FakeTeamOptions {
  workspace?: WorkspaceSummary;
  members?: Member[];
  invitations?: Invitation[];
}

const conflict = (detail: string) => HttpResponse.json({ detail, code: 'conflict' }, { status: 409 });
const notFound = (detail: string) => HttpResponse.json({ detail, code: 'not_found' }, { status: 404 });

/**
 * The current workspace's endpoints as the contract describes them, with state: its summary, the
 * team and its invitations, an OTP that must be verified before a delete, and the server's
 * refusals (already a member or invited, the last owner). Tests add `fake.handlers` with
 * `server.use` and read what was asked (and for which workspace header) from `fake.requests`.
 */
export function fakeTeamServer({
  workspace: initial = clientWorkspaceBody(),
  members: initialMembers = [memberBody(), raviBody()],
  invitations: initialInvitations = [],
}: FakeTeamOptions = {}) {
  let workspace = { ...initial };
  let members = [...initialMembers];
  let invitations = [...initialInvitations];
  let verified = false;
  let invited = 0;
  const requests = {
    /** The workspace header of every request, in order. */
    headers: [] as (string | null)[],
    renamed: [] as unknown[],
    invited: [] as unknown[],
    resent: [] as string[],
    revoked: [] as string[],
    roles: [] as { userId: string; body: unknown }[],
    removed: [] as string[],
    transferred: [] as unknown[],
    left: 0,
    otpsSent: 0,
    verified: [] as unknown[],
    deleted: [] as unknown[],
  };
  const owners = () => members.filter((member) => member.role === 'owner').length;
  const team = (): Team => ({ workspace, members, invitations });
  const seen = (request: Request) => requests.headers.push(request.headers.get(WORKSPACE_HEADER));

  const handlers = [
    http.get(api('workspace/'), ({ request }) => {
      seen(request);
      return HttpResponse.json(workspace);
    }),
    http.patch(api('workspace/'), async ({ request }) => {
      seen(request);
      const body = (await request.json()) as { name: string };
      requests.renamed.push(body);
      workspace = { ...workspace, name: body.name };
      return HttpResponse.json(workspace);
    }),
    http.get(api('workspace/team/'), ({ request }) => {
      seen(request);
      return HttpResponse.json(team());
    }),
    http.post(api('workspace/invitations/'), async ({ request }) => {
      seen(request);
      const body = (await request.json()) as { email: string; role: Role };
      requests.invited.push(body);
      if (members.some((member) => member.email === body.email)) return conflict(WORKSPACE_MESSAGES.alreadyMember);
      if (invitations.some((invitation) => invitation.email === body.email))
        return conflict(WORKSPACE_MESSAGES.alreadyInvited);
      invited += 1;
      const invitation = invitationBody({ id: `inv-new-${invited}`, email: body.email, role: body.role });
      invitations = [invitation, ...invitations];
      return HttpResponse.json(invitation, { status: 201 });
    }),
    http.post(api('workspace/invitations/:id/resend/'), ({ request, params }) => {
      seen(request);
      const id = String(params.id);
      requests.resent.push(id);
      const found = invitations.find((invitation) => invitation.id === id);
      if (!found) return notFound(WORKSPACE_MESSAGES.invitationNotFound);
      return HttpResponse.json(found);
    }),
    http.delete(api('workspace/invitations/:id/'), ({ request, params }) => {
      seen(request);
      const id = String(params.id);
      requests.revoked.push(id);
      if (!invitations.some((invitation) => invitation.id === id))
        return notFound(WORKSPACE_MESSAGES.invitationNotFound);
      invitations = invitations.filter((invitation) => invitation.id !== id);
      return HttpResponse.json({ revoked: true, id });
    }),
    http.patch(api('workspace/members/:userId/'), async ({ request, params }) => {
      seen(request);
      const userId = String(params.userId);
      const body = (await request.json()) as { role: Role };
      requests.roles.push({ userId, body });
      const member = members.find((item) => item.user_id === userId);
      if (!member) return notFound(WORKSPACE_MESSAGES.memberNotFound);
      if (member.role === 'owner' && body.role !== 'owner' && owners() <= 1)
        return conflict(WORKSPACE_MESSAGES.lastOwner);
      members = members.map((item) => (item.user_id === userId ? { ...item, role: body.role } : item));
      return HttpResponse.json({ ...member, role: body.role });
    }),
    http.delete(api('workspace/members/:userId/'), ({ request, params }) => {
      seen(request);
      const userId = String(params.userId);
      requests.removed.push(userId);
      if (!members.some((member) => member.user_id === userId)) return notFound(WORKSPACE_MESSAGES.memberNotFound);
      members = members.filter((member) => member.user_id !== userId);
      return HttpResponse.json({ removed: true, user_id: userId });
    }),
    http.post(api('workspace/transfer/'), async ({ request }) => {
      seen(request);
      const body = (await request.json()) as { user_id: string };
      requests.transferred.push(body);
      if (!members.some((member) => member.user_id === body.user_id))
        return notFound(WORKSPACE_MESSAGES.memberNotFound);
      members = members.map((member) => {
        if (member.user_id === body.user_id) return { ...member, role: 'owner' };
        return member.you ? { ...member, role: 'manager' } : member;
      });
      workspace = { ...workspace, role: 'manager' };
      return HttpResponse.json(team());
    }),
    http.post(api('workspace/leave/'), ({ request }) => {
      seen(request);
      requests.left += 1;
      const you = members.find((member) => member.you);
      if (you?.role === 'owner' && owners() <= 1) return conflict(WORKSPACE_MESSAGES.lastOwner);
      members = members.filter((member) => !member.you);
      return HttpResponse.json({ left: true, id: workspace.id });
    }),
    http.post(api('generate-otp/'), () => {
      requests.otpsSent += 1;
      return HttpResponse.json({
        sent: true,
        resend_after_seconds: RESEND_LOCK_SECONDS,
        expires_in_seconds: 600,
      } satisfies GenerateOtpResult);
    }),
    http.post(api('verify-otp/'), async ({ request }) => {
      const body = (await request.json()) as { otp?: unknown };
      requests.verified.push(body);
      if (body.otp !== FAKE_OTP)
        return HttpResponse.json({ detail: 'Invalid OTP.', code: 'validation_failed' }, { status: 400 });
      verified = true;
      return HttpResponse.json({ verified: true, expires_in_seconds: 300 } satisfies VerifyOtpResult);
    }),
    http.post(api('workspace/delete/'), async ({ request }) => {
      seen(request);
      const body = (await request.json()) as { name?: unknown };
      requests.deleted.push(body);
      if (workspace.personal) return conflict(WORKSPACE_MESSAGES.personalCannotBeDeleted);
      if (body.name !== workspace.name)
        return HttpResponse.json(
          { detail: WORKSPACE_MESSAGES.nameMismatch, code: 'validation_failed' },
          { status: 400 },
        );
      if (!verified)
        return HttpResponse.json({ detail: WORKSPACE_MESSAGES.otpRequired, code: 'forbidden' }, { status: 403 });
      verified = false;
      return HttpResponse.json({ deleted: true, id: workspace.id });
    }),
  ];
  return { handlers, requests, team };
}
