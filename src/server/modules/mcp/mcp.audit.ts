import { MCP_CALL_OUTCOMES, mcpCalls } from '../../db/schema';
import type { DbOrTx } from '../../db/connect';
import type { McpCaller } from '../mcpAuth/mcpTokens';

export type McpCallOutcome = (typeof MCP_CALL_OUTCOMES)[number];

/**
 * One line of the MCP audit: who (grant, user), through which app, in which workspace, which
 * tool, how it ended. Never the arguments or the answer: they may hold figures the workspace keeps
 * to itself, and the audit is read by people the figures were not for.
 */
export async function recordCall(db: DbOrTx, caller: McpCaller, tool: string, outcome: McpCallOutcome, at: Date): Promise<void> {
  await db.insert(mcpCalls).values({ grantId: caller.grantId, userId: caller.userId, workspaceId: caller.workspaceId, clientId: caller.clientId, tool, outcome, at });
}
