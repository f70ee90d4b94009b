import type { DbOrTx } from '../../db/connect';
import type { MCP_CALL_OUTCOMES } from '../../db/schema';
import type { McpCaller } from '../mcpAuth/mcpTokens';
import { insertCall } from './mcp.queries';

export type McpCallOutcome = (typeof MCP_CALL_OUTCOMES)[number];

/**
 * One line of the MCP audit: who (grant, user), through which app, in which workspace, which
 * tool, how it ended. Never the arguments or the answer: they may hold figures the workspace keeps
 * to itself, and the audit is read by people the figures were not for.
 */
export async function recordCall(
  db: DbOrTx,
  caller: McpCaller,
  tool: string,
  outcome: McpCallOutcome,
  at: Date,
): Promise<void> {
  await insertCall(db, {
    grantId: caller.grantId,
    userId: caller.userId,
    workspaceId: caller.workspaceId,
    clientId: caller.clientId,
    tool,
    outcome,
    at,
  });
}

/** The longest tool name kept: a name the server does not know is the caller's text, not ours. */
const TOOL_NAME_MAX = 100;

/** The tool a JSON-RPC tools/call message names ('' when it names none); null for any other message. */
export function toolCalledIn(message: unknown): string | null {
  if (typeof message !== 'object' || message === null || (message as { method?: unknown }).method !== 'tools/call')
    return null;
  const name = (message as { params?: { name?: unknown } }).params?.name;
  return typeof name === 'string' ? name.slice(0, TOOL_NAME_MAX) : '';
}

/**
 * A tools/call the SDK answered before any tool ran (a tool it does not have, arguments its input
 * schema refused) is a call all the same: it is audited as an error under the name it gave.
 */
export async function recordCallNoToolRan(db: DbOrTx, caller: McpCaller, message: unknown, at: Date): Promise<void> {
  const tool = toolCalledIn(message);
  if (tool !== null) await recordCall(db, caller, tool || '(no tool named)', 'error', at);
}
