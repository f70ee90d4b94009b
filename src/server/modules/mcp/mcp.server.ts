import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ROLE_TITLES, roleCan } from '@shared/access/policy';

import packageJson from '../../../../package.json';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { INTERNAL_ERROR_DETAIL } from '../../plugins/errors';
import type { Services } from '../../services';
import type { McpCaller } from '../mcpAuth/mcpTokens';
import { registerConformanceFixtures } from './conformanceFixtures';
import { type McpCallOutcome, recordCall } from './mcp.audit';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { ACT_MESSAGES, type ActTool, runActTool } from './tools/act/act';
import { applySuggestion } from './tools/act/applySuggestion';
import { dismissSuggestion } from './tools/act/dismissSuggestion';
import { followOptimizerPlan } from './tools/act/followOptimizerPlan';
import { approveRuleAction, rejectRuleAction } from './tools/act/ruleActions';
import { setDailyBudget } from './tools/act/setDailyBudget';
import { setStatus } from './tools/act/setStatus';
import { snoozeSuggestion } from './tools/act/snoozeSuggestion';
import { undoAction } from './tools/act/undoAction';
import { analyzeAdCopy } from './tools/analyzeAdCopy';
import { dryRunRule } from './tools/dryRunRule';
import { getBudgets } from './tools/getBudgets';
import { getPerformance } from './tools/getPerformance';
import { getReportData } from './tools/getReportData';
import { listActions } from './tools/listActions';
import { listAdAccounts } from './tools/listAdAccounts';
import { listAlerts } from './tools/listAlerts';
import { listReports } from './tools/listReports';
import { listRules } from './tools/listRules';
import { listSuggestions } from './tools/listSuggestions';
import { listWorkspaces } from './tools/listWorkspaces';
import { previewOptimizerPlan } from './tools/previewOptimizerPlan';
import type { ReadTool, ToolContext } from './tools/tool';

/** Every read tool, in the order tools/list shows them. */
export const READ_TOOLS: ReadTool[] = [
  listWorkspaces,
  listAdAccounts,
  getPerformance,
  listSuggestions,
  listAlerts,
  listActions,
  getBudgets,
  previewOptimizerPlan,
  listRules,
  dryRunRule,
  listReports,
  getReportData,
  // Last: it keeps its analysis in the Creative Analyzer's history, so it is the one not read-only.
  analyzeAdCopy,
] as unknown as ReadTool[];

/** Every act tool (a connection with "Read and act", and the role the matching route checks), in the order tools/list shows them. */
export const ACT_TOOLS: ActTool[] = [
  applySuggestion,
  dismissSuggestion,
  snoozeSuggestion,
  setStatus,
  setDailyBudget,
  undoAction,
  approveRuleAction,
  rejectRuleAction,
  followOptimizerPlan,
] as unknown as ActTool[];

/** Read tools only read Adwise's own database: nothing changes, the same call answers the same, no outside world. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const INSTRUCTIONS = [
  'Adwise unifies ad accounts from Google Ads, Meta, LinkedIn, X and TikTok in one workspace.',
  'Start with list_workspaces (the one workspace this connection covers, your role and access) and list_ad_accounts.',
  'get_performance gives the same figures as the Adwise dashboard for the same filters; amounts are in the display currency you ask for.',
  'list_suggestions gives advice with its statistical evidence, expected impact and confidence; list_alerts what went off expectation; list_actions what was changed and whether it worked.',
  "get_budgets shows monthly budgets and their pacing; preview_optimizer_plan the budget optimizer's plan for an account; list_rules and dry_run_rule the automated rules and what one would have done; analyze_ad_copy scores an ad copy before launch; list_reports and get_report_data the client reports' figures.",
  'With "Read and act" access (owners and managers), apply_suggestion, dismiss_suggestion, snooze_suggestion, set_status, set_daily_budget, undo_action, approve_rule_action, reject_rule_action and follow_optimizer_plan change things in two steps: a call without confirmation_id previews exactly what would change and writes nothing; show it to the person, and only when they agree repeat the call with the confirmation_id. Every change lands in the actions log, undoable for 10 minutes.',
].join(' ');

export const MCP_TOOL_MESSAGES = {
  notAllowed: (role: McpCaller['role']) =>
    `Your role in this workspace (${ROLE_TITLES[role]}) does not include this. Ask an owner of the workspace for a role that does.`,
} as const;

const text = (words: string) => [{ type: 'text' as const, text: words }];
const refusal = (words: string): CallToolResult => ({ isError: true, content: text(words) });

/**
 * The MCP server for one caller, built for one request (stateless: nothing of it outlives the
 * response). Every tool runs through `guarded`: the role check the matching route makes, failures
 * as tool results in words a person understands, and one audit row per call.
 */
