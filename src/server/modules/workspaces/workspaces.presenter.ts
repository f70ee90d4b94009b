import type { Role } from '@shared/access/policy';
import type { Invitation, InvitationPreview, Member, WorkspaceSummary } from '@shared/api/workspaces';

/** What the database gives for a timestamp: a Date from the query builder, text or a Date from raw SQL. */
type Instant = Date | string;

const iso = (value: Instant) => new Date(value).toISOString();

/** A workspace as one of its members sees it (queries: workspacesOf). */
export interface WorkspaceRow {
  id: string;
  name: string;
  personal: boolean;
  role: Role;
  connectedAccounts: number;
  current: boolean;
  /** An owner has a paid plan or a running trial (entitlements.ts). */
  dashboard: boolean;
}

export function presentWorkspace(row: WorkspaceRow): WorkspaceSummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    personal: row.personal,
    connected_accounts: row.connectedAccounts,
    current: row.current,
    dashboard: row.dashboard,
  };
}

export interface MemberRow {
  userId: string;
  fullName: string;
  email: string;
  role: Role;
  joinedAt: Instant;
}

export function presentMember(row: MemberRow, callerId: string): Member {
  return {
    user_id: row.userId,
    full_name: row.fullName,
    email: row.email,
    role: row.role,
    joined_at: iso(row.joinedAt),
    you: row.userId === callerId,
  };
}

export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  sentAt: Instant;
  expiresAt: Instant;
  /** The inviter's full name; null once their account is gone. */
  invitedBy: string | null;
}

export function presentInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sent_at: iso(row.sentAt),
    expires_at: iso(row.expiresAt),
    invited_by: row.invitedBy,
  };
}

export function presentInvitationPreview(row: InvitationRow & { workspaceName: string }): InvitationPreview {
  return {
    workspace_name: row.workspaceName,
    email: row.email,
    role: row.role,
    invited_by: row.invitedBy,
    expires_at: iso(row.expiresAt),
  };
}

/** An ISO 8601 instant, or null. */
export const isoOrNull = (value: Instant | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);
