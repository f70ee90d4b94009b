import type { Role } from '../access/policy';
import type { DisplayCurrency } from './dashboard';

/**
 * Workspaces, teams and invitations, shared by client and server. Every route is under the API
 * base and needs the signed-in user's access token unless marked public.
 *
 * Requests about the current workspace carry WORKSPACE_HEADER (no header: the user's personal
 * workspace). An unknown or foreign id answers 404 'Workspace not found.'.
 *
 * GET    workspaces/                              -> WorkspaceSummary[]      every workspace the user belongs to
 * POST   workspaces/                  {name}      -> WorkspaceSummary        a new workspace the user owns
 * PUT    workspaces/current/          {workspace_id} -> WorkspaceSummary     remember the one the user switched to
 * GET    workspaces/overview/         ?currency=  -> WorkspaceOverview       the All clients table
 * GET    workspace/                               -> WorkspaceSummary        the current one (header)
 * PATCH  workspace/                   {name}      -> WorkspaceSummary        rename (owner)
 * POST   workspace/delete/            {name}      -> {deleted: true, id}     owner, typed name + verified OTP
 * GET    workspace/team/                          -> Team                    members and pending invitations
 * POST   workspace/invitations/       {email, role} -> Invitation            invite (owner)
 * POST   workspace/invitations/<id>/resend/       -> Invitation
 * DELETE workspace/invitations/<id>/              -> {revoked: true, id}
 * PATCH  workspace/members/<user_id>/ {role}      -> Member                  change a role (owner; the last owner cannot step down)
 * DELETE workspace/members/<user_id>/             -> {removed: true, user_id} remove a member (owner)
 * POST   workspace/transfer/          {user_id}   -> Team                    make a member the owner; the caller becomes a manager
 * POST   workspace/leave/                         -> {left: true, id}        any member but the last owner
 * GET    invitations/<token>/         (public)    -> InvitationPreview
 * POST   invitations/accept/          {token}     -> WorkspaceSummary        e-mail of the signed-in user must match
 */

/** The header the client sends the current workspace's id in. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

/** Longest workspace name. */
export const WORKSPACE_NAME_MAX = 80;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export interface WorkspaceSummary {
  id: string;
  name: string;
  /** The caller's role in it. */
  role: Role;
  /** Created with the account; there is exactly one per user. */
  personal: boolean;
  connected_accounts: number;
  /** The one the user last switched to. */
  current: boolean;
  /**
   * Whether the dashboard is open here: one of the owners has a paid plan or a running trial (the
   * trial belongs to the person who started it and covers the workspaces they own).
   */
  dashboard: boolean;
}

export interface WorkspaceOverviewRow {
  id: string;
  name: string;
  role: Role;
  /** Spend of the last 7 days (today included) in the display currency, major units; null when nothing converts. */
  spend: number | null;
  /** Percent change against the 7 days before; null when there is nothing to compare. */
  spend_change: number | null;
  connected_accounts: number;
  needs_reconnect: number;
  /** ISO 8601; null before the first finished sync. */
  last_synced_at: string | null;
  /** Filled in once alerts and suggestions land; null until then. */
  open_alerts: number | null;
  open_suggestions: number | null;
}

export interface WorkspaceOverview {
  currency: DisplayCurrency;
  /** The 7-day window (inclusive) the spend covers, in the user's time zone. */
  from: string;
  to: string;
  rows: WorkspaceOverviewRow[];
}

export interface Member {
  user_id: string;
  full_name: string;
  email: string;
  role: Role;
  /** ISO 8601. */
  joined_at: string;
  /** The caller. */
  you: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  /** ISO 8601. */
  sent_at: string;
  expires_at: string;
  invited_by: string | null;
}

export interface Team {
  workspace: WorkspaceSummary;
  members: Member[];
  /** Pending ones only (not accepted, revoked or expired), newest first. */
  invitations: Invitation[];
}

export interface InvitationPreview {
  workspace_name: string;
  email: string;
  role: Role;
  invited_by: string | null;
  expires_at: string;
}

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found.',
  nameRequired: 'Please enter a name for the workspace.',
  nameTooLong: `Please keep the name to ${WORKSPACE_NAME_MAX} characters or fewer.`,
  nameMismatch: 'Please type the workspace name exactly as shown to confirm.',
  notAllowed: 'Your role in this workspace does not allow that.',
  personalCannotBeDeleted: 'Your personal workspace goes only with your account.',
  personalOwnerStays: 'This is their personal workspace: they stay in it as long as they have an account.',
  lastOwner: 'A workspace needs an owner: transfer ownership to another member first.',
  alreadyMember: 'That person is already a member of this workspace.',
  alreadyInvited: 'That address already has a pending invitation; re-send it instead.',
  roleInvalid: 'Please pick a role: owner, manager, viewer or client.',
  emailInvalid: 'Please enter a valid email address.',
  memberNotFound: 'That person is not a member of this workspace.',
  invitationNotFound: 'This invitation link is not valid any more. Ask for a new one.',
  invitationWrongEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  pickWorkspace: 'Please pick a workspace.',
  pickMember: 'Please pick a member.',
  transferToSelf: 'You already own this workspace.',
  otpRequired: 'Please verify the code we e-mailed you before deleting the workspace.',
} as const;
