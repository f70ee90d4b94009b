import type { RunningSandbox } from '@sandbox/sandbox';
import type { ActionList } from '@shared/api/actions';
import type { AlertList } from '@shared/api/alerts';
import { type Budget, BUDGET_MESSAGES, type BudgetList, type OptimizerPlanView } from '@shared/api/budgets';
import type { DashboardView } from '@shared/api/dashboard';
import type { SuggestionList } from '@shared/api/suggestions';
import { BUDGET_VALIDATION } from '@shared/validation/budgets';
import { eq } from 'drizzle-orm';

import { alerts, budgets, campaigns } from '../../db/schema';
import { PLATFORM, useBudgetsTestbed } from '../../test/budgetsTestbed';
import type { TestApp } from '../../test/buildTestApp';
import type { TestUser } from '../../test/factories';

describe('Budgets and the optimizer', () => {
  const bed = useBudgetsTestbed();
  const { get, send, accountOf } = bed;
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(() => ({ t, sandbox, owner, other } = bed));

  it('keeps monthly budgets with their pacing, its spend the dashboard’s for the same days', async () => {
    const account = await accountOf(owner);
    const created = await send(owner, 'POST', 'budgets/', {
      scope: 'workspace',
      platform: null,
      account: null,
      amount: 50_000,
      currency: 'USD',
    });
    expect(created.statusCode).toBe(201);
    const budget: Budget = created.json();
    expect(budget).toMatchObject({ scope: 'workspace', label: 'The whole workspace', amount: 50_000, currency: 'USD' });
    const { pacing } = budget;
    expect(pacing.target).toBe(50_000);
    expect(['on_track', 'under', 'over']).toContain(pacing.status);
    expect(pacing.projected.low).toBeLessThanOrEqual(pacing.projected.mid);
    expect(pacing.projected.high).toBeGreaterThanOrEqual(pacing.projected.mid);
    expect(pacing.advice.length).toBeGreaterThan(10);
    // The month so far as the dashboard sums it.
    const monthStart = `${pacing.month}-01`;
    const dashboard: DashboardView = (
      await get(owner, `dashboard/?account=${account.id}&from=${monthStart}&to=${pacing.today}&currency=USD`)
    ).json();
    expect(pacing.spent).toBeCloseTo(dashboard.summary.spend, 0);
    const last = pacing.points.filter((p) => p.actual !== null).at(-1)!;
    expect(last.actual).toBeCloseTo(pacing.spent, 6);

    expect(budget.band).toEqual({ start: 0.25, end: 0.01 });
    // A band of its own: a constant ±10% all month.
    const changed: Budget = (
      await send(owner, 'PUT', `budgets/${budget.id}/`, {
        scope: 'workspace',
        amount: 50_000,
        currency: 'USD',
        band: { start: 0.1, end: 0.1 },
      })
    ).json();
    expect(changed.band).toEqual({ start: 0.1, end: 0.1 });
    expect(changed.pacing.tolerance).toBeCloseTo(0.1, 9);

    const accountBudget = await send(owner, 'POST', 'budgets/', {
      scope: 'account',
      platform: null,
      account: account.id,
      amount: 1_000_000,
      currency: 'INR',
    });
    expect(accountBudget.json()).toMatchObject({ label: account.name, currency: 'INR' });
    const list: BudgetList = (await get(owner, 'budgets/')).json();
    expect(list.budgets.map((b) => b.scope)).toEqual(['workspace', 'account']);
    expect((await get(other, 'budgets/')).json().budgets).toEqual([]);
    expect((await send(other, 'DELETE', `budgets/${budget.id}/`)).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `budgets/${budget.id}/`)).statusCode).toBe(204);
  });

  it('alerts once per budget, direction and week when the month is off its band: about the account, or about no account', async () => {
    const account = await accountOf(owner);
    await t.app.ctx.db.delete(alerts);
    // Far too little for what the account spends: both budgets over-pace.
    const workspaceBudget: Budget = (
      await send(owner, 'POST', 'budgets/', { scope: 'workspace', amount: 1, currency: 'USD' })
    ).json();
    const accountBudget: Budget = (
      await send(owner, 'POST', 'budgets/', {
        scope: 'account',
        account: account.id,
        amount: 1,
        currency: account.currency,
      })
    ).json();
    expect(workspaceBudget.pacing.status).toBe('over');
    const [{ workspaceId }] = await t.app.ctx.db
      .select({ workspaceId: budgets.workspaceId })
      .from(budgets)
      .where(eq(budgets.id, workspaceBudget.id));
    expect(await t.app.services.budgets.checkPacing(workspaceId)).toEqual({ alerts: 2, suggestions: 2 });
    // The next sync the same week: no new alert (the advice is refreshed).
    expect(await t.app.services.budgets.checkPacing(workspaceId)).toEqual({ alerts: 0, suggestions: 2 });

    const list: AlertList = (await get(owner, 'alerts/?kind=pacing')).json();
    expect(list.alerts).toHaveLength(2);
    const aboutWorkspace = list.alerts.find((a) => a.entity_id === workspaceBudget.id)!;
    expect(aboutWorkspace).toMatchObject({
      kind: 'pacing',
      level: 'budget',
      account: null,
      direction: 'high',
      severity: 'critical',
      entity_name: 'Budget: The whole workspace',
    });
    expect(aboutWorkspace.headline).toMatch(
      /^Budget “The whole workspace” is projected to end \w+ \d+% over its USD 1 \(about USD [\d,]+\): lower daily budgets by about \d+% \(to about USD [\d,]+ a day\)\.$/,
    );
    const aboutAccount = list.alerts.find((a) => a.entity_id === accountBudget.id)!;
    expect(aboutAccount.account).toMatchObject({ id: account.id });
    // Filtering by account keeps the account's own alerts only.
    expect(
      (await get(owner, `alerts/?kind=pacing&account=${account.id}`))
        .json()
        .alerts.map((a: { entity_id: string }) => a.entity_id),
    ).toEqual([accountBudget.id]);
    // The other workspace sees none of them.
    expect((await get(other, 'alerts/?kind=pacing')).json().alerts).toEqual([]);

    // A suggestion per budget on the account: lower every running campaign's daily budget by the pacing's change.
    const advice: SuggestionList = (await get(owner, 'suggestions/?type=pace_budget')).json();
    expect(advice.items).toHaveLength(2);
    const forAccount = advice.items.find((item) => item.headline.includes(`“${account.name}”`))!;
    expect(forAccount.headline).toMatch(
      /^Lower this account’s daily budgets by \d+% to land budget “.+” on target: projected to end \d+% over$/,
    );
    expect(forAccount.change.kind).toBe('budgets');
    const steps = forAccount.change.kind === 'budgets' ? forAccount.change.steps : [];
    expect(steps.length).toBeGreaterThanOrEqual(1);
    for (const step of steps) expect(step.to).toBeLessThan(step.from);
    expect(forAccount.evidence[0]).toMatchObject({ metric: 'projected_spend', peers: { mid: 1 } });
    expect(forAccount.impact.spend_per_week.mid).toBeLessThan(0);
    // Applying it writes the lower budgets at the platform.
    const applied = await send(owner, 'POST', `suggestions/${forAccount.id}/apply/`, {});
    expect(applied.statusCode).toBe(200);
    for (const step of steps) expect(sandbox.world.dailyBudgetMinor(PLATFORM, step.campaign_id)).toBe(step.to);
    expect((await send(owner, 'POST', `actions/${applied.json().id}/undo/`)).statusCode).toBe(200);
    for (const step of steps) expect(sandbox.world.dailyBudgetMinor(PLATFORM, step.campaign_id)).toBe(step.from);

    // Back on track (a target at the projection): the workspace budget's advice is withdrawn.
    await send(owner, 'PUT', `budgets/${workspaceBudget.id}/`, {
      scope: 'workspace',
      amount: Math.round(workspaceBudget.pacing.projected.mid),
      currency: 'USD',
    });
    await t.app.services.budgets.checkPacing(workspaceId);
    const left: SuggestionList = (await get(owner, 'suggestions/?type=pace_budget')).json();
    expect(left.items.map((item) => item.headline)).toEqual([expect.stringContaining(`“${account.name}”`)]);
  });

  it('refuses bad budgets with a detail naming the field, and a second budget for the same thing', async () => {
    const otherAccount = await accountOf(other);
    const cases: [object, string, string][] = [
      [{ scope: 'workspace', amount: -5, currency: 'USD' }, 'amount', BUDGET_VALIDATION.badAmount],
      [{ scope: 'workspace', amount: 5e12, currency: 'USD' }, 'amount', BUDGET_VALIDATION.badAmount],
      [{ scope: 'platform', platform: null, amount: 10, currency: 'USD' }, 'platform', BUDGET_VALIDATION.badPlatform],
      [{ scope: 'workspace', amount: 10, currency: 'XYZ' }, 'currency', BUDGET_VALIDATION.badCurrency],
      [
        { scope: 'account', account: otherAccount.id, amount: 10, currency: 'USD' },
        'account',
        BUDGET_MESSAGES.accountNotFound,
      ],
      [
        { scope: 'workspace', amount: 10, currency: 'USD', band: { start: 0, end: 0 } },
        'band.start',
        BUDGET_VALIDATION.badBand,
      ],
      [
        { scope: 'workspace', amount: 10, currency: 'USD', band: { start: 0.05, end: 0.2 } },
        'band',
        BUDGET_VALIDATION.bandOrder,
      ],
    ];
    for (const [payload, field, detail] of cases) {
      const res = await send(owner, 'POST', 'budgets/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, detail });
    }
    expect(await t.app.ctx.db.select().from(budgets)).toEqual([]);
    await send(owner, 'POST', 'budgets/', { scope: 'platform', platform: 'google', amount: 10, currency: 'USD' });
    const twice = await send(owner, 'POST', 'budgets/', {
      scope: 'platform',
      platform: 'google',
      amount: 20,
      currency: 'EUR',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(BUDGET_MESSAGES.duplicate);
  });

  it('proposes a plan at the same total daily budget, for the workspace’s own accounts only', async () => {
    const account = await accountOf(owner);
    const res = await get(owner, `optimizer/?account=${account.id}&max_step=0.3`);
    expect(res.statusCode).toBe(200);
    const plan: OptimizerPlanView = res.json();
    expect(plan.account).toMatchObject({ id: account.id, platform: PLATFORM });
    expect(plan.campaigns.length).toBeGreaterThanOrEqual(2);
    expect(plan.campaigns.reduce((s, c) => s + c.to, 0)).toBe(plan.campaigns.reduce((s, c) => s + c.from, 0));
    for (const c of plan.campaigns) {
      expect(c.to).toBeGreaterThanOrEqual(Math.floor(c.from * 0.7));
      expect(c.to).toBeLessThanOrEqual(Math.ceil(c.from * 1.3));
    }
    expect(plan.after.mid).toBeCloseTo(plan.now.mid + plan.gain.mid, 6);
    expect((await get(other, `optimizer/?account=${account.id}`)).statusCode).toBe(404);
    expect((await get(owner, 'optimizer/?account=x&max_step=9')).json().detail).toBe(BUDGET_VALIDATION.badAccount);
  });

  it('applies a plan at the platform, logs it, and undoes it; a stale, unbalanced or refused plan changes nothing', async () => {
    const account = await accountOf(owner);
    const stored = (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.accountRef, account.id))).filter(
      (c) =>
        c.status === 'ACTIVE' &&
        c.dailyBudgetMinor !== null &&
        sandbox.world.status(PLATFORM, c.campaignId) === 'ACTIVE',
    );
    const [a, b] = stored;
    const amount = Math.round(Math.min(a.dailyBudgetMinor!, b.dailyBudgetMinor!) / 10);
    const changes = [
      { campaign_id: a.campaignId, from: a.dailyBudgetMinor!, to: a.dailyBudgetMinor! - amount },
      { campaign_id: b.campaignId, from: b.dailyBudgetMinor!, to: b.dailyBudgetMinor! + amount },
    ];
    const budgetsAtPlatform = () => [a, b].map((c) => sandbox.world.dailyBudgetMinor(PLATFORM, c.campaignId));
    const before = budgetsAtPlatform();

    const unbalanced = await send(owner, 'POST', 'optimizer/apply/', {
      account: account.id,
      changes: [changes[0], { ...changes[1], to: changes[1].to + 1 }],
    });
    expect(unbalanced.json()).toMatchObject({ field: 'changes', detail: BUDGET_MESSAGES.totalChanged });
    const stale = await send(owner, 'POST', 'optimizer/apply/', {
      account: account.id,
      changes: changes.map((c) => ({ ...c, from: c.from + 1, to: c.to + 1 })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(BUDGET_MESSAGES.stale);
    // The platform refuses (asking for a wait longer than any request may take): nothing is changed.
    sandbox.faults.add({ platform: PLATFORM, kind: 'rate_limit', times: 50, retryAfterSeconds: 120 });
    const refused = await send(owner, 'POST', 'optimizer/apply/', { account: account.id, changes });
    sandbox.faults.clear();
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(budgetsAtPlatform()).toEqual(before);

    const applied = await send(owner, 'POST', 'optimizer/apply/', { account: account.id, changes });
    expect(applied.statusCode).toBe(200);
    expect(budgetsAtPlatform()).toEqual(changes.map((c) => c.to));
    const { action_id, change_lines } = applied.json();
    expect(change_lines).toHaveLength(2);
    expect(change_lines[0]).toMatch(
      /^Google Ads: lower the daily budget of campaign “.+” from \w+ [\d.]+ a day to \w+ [\d.]+ a day$/,
    );
    const log: ActionList = (await get(owner, 'actions/')).json();
    expect(log.items.find((item) => item.id === action_id)).toMatchObject({ type: 'optimizer', can_undo: true });
    expect((await send(owner, 'POST', `actions/${action_id}/undo/`)).statusCode).toBe(200);
    expect(budgetsAtPlatform()).toEqual(before);
    expect((await send(other, 'POST', 'optimizer/apply/', { account: account.id, changes })).statusCode).toBe(404);
  });
});
