import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors as ownEventDescriptors,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventObject,
  fromPromise,
} from 'xstate';

/**
 * Model-based tests of the client's state machines (issue 18): XState's graph utilities list
 * every simple path of a machine, given the events a user (or the component) may send and what
 * each call may answer; each path is then replayed on a real actor, with the calls settled by
 * hand and the timers on jest's fake clock, and every state reached is held to what the spec says
 * of it. `npm run machines:paths` prints the same graphs (scripts/machinePaths.ts).
 */

/** Where the clock stands when a walk starts (deterministic: the trial and countdown read Date.now). */
export const WALK_START_MS = Date.UTC(2030, 0, 15, 9, 0, 0);

/** What a walk needs to know of a machine: the events it is sent and what its calls may answer. */
/** An event with its payload, as the walk sends it. */
export type WalkEvent = EventObject & Record<string, unknown>;

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The flow's name, as the paths test and the script print it. */
  name: string;
  /** The machine file, from the repository root. */
  file: string;
  machine: TMachine;
  input?: unknown;
  /** Every event the component sends, by type, with the payloads worth trying (several when guards read them). */
  events: Record<string, WalkEvent[]>;
  /** Events the machine raises itself: never sent by the walk. */
  raised?: string[];
  /** What each invoked call (by actor name) may answer: outputs it resolves with, errors it rejects with. */
  outcomes: Record<string, { done?: unknown[]; error?: unknown[] }>;
  /** The actions the component provides (toasts, navigation, clearing): recorded as effects. */
  effects: string[];
  /** What makes two snapshots the same state of the walk (default: value and context). */
  serialize?: (snapshot: AnyMachineSnapshot, clockMs: number) => unknown;
}

/** One step of a path: the event, and the snapshot it leads to. */
export type PathStep = StatePath<AnyMachineSnapshot, EventObject>['steps'][number];
/** A path from the initial state. */
export type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

const AFTER = 'xstate.after.';
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** The machine's state nodes, the root excluded. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const all: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      all.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return all;
}

/** A state node's key in the expectation tables: its path below the root ('polling.waiting'). */
export function stateKey(node: AnyStateNode): string {
  return node.path.join('.');
}

/** The machine's atomic (and final) states, as table keys. */
export function atomicKeys(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map(stateKey);
}

/** The atomic states a snapshot is in, as table keys ('idle'; 'flow.otpStep' and 'resendLock.locked' when parallel). */
export function leafKeys(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map(stateKey);
}

/** Which actor each invocation runs, by invoke id (the `xstate.done.actor.<id>` of its answer). */
function invokedActors(machine: AnyStateMachine): Map<string, string> {
  const byId = new Map<string, string>();
  for (const node of stateNodesOf(machine)) {
    for (const invoke of node.invoke) byId.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  }
  return byId;
}

/** The delayed transitions a state node owns: event type and the delay's name or length. */
function timersOf(node: AnyStateNode): { eventType: string; delay: string | number }[] {
  return (node.after as { eventType: string; delay: string | number }[]).map(({ eventType, delay }) => ({
    eventType,
    delay,
  }));
}

/** How long `eventType` (an `xstate.after.*`) waits from the state's entry, for this snapshot. */
export function timerMs(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  for (const node of snapshot._nodes as AnyStateNode[]) {
    const timer = timersOf(node).find((candidate) => candidate.eventType === eventType);
    if (!timer) continue;
    if (typeof timer.delay === 'number') return timer.delay;
    const delay = (machine.implementations.delays as Record<string, unknown>)[timer.delay];
    if (typeof delay === 'number') return delay;
    if (typeof delay === 'function')
      return (delay as (args: unknown) => number)({ context: snapshot.context, event: { type: eventType } });
    throw new Error(`${machine.id}: the delay ${timer.delay} has no implementation`);
  }
  throw new Error(`${machine.id}: no active state waits for ${eventType}`);
}

