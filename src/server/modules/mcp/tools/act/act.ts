import type { Action } from '@shared/access/policy';
import { ErrorCode } from '@shared/api/errors';
import { z } from 'zod';

import { HttpError } from '../../../../lib/httpError';
import {
  claimConfirmation,
  type ConfirmationProblem,
  hashOf,
  issueConfirmation,
  MCP_CONFIRMATION_TTL_MS,
} from '../../mcp.confirmations';
import type { ToolAnswer, ToolContext } from '../tool';

/**
 * The act tools: every write is two calls. Without `confirmation_id` the tool changes nothing and
 * answers a preview (what changes, at which platform and account, from what to what) with a
 * confirmation_id good for 5 minutes; only the same call again (same tool, same arguments, same
 * grant) with that id writes, once, through the same service method the app's own button calls.
 *
 * Why not elicitation (the server asking the person to confirm through the client): this server is
 * stateless, a new McpServer per POST with no session, so at tools/call time it does not know
 * whether the client declared the elicitation capability (that is said once, in initialize, on
 * another request), and an elicitation request needs a stream back to the client held open while
 * the person answers. The preview and confirmation_id work with every client and on any replica.
 */

/** The argument every act tool takes besides its own. */
export const confirmationArgument = z
  .string()
  .max(100)
  .optional()
  .describe(
    'Leave out to preview the change (nothing is written). To make it, call again with the same arguments and the confirmation_id the preview gave (valid 5 minutes, once).',
  );

/** What a preview found: the words and structure to show, and the state the change starts from. */
export interface ActPreview {
  /** Exactly what would change: platform, account, the entity, from and to. */
  preview: Record<string, unknown>;
  /** One sentence saying the same. */
  summary: string;
  /** What the change starts from (a budget, a status, the plan's moves): a different one on confirmation is refused. */
  state: unknown;
  /** The platform already holds what was asked: nothing to confirm. */
  nothingToDo?: boolean;
}

/**
 * An act tool: the policy action the matching HTTP route checks, its truthful annotations, its
 * own arguments (the confirmation_id is added by the server), a preview that writes nothing, and
 * the write through the app's service.
 */
export interface ActTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  action: Action;
  /** Changes spend or delivery (a pause, a budget, an applied suggestion). */
  destructive: boolean;
  /** Writes to an ad platform (not only to Adwise's own records). */
  openWorld: boolean;
  input: Input;
  preview(args: z.output<Input>, context: ToolContext): Promise<ActPreview>;
  execute(
    args: z.output<Input>,
    context: ToolContext,
    preview: ActPreview,
  ): Promise<ToolAnswer<Record<string, unknown>>>;
}

export const actTool = <Input extends z.ZodObject>(tool: ActTool<Input>): ActTool<Input> => tool;

/** The words every description ends with, so an assistant knows the two steps. */
export const TWO_STEPS =
  ' Two steps: call it without confirmation_id to get a preview of exactly what would change (nothing is written) and a confirmation_id; show the preview to the person, and only when they agree call it again with the same arguments plus that confirmation_id (valid 5 minutes, once). Needs a connection with "Read and act".';

export const ACT_MESSAGES = {
  readOnly:
    'This connection is read-only: it can look but not change anything. To let it act, connect the app to Adwise again and choose "Read and act" on the consent page (owners and managers of the workspace can).',
  confirmation: (problem: ConfirmationProblem, tool: string) =>
    ({
      unknown: `That confirmation_id is not one this connection was given. Nothing was changed. Call ${tool} without confirmation_id to preview the change and get one.`,
      other_call: `That confirmation_id was given for a different call (another tool or other arguments). Nothing was changed. Call ${tool} again with exactly the previewed arguments, or preview this one first.`,
      used: `That confirmation_id was already used; each one writes once. Nothing more was changed. Call ${tool} without confirmation_id to preview again.`,
      expired: `That confirmation_id has expired (they last ${MCP_CONFIRMATION_TTL_MS / 60_000} minutes). Nothing was changed. Call ${tool} without confirmation_id to preview again.`,
    })[problem],
  changedSincePreview: (tool: string, now: string) =>
    `This changed since the preview (now: ${now}). Nothing was changed. Call ${tool} without confirmation_id to preview it again, and confirm that.`,
} as const;

const refused = (detail: string) => new HttpError(403, detail, ErrorCode.Forbidden);

/** Runs an act tool's two steps: a preview with a confirmation, or the confirmed write. */
export async function runActTool(
  tool: ActTool,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<ToolAnswer<Record<string, unknown>>> {
  const { confirmation_id: confirmationId, ...own } = args as { confirmation_id?: string } & Record<string, unknown>;
  const { db, clock } = context.ctx;
  const call = { grantId: context.caller.grantId, tool: tool.name, argumentsHash: hashOf(own) };
  if (confirmationId === undefined) {
    const found = await tool.preview(own as never, context);
    if (found.nothingToDo)
      return {
        structured: { status: 'nothing_to_do', preview: found.preview },
        summary: `${found.summary} Nothing needs to change.`,
      };
    const confirmation = await issueConfirmation(db, { ...call, previewHash: hashOf(found.state) }, clock.now());
    return {
      structured: {
        status: 'preview',
        confirmation_id: confirmation.id,
        expires_at: confirmation.expiresAt.toISOString(),
        preview: found.preview,
      },
      summary: `Preview, nothing changed yet: ${found.summary} To make this change, call ${tool.name} again with the same arguments and confirmation_id "${confirmation.id}" (valid until ${confirmation.expiresAt.toISOString()}, once).`,
    };
  }
  const claimed = await claimConfirmation(db, { ...call, id: confirmationId }, clock.now());
  if (!claimed.ok) throw refused(ACT_MESSAGES.confirmation(claimed.problem, tool.name));
  // The state now, as a new preview reads it: the person agreed to the change from what they saw.
  const now = await tool.preview(own as never, context);
  if (hashOf(now.state) !== claimed.previewHash)
    throw new HttpError(409, ACT_MESSAGES.changedSincePreview(tool.name, now.summary), ErrorCode.Conflict);
  return tool.execute(own as never, context, now);
}
