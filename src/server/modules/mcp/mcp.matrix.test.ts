import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, LATEST_PROTOCOL_VERSION, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RunningSandbox } from '@sandbox/sandbox';
import { type Action, type Role, roleCan, ROLES } from '@shared/access/policy';
import { ACTION_MESSAGES } from '@shared/api/actions';
import { BUDGET_MESSAGES } from '@shared/api/budgets';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { DASHBOARD_MESSAGES } from '@shared/api/dashboard';
import { MCP_ACCESS_TOKEN_TTL_SECONDS, type McpAccess } from '@shared/api/mcp';
import { REPORT_MESSAGES } from '@shared/api/reports';
import { RULE_MESSAGES } from '@shared/api/rules';
import { SUGGESTION_MESSAGES } from '@shared/api/suggestions';
import { addDays, isoDay } from '@shared/days';
import { eq, type SQL, sql } from 'drizzle-orm';

import {
  actions,
  alertReads,
  budgets,
  campaigns,
  creativeAnalyses,
  mcpConfirmations,
  optimizerPlans,
  reports,
  ruleActions,
  rules,
  suggestions,
} from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { plantAdvice, type PlantedAdvice } from '../../test/advice';
import type { TestApp } from '../../test/buildTestApp';
import { userIdOf } from '../../test/connect';
import type { TestUser } from '../../test/factories';
import {
  type AgencyMcpTestbed,
  agencyMcpTestbed,
  connectMcpClient,
  mintMcpGrant,
  revokeMcpGrant,
  type TestGrant,
} from '../../test/mcp';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { rowsJson, selectParts } from '../../test/stateSnapshot';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import type { SyncedWorkspace } from '../../test/workspaceTenants';
import { mcpResourceUrl } from '../mcpAuth/urls';
import { call as api, joinAs } from '../workspaces/workspaces.fixtures';
import { ACT_TOOLS, MCP_TOOL_MESSAGES, READ_TOOLS } from './mcp.server';
import { ACT_MESSAGES } from './tools/act/act';

/**
 * The MCP authorization matrix: every tool tools/list shows, called over the SDK's own client
 * against the real app by each role of workspace A (owner, manager, viewer, client), each through
 * a read grant and an act grant; then at workspace B's ids; then with every way a token can be
 * wrong. Each attempt is one line, what the policy says next to what happened, compared in one
 * toEqual so a failure shows every crossing at once. No attempt may change anything in A or B, in
 * the database or at the platform (previews write only their confirmation), nor show anything of
 * B's: the agency's owner owns B too, and a grant for A must not reach it.
 */

/** A member of workspace A. */
interface Member {
  role: Role;
  user: TestUser;
  id: string;
}

/** One of the agency's workspaces, with a suggestion, an action, a rule's pending change and a followed plan planted in it, a saved report and a saved Creative Analyzer result. */
interface Space extends SyncedWorkspace {
  advice: PlantedAdvice;
  reportId: string;
  creativeAnalysisId: string;
}

/**
 * A tool's entry: read or act, the policy action the matching HTTP route checks (the matrix
 * expects exactly that role by role), its arguments aimed at a workspace's things, and for a tool
 * taking an id, the refusal it gives when the id is another workspace's.
 */
interface Fixture {
  kind: 'read' | 'act';
  needs: Action;
  args: (at: Space) => Record<string, unknown>;
  foreign?: string;
  /** What the tool keeps in its own workspace when it runs (analyze_ad_copy saves its analysis, as the app does). */
  keeps?: string[];
}

const read = (needs: Action, args: Fixture['args'], foreign?: string, keeps?: Fixture['keeps']): Fixture => ({
  kind: 'read',
  needs,
  args,
  foreign,
  keeps,
});
const act = (needs: Action, args: Fixture['args'], foreign?: string): Fixture => ({
  kind: 'act',
  needs,
  args,
  foreign,
});

