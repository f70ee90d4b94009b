import { and, eq, gt, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { connectedAdAccounts, mcpCalls, mcpConfirmations } from '../../db/schema';

/** The MCP server's own rows: the audit of tool calls, confirmations of writes, and a workspace's accounts. */

export type NewMcpCallRow = typeof mcpCalls.$inferInsert;

export async function insertCall(db: DbOrTx, call: NewMcpCallRow): Promise<void> {
  await db.insert(mcpCalls).values(call);
}

/** Each connected ad account of the workspace with its connection's id. */
export async function accountConnectionsOf(db: DbOrTx, workspaceId: string) {
  return db
    .select({ id: connectedAdAccounts.id, connectionId: connectedAdAccounts.connectionId })
    .from(connectedAdAccounts)
    .where(eq(connectedAdAccounts.workspaceId, workspaceId));
}

export async function insertConfirmation(
  db: DbOrTx,
  confirmation: {
    grantId: string;
    tool: string;
    argumentsHash: string;
    previewHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(mcpConfirmations).values(confirmation).returning({ id: mcpConfirmations.id });
  return row.id;
}

/**
 * Uses up the grant's confirmation `id` for exactly this tool and arguments, while unused and
 * unexpired at `now`; its preview's hash, or undefined when it could not be claimed.
 */
export async function claimConfirmationRow(
  db: DbOrTx,
  call: { id: string; grantId: string; tool: string; argumentsHash: string },
  now: Date,
) {
  const [row] = await db
    .update(mcpConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(mcpConfirmations.id, call.id),
        eq(mcpConfirmations.grantId, call.grantId),
        eq(mcpConfirmations.tool, call.tool),
        eq(mcpConfirmations.argumentsHash, call.argumentsHash),
        isNull(mcpConfirmations.usedAt),
        gt(mcpConfirmations.expiresAt, now),
      ),
    )
    .returning({ previewHash: mcpConfirmations.previewHash });
  return row;
}

export async function confirmationById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(mcpConfirmations).where(eq(mcpConfirmations.id, id));
  return row;
}
