import { blankRule, type DryRun, type Rule, RULE_PRESETS, type RuleDefinition } from '@shared/api/rules';
import { createActor, fromPromise } from 'xstate';

import { ruleBuilderMachine, stepIndexOf } from './ruleBuilder.machine';

const DEFINITION: RuleDefinition = RULE_PRESETS[0].definition('UTC');
const DRY_RUN: DryRun = {
  from: '2029-12-08',
  to: '2030-01-06',
  entities: 12,
  firings: [],
  skipped: { guard: 1, cooldown: 0, cap: 0 },
  effect: [],
  caveats: [],
};
const RULE: Rule = {
  ...DEFINITION,
  id: 'rule-1',
  created_at: '2030-01-07T09:00:00.000Z',
  updated_at: '2030-01-07T09:00:00.000Z',
  created_by: { id: null, name: 'Asha Rao' },
  summary: [],
  last_run: null,
};
const REFUSED = { status: 400, data: { detail: 'Another rule already has this name.', field: 'name' } };
/** How long the fake calls take, on jest's fake clock. */
const CALL_MS = 1_000;

/** A call that answers `answer` after CALL_MS. */
function slow<T>(answer: () => Promise<T>): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), CALL_MS));
}

interface Calls {
  runDryRun?: () => Promise<DryRun>;
  saveRule?: () => Promise<Rule>;
}