const clock = manualClock(SANDBOX_TEST_START);
const today = isoDay(clock.now());
// Well inside the 90 synced days, whatever the account's time zone.
const range = { from: addDays(today, -20), to: addDays(today, -7) };
const ACCOUNT_NOT_FOUND = 'Account not found.';
const AD_COPY = {
  placement: 'meta_feed',
  headlines: ['Spring sale: 30% off running shoes'],
  primary_text: 'Free returns for 60 days.',
  cta: 'Shop now',
};

/**
 * One line per tool. A tool added to the server without a line here fails the first test; a tool
 * with an id argument needs `foreign`, the refusal for another workspace's id.
 */
const FIXTURES: Record<string, Fixture> = {
  list_workspaces: read('dashboard:read', () => ({})),
  list_ad_accounts: read('accounts:read', () => ({})),
  get_performance: read(
    'dashboard:read',
    (at) => ({ ...range, currency: 'USD', account_id: at.accountUuid, level: 'campaign' }),
    DASHBOARD_MESSAGES.unknownAccount,
  ),
  list_suggestions: read('suggestions:read', (at) => ({ account_id: at.accountUuid }), ACCOUNT_NOT_FOUND),
  list_alerts: read('alerts:read', (at) => ({ account_id: at.accountUuid }), ACCOUNT_NOT_FOUND),
  list_actions: read('suggestions:read', () => ({})),
  get_budgets: read('budgets:read', () => ({})),
  preview_optimizer_plan: read(
    'budgets:read',
    (at) => ({ account_id: at.accountUuid }),
    BUDGET_MESSAGES.accountNotFound,
  ),
  list_rules: read('rules:read', () => ({})),
  // The rule builder's dry run: the role that edits rules, as POST rules/dry-run/.
  dry_run_rule: read('rules:write', (at) => ({ rule_id: at.advice.ruleId }), RULE_MESSAGES.notFound),
  list_reports: read('reports:read', () => ({})),
  get_report_data: read('reports:read', (at) => ({ report_id: at.reportId }), REPORT_MESSAGES.notFound),
  analyze_ad_copy: read(
    'creative:analyze',
    (at) => ({ ...AD_COPY, previous_id: at.creativeAnalysisId }),
    CREATIVE_MESSAGES.analysisNotFound,
    ['creativeAnalyses'],
  ),
  apply_suggestion: act(
    'suggestions:apply',
    (at) => ({ suggestion_id: at.advice.suggestionId }),
    SUGGESTION_MESSAGES.notFound,
  ),
  dismiss_suggestion: act(
    'suggestions:apply',
    (at) => ({ suggestion_id: at.advice.suggestionId, reason: 'not_relevant' }),
    SUGGESTION_MESSAGES.notFound,
  ),
  snooze_suggestion: act(
    'suggestions:apply',
    (at) => ({ suggestion_id: at.advice.suggestionId }),
    SUGGESTION_MESSAGES.notFound,
  ),
  set_status: act(
    'campaigns:write',
    (at) => ({ campaign_id: at.campaignUuid, status: 'paused' }),
    DASHBOARD_MESSAGES.campaignNotFound,
  ),
  set_daily_budget: act(
    'campaigns:write',
    (at) => ({ campaign_id: at.campaignUuid, daily_budget: 4321 }),
    DASHBOARD_MESSAGES.campaignNotFound,
  ),
  undo_action: act('suggestions:apply', (at) => ({ action_id: at.advice.actionId }), ACTION_MESSAGES.notFound),
  approve_rule_action: act(
    'rules:write',
    (at) => ({ rule_action_id: at.advice.ruleActionId }),
    RULE_MESSAGES.actionNotFound,
  ),
  reject_rule_action: act(
    'rules:write',
    (at) => ({ rule_action_id: at.advice.ruleActionId }),
    RULE_MESSAGES.actionNotFound,
  ),
  follow_optimizer_plan: act(
    'budgets:write',
    (at) => ({ account_id: at.accountUuid }),
    BUDGET_MESSAGES.accountNotFound,
  ),
};

