import type { RunningSandbox } from '@sandbox/sandbox';
import type { ActionList } from '@shared/api/actions';
import {
  type Budget,
  BUDGET_MESSAGES,
  type FollowedPlan,
  type FollowedPlanList,
  type OptimizerApplyResult,
  type OptimizerPlanView,
} from '@shared/api/budgets';
import { BUDGET_VALIDATION } from '@shared/validation/budgets';

import { budgets } from '../../db/schema';
import { PLATFORM, useBudgetsTestbed } from '../../test/budgetsTestbed';
import type { TestApp } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import type { TestUser } from '../../test/factories';
import { stopBeforeTheChangeEnds } from '../../test/stopAfterCommits';
import { STALE_AFTER_MS } from '../actions/actions.heartbeat';
import { relogin } from '../workspaces/workspaces.fixtures';

const DAY_MS = 86_400_000;

describe('The optimizer’s options, campaign caps, and plans followed day by day', () => {
  const bed = useBudgetsTestbed();
  const { get, send, accountOf, clock } = bed;
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let outsider: TestUser;
  beforeAll(() => ({ t, sandbox, owner, other: outsider } = bed));

  const planOf = async (accountId: string, query = ''): Promise<OptimizerPlanView> => {
    const res = await get(owner, `optimizer/?account=${accountId}&max_step=0.3${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const movable = (plan: OptimizerPlanView) => plan.campaigns.filter((c) => c.hold === null);
  /** A new day of the account and a sync, then the follow job's work for the connection. */
  const nextDay = async (user: TestUser) => {
    clock.advance(DAY_MS);
    // Access tokens live minutes: a day later the user signs in again.
    await relogin(t.app, user);
    const connection = await connectionOf(t.app, user, PLATFORM);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });
    return t.app.services.optimizer.followConnection(connection.id);
  };
  const applyFollowing = async (accountId: string, plan: OptimizerPlanView): Promise<OptimizerApplyResult> => {
    const changes = plan.campaigns
      .filter((c) => c.to !== c.from)
      .map((c) => ({ campaign_id: c.campaign_id, from: c.from, to: c.to }));
    const res = await send(owner, 'POST', 'optimizer/apply/', {
      account: accountId,
      changes,
      max_step: 0.3,
      follow: true,
    });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 200, detail: undefined });
    return res.json();
  };

  it('stops a followed plan when its step is undone, so the follow job does not make the move again', async () => {
    const account = await accountOf(owner);
    const { plan_id, action_id } = await applyFollowing(account.id, await planOf(account.id));
    expect((await send(owner, 'POST', `actions/${action_id}/undo/`)).statusCode).toBe(200);
    const { plans }: FollowedPlanList = (await get(owner, `optimizer/plans/?account=${account.id}`)).json();
    expect(plans.find((plan) => plan.id === plan_id)).toMatchObject({
      status: 'stopped',
      stop_reason: BUDGET_MESSAGES.stepUndone,
    });
    // Undo put the budgets back where the plan started: the follow job leaves them there.
    expect(await t.app.services.optimizer.followConnection((await connectionOf(t.app, owner, PLATFORM)).id)).toEqual(
      {},
    );
  });

  it('keeps locked campaigns and the account budget’s caps, and refuses a lock that leaves nothing to move', async () => {
    const account = await accountOf(owner);
    const free = movable(await planOf(account.id));
    expect(free.length).toBeGreaterThanOrEqual(3);
    const [locked, capped] = free;
    const plan = await planOf(account.id, `&locked=${locked.campaign_id}`);
    expect(plan.locked).toEqual([locked.campaign_id]);
    expect(plan.campaigns.find((c) => c.campaign_id === locked.campaign_id)).toMatchObject({
      hold: 'locked',
      to: locked.from,
      target: locked.from,
    });

    // A cap at today's budget: the optimizer may lower it, never raise it.
    const digits = account.currency === 'JPY' ? 0 : 2;
    const cap = capped.from / 10 ** digits;
    const created = await send(owner, 'POST', 'budgets/', {
      scope: 'account',
      account: account.id,
      amount: 100_000,
      currency: account.currency,
      campaign_caps: [{ campaign_id: capped.campaign_id, min: null, max: cap }],
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as Budget).campaign_caps).toEqual([
      { campaign_id: capped.campaign_id, min: null, max: cap },
    ]);
    const bounded = await planOf(account.id);
    const view = bounded.campaigns.find((c) => c.campaign_id === capped.campaign_id)!;
    expect(view.max).toBe(capped.from);
    expect(view.to).toBeLessThanOrEqual(capped.from);
    expect(view.target).toBeLessThanOrEqual(capped.from);

    const allButOne = free
      .slice(1)
      .map((c) => c.campaign_id)
      .join(',');
    const none = await get(owner, `optimizer/?account=${account.id}&locked=${allButOne}`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'locked', detail: BUDGET_MESSAGES.nothingMovable });
    const unknown = await get(owner, `optimizer/?account=${account.id}&locked=nope`);
    expect(unknown.json()).toMatchObject({ field: 'locked', detail: BUDGET_MESSAGES.notInAccount });
  });

  it('refuses caps that are not the account’s campaigns or out of order, and currencies the account cannot use', async () => {
    const account = await accountOf(owner);
    const campaignId = movable(await planOf(account.id))[0].campaign_id;
    const base = { scope: 'account', account: account.id, amount: 1000, currency: account.currency };
    const cases: [object, string, string][] = [
      [
        { ...base, campaign_caps: [{ campaign_id: 'not-ours', min: 1, max: 2 }] },
        'campaign_caps',
        BUDGET_MESSAGES.capNotInAccount('not-ours'),
      ],
      [
        { ...base, campaign_caps: [{ campaign_id: campaignId, min: 5, max: 2 }] },
        'campaign_caps[0]',
        BUDGET_VALIDATION.capOrder(1),
      ],
      [{ ...base, currency: 'CHF' }, 'currency', BUDGET_MESSAGES.currencyNotUsable('CHF')],
      [
        {
          scope: 'workspace',
          amount: 10,
          currency: 'USD',
          campaign_caps: [{ campaign_id: campaignId, min: 1, max: 2 }],
        },
        'campaign_caps',
        BUDGET_VALIDATION.capsOnlyForAccount,
      ],
    ];
    for (const [payload, field, detail] of cases) {
      const res = await send(owner, 'POST', 'budgets/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, detail });
    }
    expect(await t.app.ctx.db.select().from(budgets)).toEqual([]);
  });

  it('plans for conversion value when asked, showing value now and after', async () => {
    const account = await accountOf(owner);
    const plan = await planOf(account.id, '&objective=value');
    expect(plan.objective).toBe('value');
    expect(plan.value).not.toBeNull();
    expect(plan.value!.after.mid).toBeCloseTo(plan.value!.now.mid + plan.value!.gain.mid, 3);
    for (const c of plan.campaigns) expect(c.value_now!.mid).toBeGreaterThan(0);
    expect((await get(owner, `optimizer/?account=${account.id}&objective=profit`)).json()).toMatchObject({
      field: 'objective',
      detail: BUDGET_VALIDATION.badObjective,
    });
  });

  it('follows a plan a step each new day, logging each, and stops when a budget is changed outside it', async () => {
    const account = await accountOf(owner);
    const plan = await planOf(account.id);
    expect(plan.steps_to_target).toBeGreaterThanOrEqual(1);
    const { plan_id } = await applyFollowing(account.id, plan);
    expect(plan_id).not.toBeNull();
    const listed: FollowedPlanList = (await get(owner, `optimizer/plans/?account=${account.id}`)).json();
    expect(listed.plans).toHaveLength(1);
    const first = listed.plans[0];
    expect(first).toMatchObject({
      id: plan_id,
      status: 'following',
      steps: [expect.objectContaining({ day: expect.any(String) })],
    });
    for (const c of first.campaigns) expect(sandbox.world.dailyBudgetMinor(PLATFORM, c.campaign_id)).toBe(c.written);

    // The same day again: nothing to do yet.
    const connection = await connectionOf(t.app, owner, PLATFORM);
    expect(await t.app.services.optimizer.followConnection(connection.id)).toEqual({ waiting: 1 });

    // Six steps of ±30% to the targets: the next day takes the second.
    expect(plan.steps_to_target).toBeGreaterThanOrEqual(2);
    expect(await nextDay(owner)).toEqual({ stepped: 1 });
    const after: FollowedPlan = (await get(owner, `optimizer/plans/?account=${account.id}`)).json().plans[0];
    expect(after.steps).toHaveLength(2);
    for (const c of after.campaigns) {
      expect(sandbox.world.dailyBudgetMinor(PLATFORM, c.campaign_id)).toBe(c.written);
      // Never past the target, and at most ±30% from the step before.
      const before = first.campaigns.find((x) => x.campaign_id === c.campaign_id)!;
      expect(Math.abs(c.written - before.written)).toBeLessThanOrEqual(Math.ceil(before.written * 0.3) + 1);
      expect(Math.min(before.written, c.target) - 1).toBeLessThanOrEqual(c.written);
      expect(c.written).toBeLessThanOrEqual(Math.max(before.written, c.target) + 1);
    }
    expect(after.campaigns.reduce((s, c) => s + c.written, 0)).toBe(first.campaigns.reduce((s, c) => s + c.written, 0));
    const log: ActionList = (await get(owner, 'actions/')).json();
    expect(log.items.find((item) => item.id === after.steps[1].action_id)).toMatchObject({
      type: 'optimizer',
      headline: expect.stringMatching(/step 2 of a followed plan/),
    });

    // Someone changes a planned budget at the platform: the next day the plan stops rather than overwrite it.
    const touched = after.campaigns[0];
    sandbox.world.setDailyBudget(PLATFORM, touched.campaign_id, touched.written + 123);
    expect(await nextDay(owner)).toEqual({ stopped: 1 });
    const stopped: FollowedPlan = (await get(owner, `optimizer/plans/?account=${account.id}`)).json().plans[0];
    expect(stopped.status).toBe('stopped');
    expect(stopped.stop_reason).toMatch(
      new RegExp(
        `^The budget of “${touched.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}” was changed outside the plan`,
      ),
    );
    expect(sandbox.world.dailyBudgetMinor(PLATFORM, touched.campaign_id)).toBe(touched.written + 123);
  });

  it('records a followed step the reconciler finds complete after the process stopped, and follows on', async () => {
    const account = await accountOf(owner);
    await applyFollowing(account.id, await planOf(account.id));
    const first: FollowedPlan = (await get(owner, `optimizer/plans/?account=${account.id}`)).json().plans[0];
    clock.advance(DAY_MS);
    await relogin(t.app, owner);
    const connection = await connectionOf(t.app, owner, PLATFORM);
    expect(await t.app.services.sync.syncConnection(connection.id)).toMatchObject({ status: 'done' });

    // The write-ahead and every budget of the step commit; the process stops before the step's end.
    const revive = stopBeforeTheChangeEnds(t.app.ctx.db);
    try {
      expect(await t.app.services.optimizer.followConnection(connection.id)).toEqual({ failed: 1 });
    } finally {
      revive();
    }
    expect(
      ((await get(owner, `optimizer/plans/?account=${account.id}`)).json().plans[0] as FollowedPlan).steps,
    ).toHaveLength(1);

    clock.advance(STALE_AFTER_MS + 1_000);
    expect(await t.app.services.actions.reconcile()).toMatchObject({ checked: 1, finished: 1 });
    const after: FollowedPlan = (await get(owner, `optimizer/plans/?account=${account.id}`)).json().plans[0];
    expect(after).toMatchObject({
      status: 'following',
      steps: [expect.anything(), expect.objectContaining({ expected: first.steps[0].expected })],
    });
    for (const c of after.campaigns) expect(sandbox.world.dailyBudgetMinor(PLATFORM, c.campaign_id)).toBe(c.written);
    expect(after.campaigns.some((c, i) => c.written !== first.campaigns[i].written)).toBe(true);
  });

  it('stops a followed plan by hand, once, for the workspace’s members only', async () => {
    const account = await accountOf(owner);
    const { plan_id } = await applyFollowing(account.id, await planOf(account.id));
    await relogin(t.app, outsider);
    expect((await send(outsider, 'POST', `optimizer/plans/${plan_id}/stop/`)).statusCode).toBe(404);
    expect((await get(outsider, `optimizer/plans/?account=${account.id}`)).statusCode).toBe(404);
    const stopped = await send(owner, 'POST', `optimizer/plans/${plan_id}/stop/`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      status: 'stopped',
      stop_reason: expect.stringMatching(/^Stopped by .+\.$/),
    });
    const again = await send(owner, 'POST', `optimizer/plans/${plan_id}/stop/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BUDGET_MESSAGES.planNotFollowing);
    // A stopped plan takes no further step.
    const connection = await connectionOf(t.app, owner, PLATFORM);
    expect(await t.app.services.optimizer.followConnection(connection.id)).toEqual({});
  });
});
