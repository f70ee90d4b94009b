import type { Role } from '@shared/access/policy';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { users, workspaceInvitations, workspaces } from '../../db/schema';

/**
 * Workspace invitations: the pending ones of a workspace, a link's token hash, and their changes.
 * Every query a route reaches is scoped to one workspace, or found by the token's hash alone.
 */

/** Neither accepted nor revoked (expired or not). */
const unanswered = () => and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

/** Not yet accepted, not revoked and not expired at `now`. */
const pendingAt = (now: Date) => and(unanswered(), gt(workspaceInvitations.expiresAt, now));

/** What a pending invitation shows (the inviter's name needs the join on users). */
const PENDING_INVITATION_COLUMNS = {
  id: workspaceInvitations.id,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  sentAt: workspaceInvitations.sentAt,
  expiresAt: workspaceInvitations.expiresAt,
  invitedBy: users.fullName,
};

/** The workspace's pending invitations (or the one with `id`), newest first, with the inviter's name. */
export async function invitationsOf(db: DbOrTx, workspaceId: string, now: Date, id?: string) {
  return db
    .select(PENDING_INVITATION_COLUMNS)
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        pendingAt(now),
        id ? eq(workspaceInvitations.id, id) : undefined,
      ),
    )
    .orderBy(desc(workspaceInvitations.sentAt), desc(workspaceInvitations.createdAt));
}

/** The id of the workspace's pending invitation for `email`, if there is one. */
export async function pendingInvitationFor(db: DbOrTx, workspaceId: string, email: string, now: Date) {
  const [row] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.email, email), pendingAt(now)),
    );
  return row;
}

/** Deletes the workspace's invitations for `email` that ran out unanswered by `now`. */
export async function deleteExpiredInvitationsFor(db: DbOrTx, workspaceId: string, email: string, now: Date) {
  await db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.email, email),
        unanswered(),
        lte(workspaceInvitations.expiresAt, now),
      ),
    );
}

/** What is stored of a new link: its token's hash and its times. */
export interface StoredLink {
  tokenHash: string;
  sentAt: Date;
  expiresAt: Date;
}

export async function insertInvitation(
  db: DbOrTx,
  invitation: { workspaceId: string; email: string; role: Role; invitedBy: string; createdAt: Date } & StoredLink,
): Promise<string> {
  const [row] = await db.insert(workspaceInvitations).values(invitation).returning({ id: workspaceInvitations.id });
  return row.id;
}

/** The workspace's invitation `id` while neither accepted nor revoked (expired ones included). */
export async function openInvitation(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId), unanswered()));
  return row;
}

/** Gives the invitation a new link (the old token stops matching) and who sent it this time. */
export async function replaceInvitationLink(db: DbOrTx, id: string, stored: StoredLink, invitedBy: string) {
  await db
    .update(workspaceInvitations)
    .set({ ...stored, invitedBy })
    .where(eq(workspaceInvitations.id, id));
}

/** Revokes the workspace's invitation `id` unless it was accepted or revoked; false when there was none. */
export async function revokeInvitation(db: DbOrTx, workspaceId: string, id: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId), unanswered()))
    .returning({ id: workspaceInvitations.id });
  return revoked.length > 0;
}

/** The pending invitation behind a link's token hash, with its workspace's and inviter's names. */
export async function invitationPreviewByHash(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ ...PENDING_INVITATION_COLUMNS, workspaceName: workspaces.name })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.tokenHash, tokenHash), pendingAt(now)));
  return row;
}

/** The workspace of the pending invitation behind a link's token hash (read without a lock). */
export async function pendingInvitationWorkspace(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ workspaceId: workspaceInvitations.workspaceId })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.tokenHash, tokenHash), pendingAt(now)));
  return row;
}

/** Locks (FOR UPDATE) the workspace's pending invitation behind a link's token hash. */
export async function lockPendingInvitation(db: DbOrTx, workspaceId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.tokenHash, tokenHash),
        eq(workspaceInvitations.workspaceId, workspaceId),
        pendingAt(now),
      ),
    )
    .for('update');
  return row;
}

export async function markInvitationAccepted(db: DbOrTx, id: string, now: Date) {
  await db.update(workspaceInvitations).set({ acceptedAt: now }).where(eq(workspaceInvitations.id, id));
}