/** Runs `fn` with Date.now() reading `ms` (the walk's own clock, whoever else fakes it). */
function atTime<T>(ms: number, fn: () => T): T {
  const realNow = Date.now;
  Date.now = () => ms;
  try {
    return fn();
  } finally {
    Date.now = realNow;
  }
}

/** The events worth trying from a snapshot: the model's payloads for what the state accepts, each call's answers, and the next timer. */
function eventsFor(model: MachineModel, invokes: Map<string, string>) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const events: WalkEvent[] = [];
    const timers: { type: string; ms: number }[] = [];
    for (const type of ownEventDescriptors(snapshot)) {
      if (type.startsWith(AFTER)) {
        timers.push({ type, ms: timerMs(model.machine, snapshot, type) });
      } else if (type.startsWith(DONE) || type.startsWith(ERROR)) {
        const done = type.startsWith(DONE);
        const id = type.slice((done ? DONE : ERROR).length);
        const src = invokes.get(id);
        const answers = src === undefined ? undefined : model.outcomes[src];
        if (!answers) throw new Error(`${model.name}: no outcomes for the call ${src ?? id} (add it to the model)`);
        for (const answer of (done ? answers.done : answers.error) ?? [])
          events.push(done ? { type, output: answer } : { type, error: answer });
      } else if (type.startsWith('xstate.')) {
        continue;
      } else if (!model.raised?.includes(type)) {
        const payloads = model.events[type];
        if (!payloads)
          throw new Error(`${model.name}: the machine accepts ${type} but the model gives no payload for it`);
        events.push(...payloads);
      }
    }
    // Only the timer due first can fire: the others are cancelled or still waiting when it does.
    const first = Math.min(...timers.map((timer) => timer.ms));
    events.push(...timers.filter((timer) => timer.ms === first).map(({ type }) => ({ type })));
    return events;
  };
}

/** The walk's graph: the machine with its own clock (advanced by each timer taken), and the traversal options. */
function graphOf(model: MachineModel) {
  // The provided effects do nothing while the graph is drawn: a report to a parent (sendParent)
  // has no parent to go to there. The replay records them instead.
  const machine = model.machine.provide({
    actions: Object.fromEntries(model.effects.map((name) => [name, () => undefined])),
  } as never);
  const clock = new WeakMap<object, number>();
  const clockOf = (snapshot: AnyMachineSnapshot) => clock.get(snapshot) ?? WALK_START_MS;
  const logic = Object.create(machine, {
    getInitialSnapshot: {
      value: (scope: unknown, input: unknown) => {
        const snapshot = atTime(WALK_START_MS, () => machine.getInitialSnapshot(scope as never, input));
        clock.set(snapshot, WALK_START_MS);
        return snapshot;
      },
    },
    transition: {
      value: (snapshot: AnyMachineSnapshot, event: EventObject, scope: unknown) => {
        const at = clockOf(snapshot) + (event.type.startsWith(AFTER) ? timerMs(machine, snapshot, event.type) : 0);
        const next = atTime(at, () => machine.transition(snapshot, event, scope as never));
        clock.set(next, at);
        return next;
      },
    },
  }) as AnyStateMachine;
  const serialize = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify(
      model.serialize
        ? model.serialize(snapshot, clockOf(snapshot))
        : { value: snapshot.value, context: snapshot.context },
    );
  const options = { input: model.input, events: eventsFor(model, invokedActors(machine)), serializeState: serialize };
  return { logic, options, serialize };
}

/** Every simple path of the machine: from the initial state to each state of the walk, visiting no state twice. */
export function simplePathsOf(model: MachineModel): MachinePath[] {
  const { logic, options } = graphOf(model);
  return getSimplePaths(logic, options as never) as MachinePath[];
}

/** The shortest path to each state of the walk. */
export function shortestPathsOf(model: MachineModel): MachinePath[] {
  const { logic, options } = graphOf(model);
  return getShortestPaths(logic, options as never) as MachinePath[];
}

/**
 * One path per transition of the walk's graph (each event a state accepts, a refused guard
 * included), the shortest
 * path to its source, then the event. Simple paths never take an edge back to a state already on
 * them (Cancel, Back, a retry); these do.
 */
