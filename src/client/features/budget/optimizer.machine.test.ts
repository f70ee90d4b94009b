import {
  FOLLOWED_PLAN_ID,
  followedPlanBody,
  GOOGLE_ACCOUNT,
  heldPlanBody,
  META_ACCOUNT,
  optimizerPlanBody,
  PLAN_ACTION_ID,
} from '@client/test/budgets.handlers';
import {
  BUDGET_MESSAGES,
  DEFAULT_MAX_STEP,
  type FollowedPlan,
  type FollowedPlanList,
  type OptimizerApplyInput,
  type OptimizerApplyResult,
  type OptimizerPlanView,
} from '@shared/api/budgets';
import { createActor, fromPromise } from 'xstate';

import { FOLLOW_REFRESH_MS, optimizerMachine, type OptimizerPlanQuery } from './optimizer.machine';

const PLAN = optimizerPlanBody();
const RESULT: OptimizerApplyResult = {
  action_id: PLAN_ACTION_ID,
  plan_id: null,
  change_lines: ['Google Ads: set the daily budget of “Brand search” from $100.00 to $130.00'],
};
const STALE = { status: 409, data: { detail: BUDGET_MESSAGES.stale, code: 'conflict' } };
const REFUSED = {
  status: 502,
  data: { detail: BUDGET_MESSAGES.refused('Google Ads', 'the budget is shared'), code: 'platform_error' },
};
const FOLLOWED_RESULT: OptimizerApplyResult = { ...RESULT, plan_id: FOLLOWED_PLAN_ID };
const NOTHING_MOVABLE = {
  status: 400,
  data: { detail: BUDGET_MESSAGES.nothingMovable, code: 'validation_failed', field: 'locked' },
};
const NOT_FOLLOWING = { status: 409, data: { detail: BUDGET_MESSAGES.planNotFollowing, code: 'conflict' } };
const FOLLOWED = followedPlanBody();
/** Another account's plan in the list: the machine keeps only the one it applied. */
const OTHER_PLAN = followedPlanBody({ id: '00000000-0000-4000-8000-720000000009', status: 'done' });
/** The default options a plan is asked with. */
const DEFAULT_QUERY = { account: GOOGLE_ACCOUNT.id, max_step: DEFAULT_MAX_STEP, objective: 'conversions', locked: [] };
/** How long the fake calls take, on jest's fake clock. */
const CALL_MS = 1_000;

/** A call that answers `answer` after CALL_MS. */
function slow<T>(answer: () => Promise<T>): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), CALL_MS));
}

interface Calls {
  fetchPlan?: (query: OptimizerPlanQuery) => Promise<OptimizerPlanView>;
  applyPlan?: (input: OptimizerApplyInput) => Promise<OptimizerApplyResult>;
  loadFollowedPlans?: (input: { account: string }) => Promise<FollowedPlanList>;
  stopPlan?: (input: { planId: string }) => Promise<FollowedPlan>;
}

function setup(calls: Calls = {}, account: string | null = GOOGLE_ACCOUNT.id) {
  const fetchPlan = jest.fn((query: OptimizerPlanQuery) =>
    (calls.fetchPlan ? slow(() => calls.fetchPlan!(query)) : slow(() => Promise.resolve(PLAN)))(),
  );
  const applyPlan = jest.fn((input: OptimizerApplyInput) =>
    (calls.applyPlan ? slow(() => calls.applyPlan!(input)) : slow(() => Promise.resolve(RESULT)))(),
  );
  const loadFollowedPlans = jest.fn((input: { account: string }) =>
    (calls.loadFollowedPlans
      ? slow(() => calls.loadFollowedPlans!(input))
      : slow(() => Promise.resolve({ plans: [OTHER_PLAN, FOLLOWED] })))(),
  );
  const stopPlan = jest.fn((input: { planId: string }) =>
    (calls.stopPlan
      ? slow(() => calls.stopPlan!(input))
      : slow(() =>
          Promise.resolve(followedPlanBody({ status: 'stopped', stop_reason: BUDGET_MESSAGES.stoppedByUser('Asha') })),
        ))(),
  );
  const announced = jest.fn();
  const actor = createActor(
    optimizerMachine.provide({
      actors: {
        fetchPlan: fromPromise(({ input }) => fetchPlan(input)),
        applyPlan: fromPromise(({ input }) => applyPlan(input)),
        loadFollowedPlans: fromPromise(({ input }) => loadFollowedPlans(input)),
        stopPlan: fromPromise(({ input }) => stopPlan(input)),
      },
      actions: {
        announceApplied: (_args, params) => announced(params.result),
      },
    }),
    { input: { account } },
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, state, context, fetchPlan, applyPlan, loadFollowedPlans, stopPlan, announced };
}

