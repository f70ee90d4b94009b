import { createActor, fromPromise } from 'xstate';
import { BUDGET_MESSAGES, DEFAULT_MAX_STEP, type OptimizerApplyInput, type OptimizerApplyResult, type OptimizerPlanView } from '@shared/api/budgets';
import { GOOGLE_ACCOUNT, heldPlanBody, META_ACCOUNT, optimizerPlanBody, PLAN_ACTION_ID } from '@client/test/budgets.handlers';
import { optimizerMachine, type OptimizerPlanQuery } from './optimizer.machine';

const PLAN = optimizerPlanBody();
const RESULT: OptimizerApplyResult = { action_id: PLAN_ACTION_ID, plan_id: null, change_lines: ['Google Ads: set the daily budget of “Brand search” from $100.00 to $130.00'] };
const STALE = { status: 409, data: { detail: BUDGET_MESSAGES.stale, code: 'conflict' } };
const REFUSED = { status: 502, data: { detail: BUDGET_MESSAGES.refused('Google Ads', 'the budget is shared'), code: 'platform_error' } };
/** How long the fake calls take, on jest's fake clock. */
const CALL_MS = 1_000;

/** A call that answers `answer` after CALL_MS. */
function slow<T>(answer: () => Promise<T>): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), CALL_MS));
}

interface Calls {
  fetchPlan?: (query: OptimizerPlanQuery) => Promise<OptimizerPlanView>;
  applyPlan?: (input: OptimizerApplyInput) => Promise<OptimizerApplyResult>;
}

function setup(calls: Calls = {}, account: string | null = GOOGLE_ACCOUNT.id) {
  const fetchPlan = jest.fn((query: OptimizerPlanQuery) => (calls.fetchPlan ? slow(() => calls.fetchPlan!(query)) : slow(() => Promise.resolve(PLAN)))());
  const applyPlan = jest.fn((input: OptimizerApplyInput) => (calls.applyPlan ? slow(() => calls.applyPlan!(input)) : slow(() => Promise.resolve(RESULT)))());
  const announced = jest.fn();
  const actor = createActor(
    optimizerMachine.provide({
      actors: {
        fetchPlan: fromPromise(({ input }) => fetchPlan(input)),
        applyPlan: fromPromise(({ input }) => applyPlan(input)),
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
  return { actor, state, context, fetchPlan, applyPlan, announced };
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
    expect(flow.fetchPlan).toHaveBeenCalledWith({ account: GOOGLE_ACCOUNT.id, max_step: DEFAULT_MAX_STEP });
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
    expect(flow.fetchPlan).toHaveBeenLastCalledWith({ account: GOOGLE_ACCOUNT.id, max_step: 0.5 });
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
});
