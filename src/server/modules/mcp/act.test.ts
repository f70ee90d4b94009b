import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunningSandbox } from '@sandbox/sandbox';
import type { ActionList } from '@shared/api/actions';
import { and, eq } from 'drizzle-orm';

import { mcpCalls } from '../../db/schema';
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
  type TestGrant,
} from '../../test/mcp';
import { SANDBOX_TEST_START } from '../../test/sandboxDay';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { inWorkspace, type SyncedWorkspace } from '../../test/workspaceTenants';
import { joinAs } from '../workspaces/workspaces.fixtures';
import { MCP_CONFIRMATION_TTL_MS } from './mcp.confirmations';
import { ACT_MESSAGES } from './tools/act/act';

const ACT_TOOL_NAMES = [
  'apply_suggestion',
  'dismiss_suggestion',
  'snooze_suggestion',
  'set_status',
  'set_daily_budget',
  'undo_action',
  'approve_rule_action',
  'reject_rule_action',
  'follow_optimizer_plan',
];

/**
 * The act tools over the SDK's own client against the real app: every write is a preview that
 * changes nothing and a confirmation that writes through the app's own service, lands in
 * /actions as done by the app for the person, and is undone by undo_action; and every way a
 * confirmation or a caller can be wrong is refused with nothing written.
 */
