import type { Tx } from '../../db/connect';
import type { Mailer } from '../../mail/mailer';
import { promotedOwnerMail } from './invitations.mail';
import {
  deleteWorkspaces,
  type Grant,
  grantsOf,
  lockWorkspaces,
  otherMembersOf,
  ownedWorkspaceIds,
  setMemberRole,
} from './workspaces.queries';

/** What became of the workspaces a deleted account owned. */
export interface Settlement {
  /** Workspaces deleted with the account (it was their only owner, and no manager could take over). */
  deleted: string[];
  /** Workspaces whose earliest-joined manager became the owner. */
  promoted: string[];
  /** The platform grants of the deleted workspaces' connections, to revoke once the transaction is done. */
  grants: Grant[];
}

/**
 * Settles, in the account deletion's transaction, every workspace the leaving user owns: one with
 * another owner stays as it is (only the membership goes, by cascade); one they own alone passes
 * to its earliest-joined manager, who is told by mail; one with nobody to take over is deleted
 * with everything in it. The workspace rows are locked first (in id order, as every team change
 * locks them), so no owner can leave or be demoted meanwhile.
 */
export async function settleOwnedWorkspaces(
  tx: Tx,
  leaving: { id: string; fullName: string },
  mailer: Pick<Mailer, 'send'>,
): Promise<Settlement> {
  const owned = await ownedWorkspaceIds(tx, leaving.id);
  if (owned.length === 0) return { deleted: [], promoted: [], grants: [] };
  const locked = await lockWorkspaces(
    tx,
    owned.map((row) => row.id),
  );

  const deleted: string[] = [];
  const promoted: string[] = [];
  for (const workspace of locked) {
    const others = await otherMembersOf(tx, workspace.id, leaving.id);
    // Another owner (still the owner after this transaction: their own leaving waits on the lock).
    if (others.some((member) => member.role === 'owner')) continue;
    const successor = others.find((member) => member.role === 'manager');
    if (!successor) {
      deleted.push(workspace.id);
      continue;
    }
    await setMemberRole(tx, workspace.id, successor.userId, 'owner');
    const mail = promotedOwnerMail({
      fullName: successor.fullName,
      workspaceName: workspace.name,
      formerOwnerName: leaving.fullName,
    });
    await mailer.send({ to: successor.email, userId: successor.userId, ...mail }, tx);
    promoted.push(workspace.id);
  }

  const grants = await grantsOf(tx, deleted);
  if (deleted.length > 0) await deleteWorkspaces(tx, deleted);
  return { deleted, promoted, grants };
}