export function transitionPathsOf(model: MachineModel): MachinePath[] {
  const { logic, options, serialize } = graphOf(model);
  const shortest = new Map(
    (getShortestPaths(logic, options as never) as MachinePath[]).map((path) => [serialize(path.state), path]),
  );
  const adjacency = getAdjacencyMap(logic, options as never);
  const paths: MachinePath[] = [];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const head = shortest.get(key);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions) as { event: EventObject; state: AnyMachineSnapshot }[]) {
      paths.push({ state, weight: head.weight + 1, steps: [...head.steps, { state, event }] });
    }
  }
  return paths;
}

/** A state that leaves at once, whatever the context (an unguarded `always`): never at rest, so never reached. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition: { guard?: unknown }) => !transition.guard);
}

/** A step's event as a tester reads it: 'OPEN', 'logout answers', 'logout fails', 'after redirectDelay'. */
export function eventLabel(model: MachineModel, event: EventObject): string {
  const invokes = invokedActors(model.machine);
  if (event.type.startsWith(AFTER)) return `after ${event.type.slice(AFTER.length).split('.')[0]}`;
  if (event.type.startsWith(DONE)) return `${invokes.get(event.type.slice(DONE.length))} answers`;
  if (event.type.startsWith(ERROR)) return `${invokes.get(event.type.slice(ERROR.length))} fails`;
  const payload = Object.entries(event).filter(([key]) => key !== 'type');
  return payload.length ? `${event.type} ${JSON.stringify(Object.fromEntries(payload))}` : event.type;
}

/** A path as one line: 'idle → OPEN → confirming → CANCEL → idle'. */
export function pathLabel(model: MachineModel, path: MachinePath): string {
  const [first, ...rest] = path.steps;
  const parts = [leafKeys(first.state).join('+')];
  for (const step of rest) parts.push(eventLabel(model, step.event), leafKeys(step.state).join('+'));
  return parts.join(' → ');
}

/** What the script prints for a machine. */
export interface MachineSummary {
  name: string;
  file: string;
  states: string[];
  events: string[];
  timers: string[];
  calls: string[];
  simplePaths: number;
  /** Transitions of the walk's graph (each replayed after the shortest path to its source). */
  transitions: number;
  /** The shortest way into each atomic state (a label per state key), or null when the walk never gets there. */
  shortest: Record<string, string | null>;
}

