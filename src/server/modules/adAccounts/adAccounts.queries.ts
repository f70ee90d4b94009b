import { and, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { users, workspaceMembers, workspaces } from '../../db/schema';

/**
 * Who is told that a connection needs reconnecting, or soon will: the workspace's owners and
 * managers, the roles that may reconnect. With the workspace's name for the mail.
 */
export function reconnectRecipients(db: DbOrTx, workspaceId: string) {
  return db
    .select({ userId: users.id, email: users.email, fullName: users.fullName, workspace: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, ['owner', 'manager'])));
}
