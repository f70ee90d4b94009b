import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_MAX_STEP, type OptimizerApplyInput, type OptimizerApplyResult, type OptimizerPlanView } from '@shared/api/budgets';
import { planChanges } from './budgetFormat';
import { isConflict } from './budgets.api';

/** What fetchPlan is asked (GET optimizer/?account&max_step). */
export interface OptimizerPlanQuery {
  account: string;
  max_step: number;
}

/** The events the optimizer machine takes. */
export type OptimizerEvent =
  /** The account picker changed: any plan shown is for another account and is dropped. */
  | { type: 'SET_ACCOUNT'; account: string }
  /** The "Largest step" control changed: a plan on show is proposed again with it. */
  | { type: 'SET_MAX_STEP'; maxStep: number }
  /** Propose a plan (again). */
  | { type: 'PROPOSE' }
  /** Apply plan…: open the confirmation. */
  | { type: 'APPLY' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' };

/** What the machine starts from. */
export interface OptimizerInput {
  account?: string | null;
  maxStep?: number;
}

/** The optimizer machine's context. */
export interface OptimizerContext {
  account: string | null;
  maxStep: number;
  /** The plan on show (kept while one is proposed again, so the table does not vanish). */
  plan: OptimizerPlanView | null;
  /** Why the last proposal failed. */
  proposeError: unknown;
  /** Why the last apply was refused (not a stale plan): shown on the review. */
  applyError: unknown;
  /** A stale plan's 409: said while the fresh plan is proposed and shown. */
  staleError: unknown;
  /** What the last apply wrote. */
  result: OptimizerApplyResult | null;
}

const cleared = { proposeError: null, applyError: null, staleError: null } as const;

/**
 * The budget optimizer: idle → proposing → review → confirming → applying → applied. Propose
 * fetches a plan for the chosen account and largest step (failed: proposeFailed, with Propose
 * again); the review shows it, a new largest step proposes again, and Apply plan… opens the
 * confirmation (only when the plan changes a budget). Applying sends only the campaigns whose
 * budget changes; done, it is announced (the toast with Undo) and the result shown. A 409 means
 * a budget changed since the plan was made: the user is told and a fresh plan is proposed. Any
 * other refusal goes back to the review with the reason. The calls and the announcement are
 * provided by the component.
 */
export const optimizerMachine = setup({
  types: {
    context: {} as OptimizerContext,
    events: {} as OptimizerEvent,
    input: {} as OptimizerInput,
  },
  actors: {
    fetchPlan: fromPromise<OptimizerPlanView, OptimizerPlanQuery>(() => Promise.reject(new Error('fetchPlan is provided by the component'))),
    applyPlan: fromPromise<OptimizerApplyResult, OptimizerApplyInput>(() => Promise.reject(new Error('applyPlan is provided by the component'))),
  },
  actions: {
    /** Says the plan was applied (the toast with Undo); provided by the component. */
    announceApplied: (_args, _params: { result: OptimizerApplyResult }) => undefined,
    setAccount: assign(({ event }) => (event.type === 'SET_ACCOUNT' ? { account: event.account, plan: null, result: null, ...cleared } : {})),
    setMaxStep: assign(({ context, event }) => (event.type === 'SET_MAX_STEP' ? { maxStep: event.maxStep } : { maxStep: context.maxStep })),
    clearErrors: assign({ ...cleared }),
  },
  guards: {
    hasAccount: ({ context }) => context.account !== null,
    planChangesBudgets: ({ context }) => context.plan !== null && planChanges(context.plan).length > 0,
    isStale: ({ event }) => 'error' in event && isConflict(event.error),
  },
}).createMachine({
  id: 'optimizer',
  context: ({ input }) => ({
    account: input.account ?? null,
    maxStep: input.maxStep ?? DEFAULT_MAX_STEP,
    plan: null,
    result: null,
    ...cleared,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SET_ACCOUNT: { actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        PROPOSE: { guard: 'hasAccount', target: 'proposing', actions: 'clearErrors' },
      },
    },
    proposing: {
      invoke: {
        src: 'fetchPlan',
        input: ({ context }) => ({ account: context.account ?? '', max_step: context.maxStep }),
        onDone: { target: 'review', actions: assign({ plan: ({ event }) => event.output, proposeError: null }) },
        onError: { target: 'proposeFailed', actions: assign({ plan: null, proposeError: ({ event }) => event.error }) },
      },
      on: {
        // A new account or step while a plan is on its way: ask again with it (the answer on its way is dropped).
        SET_ACCOUNT: { target: 'proposing', reenter: true, actions: 'setAccount' },
        SET_MAX_STEP: { target: 'proposing', reenter: true, actions: ['setMaxStep', 'clearErrors'] },
      },
    },
    proposeFailed: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        PROPOSE: { guard: 'hasAccount', target: 'proposing', actions: 'clearErrors' },
      },
    },
    review: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { target: 'proposing', actions: ['setMaxStep', 'clearErrors'] },
        PROPOSE: { target: 'proposing', actions: 'clearErrors' },
        APPLY: { guard: 'planChangesBudgets', target: 'confirming', actions: assign({ applyError: null }) },
      },
    },
    confirming: {
      on: {
        CANCEL: 'review',
        CONFIRM: 'applying',
      },
    },
    // No way out but the answer: the budgets are being written and the outcome must be seen.
    applying: {
      invoke: {
        src: 'applyPlan',
        input: ({ context }) => ({ account: context.account ?? '', changes: context.plan ? planChanges(context.plan) : [] }),
        onDone: {
          target: 'applied',
          actions: [assign({ result: ({ event }) => event.output, ...cleared }), { type: 'announceApplied', params: ({ event }) => ({ result: event.output }) }],
        },
        onError: [
          { guard: 'isStale', target: 'proposing', actions: assign({ staleError: ({ event }) => event.error, applyError: null }) },
          { target: 'review', actions: assign({ applyError: ({ event }) => event.error }) },
        ],
      },
    },
    applied: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        PROPOSE: { target: 'proposing', actions: [assign({ result: null }), 'clearErrors'] },
      },
    },
  },
});

/** A state of the optimizer machine. */
export type OptimizerState = 'idle' | 'proposing' | 'proposeFailed' | 'review' | 'confirming' | 'applying' | 'applied';