/** The machine's states, events, timers, calls, simple path count and shortest path to each state. */
export function summarize(model: MachineModel): MachineSummary {
  const nodes = stateNodesOf(model.machine);
  const events = new Set<string>();
  const timers = new Set<string>();
  for (const node of nodes) {
    for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
    for (const { delay } of timersOf(node)) {
      const ms =
        typeof delay === 'number' ? delay : (model.machine.implementations.delays as Record<string, unknown>)[delay];
      timers.add(
        `${stateKey(node)}: ${typeof delay === 'number' ? '' : `${delay} `}(${typeof ms === 'number' ? `${ms} ms` : 'computed from the context'})`,
      );
    }
  }
  for (const type of model.machine.root.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
  const shortest: Record<string, string | null> = {};
  const leaves = atomicKeys(model.machine);
  for (const key of leaves) shortest[key] = null;
  for (const path of shortestPathsOf(model).sort((a, b) => a.steps.length - b.steps.length)) {
    for (const key of leafKeys(path.state)) shortest[key] ??= pathLabel(model, path);
  }
  return {
    name: model.name,
    file: model.file,
    states: nodes.map((node) => node.id),
    events: [...events].sort(),
    timers: [...timers],
    calls: [...new Set(invokedActors(model.machine).values())],
    simplePaths: simplePathsOf(model).length,
    transitions: transitionPathsOf(model).length,
    shortest,
  };
}

/** A named effect the machine ran (an action the component provides). */
export interface Effect {
  name: string;
  params: unknown;
}

/** A call the machine started (an invoked actor), with what it was asked. */
export interface Call {
  src: string;
  input: unknown;
}

/** What a table row sees when a path reaches its state. */
export interface Arrival {
  snapshot: AnyMachineSnapshot;
  /** The step's event (`xstate.init` for the first). */
  event: EventObject;
  /** The named effects the step ran. */
  effects: Effect[];
  /** The calls the step started. */
  calls: Call[];
  /** Epoch ms on the fake clock. */
  now: number;
  /** The atomic states this step entered (re-entries included), as table keys. */
  entered: string[];
}

/** What the spec says of one state: checked every time a path reaches it (or leaves it on a timer). */
export interface StateExpectation {
  /** The state's own timer, in ms (spec timings): checked whenever the path leaves the state on it. */
  leavesAfterMs?: number | ((snapshot: AnyMachineSnapshot) => number);
  check?: (arrival: Arrival) => void;
}

/** One row per state key: every atomic state the walk reaches, and every state whose timer fires. */
export type ExpectationTable = Record<string, StateExpectation>;

/** Lets settled promises reach the actor (fake timers do not hold back microtasks). */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** The machine with every call under the test's hand and every provided effect recorded. */
function harnessOf(model: MachineModel) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const calls: Call[] = [];
  const effects: Effect[] = [];
  const actors = Object.fromEntries(
    Object.keys(model.outcomes).map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, self }) => {
        calls.push({ src, input });
        return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
      }),
    ]),
  );
  const actions = Object.fromEntries(
    model.effects.map((name) => [name, (_args: unknown, params: unknown) => void effects.push({ name, params })]),
  );
  const machine = model.machine.provide({ actors, actions } as never);
  const settle = (invokeId: string, outcome: 'resolve' | 'reject', value: unknown) => {
    const call = pending.get(invokeId);
    if (!call) throw new Error(`${model.name}: no call ${invokeId} in flight`);
    pending.delete(invokeId);
    call[outcome](value);
  };
  return { machine, calls, effects, settle };
}

/** The timer the real actor has scheduled for `eventType`: how long until it fires, and its full delay. */
function scheduled(actor: AnyActorRef, eventType: string): { dueInMs: number; delay: number } {
  const timer = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
    (candidate) => candidate.event.type === eventType,
  );
  if (!timer) throw new Error(`no timer for ${eventType} is running`);
  return { dueInMs: timer.startedAt + timer.delay - Date.now(), delay: timer.delay };
}

function rowFor(model: MachineModel, table: ExpectationTable, key: string): StateExpectation {
  const row = table[key];
  if (!row) throw new Error(`${model.name}: the state ${key} has no expectation (add a row to its table)`);
  return row;
}

/** Replays a path on a real actor (jest fake timers must be on) and holds each state reached to its row. */
export async function replayPath(model: MachineModel, table: ExpectationTable, path: MachinePath): Promise<void> {
  const { serialize } = graphOf(model);
  const harness = harnessOf(model);
  const actor = createActor(harness.machine, { input: model.input } as never);
  let seenEffects = 0;
  let seenCalls = 0;
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      const { event } = step;
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      if (index > 0) {
        if (event.type.startsWith(AFTER)) {
          // The timer fires when the spec says, not a millisecond before.
          const owner = model.machine.getStateNodeById(event.type.slice(AFTER.length).split('.').slice(1).join('.'));
          const expected = rowFor(model, table, stateKey(owner)).leavesAfterMs;
          if (expected === undefined)
            throw new Error(`${model.name}: ${stateKey(owner)} leaves on a timer but its row names no leavesAfterMs`);
          const { dueInMs, delay } = scheduled(actor, event.type);
          expect({ state: stateKey(owner), delay }).toEqual({
            state: stateKey(owner),
            delay: typeof expected === 'function' ? expected(before) : expected,
          });
          if (dueInMs > 0) {
            jest.advanceTimersByTime(dueInMs - 1);
            expect(serialize(actor.getSnapshot())).toBe(serialize(before));
          }
          jest.advanceTimersByTime(Math.min(1, Math.max(dueInMs, 0)));
        } else if (event.type.startsWith(DONE)) {
          harness.settle(event.type.slice(DONE.length), 'resolve', (event as { output?: unknown }).output);
        } else if (event.type.startsWith(ERROR)) {
          harness.settle(event.type.slice(ERROR.length), 'reject', (event as { error?: unknown }).error);
        } else {
          actor.send(event);
        }
        await flush();
      }
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      // The real actor is where the graph said it would be, context and all.
      expect({ value: snapshot.value, status: snapshot.status, state: serialize(snapshot) }).toEqual({
        value: step.state.value,
        status: step.state.status,
        state: serialize(step.state),
      });
      const calls = harness.calls.slice(seenCalls);
      const arrival: Arrival = {
        snapshot,
        event,
        effects: harness.effects.slice(seenEffects),
        calls,
        now: Date.now(),
        entered: index === 0 ? leafKeys(snapshot) : enteredKeys(before, snapshot, event),
      };
      seenEffects = harness.effects.length;
      seenCalls = harness.calls.length;
      for (const key of leafKeys(snapshot)) rowFor(model, table, key).check?.(arrival);
    }
  } finally {
    actor.stop();
  }
}

