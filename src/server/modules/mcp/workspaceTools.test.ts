import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BudgetList, OptimizerPlanView } from '@shared/api/budgets';
import type { CreativeAnalysis } from '@shared/api/creative';
import type { ReportData } from '@shared/api/reports';
import { type DryRun, type Rule, RULE_PRESETS, type RuleList } from '@shared/api/rules';
import { count, eq } from 'drizzle-orm';

import { actions, creativeAnalyses, mcpConfirmations } from '../../db/schema';
import type { TestApp } from '../../test/buildTestApp';
import type { TestUser } from '../../test/factories';
import { type SyncedMcpTestbed, syncedMcpTestbed } from '../../test/mcp';
import { SYNCED_SETUP_TIMEOUT_MS } from '../../test/tenants';
import { DRY_RUN_RULE_MESSAGES } from './tools/dryRunRule';

/**
 * The MCP tools over the rest of the product: budgets and pacing, the optimizer's plan, rules and
 * their dry run, the Creative Analyzer on a copy and the client reports. Each answers what the
 * app's own route answers for the same request, and none of them changes an ad account.
 */
describe('MCP tools over budgets, the optimizer, rules, the Creative Analyzer and reports', () => {
  let bed: SyncedMcpTestbed;
  let t: TestApp & { publicUrl: string };
  let owner: TestUser;
  let client: Client;
  let accountId: string;

  beforeAll(async () => {
    bed = await syncedMcpTestbed(43);
    ({ t, owner, client } = bed);
    accountId = ((await call('list_ad_accounts')).structuredContent as { accounts: { id: string }[] }).accounts[0]!.id;
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(() => bed?.close());

  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const textOf = (result: CallToolResult) =>
    result.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  /** The app's own answer to the same request, as the owner. */
  async function api(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/api/${url}`,
      headers: owner.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect({ url, status: res.statusCode }).toEqual({
      url,
      status: method === 'POST' && !url.includes('dry-run') && !url.includes('analyze') ? 201 : 200,
    });
    return res.json();
  }
  const ok = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await call(name, args);
    expect({ name, isError: result.isError ?? false, text: result.isError ? textOf(result) : '' }).toEqual({
      name,
      isError: false,
      text: '',
    });
    expect(textOf(result).length).toBeGreaterThan(0);
    return result;
  };
  /** What an ad account holds that a tool could change: the actions log and the confirmations issued. */
  const changes = async () => {
    const [logged] = await t.app.ctx.db.select({ n: count() }).from(actions);
    const [confirmations] = await t.app.ctx.db.select({ n: count() }).from(mcpConfirmations);
    return { actions: logged!.n, confirmations: confirmations!.n };
  };

  it('lists every tool the issue names for budgets, the optimizer, rules, creatives and reports, with truthful annotations', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'get_budgets',
      'preview_optimizer_plan',
      'list_rules',
      'dry_run_rule',
      'list_reports',
      'get_report_data',
    ]) {
      expect({ name, annotations: byName.get(name)?.annotations }).toEqual({
        name,
        annotations: {
          title: byName.get(name)!.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      });
      expect(byName.get(name)!.outputSchema).toMatchObject({ type: 'object' });
    }
    // It keeps the analysis in the workspace's Creative Analyzer history: not read-only, nothing destroyed, nothing outside.
    expect(byName.get('analyze_ad_copy')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
  });

  it('get_budgets answers the Budgets page’s budgets and pacing', async () => {
    expect((await ok('get_budgets')).structuredContent).toEqual({ budgets: [] });
    await api('POST', 'budgets/', {
      scope: 'workspace',
      platform: null,
      account: null,
      amount: 50_000,
      currency: 'USD',
    });
    await api('POST', 'budgets/', {
      scope: 'account',
      platform: null,
      account: accountId,
      amount: 9_000,
      currency: 'USD',
    });
    const app: BudgetList = await api('GET', 'budgets/');
    const result = await ok('get_budgets');
    const { budgets } = result.structuredContent as {
      budgets: { id: string; label: string; amount: number; pacing: Record<string, unknown> }[];
    };
    expect(budgets.map((budget) => budget.id)).toEqual(app.budgets.map((budget) => budget.id));
    for (const [i, budget] of budgets.entries()) {
      const { points: _points, ...pacing } = app.budgets[i]!.pacing;
      expect(budget).toMatchObject({ label: app.budgets[i]!.label, amount: app.budgets[i]!.amount, pacing });
    }
    expect(textOf(result)).toContain('2 budget(s)');
  });

  it('preview_optimizer_plan answers GET optimizer/ and writes nothing', async () => {
    const before = await changes();
    const app: OptimizerPlanView = await api(
      'GET',
      `optimizer/?account=${accountId}&objective=conversions&max_step=0.3`,
    );
    const result = await ok('preview_optimizer_plan', { account_id: accountId });
    const plan = result.structuredContent as unknown as OptimizerPlanView;
    expect({
      ...plan,
      campaigns: plan.campaigns.map((c) => [c.campaign_id, c.from, c.to, c.target, c.hold]),
    }).toMatchObject({
      account: app.account,
      objective: 'conversions',
      max_step: 0.3,
      total_budget: app.total_budget,
      steps_to_target: app.steps_to_target,
      gain: app.gain,
      note: app.note,
      campaigns: app.campaigns.map((c) => [c.campaign_id, c.from, c.to, c.target, c.hold]),
    });
    // An id of no account of this workspace: refused in words, nothing written.
    const unknown = await call('preview_optimizer_plan', { account_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No such ad account/);
    expect(await changes()).toEqual(before);
  });

  it('list_rules answers the rules with their words and pending approvals; dry_run_rule equals the builder’s dry run', async () => {
    expect((await ok('list_rules')).structuredContent).toEqual({ rules: [], pending: [] });
    const preset = RULE_PRESETS.find((p) => p.id === 'cpa-above-average')!.definition('UTC');
    const rule: Rule = await api('POST', 'rules/', preset);
    const app: RuleList = await api('GET', 'rules/');
    const listed = (await ok('list_rules')).structuredContent as {
      rules: { id: string; summary: string[]; enabled: boolean }[];
      pending: unknown[];
    };
    expect(listed.rules).toEqual([
      expect.objectContaining({ id: rule.id, summary: app.rules[0]!.summary, enabled: true }),
    ]);
    expect(listed.pending).toEqual(app.pending);

    const before = await changes();
    const builder: DryRun = await api('POST', 'rules/dry-run/', preset);
    const saved = await ok('dry_run_rule', { rule_id: rule.id });
    const drafted = await ok('dry_run_rule', { rule: { ...preset, name: 'A draft' } });
    for (const result of [saved, drafted]) {
      const dry = result.structuredContent as unknown as DryRun;
      expect({ ...dry, firings: dry.firings.length }).toEqual({ ...builder, firings: builder.firings.length });
      expect(dry.firings).toEqual(builder.firings);
    }
    expect(await changes()).toEqual(before);
  });

  it('dry_run_rule refuses in the builder’s words what the builder refuses', async () => {
    const preset = RULE_PRESETS[0]!.definition('UTC');
    const cases: [Record<string, unknown>, string][] = [
      [{}, DRY_RUN_RULE_MESSAGES.oneOf],
      [{ rule_id: '00000000-0000-4000-8000-000000000000', rule: preset }, DRY_RUN_RULE_MESSAGES.oneOf],
      [
        { rule: { ...preset, groups: [{ match: 'all', conditions: [] }] } },
        'Group 1: add at least one condition; an empty group would match everything.',
      ],
      [{ rule_id: '00000000-0000-4000-8000-000000000000' }, 'No such rule'],
    ];
    for (const [args, words] of cases) {
      const result = await call('dry_run_rule', args);
      expect({ args, isError: result.isError, says: textOf(result).includes(words) }).toEqual({
        args,
        isError: true,
        says: true,
      });
    }
  });

  it('analyze_ad_copy scores a copy as the Creative Analyzer does, keeps it in the history, and says what changed on a rewrite', async () => {
    const copy = {
      placement: 'meta_feed',
      headlines: ['Spring sale: 30% off running shoes'],
      primary_text: 'Free returns for 60 days. Shop the collection today.',
      description: 'Ends Sunday',
      cta: 'Shop now',
      landing_url: 'https://shop.example.com/spring',
    };
    const app: CreativeAnalysis = await api('POST', 'creative/analyze/', copy);
    const [before] = await t.app.ctx.db.select({ n: count() }).from(creativeAnalyses);
    const first = await ok('analyze_ad_copy', copy);
    const analysis = first.structuredContent as {
      id: string;
      overall: { score: number };
      sub_scores: { key: string; score: number | null }[];
      headlines: { score: number }[];
    };
    expect(analysis.overall.score).toBe(app.text.overall.score);
    expect(analysis.sub_scores).toEqual(
      app.text.sub_scores.map(({ key, label, score, explanation }) => ({ key, label, score, explanation })),
    );
    expect(analysis.headlines.map((h) => h.score)).toEqual(app.text.headline_model.headlines.map((h) => h.score));
    const [saved] = await t.app.ctx.db.select({ n: count() }).from(creativeAnalyses);
    expect(saved!.n).toBe(before!.n + 1);
    const [row] = await t.app.ctx.db
      .select({ title: creativeAnalyses.title })
      .from(creativeAnalyses)
      .where(eq(creativeAnalyses.id, analysis.id));
    expect(row!.title).toBe(copy.headlines[0]);

    const rewrite = await ok('analyze_ad_copy', { ...copy, cta: '', previous_id: analysis.id });
    expect((rewrite.structuredContent as { changes: Record<string, unknown> | null }).changes).toMatchObject({
      previous_id: analysis.id,
    });
    const bad = await call('analyze_ad_copy', { ...copy, placement: 'myspace' });
    expect(bad.isError).toBe(true);
  });

  it('list_reports and get_report_data answer the saved reports and the figures their PDF shows', async () => {
    expect((await ok('list_reports')).structuredContent).toEqual({ reports: [] });
    const report = await api('POST', 'reports/', {
      name: 'Acme monthly',
      sections: ['headline', 'platforms', 'campaigns', 'pacing'],
      period: 'last_month',
      currency: 'EUR',
    });
    const listed = (await ok('list_reports')).structuredContent as { reports: { id: string; name: string }[] };
    expect(listed.reports).toEqual([
      expect.objectContaining({ id: report.id, name: 'Acme monthly', period: 'last_month', currency: 'EUR' }),
    ]);

    const app: ReportData = await api('GET', `reports/${report.id}/preview/`);
    const data = (await ok('get_report_data', { report_id: report.id })).structuredContent as unknown as ReportData;
    expect({ ...data, generated_at: null }).toEqual({
      ...app,
      brand: { name: app.brand.name, primary_color: app.brand.primary_color },
      generated_at: null,
    });
    expect(data.sections.map((section) => section.key)).toEqual(['headline', 'platforms', 'campaigns', 'pacing']);

    const unknown = await call('get_report_data', { report_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
  });
});