/** Moves the fake clock past the calls and lets their promises settle. */
async function finishCalls() {
  await jest.advanceTimersByTimeAsync(CALL_MS);
}

async function toReview(flow: ReturnType<typeof setup>) {
  flow.actor.send({ type: 'PROPOSE' });
  expect(flow.state()).toBe('proposing');
  await finishCalls();
  expect(flow.state()).toBe('review');
}

describe('optimizerMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts idle with the default largest step, and proposes only once an account is chosen', async () => {
    const flow = setup({}, null);
    expect(flow.state()).toBe('idle');
    expect(flow.context().maxStep).toBe(DEFAULT_MAX_STEP);
    flow.actor.send({ type: 'PROPOSE' });
    expect(flow.state()).toBe('idle');
    expect(flow.fetchPlan).not.toHaveBeenCalled();

    flow.actor.send({ type: 'SET_ACCOUNT', account: GOOGLE_ACCOUNT.id });
    await toReview(flow);
    expect(flow.fetchPlan).toHaveBeenCalledWith({
      account: GOOGLE_ACCOUNT.id,
      max_step: DEFAULT_MAX_STEP,
      objective: 'conversions',
      locked: [],
    });
    expect(flow.context().plan).toEqual(PLAN);
  });

  it('proposes again with a new largest step, and keeps the plan on show meanwhile', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'SET_MAX_STEP', maxStep: 0.5 });
    expect(flow.state()).toBe('proposing');
    expect(flow.context().plan).toEqual(PLAN);
    await finishCalls();
    expect(flow.state()).toBe('review');
    expect(flow.fetchPlan).toHaveBeenLastCalledWith({
      account: GOOGLE_ACCOUNT.id,
      max_step: 0.5,
      objective: 'conversions',
      locked: [],
    });
  });

  it('drops the plan when the account changes', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'SET_ACCOUNT', account: META_ACCOUNT.id });
    expect(flow.state()).toBe('idle');
    expect(flow.context().plan).toBeNull();
    expect(flow.context().account).toBe(META_ACCOUNT.id);
  });

  it('says why a proposal failed, and Propose asks again', async () => {
    let fail = true;
    const flow = setup({ fetchPlan: () => (fail ? Promise.reject(REFUSED) : Promise.resolve(PLAN)) });
    flow.actor.send({ type: 'PROPOSE' });
    await finishCalls();
    expect(flow.state()).toBe('proposeFailed');
    expect(flow.context().proposeError).toEqual(REFUSED);
    fail = false;
    flow.actor.send({ type: 'PROPOSE' });
    expect(flow.context().proposeError).toBeNull();
    await finishCalls();
    expect(flow.state()).toBe('review');
  });

  it('confirms, then applies only the campaigns whose budget changes, and announces it', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'APPLY' });
    expect(flow.state()).toBe('confirming');
    flow.actor.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('review');
    expect(flow.applyPlan).not.toHaveBeenCalled();

    flow.actor.send({ type: 'APPLY' });
    flow.actor.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('applying');
    // Nothing else is taken while the budgets are written.
    flow.actor.send({ type: 'CANCEL' });
    flow.actor.send({ type: 'SET_ACCOUNT', account: META_ACCOUNT.id });
    expect(flow.state()).toBe('applying');
    await finishCalls();
    expect(flow.state()).toBe('applied');
    expect(flow.applyPlan).toHaveBeenCalledWith({
      account: GOOGLE_ACCOUNT.id,
      changes: [
        { campaign_id: 'cmp-1', from: 10_000, to: 13_000 },
        { campaign_id: 'cmp-2', from: 10_000, to: 7_000 },
      ],
      objective: 'conversions',
      max_step: DEFAULT_MAX_STEP,
      locked: [],
      follow: false,
    });
    expect(flow.context().result).toEqual(RESULT);
    expect(flow.announced).toHaveBeenCalledWith(RESULT);

    flow.actor.send({ type: 'PROPOSE' });
    expect(flow.context().result).toBeNull();
    await finishCalls();
    expect(flow.state()).toBe('review');
  });

  it('offers no apply for a plan that moves nothing', async () => {
    const flow = setup({ fetchPlan: () => Promise.resolve(heldPlanBody()) });
    await toReview(flow);
    flow.actor.send({ type: 'APPLY' });
    expect(flow.state()).toBe('review');
  });

  it('proposes a fresh plan when the plan was stale, and says so', async () => {
    const stalePlan = PLAN;
    const freshPlan = optimizerPlanBody({ total_budget: 26_000 });
    let plans = 0;
    const flow = setup({
      fetchPlan: () => Promise.resolve((plans += 1) === 1 ? stalePlan : freshPlan),
      applyPlan: () => Promise.reject(STALE),
    });
    await toReview(flow);
    flow.actor.send({ type: 'APPLY' });
    flow.actor.send({ type: 'CONFIRM' });
    await finishCalls();
    expect(flow.state()).toBe('proposing');
    expect(flow.context().staleError).toEqual(STALE);
    await finishCalls();
    expect(flow.state()).toBe('review');
    expect(flow.context().plan).toEqual(freshPlan);
    expect(flow.context().staleError).toEqual(STALE);
    expect(flow.fetchPlan).toHaveBeenCalledTimes(2);
    expect(flow.announced).not.toHaveBeenCalled();
  });

  it('goes back to the review with the reason when the apply is refused otherwise', async () => {
    const flow = setup({ applyPlan: () => Promise.reject(REFUSED) });
    await toReview(flow);
    flow.actor.send({ type: 'APPLY' });
    flow.actor.send({ type: 'CONFIRM' });
    await finishCalls();
    expect(flow.state()).toBe('review');
    expect(flow.context().applyError).toEqual(REFUSED);
    expect(flow.context().plan).toEqual(PLAN);
    expect(flow.fetchPlan).toHaveBeenCalledTimes(1);

    // Trying again clears the reason.
    flow.actor.send({ type: 'APPLY' });
    expect(flow.context().applyError).toBeNull();
  });

  describe('objective and locks', () => {
    it('proposes again for a new objective, and keeps it for later proposals', async () => {
      const flow = setup();
      // Before a plan, the objective is only remembered.
      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'value' });
      expect(flow.state()).toBe('idle');
      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'conversions' });
      await toReview(flow);

      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'value' });
      expect(flow.state()).toBe('proposing');
      expect(flow.context().plan).toEqual(PLAN);
      await finishCalls();
      expect(flow.state()).toBe('review');
      expect(flow.fetchPlan).toHaveBeenLastCalledWith({ ...DEFAULT_QUERY, objective: 'value' });
      expect(flow.context().planOptions).toEqual({ maxStep: DEFAULT_MAX_STEP, objective: 'value', locked: [] });

      flow.actor.send({ type: 'PROPOSE' });
      await finishCalls();
      expect(flow.fetchPlan).toHaveBeenLastCalledWith({ ...DEFAULT_QUERY, objective: 'value' });
    });

    it('proposes again when the objective changes after a failed proposal', async () => {
      const noValue = {
        status: 400,
        data: { detail: BUDGET_MESSAGES.noValue, code: 'validation_failed', field: 'objective' },
      };
      const flow = setup({
        fetchPlan: (query) => (query.objective === 'value' ? Promise.reject(noValue) : Promise.resolve(PLAN)),
      });
      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'value' });
      flow.actor.send({ type: 'PROPOSE' });
      await finishCalls();
      // No plan on show: nothing to go back to, so it fails as any proposal.
      expect(flow.state()).toBe('proposeFailed');
      expect(flow.context().proposeError).toEqual(noValue);

      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'conversions' });
      expect(flow.state()).toBe('proposing');
      expect(flow.context().proposeError).toBeNull();
      await finishCalls();
      expect(flow.state()).toBe('review');
    });

    it('locks and unlocks campaigns, proposing again each time', async () => {
      const flow = setup();
      await toReview(flow);
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      expect(flow.state()).toBe('proposing');
      expect(flow.context().locked).toEqual(['cmp-1']);
      // A second tick while the plan is on its way asks again with both.
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-2' });
      expect(flow.state()).toBe('proposing');
      await finishCalls();
      expect(flow.state()).toBe('review');
      expect(flow.fetchPlan).toHaveBeenCalledTimes(3);
      expect(flow.fetchPlan).toHaveBeenLastCalledWith({ ...DEFAULT_QUERY, locked: ['cmp-1', 'cmp-2'] });

      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      await finishCalls();
      expect(flow.fetchPlan).toHaveBeenLastCalledWith({ ...DEFAULT_QUERY, locked: ['cmp-2'] });
      expect(flow.context().planOptions?.locked).toEqual(['cmp-2']);
    });

    it('says a refused lock and puts the previous locks back, keeping the plan on show', async () => {
      const flow = setup({
        fetchPlan: (query) => (query.locked.length > 1 ? Promise.reject(NOTHING_MOVABLE) : Promise.resolve(PLAN)),
      });
      await toReview(flow);
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      await finishCalls();
      expect(flow.context().locked).toEqual(['cmp-1']);

      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-2' });
      expect(flow.context().locked).toEqual(['cmp-1', 'cmp-2']);
      await finishCalls();
      expect(flow.state()).toBe('review');
      expect(flow.context().optionsError).toEqual(NOTHING_MOVABLE);
      expect(flow.context().locked).toEqual(['cmp-1']);
      expect(flow.context().plan).toEqual(PLAN);

      // The next change clears the refusal.
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      expect(flow.context().optionsError).toBeNull();
      await finishCalls();
      expect(flow.context().locked).toEqual([]);
    });

    it('fails as any proposal on an error other than a 400', async () => {
      let fail = false;
      const flow = setup({ fetchPlan: () => (fail ? Promise.reject(REFUSED) : Promise.resolve(PLAN)) });
      await toReview(flow);
      fail = true;
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      await finishCalls();
      expect(flow.state()).toBe('proposeFailed');
      expect(flow.context().plan).toBeNull();
    });

    it('drops the locks with the account', async () => {
      const flow = setup();
      await toReview(flow);
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-1' });
      await finishCalls();
      flow.actor.send({ type: 'SET_ACCOUNT', account: META_ACCOUNT.id });
      expect(flow.context().locked).toEqual([]);
      expect(flow.context().planOptions).toBeNull();
    });

    it('sends the plan options and the follow box with the apply', async () => {
      const flow = setup();
      await toReview(flow);
      flow.actor.send({ type: 'SET_OBJECTIVE', objective: 'value' });
      await finishCalls();
      flow.actor.send({ type: 'TOGGLE_LOCK', campaignId: 'cmp-3' });
      await finishCalls();
      flow.actor.send({ type: 'APPLY' });
      expect(flow.context().follow).toBe(false);
      flow.actor.send({ type: 'SET_FOLLOW', follow: true });
      expect(flow.context().follow).toBe(true);
      // Cancelled, the box starts off again next time.
      flow.actor.send({ type: 'CANCEL' });
      flow.actor.send({ type: 'APPLY' });
      expect(flow.context().follow).toBe(false);
      flow.actor.send({ type: 'SET_FOLLOW', follow: true });
      flow.actor.send({ type: 'CONFIRM' });
      await finishCalls();
      expect(flow.applyPlan).toHaveBeenCalledWith({
        account: GOOGLE_ACCOUNT.id,
        changes: [
          { campaign_id: 'cmp-1', from: 10_000, to: 13_000 },
          { campaign_id: 'cmp-2', from: 10_000, to: 7_000 },
        ],
        objective: 'value',
        max_step: DEFAULT_MAX_STEP,
        locked: ['cmp-3'],
        follow: true,
      });
    });
  });

  describe('following a plan', () => {
    /** Proposes, applies with follow and waits for the answer: the machine goes on to following. */
    async function toFollowing(flow: ReturnType<typeof setup>) {
      await toReview(flow);
      flow.actor.send({ type: 'APPLY' });
      flow.actor.send({ type: 'SET_FOLLOW', follow: true });
      flow.actor.send({ type: 'CONFIRM' });
      await finishCalls();
      expect(flow.state()).toBe('following');
    }

    it('stays applied when the plan is not followed, and takes no STOP', async () => {
      const flow = setup();
      await toReview(flow);
      flow.actor.send({ type: 'APPLY' });
      flow.actor.send({ type: 'CONFIRM' });
      await finishCalls();
      expect(flow.state()).toBe('applied');
      flow.actor.send({ type: 'STOP' });
      expect(flow.state()).toBe('applied');
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS * 2);
      expect(flow.loadFollowedPlans).not.toHaveBeenCalled();
    });

    it('loads the followed plan after the apply, and again every minute', async () => {
      const flow = setup({ applyPlan: () => Promise.resolve(FOLLOWED_RESULT) });
      await toFollowing(flow);
      expect(flow.announced).toHaveBeenCalledWith(FOLLOWED_RESULT);
      expect(flow.loadFollowedPlans).toHaveBeenCalledWith({ account: GOOGLE_ACCOUNT.id });
      expect(flow.context().followedPlan).toBeNull();
      await finishCalls();
      expect(flow.context().followedPlan).toEqual(FOLLOWED);
      expect(flow.state()).toBe('following');

      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS - CALL_MS - 1);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(3);
      expect(flow.state()).toBe('following');
    });

    it('ends when the loaded plan is no longer followed, and refreshes no more', async () => {
      let status: FollowedPlan['status'] = 'following';
      const flow = setup({
        applyPlan: () => Promise.resolve(FOLLOWED_RESULT),
        loadFollowedPlans: () => Promise.resolve({ plans: [followedPlanBody({ status })] }),
      });
      await toFollowing(flow);
      await finishCalls();
      status = 'done';
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS);
      expect(flow.state()).toBe('ended');
      expect(flow.context().followedPlan?.status).toBe('done');
      const loads = flow.loadFollowedPlans.mock.calls.length;
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS * 3);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(loads);

      // A new proposal starts over.
      flow.actor.send({ type: 'PROPOSE' });
      expect(flow.state()).toBe('proposing');
      expect(flow.context().result).toBeNull();
      expect(flow.context().followedPlan).toBeNull();
    });

    it('says a failed load, keeps following and tries again on the next refresh', async () => {
      let fail = true;
      const flow = setup({
        applyPlan: () => Promise.resolve(FOLLOWED_RESULT),
        loadFollowedPlans: () => (fail ? Promise.reject(REFUSED) : Promise.resolve({ plans: [FOLLOWED] })),
      });
      await toFollowing(flow);
      await finishCalls();
      expect(flow.state()).toBe('following');
      expect(flow.context().followError).toEqual(REFUSED);
      fail = false;
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS);
      expect(flow.context().followError).toBeNull();
      expect(flow.context().followedPlan).toEqual(FOLLOWED);
    });

    it('says so when the list lacks the plan applied', async () => {
      const flow = setup({
        applyPlan: () => Promise.resolve(FOLLOWED_RESULT),
        loadFollowedPlans: () => Promise.resolve({ plans: [OTHER_PLAN] }),
      });
      await toFollowing(flow);
      await finishCalls();
      expect(flow.state()).toBe('following');
      expect(flow.context().followError).toEqual({ detail: BUDGET_MESSAGES.planNotFound });
    });

    it('stops the plan: stopping, then stopped with the plan as the server left it', async () => {
      const flow = setup({ applyPlan: () => Promise.resolve(FOLLOWED_RESULT) });
      await toFollowing(flow);
      await finishCalls();
      flow.actor.send({ type: 'STOP' });
      expect(flow.state()).toBe('stopping');
      // Nothing else is taken while it stops.
      flow.actor.send({ type: 'PROPOSE' });
      expect(flow.state()).toBe('stopping');
      await finishCalls();
      expect(flow.state()).toBe('stopped');
      expect(flow.stopPlan).toHaveBeenCalledWith({ planId: FOLLOWED_PLAN_ID });
      expect(flow.context().followedPlan).toEqual(
        expect.objectContaining({ status: 'stopped', stop_reason: BUDGET_MESSAGES.stoppedByUser('Asha') }),
      );
      // No refresh once stopped.
      const loads = flow.loadFollowedPlans.mock.calls.length;
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS * 2);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(loads);

      flow.actor.send({ type: 'SET_ACCOUNT', account: META_ACCOUNT.id });
      expect(flow.state()).toBe('idle');
      expect(flow.context().followedPlan).toBeNull();
    });

    it('says why a stop failed, loads the plan again and shows how it ended', async () => {
      let status: FollowedPlan['status'] = 'following';
      const flow = setup({
        applyPlan: () => Promise.resolve(FOLLOWED_RESULT),
        loadFollowedPlans: () =>
          Promise.resolve({
            plans: [
              followedPlanBody({ status, stop_reason: status === 'stopped' ? BUDGET_MESSAGES.diverged(2, 6) : null }),
            ],
          }),
        stopPlan: () => Promise.reject(NOT_FOLLOWING),
      });
      await toFollowing(flow);
      await finishCalls();
      // The server stopped it meanwhile.
      status = 'stopped';
      flow.actor.send({ type: 'STOP' });
      await finishCalls();
      expect(flow.state()).toBe('following');
      expect(flow.context().stopError).toEqual(NOT_FOLLOWING);
      await finishCalls();
      expect(flow.state()).toBe('ended');
      expect(flow.context().stopError).toEqual(NOT_FOLLOWING);
      expect(flow.context().followedPlan?.stop_reason).toBe(BUDGET_MESSAGES.diverged(2, 6));
    });

    it('leaves the followed plan to the server when a new plan is proposed', async () => {
      const flow = setup({ applyPlan: () => Promise.resolve(FOLLOWED_RESULT) });
      await toFollowing(flow);
      await finishCalls();
      flow.actor.send({ type: 'PROPOSE' });
      expect(flow.state()).toBe('proposing');
      expect(flow.context().result).toBeNull();
      await finishCalls();
      expect(flow.state()).toBe('review');
      const loads = flow.loadFollowedPlans.mock.calls.length;
      await jest.advanceTimersByTimeAsync(FOLLOW_REFRESH_MS * 2);
      expect(flow.loadFollowedPlans).toHaveBeenCalledTimes(loads);
      expect(flow.stopPlan).not.toHaveBeenCalled();
    });
  });
});