/** The atomic states a step entered: those not active before, and those a re-entering transition (a timer, a reenter) left and came back to. */
function enteredKeys(before: AnyMachineSnapshot, after: AnyMachineSnapshot, event: EventObject): string[] {
  const was = new Set(leafKeys(before));
  const reentered = (before._nodes as AnyStateNode[])
    .flatMap((node) => (node.transitions.get(event.type) ?? []) as { reenter?: boolean; target?: AnyStateNode[] }[])
    .filter((transition) => transition.reenter && transition.target)
    .flatMap((transition) =>
      transition.target!.flatMap((target) => leafKeys(after).filter((key) => key.startsWith(stateKey(target)))),
    );
  return leafKeys(after).filter((key) => !was.has(key) || reentered.includes(key));
}

/** The state keys a table must hold: every atomic state the paths reach, and every state whose timer a path takes. */
export function requiredKeys(model: MachineModel, paths: readonly MachinePath[]): string[] {
  const keys = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      for (const key of leafKeys(step.state)) keys.add(key);
      if (step.event.type.startsWith(AFTER))
        keys.add(
          stateKey(model.machine.getStateNodeById(step.event.type.slice(AFTER.length).split('.').slice(1).join('.'))),
        );
    }
  }
  return [...keys].sort();
}

/**
 * The paths test of one machine: the table covers exactly the states the walk reaches, the walk
 * reaches every atomic state of the machine, and every simple path replays with each state held
 * to its row. Call it at the top of a `<name>.paths.test.ts`.
 */
export function describeMachinePaths(model: MachineModel, table: ExpectationTable): void {
  const paths = simplePathsOf(model);
  const transitions = transitionPathsOf(model);
  describe(`${model.name} machine: every simple path (${paths.length}) and transition (${transitions.length})`, () => {
    beforeEach(() => jest.useFakeTimers({ now: WALK_START_MS }));
    afterEach(() => jest.useRealTimers());

    it('has an expectation for every state the walk reaches, and none for a state it never reaches', () => {
      expect(Object.keys(table).sort()).toEqual(requiredKeys(model, [...paths, ...transitions]));
    });

    it('reaches every atomic state of the machine that can be at rest', () => {
      const atRest = stateNodesOf(model.machine)
        .filter((node) => (node.type === 'atomic' || node.type === 'final') && !isTransient(node))
        .map(stateKey);
      const reached = new Set(paths.flatMap((path) => leafKeys(path.state)));
      expect(atRest.filter((key) => !reached.has(key))).toEqual([]);
    });

    it.each(paths.map((path) => [pathLabel(model, path), path] as const))('path: %s', async (_label, path) => {
      await replayPath(model, table, path);
    });

    it.each(transitions.map((path) => [pathLabel(model, path), path] as const))(
      'transition: %s',
      async (_label, path) => {
        await replayPath(model, table, path);
      },
    );
  });
}