/** The words the lines use for outcomes. */
const RAN = 'ran';
const PREVIEWED = 'previewed';
const READ_ONLY = 'refused: read-only connection';
const refusedByRole = (role: Role) => `refused: not for a ${role}`;
const UNAUTHORIZED = 'HTTP 401 invalid_token';

/** What the policy says a caller of `role` gets from `tool` through a grant minted with `granted`. */
function expectedOutcome(fixture: Fixture, role: Role, granted: McpAccess): string {
  // Acting needs a grant that says so and a role that may act at all: owners and managers.
  if (fixture.kind === 'act' && !(granted === 'act' && (role === 'owner' || role === 'manager'))) return READ_ONLY;
  if (!roleCan(role, fixture.needs)) return refusedByRole(role);
  return fixture.kind === 'act' ? PREVIEWED : RAN;
}

/** A tool result in the words the expectations use. */
function said(fixture: Fixture, result: CallToolResult): string {
  const words = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
  if (!result.isError) {
    if (fixture.kind === 'read') return RAN;
    const status = (result.structuredContent as { status?: string } | undefined)?.status;
    return status === 'preview' ? PREVIEWED : `answered ${status}: ${words}`;
  }
  if (words === ACT_MESSAGES.readOnly) return READ_ONLY;
  const role = ROLES.find((one) => words === MCP_TOOL_MESSAGES.notAllowed(one));
  return role ? refusedByRole(role) : `refused: ${words}`;
}

let bed: AgencyMcpTestbed;
let t: TestApp & { publicUrl: string };
let sandbox: RunningSandbox;
let owner: Member;
let members: Member[];
let A: Space;
let B: Space;
/** The owner's act connection, for tools/list. */
let lister: Client;
const clients: Client[] = [];

beforeAll(async () => {
  bed = await agencyMcpTestbed(clock);
  ({ t, sandbox } = bed);
  const olga = bed.owner;
  owner = { role: 'owner', user: olga, id: bed.ownerId };
  A = await planted(olga, bed.A);
  B = await planted(olga, bed.B);
  members = [owner];
  for (const [role, fullName] of [
    ['manager', 'Manu Manager'],
    ['viewer', 'Vera Viewer'],
    ['client', 'Cleo Client'],
  ] as const) {
    const user = await joinAs(t.app, olga, A.id, role, fullName);
    members.push({ role, user, id: await userIdOf(t.app, user) });
  }
  lister = await connect(
    await mintMcpGrant(t.app, { userId: owner.id, workspaceId: A.id, access: 'act', clientName: 'Claude' }),
  );
  // The snapshots read the rows themselves: each workspace's planted things are in its parts.
  const { A: stateA, B: stateB } = await snapshot();
  for (const [state, space] of [
    [stateA, A],
    [stateB, B],
  ] as const) {
    const planted = {
      campaigns: space.campaignUuid,
      suggestions: space.advice.suggestionId,
      actions: space.advice.actionId,
      ruleActions: space.advice.ruleActionId,
      rules: space.advice.ruleId,
      budgets: space.advice.budgetId,
      optimizerPlans: space.advice.followedPlanId,
      reports: space.reportId,
      creativeAnalyses: space.creativeAnalysisId,
    };
    for (const [part, id] of Object.entries(planted))
      if (!state[part]!.includes(id)) throw new Error(`the snapshot of ${space.name}'s ${part} misses ${id}`);
  }
}, SYNCED_SETUP_TIMEOUT_MS);

afterAll(async () => {
  for (const client of clients) await client.close();
  await bed?.close();
});