function setup(calls: Calls = {}, definition: RuleDefinition = DEFINITION) {
  const runDryRun = jest.fn((_definition: RuleDefinition) =>
    (calls.runDryRun ?? slow(() => Promise.resolve(DRY_RUN)))(),
  );
  const saveRule = jest.fn((_definition: RuleDefinition) => (calls.saveRule ?? slow(() => Promise.resolve(RULE)))());
  const actor = createActor(
    ruleBuilderMachine.provide({
      actors: {
        runDryRun: fromPromise(({ input }) => runDryRun(input)),
        saveRule: fromPromise(({ input }) => saveRule(input)),
      },
    }),
    { input: { definition } },
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  /** The form says the step is valid, then asks for the next one. */
  const next = (valid = true) => {
    actor.send({ type: 'VALIDITY', valid });
    actor.send({ type: 'NEXT' });
  };
  return { actor, state, context, next, runDryRun, saveRule };
}

/** Moves the fake clock past the calls and lets their promises settle. */
async function finishCalls() {
  await jest.advanceTimersByTimeAsync(CALL_MS);
}

/** Steps through the three form steps into the dry run and waits for its result. */
async function toReview(flow: ReturnType<typeof setup>) {
  flow.next();
  flow.next();
  flow.next();
  expect(flow.state()).toEqual({ dryRun: 'running' });
  await finishCalls();
  expect(flow.state()).toEqual({ dryRun: 'reviewed' });
}

describe('ruleBuilderMachine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts on the conditions with the definition it was given', () => {
    const flow = setup();
    expect(flow.state()).toBe('conditions');
    expect(flow.context()).toEqual({
      definition: DEFINITION,
      stepValid: false,
      dryRun: null,
      dryRunStale: false,
      dryRunError: null,
      saveError: null,
      saved: null,
    });
  });

  it('leaves a step only once the form said its fields are valid', () => {
    const flow = setup();
    flow.actor.send({ type: 'NEXT' });
    expect(flow.state()).toBe('conditions');
    flow.next(false);
    expect(flow.state()).toBe('conditions');
    flow.next(true);
    expect(flow.state()).toBe('actions');
    // A new step starts unjudged: the verdict on the last one does not carry over.
    flow.actor.send({ type: 'NEXT' });
    expect(flow.state()).toBe('actions');
    flow.next();
    expect(flow.state()).toBe('schedule');
  });

  it('forgets a verdict once the form changes: the change must be judged again', () => {
    const flow = setup();
    flow.actor.send({ type: 'VALIDITY', valid: true });
    flow.actor.send({ type: 'CHANGE', definition: { ...DEFINITION, name: '' } });
    flow.actor.send({ type: 'NEXT' });
    expect(flow.state()).toBe('conditions');
    expect(flow.context().definition.name).toBe('');
  });

  it('goes back a step at a time, or straight back to an earlier step, but never forward without Next', () => {
    const flow = setup();
    flow.next();
    flow.next();
    expect(flow.state()).toBe('schedule');
    flow.actor.send({ type: 'BACK' });
    expect(flow.state()).toBe('actions');
    flow.actor.send({ type: 'GOTO', step: 'schedule' });
    expect(flow.state()).toBe('actions');
    flow.actor.send({ type: 'GOTO', step: 'conditions' });
    expect(flow.state()).toBe('conditions');
    flow.actor.send({ type: 'BACK' });
    expect(flow.state()).toBe('conditions');
  });

  it('runs the dry run on entering its step with the form as it is, and shows the result', async () => {
    const flow = setup();
    const renamed = { ...DEFINITION, name: 'Pause the losers' };
    flow.actor.send({ type: 'CHANGE', definition: renamed });
    flow.next();
    flow.next();
    flow.next();
    expect(flow.state()).toEqual({ dryRun: 'running' });
    expect(stepIndexOf(flow.state())).toBe(3);
    expect(flow.runDryRun).toHaveBeenCalledWith(renamed);

    await jest.advanceTimersByTimeAsync(CALL_MS - 1);
    expect(flow.state()).toEqual({ dryRun: 'running' });
    await jest.advanceTimersByTimeAsync(1);
    expect(flow.state()).toEqual({ dryRun: 'reviewed' });
    expect(flow.context().dryRun).toBe(DRY_RUN);
    expect(flow.context().dryRunStale).toBe(false);
  });

  it('keeps why a dry run failed, and Run again retries it', async () => {
    let attempts = 0;
    const failure = { status: 500, data: { detail: 'The dry run could not read the metrics.' } };
    const flow = setup({
      runDryRun: slow(() => (++attempts === 1 ? Promise.reject(failure) : Promise.resolve(DRY_RUN))),
    });
    flow.next();
    flow.next();
    flow.next();
    await finishCalls();
    expect(flow.state()).toEqual({ dryRun: 'failed' });
    expect(flow.context().dryRunError).toBe(failure);
    expect(flow.context().dryRun).toBeNull();
    flow.actor.send({ type: 'SAVE' });
    expect(flow.state()).toEqual({ dryRun: 'failed' });

    flow.actor.send({ type: 'RUN_AGAIN' });
    expect(flow.state()).toEqual({ dryRun: 'running' });
    expect(flow.context().dryRunError).toBeNull();
    await finishCalls();
    expect(flow.state()).toEqual({ dryRun: 'reviewed' });
    expect(flow.runDryRun).toHaveBeenCalledTimes(2);
  });

  it('runs again from a result, and again on coming back to the step', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'RUN_AGAIN' });
    expect(flow.state()).toEqual({ dryRun: 'running' });
    await finishCalls();
    flow.actor.send({ type: 'BACK' });
    expect(flow.state()).toBe('schedule');
    flow.next();
    expect(flow.state()).toEqual({ dryRun: 'running' });
    await finishCalls();
    expect(flow.runDryRun).toHaveBeenCalledTimes(3);
  });

  it('stops waiting for a dry run left with Back', async () => {
    const flow = setup();
    flow.next();
    flow.next();
    flow.next();
    flow.actor.send({ type: 'BACK' });
    await finishCalls();
    expect(flow.state()).toBe('schedule');
    expect(flow.context().dryRun).toBeNull();
  });

  it('marks the dry run out of date after any change, clears that with a new run, and still lets the rule be saved', async () => {
    const flow = setup();
    // A change before any dry run has nothing to make stale.
    flow.actor.send({ type: 'CHANGE', definition: { ...DEFINITION, cooldown_hours: 12 } });
    expect(flow.context().dryRunStale).toBe(false);
    await toReview(flow);

    const changed = { ...DEFINITION, cooldown_hours: 48 };
    flow.actor.send({ type: 'CHANGE', definition: changed });
    expect(flow.context().dryRunStale).toBe(true);
    expect(flow.state()).toEqual({ dryRun: 'reviewed' });

    flow.actor.send({ type: 'SAVE' });
    expect(flow.state()).toBe('saving');
    expect(flow.saveRule).toHaveBeenCalledWith(changed);
    await finishCalls();
    expect(flow.state()).toBe('saved');
    expect(flow.context().dryRunStale).toBe(true);
  });

  it('keeps the out-of-date mark while going back, until the dry run runs again', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'GOTO', step: 'conditions' });
    flow.actor.send({ type: 'CHANGE', definition: { ...DEFINITION, name: 'Renamed' } });
    expect(flow.context().dryRunStale).toBe(true);
    flow.next();
    flow.next();
    flow.next();
    expect(flow.context().dryRunStale).toBe(true);
    await finishCalls();
    expect(flow.context().dryRunStale).toBe(false);
  });

  it('saves from the result and ends with the saved rule', async () => {
    const flow = setup();
    await toReview(flow);
    flow.actor.send({ type: 'SAVE' });
    expect(flow.state()).toBe('saving');
    // No way out while the rule is on its way.
    flow.actor.send({ type: 'BACK' });
    flow.actor.send({ type: 'SAVE' });
    expect(flow.state()).toBe('saving');
    await finishCalls();
    expect(flow.state()).toBe('saved');
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(flow.context().saved).toBe(RULE);
    expect(flow.saveRule).toHaveBeenCalledTimes(1);
    expect(flow.saveRule).toHaveBeenCalledWith(DEFINITION);
  });

  it('comes back to the result with the reason when the save is refused, without running the dry run again', async () => {
    let attempts = 0;
    const flow = setup({ saveRule: slow(() => (++attempts === 1 ? Promise.reject(REFUSED) : Promise.resolve(RULE))) });
    await toReview(flow);
    flow.actor.send({ type: 'SAVE' });
    await finishCalls();
    expect(flow.state()).toEqual({ dryRun: 'reviewed' });
    expect(flow.context().saveError).toBe(REFUSED);
    expect(flow.context().dryRun).toBe(DRY_RUN);
    expect(flow.runDryRun).toHaveBeenCalledTimes(1);

    flow.actor.send({ type: 'SAVE' });
    expect(flow.context().saveError).toBeNull();
    await finishCalls();
    expect(flow.state()).toBe('saved');
  });

  it('forgets a refused save once the dry run runs again', async () => {
    const flow = setup({ saveRule: () => Promise.reject(REFUSED) });
    await toReview(flow);
    flow.actor.send({ type: 'SAVE' });
    await finishCalls();
    expect(flow.context().saveError).toBe(REFUSED);
    flow.actor.send({ type: 'GOTO', step: 'conditions' });
    flow.next();
    flow.next();
    flow.next();
    expect(flow.context().saveError).toBeNull();
  });

  it('counts its states as the stepper does', () => {
    expect(stepIndexOf('conditions')).toBe(0);
    expect(stepIndexOf('actions')).toBe(1);
    expect(stepIndexOf('schedule')).toBe(2);
    expect(stepIndexOf({ dryRun: 'reviewed' })).toBe(3);
    expect(stepIndexOf('saving')).toBe(3);
    expect(stepIndexOf('saved')).toBe(3);
  });

  it('starts from any definition, e.g. the blank rule', () => {
    const blank = blankRule('Asia/Kolkata');
    expect(setup({}, blank).context().definition).toBe(blank);
  });
});