describe('the MCP act tools', () => {
  const clock = manualClock(SANDBOX_TEST_START);
  let bed: AgencyMcpTestbed;
  let t: TestApp & { publicUrl: string };
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let ownerId: string;
  let A: SyncedWorkspace;
  let B: SyncedWorkspace;
  let advice: PlantedAdvice;
  let grant: TestGrant;
  let client: Client;
  const clients: Client[] = [];

  beforeAll(async () => {
    bed = await agencyMcpTestbed(clock);
    ({ t, sandbox, owner, ownerId, A, B } = bed);
    advice = await plantAdvice(t.app, sandbox, A);
    grant = await mintMcpGrant(t.app, { userId: ownerId, workspaceId: A.id, access: 'act', clientName: 'Claude' });
    client = await connect(grant);
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const one of clients) await one.close();
    await bed?.close();
  });

  async function connect(one: TestGrant): Promise<Client> {
    const connected = await connectMcpClient(t.app, one.tokens.access_token);
    clients.push(connected);
    return connected;
  }
  const call = (name: string, args: Record<string, unknown> = {}, as: Client = client) =>
    as.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const textOf = (result: CallToolResult) =>
    result.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  const structured = (result: CallToolResult) => result.structuredContent as Record<string, any>;
  /** Preview, then expect it changed nothing, then confirm. */
  async function previewThenConfirm(
    name: string,
    args: Record<string, unknown>,
    unchanged: () => void,
    as: Client = client,
  ) {
    const preview = await call(name, args, as);
    expect(preview.isError).toBeFalsy();
    expect(structured(preview)).toMatchObject({ status: 'preview', confirmation_id: expect.any(String) });
    expect(textOf(preview)).toContain('nothing changed yet');
    unchanged();
    const done = await call(name, { ...args, confirmation_id: structured(preview).confirmation_id }, as);
    expect(textOf(done)).not.toContain('isError');
    expect(done.isError).toBeFalsy();
    return { preview: structured(preview), done: structured(done) };
  }
  const actionsLog = async (workspace = A.id) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/actions/', headers: inWorkspace(owner, workspace) });
    expect(res.statusCode).toBe(200);
    return res.json() as ActionList;
  };
  const logged = async (id: string, workspace = A.id) => (await actionsLog(workspace)).items.find((a) => a.id === id);
  const campaignStatus = () => sandbox.world.status('google', A.platformCampaignId);
  const campaignBudget = () => sandbox.world.dailyBudgetMinor('google', A.platformCampaignId);

  it('lists the act tools with truthful annotations and says how the two steps go', async () => {
    const { tools } = await client.listTools();
    for (const name of ACT_TOOL_NAMES) {
      const tool = tools.find((one) => one.name === name)!;
      expect(tool).toBeDefined();
      expect(tool.description).toContain('confirmation_id');
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    }
    const hint = (name: string) => tools.find((one) => one.name === name)!.annotations!;
    for (const name of [
      'set_status',
      'set_daily_budget',
      'apply_suggestion',
      'follow_optimizer_plan',
      'approve_rule_action',
    ])
      expect(hint(name)).toMatchObject({ destructiveHint: true, openWorldHint: true });
    for (const name of ['dismiss_suggestion', 'snooze_suggestion', 'reject_rule_action'])
      expect(hint(name)).toMatchObject({ destructiveHint: false, openWorldHint: false });
  });

  it('pauses a campaign only on confirmation, logs it as done by the app for the person, and undo_action resumes it', async () => {
    expect(campaignStatus()).toBe('ACTIVE');
    const { preview, done } = await previewThenConfirm(
      'set_status',
      { campaign_id: A.campaignUuid, status: 'paused' },
      () => expect(campaignStatus()).toBe('ACTIVE'),
    );
    expect(preview.preview).toMatchObject({
      from: 'Active',
      to: 'Paused',
      account: { id: A.accountUuid, platform: 'google' },
    });
    expect(campaignStatus()).toBe('PAUSED');
    const actionId = done.action.id as string;
    const action = (await logged(actionId))!;
    expect(action).toMatchObject({
      via: 'Claude',
      applied_by: { id: ownerId, name: 'Olga Owner' },
      status: 'applied',
      can_undo: true,
    });
    expect(action.headline).toContain('through Claude');

    await previewThenConfirm('undo_action', { action_id: actionId }, () => expect(campaignStatus()).toBe('PAUSED'));
    expect(campaignStatus()).toBe('ACTIVE');
    expect(await logged(actionId)).toMatchObject({ status: 'undone' });
  });

  it("changes a campaign's daily budget on confirmation, and undo_action sets it back", async () => {
    const before = campaignBudget();
    const to = before + 500;
    const { preview, done } = await previewThenConfirm(
      'set_daily_budget',
      { campaign_id: A.campaignUuid, daily_budget: to },
      () => expect(campaignBudget()).toBe(before),
    );
    expect(preview.preview).toMatchObject({ from: before, to });
    expect(campaignBudget()).toBe(to);
    expect(await logged(done.action.id)).toMatchObject({ via: 'Claude', status: 'applied' });
    await previewThenConfirm('undo_action', { action_id: done.action.id }, () => expect(campaignBudget()).toBe(to));
    expect(campaignBudget()).toBe(before);
  });

  it('refuses a budget that is not a whole positive amount, with nothing written', async () => {
    const before = campaignBudget();
    const result = await call('set_daily_budget', { campaign_id: A.campaignUuid, daily_budget: 12.5 });
    expect(result.isError).toBe(true);
    expect(campaignBudget()).toBe(before);
  });

  it('refuses a confirmation whose state changed since the preview (the budget moved), with nothing written', async () => {
    const before = campaignBudget();
    const preview = await call('set_daily_budget', { campaign_id: A.campaignUuid, daily_budget: before + 100 });
    sandbox.world.setDailyBudget('google', A.platformCampaignId, before + 50);
    const result = await call('set_daily_budget', {
      campaign_id: A.campaignUuid,
      daily_budget: before + 100,
      confirmation_id: structured(preview).confirmation_id,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('changed since the preview');
    expect(campaignBudget()).toBe(before + 50);
    sandbox.world.setDailyBudget('google', A.platformCampaignId, before);
  });

  it('applies a suggestion on confirmation (the ad paused at the platform), logged by the app', async () => {
    await advice.reset();
    const { done } = await previewThenConfirm('apply_suggestion', { suggestion_id: advice.suggestionId }, () =>
      expect(sandbox.world.adStatus('google', advice.suggestedAd)).toBe('ACTIVE'),
    );
    expect(sandbox.world.adStatus('google', advice.suggestedAd)).toBe('PAUSED');
    expect(await logged(done.action.id)).toMatchObject({ suggestion_id: advice.suggestionId, via: 'Claude' });
    await previewThenConfirm('undo_action', { action_id: done.action.id }, () => undefined);
    expect(sandbox.world.adStatus('google', advice.suggestedAd)).toBe('ACTIVE');
  });

  it('dismisses and snoozes a suggestion only on confirmation', async () => {
    await advice.reset();
    const open = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/suggestions/', headers: inWorkspace(owner, A.id) }))
        .json()
        .items.map((s: { id: string }) => s.id);
    await previewThenConfirm('snooze_suggestion', { suggestion_id: advice.suggestionId }, async () => undefined);
    expect(await open()).not.toContain(advice.suggestionId);
    await advice.reset();
    const preview = await call('dismiss_suggestion', { suggestion_id: advice.suggestionId, reason: 'already_planned' });
    expect(await open()).toContain(advice.suggestionId);
    await call('dismiss_suggestion', {
      suggestion_id: advice.suggestionId,
      reason: 'already_planned',
      confirmation_id: structured(preview).confirmation_id,
    });
    expect(await open()).not.toContain(advice.suggestionId);
    await advice.reset();
  });

  it("rejects and approves a rule's pending change only on confirmation", async () => {
    await advice.reset();
    const { done } = await previewThenConfirm(
      'reject_rule_action',
      { rule_action_id: advice.ruleActionId },
      () => undefined,
    );
    expect(done).toMatchObject({ status: 'rejected' });
    await advice.reset();
    const approved = await previewThenConfirm('approve_rule_action', { rule_action_id: advice.ruleActionId }, () =>
      expect(sandbox.world.adStatus('google', advice.suggestedAd)).toBe('ACTIVE'),
    );
    expect(approved.done.rule_action.action_id).toEqual(expect.any(String));
    expect(sandbox.world.adStatus('google', advice.suggestedAd)).toBe('PAUSED');
    expect(await logged(approved.done.rule_action.action_id)).toMatchObject({
      via: 'Claude',
      rule: { name: expect.any(String) },
    });
    await previewThenConfirm('undo_action', { action_id: approved.done.rule_action.action_id }, () => undefined);
    await advice.reset();
  });

  it("previews the optimizer's plan without writing it", async () => {
    const before = campaignBudget();
    const result = await call('follow_optimizer_plan', { account_id: A.accountUuid, follow: false });
    expect(result.isError).toBeFalsy();
    expect(['preview', 'nothing_to_do']).toContain(structured(result).status);
    expect(campaignBudget()).toBe(before);
  });

  it("follows the optimizer's plan on confirmation: the platform's budgets move as the preview said, logged by the app for the person, and undo_action sets them back", async () => {
    const budgetAt = (platformCampaignId: string) => sandbox.world.dailyBudgetMinor('google', platformCampaignId);
    const budgetsAt = (changes: { campaign_id: string }[]) => changes.map((c) => budgetAt(c.campaign_id));
    // The optimizer plans from the budgets Adwise holds, and the test of a state changed since the preview moved one at the platform behind Adwise's back: a sync first.
    expect(await t.app.services.sync.syncConnection(A.connectionId)).toMatchObject({ status: 'done' });
    const args = { account_id: A.accountUuid };
    const preview = await call('follow_optimizer_plan', args);
    expect(structured(preview)).toMatchObject({ status: 'preview', confirmation_id: expect.any(String) });
    const changes = structured(preview).preview.changes as { campaign_id: string; from: number; to: number }[];
    // A real move between campaigns at the same total, from what the platform holds; the preview wrote none of it.
    expect(changes.length).toBeGreaterThanOrEqual(2);
    expect(changes.reduce((sum, c) => sum + c.to, 0)).toBe(changes.reduce((sum, c) => sum + c.from, 0));
    expect(budgetsAt(changes)).toEqual(changes.map((c) => c.from));

    const confirmed = await call('follow_optimizer_plan', {
      ...args,
      confirmation_id: structured(preview).confirmation_id,
    });
    expect(confirmed.isError).toBeFalsy();
    const done = structured(confirmed);
    expect(done).toMatchObject({ status: 'applied', action_id: expect.any(String), plan_id: expect.any(String) });
    expect(budgetsAt(changes)).toEqual(changes.map((c) => c.to));

    // Shown in /actions as done "by Claude for Olga Owner".
    expect(await logged(done.action_id)).toMatchObject({
      via: 'Claude',
      applied_by: { id: ownerId, name: 'Olga Owner' },
      status: 'applied',
      can_undo: true,
    });

    await previewThenConfirm('undo_action', { action_id: done.action_id }, () =>
      expect(budgetsAt(changes)).toEqual(changes.map((c) => c.to)),
    );
    expect(budgetsAt(changes)).toEqual(changes.map((c) => c.from));
    expect(await logged(done.action_id)).toMatchObject({ status: 'undone' });
  });

  describe('refusals: nothing is written', () => {
    it('refuses a read-only connection', async () => {
      const reader = await connect(
        await mintMcpGrant(t.app, { userId: ownerId, workspaceId: A.id, access: 'read', clientName: 'Reader' }),
      );
      const result = await call('set_status', { campaign_id: A.campaignUuid, status: 'paused' }, reader);
      expect(result).toMatchObject({ isError: true });
      expect(textOf(result)).toBe(ACT_MESSAGES.readOnly);
      expect(campaignStatus()).toBe('ACTIVE');
    });

    it('refuses a viewer whose grant says act (the role caps it at read)', async () => {
      const viewer = await joinAs(t.app, owner, A.id, 'viewer', 'Vera Viewer');
      const viewerGrant = await mintMcpGrant(t.app, {
        userId: await userIdOf(t.app, viewer),
        workspaceId: A.id,
        access: 'act',
      });
      const result = await call(
        'set_status',
        { campaign_id: A.campaignUuid, status: 'paused' },
        await connect(viewerGrant),
      );
      expect(textOf(result)).toBe(ACT_MESSAGES.readOnly);
      expect(campaignStatus()).toBe('ACTIVE');
    });

    it('refuses a confirmation used twice, expired, from another grant, or for other arguments', async () => {
      const args = { campaign_id: A.campaignUuid, status: 'paused' };
      // Other arguments, then another grant's connection: the confirmation stays good for its own call.
      let preview = await call('set_status', args);
      const id = structured(preview).confirmation_id;
      const otherArgs = await call('set_status', { ...args, status: 'active', confirmation_id: id });
      expect(textOf(otherArgs)).toBe(ACT_MESSAGES.confirmation('other_call', 'set_status'));
      const otherClient = await connect(
        await mintMcpGrant(t.app, { userId: ownerId, workspaceId: A.id, access: 'act', clientName: 'Cursor' }),
      );
      const otherGrant = await call('set_status', { ...args, confirmation_id: id }, otherClient);
      expect(textOf(otherGrant)).toBe(ACT_MESSAGES.confirmation('unknown', 'set_status'));
      const guessed = await call('set_status', { ...args, confirmation_id: 'not-a-uuid' });
      expect(textOf(guessed)).toBe(ACT_MESSAGES.confirmation('unknown', 'set_status'));
      expect(campaignStatus()).toBe('ACTIVE');
      // Its own call: once.
      const done = await call('set_status', { ...args, confirmation_id: id });
      expect(done.isError).toBeFalsy();
      expect(campaignStatus()).toBe('PAUSED');
      const again = await call('set_status', { ...args, confirmation_id: id });
      expect(textOf(again)).toBe(ACT_MESSAGES.confirmation('used', 'set_status'));
      const undone = await t.app.inject({
        method: 'POST',
        url: `/api/actions/${structured(done).action.id}/undo/`,
        headers: inWorkspace(owner, A.id),
        payload: {},
      });
      expect(undone.statusCode).toBe(200);
      expect(campaignStatus()).toBe('ACTIVE');
      // Expired: five minutes on the app's clock.
      preview = await call('set_status', args);
      clock.advance(MCP_CONFIRMATION_TTL_MS + 1000);
      const expired = await call('set_status', { ...args, confirmation_id: structured(preview).confirmation_id });
      expect(textOf(expired)).toBe(ACT_MESSAGES.confirmation('expired', 'set_status'));
      expect(campaignStatus()).toBe('ACTIVE');
    });

    it("refuses another workspace's ids", async () => {
      const before = {
        status: sandbox.world.status('google', B.platformCampaignId),
        budget: sandbox.world.dailyBudgetMinor('google', B.platformCampaignId),
      };
      for (const [name, args] of [
        ['set_status', { campaign_id: B.campaignUuid, status: before.status === 'ACTIVE' ? 'paused' : 'active' }],
        ['set_daily_budget', { campaign_id: B.campaignUuid, daily_budget: before.budget + 100 }],
        ['follow_optimizer_plan', { account_id: B.accountUuid }],
      ] as const) {
        const result = await call(name, args);
        expect(result.isError).toBe(true);
        expect(structured(result)).toBeUndefined();
      }
      expect(sandbox.world.status('google', B.platformCampaignId)).toBe(before.status);
      expect(sandbox.world.dailyBudgetMinor('google', B.platformCampaignId)).toBe(before.budget);
      expect((await actionsLog(B.id)).items).toHaveLength(0);
    });

    it('audits every call, refusals included, without its arguments', async () => {
      const rows = await t.app.ctx.db
        .select()
        .from(mcpCalls)
        .where(and(eq(mcpCalls.grantId, grant.grantId), eq(mcpCalls.tool, 'set_status')));
      expect(rows.map((r) => r.outcome)).toEqual(expect.arrayContaining(['ok', 'refused']));
      expect(Object.keys(rows[0]).sort()).toEqual([
        'at',
        'clientId',
        'grantId',
        'id',
        'outcome',
        'tool',
        'userId',
        'workspaceId',
      ]);
    });
  });
});