/** A synced workspace with its advice, a saved report and a saved Creative Analyzer result, made as the app makes them. */
async function planted(user: TestUser, space: SyncedWorkspace): Promise<Space> {
  const advice = await plantAdvice(t.app, sandbox, space);
  const made = async (url: string, payload: object) => {
    const res = await api(t.app, user, 'POST', url, { workspace: space.id, payload });
    if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().id as string;
  };
  const reportId = await made('reports/', {
    name: `${space.name} monthly`,
    sections: ['headline', 'campaigns'],
    period: 'last_month',
    currency: 'USD',
  });
  const creativeAnalysisId = await made('creative/analyze/', AD_COPY);
  return { ...space, advice, reportId, creativeAnalysisId };
}

async function connect(grant: TestGrant): Promise<Client> {
  const client = await connectMcpClient(t.app, grant.tokens.access_token);
  clients.push(client);
  return client;
}

/**
 * Everything of a workspace's a tool could change, in the database and at the platform, one JSON
 * text per part (so a difference can be named). The MCP bookkeeping (grants' last use, the audit,
 * confirmations) is not the workspace's state: confirmations are counted on their own.
 * Each database part is every column of every matching row, aggregated in SQL; one statement
 * reads all parts of A and of B and the confirmations, so a snapshot costs one round trip.
 */
const DATABASE_PARTS: Record<string, (space: Space) => SQL> = {
  campaigns: (space) => rowsJson(campaigns, eq(campaigns.workspaceId, space.id), campaigns.id),
  actions: (space) => rowsJson(actions, eq(actions.workspaceId, space.id), actions.id),
  suggestions: (space) => rowsJson(suggestions, eq(suggestions.workspaceId, space.id), suggestions.id),
  ruleActions: (space) => rowsJson(ruleActions, eq(ruleActions.workspaceId, space.id), ruleActions.id),
  rules: (space) => rowsJson(rules, eq(rules.workspaceId, space.id), rules.id),
  budgets: (space) => rowsJson(budgets, eq(budgets.workspaceId, space.id), budgets.id),
  optimizerPlans: (space) => rowsJson(optimizerPlans, eq(optimizerPlans.workspaceId, space.id), optimizerPlans.id),
  // list_alerts says reading marks nothing as read.
  alertReads: (space) => rowsJson(alertReads, eq(alertReads.alertId, space.advice.alertId)),
  // Saved Creative Analyzer results and client reports: what read tools over those must not write.
  creativeAnalyses: (space) =>
    rowsJson(creativeAnalyses, eq(creativeAnalyses.workspaceId, space.id), creativeAnalyses.id),
  reports: (space) => rowsJson(reports, eq(reports.workspaceId, space.id), reports.id),
};

/** What the platform holds of a workspace's account: its campaigns' status and budget, and the planted ads' status. */
function platformStateOf(space: Space): Record<string, string> {
  const account = sandbox.world.accounts(space.platform).find((one) => one.id === space.platformAccountId)!;
  return {
    campaignsAtThePlatform: JSON.stringify(
      account.campaigns.map(
        (c) =>
          `${c.id} ${sandbox.world.status(space.platform, c.id)} ${sandbox.world.dailyBudgetMinor(space.platform, c.id)}`,
      ),
    ),
    adsAtThePlatform: JSON.stringify(
      [space.advice.suggestedAd, space.advice.pausedAd].map((ad) => sandbox.world.adStatus(space.platform, ad)),
    ),
  };
}

/** A's and B's state, and how many confirmations were ever issued. */
async function snapshot(): Promise<{ A: Record<string, string>; B: Record<string, string>; confirmations: number }> {
  const spaces = { A, B };
  const read: Record<string, unknown> = await selectParts(t.app.ctx.db, `A ${A.id} and B ${B.id}`, () => ({
    ...Object.fromEntries(
      Object.entries(spaces).flatMap(([name, space]) =>
        Object.entries(DATABASE_PARTS).map(([part, rows]) => [`${name}.${part}`, rows(space)]),
      ),
    ),
    confirmations: sql`(select count(*) from ${mcpConfirmations})::int`,
  }));
  const stateOf = (name: 'A' | 'B') => ({
    ...Object.fromEntries(Object.keys(DATABASE_PARTS).map((part) => [part, String(read[`${name}.${part}`])])),
    ...platformStateOf(spaces[name]),
  });
  return { A: stateOf('A'), B: stateOf('B'), confirmations: Number(read.confirmations) };
}

