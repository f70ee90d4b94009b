import type { Action } from '@shared/access/policy';
import type { z } from 'zod';

import type { AppContext } from '../../../context';
import type { Services } from '../../../services';
import type { Principal } from '../../access/principal';
import type { McpCaller } from '../../mcpAuth/mcpTokens';

/** What a tool runs with: the caller as the grant stands now, and the app's services. */
export interface ToolContext {
  caller: McpCaller;
  /** The caller as a workspace member: the principal every service takes. */
  principal: Principal;
  services: Services;
  ctx: AppContext;
}

/** What a tool answers: structured content (checked against its output schema) and one or two sentences for a person. */
export interface ToolAnswer<Output> {
  structured: Output;
  summary: string;
}

/**
 * A read tool: its name, words an assistant chooses it by, the policy action the matching HTTP
 * route requires, and zod schemas of its arguments and answer. mcp.server.ts registers it with
 * the read-only annotations, the role check and the audit; the tool only reads.
 */
export interface ReadTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** The same action the app's route for this data checks (@shared/access/policy). */
  action: Action;
  input: Input;
  output: Output;
  /**
   * Where the tool is not purely a read: analyze_ad_copy keeps its analysis in the workspace's
   * Creative Analyzer history, as the app does, so it is not read-only nor idempotent.
   */
  annotations?: { readOnlyHint?: boolean; idempotentHint?: boolean };
  run(args: z.output<Input>, context: ToolContext): Promise<ToolAnswer<z.input<Output>>>;
}

/** Keeps a tool's schema types tied to its run function. */
export const readTool = <Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: ReadTool<Input, Output>,
): ReadTool<Input, Output> => tool;