export function createMcpServer(
  caller: McpCaller,
  ctx: AppContext,
  services: Services,
  options: {
    conformanceFixtures?: boolean;
    /** Counts the calls `guarded` audited, so the route can audit one the SDK answered alone. */ audited?: {
      calls: number;
    };
  } = {},
): McpServer {
  // logging: clients may set a level (logging/setLevel); the server sends no log messages of its own.
  const server = new McpServer(
    { name: 'adwise', title: 'Adwise', version: packageJson.version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} } },
  );
  // viaClient: what the app asks for is logged in /actions as done "by <client> for <user>".
  const context: ToolContext = {
    caller,
    principal: {
      userId: caller.userId,
      workspaceId: caller.workspaceId,
      role: caller.role,
      viaClient: caller.clientName,
    },
    services,
    ctx,
  };

  /** A read tool runs as is; an act tool also needs the connection's "act" access, and runs its two steps. */
  const runTool = (tool: ReadTool | ActTool, args: unknown) =>
    'run' in tool
      ? tool.run(args as never, context)
      : runActTool(tool, (args ?? {}) as Record<string, unknown>, context);

  async function guarded(tool: ReadTool | ActTool, args: unknown): Promise<CallToolResult> {
    let outcome: McpCallOutcome = 'ok';
    let result: CallToolResult;
    if (!('run' in tool) && caller.access !== 'act') {
      outcome = 'refused';
      result = refusal(ACT_MESSAGES.readOnly);
    } else if (!roleCan(caller.role, tool.action)) {
      outcome = 'refused';
      result = refusal(MCP_TOOL_MESSAGES.notAllowed(caller.role));
    } else {
      try {
        const answer = await runTool(tool, args);
        result = { content: text(answer.summary), structuredContent: answer.structured as Record<string, unknown> };
      } catch (error) {
        // The services' refusals are already in a person's words (a trial ended, an unknown account, a bad range).
        if (error instanceof HttpError && error.statusCode < 500) {
          outcome = error.statusCode === 403 ? 'refused' : 'error';
          result = refusal(error.detail);
        } else {
          outcome = 'error';
          ctx.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
          result = refusal(error instanceof HttpError ? error.detail : INTERNAL_ERROR_DETAIL);
        }
      }
    }
    await recordCall(ctx.db, caller, tool.name, outcome, ctx.clock.now());
    if (options.audited) options.audited.calls += 1;
    return result;
  }

  for (const tool of READ_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...READ_ONLY, ...tool.annotations },
      },
      (args: unknown) => guarded(tool, args),
    );
  }
  for (const tool of ACT_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        // No output schema: the answer is a preview or the change made, one shape per step.
        annotations: {
          title: tool.title,
          readOnlyHint: false,
          destructiveHint: tool.destructive,
          idempotentHint: false,
          openWorldHint: tool.openWorld,
        },
      },
      (args: unknown) => guarded(tool, args),
    );
  }
  registerResources(server, context);
  registerPrompts(server);
  if (options.conformanceFixtures) registerConformanceFixtures(server);
  return server;
}