/** B's identifiers and name, which no answer to a grant for A may contain. */
const secretsOfB = () => [
  B.id,
  B.name,
  B.accountUuid,
  B.connectionId,
  B.campaignUuid,
  B.platformCampaignId,
  B.platformAccountId,
  B.advice.suggestionId,
  B.advice.taskId,
  B.advice.actionId,
  B.advice.partialActionId,
  B.advice.alertId,
  B.advice.ruleId,
  B.advice.ruleActionId,
  B.advice.budgetId,
  B.advice.followedPlanId,
  B.advice.suggestedAd,
  B.advice.pausedAd,
  B.reportId,
  B.creativeAnalysisId,
];

/** How a caller reaches the server: the SDK's client, or a raw JSON-RPC POST (for tokens the client could not even connect with). */
type Caller = (
  name: string,
  args: Record<string, unknown>,
) => Promise<{ outcome: (fixture: Fixture) => string; body: string }>;

const viaClient =
  (client: Client): Caller =>
  async (name, args) => {
    try {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      return { outcome: (fixture) => said(fixture, result), body: JSON.stringify(result) };
    } catch (error) {
      return { outcome: () => `threw: ${(error as Error).message}`, body: String(error) };
    }
  };

const viaPost =
  (token: string): Caller =>
  async (name, args) => {
    const res = await fetch(mcpResourceUrl(t.app.ctx.config), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    const body = await res.text();
    if (res.status !== 200) {
      const challenge = res.headers.get('www-authenticate') ?? '';
      return {
        outcome: () => `HTTP ${res.status}${challenge.includes('error="invalid_token"') ? ' invalid_token' : ''}`,
        body,
      };
    }
    const answer = JSON.parse(body) as { result?: CallToolResult; error?: { code: number; message: string } };
    return {
      outcome: (fixture) =>
        answer.result ? said(fixture, answer.result) : `JSON-RPC error ${answer.error?.code}: ${answer.error?.message}`,
      body,
    };
  };

/**
 * Makes one attempt and says what happened in the words of what the policy says should: the
 * outcome; that A and B are unchanged (a preview writes its confirmation and nothing else); and
 * that nothing of B's is shown.
 */
async function attempt(
  label: string,
  caller: Caller,
  tool: string,
  at: Space,
  expected: string,
): Promise<{ expected: string; actual: string }> {
  const fixture = FIXTURES[tool]!;
  const before = await snapshot();
  const answer = await caller(tool, fixture.args(at));
  const after = await snapshot();
  const changed = (['A', 'B'] as const).flatMap((name) =>
    Object.keys(before[name])
      .filter((part) => before[name][part] !== after[name][part])
      .map((part) => `${name}.${part}`),
  );
  const shown = secretsOfB().filter((secret) => answer.body.includes(secret));
  const where = at === A ? '' : ' at B’s ids';
  const line = (outcome: string, state: string, confirmations: number, leaked: string) =>
    `${tool}${where} as ${label} → ${outcome}; ${state}; ${confirmations} confirmation(s) issued; ${leaked}`;
  return {
    expected: line(
      expected,
      expected === RAN && fixture.keeps
        ? `changed: ${fixture.keeps.map((part) => `${at === A ? 'A' : 'B'}.${part}`).join(', ')}`
        : 'A and B unchanged',
      expected === PREVIEWED ? 1 : 0,
      'nothing of B’s shown',
    ),
    actual: line(
      answer.outcome(fixture),
      changed.length ? `changed: ${changed.join(', ')}` : 'A and B unchanged',
      after.confirmations - before.confirmations,
      shown.length ? `shown: ${shown.join(', ')}` : 'nothing of B’s shown',
    ),
  };
}

/** Collects attempts' lines, to compare in one toEqual. */
function lines() {
  const expected: string[] = [];
  const actual: string[] = [];
  return {
    expected,
    actual,
    note(outcome: { expected: string; actual: string }) {
      expected.push(outcome.expected);
      actual.push(outcome.actual);
    },
  };
}

describe('the MCP authorization matrix: every tool, each role of A through a read and an act grant, B out of reach, every wrong token', () => {
  let tools: Tool[];
  beforeAll(async () => {
    ({ tools } = await lister.listTools());
  });
  const ACCESSES: McpAccess[] = ['read', 'act'];

  it('has a fixture for every tool tools/list shows, and says of each what the server declares: read or act, and the policy action', () => {
    const listed = tools.map((tool) => tool.name);
    expect(listed.filter((name) => !(name in FIXTURES))).toEqual([]);
    expect(Object.keys(FIXTURES).filter((name) => !listed.includes(name))).toEqual([]);
    const declared = new Map<string, Action>([...READ_TOOLS, ...ACT_TOOLS].map((tool) => [tool.name, tool.action]));
    // 'read': what a read grant may call (analyze_ad_copy keeps its analysis, so it is not marked read-only).
    const readTools = new Set(READ_TOOLS.map((tool) => tool.name));
    expect(
      tools.map(
        (tool) => `${tool.name}: ${readTools.has(tool.name) ? 'read' : 'act'}, needs ${declared.get(tool.name)}`,
      ),
    ).toEqual(tools.map((tool) => `${tool.name}: ${FIXTURES[tool.name]!.kind}, needs ${FIXTURES[tool.name]!.needs}`));
    // A tool that takes an id is tried with another workspace's.
    const takesAnId = (tool: Tool) =>
      Object.keys(tool.inputSchema.properties ?? {}).some((name) => name.endsWith('_id') && name !== 'confirmation_id');
    expect(
      tools.filter((tool) => takesAnId(tool) && FIXTURES[tool.name]!.foreign === undefined).map((tool) => tool.name),
    ).toEqual([]);
  });

  it('gives each role of A, through a read grant and an act grant, what the policy says, tool by tool, and changes nothing', async () => {
    const { expected, actual, note } = lines();
    for (const member of members) {
      for (const access of ACCESSES) {
        const caller = viaClient(
          await connect(
            await mintMcpGrant(t.app, { userId: member.id, workspaceId: A.id, access, clientName: 'Claude' }),
          ),
        );
        for (const { name } of tools)
          note(
            await attempt(
              `${member.role}, ${access} grant`,
              caller,
              name,
              A,
              expectedOutcome(FIXTURES[name]!, member.role, access),
            ),
          );
      }
    }
    expect(actual).toEqual(expected);
  }, 300_000);

  it('refuses B’s ids to every role of A (the owner owns B too), and shows nothing of B’s', async () => {
    const { expected, actual, note } = lines();
    const aimedAtIds = tools.filter((tool) => FIXTURES[tool.name]!.foreign !== undefined);
    expect(aimedAtIds.length).toBeGreaterThanOrEqual(10);
    for (const member of members) {
      for (const access of ACCESSES) {
        const caller = viaClient(
          await connect(
            await mintMcpGrant(t.app, { userId: member.id, workspaceId: A.id, access, clientName: 'Claude' }),
          ),
        );
        for (const { name } of aimedAtIds) {
          const fixture = FIXTURES[name]!;
          const inA = expectedOutcome(fixture, member.role, access);
          // What the role may do, it may not do to B's things; what it may not do, it is refused as in A.
          const refusal = inA === RAN || inA === PREVIEWED ? `refused: ${fixture.foreign}` : inA;
          note(await attempt(`${member.role}, ${access} grant`, caller, name, B, refusal));
        }
      }
    }
    expect(actual).toEqual(expected);
  }, 300_000);

  it('answers every tool with 401 for a revoked grant, an expired token, another resource’s token, a refresh token and a removed member; a demoted owner’s act grant only reads', async () => {
    const { expected, actual, note } = lines();
    const ownerAct = () =>
      mintMcpGrant(t.app, { userId: owner.id, workspaceId: A.id, access: 'act', clientName: 'Claude' });
    const everyTool = async (label: string, caller: Caller, expectOf: (fixture: Fixture) => string) => {
      for (const { name } of tools) note(await attempt(label, caller, name, A, expectOf(FIXTURES[name]!)));
    };
    const asWorking = async (token: string) => {
      const outcome = (await viaPost(token)('list_workspaces', {})).outcome(FIXTURES.list_workspaces!);
      expect(outcome).toBe(RAN);
    };

    const revoked = await ownerAct();
    await asWorking(revoked.tokens.access_token);
    await revokeMcpGrant(t.app, revoked.grantId);
    await everyTool('owner, act grant revoked', viaPost(revoked.tokens.access_token), () => UNAUTHORIZED);

    const elsewhere = await mintMcpGrant(t.app, {
      userId: owner.id,
      workspaceId: A.id,
      access: 'act',
      resource: 'https://elsewhere.example/api/mcp',
    });
    await everyTool(
      'owner, act grant for another resource',
      viaPost(elsewhere.tokens.access_token),
      () => UNAUTHORIZED,
    );

    await everyTool(
      'owner, act grant’s refresh token as access token',
      viaPost((await ownerAct()).tokens.refresh_token),
      () => UNAUTHORIZED,
    );

    // An hour on the app's clock: the access token is past its lifetime (the clock goes back after).
    const expiring = await ownerAct();
    await asWorking(expiring.tokens.access_token);
    const now = clock.now();
    clock.advance(MCP_ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    try {
      await everyTool(
        'owner, act grant past its token’s lifetime',
        viaPost(expiring.tokens.access_token),
        () => UNAUTHORIZED,
      );
    } finally {
      clock.set(now);
    }

    // A manager who approved an app, then was removed from A by the owner.
    const leaver = await joinAs(t.app, owner.user, A.id, 'manager', 'Remy Removed');
    const leaverGrant = await mintMcpGrant(t.app, {
      userId: await userIdOf(t.app, leaver),
      workspaceId: A.id,
      access: 'act',
    });
    await asWorking(leaverGrant.tokens.access_token);
    const removed = await api(t.app, owner.user, 'DELETE', `workspace/members/${await userIdOf(t.app, leaver)}/`, {
      workspace: A.id,
    });
    expect(removed.statusCode).toBe(200);
    await everyTool('manager removed from A, act grant', viaPost(leaverGrant.tokens.access_token), () => UNAUTHORIZED);

    // A second owner who approved an app to act, then was made a viewer: the grant reads as a viewer, and acts no more.
    const demoted = await joinAs(t.app, owner.user, A.id, 'manager', 'Otto Owner');
    const demotedId = await userIdOf(t.app, demoted);
    expect(
      (
        await api(t.app, owner.user, 'PATCH', `workspace/members/${demotedId}/`, {
          workspace: A.id,
          payload: { role: 'owner' },
        })
      ).statusCode,
    ).toBe(200);
    const demotedGrant = await mintMcpGrant(t.app, { userId: demotedId, workspaceId: A.id, access: 'act' });
    const beforeDemotion = (
      await viaPost(demotedGrant.tokens.access_token)('set_status', FIXTURES.set_status!.args(A))
    ).outcome(FIXTURES.set_status!);
    expect(beforeDemotion).toBe(PREVIEWED);
    expect(
      (
        await api(t.app, owner.user, 'PATCH', `workspace/members/${demotedId}/`, {
          workspace: A.id,
          payload: { role: 'viewer' },
        })
      ).statusCode,
    ).toBe(200);
    await everyTool('owner demoted to viewer, act grant', viaPost(demotedGrant.tokens.access_token), (fixture) =>
      expectedOutcome(fixture, 'viewer', 'act'),
    );

    expect(actual).toEqual(expected);
  }, 300_000);
});
