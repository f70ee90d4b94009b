import {
  BUDGET_MESSAGES,
  DEFAULT_MAX_STEP,
  type FollowedPlan,
  type FollowedPlanList,
  type OptimizerApplyInput,
  type OptimizerApplyResult,
  type OptimizerObjective,
  type OptimizerPlanView,
} from '@shared/api/budgets';
import { assign, fromPromise, setup } from 'xstate';

import { planChanges } from './budgetFormat';
import { isBadRequest, isConflict } from './budgets.api';

/** What fetchPlan is asked (GET optimizer/?account&max_step&objective&locked). */
export interface OptimizerPlanQuery {
  account: string;
  max_step: number;
  objective: OptimizerObjective;
  locked: string[];
}

/** How often a followed plan is loaded again while it is followed (a step is taken at most once a day). */
export const FOLLOW_REFRESH_MS = 60_000;

/** The events the optimizer machine takes. */
export type OptimizerEvent =
  /** The account picker changed: any plan shown is for another account and is dropped. */
  | { type: 'SET_ACCOUNT'; account: string }
  /** The "Largest step" control changed: a plan on show is proposed again with it. */
  | { type: 'SET_MAX_STEP'; maxStep: number }
  /** The objective changed: a plan on show is proposed again for it. */
  | { type: 'SET_OBJECTIVE'; objective: OptimizerObjective }
  /** A campaign's lock was ticked or cleared: the plan is proposed again without moving the locked ones. */
  | { type: 'TOGGLE_LOCK'; campaignId: string }
  /** Propose a plan (again). */
  | { type: 'PROPOSE' }
  /** Apply plan…: open the confirmation. */
  | { type: 'APPLY' }
  /** The confirmation's "Follow this plan" box. */
  | { type: 'SET_FOLLOW'; follow: boolean }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  /** Stop following the plan just applied. */
  | { type: 'STOP' };

/** What the machine starts from. */
export interface OptimizerInput {
  account?: string | null;
  maxStep?: number;
  objective?: OptimizerObjective;
}

/** The options a plan is proposed with. */
export interface PlanOptions {
  maxStep: number;
  objective: OptimizerObjective;
  locked: string[];
}

/** The optimizer machine's context. */
export interface OptimizerContext extends PlanOptions {
  account: string | null;
  /** The plan on show (kept while one is proposed again, so the table does not vanish). */
  plan: OptimizerPlanView | null;
  /** The options the plan on show was proposed with: restored when new ones are refused. */
  planOptions: PlanOptions | null;
  /** Why the last proposal failed. */
  proposeError: unknown;
  /** A 400 refusal of new options for the plan on show (every campaign locked…): said on the review. */
  optionsError: unknown;
  /** Why the last apply was refused (not a stale plan): shown on the review. */
  applyError: unknown;
  /** A stale plan's 409: said while the fresh plan is proposed and shown. */
  staleError: unknown;
  /** Whether the apply asks the server to follow the plan (the confirmation's box; off each time). */
  follow: boolean;
  /** What the last apply wrote. */
  result: OptimizerApplyResult | null;
  /** The plan followed since the apply, as last loaded. */
  followedPlan: FollowedPlan | null;
  /** Why the followed plan could not be loaded (it is tried again on the next refresh). */
  followError: unknown;
  /** Why Stop following failed (409: it was not followed any more). */
  stopError: unknown;
}

const cleared = { proposeError: null, optionsError: null, applyError: null, staleError: null } as const;
const unfollowed = { result: null, followedPlan: null, followError: null, stopError: null } as const;

/** Said when the followed plans came back without the one just applied. */
const PLAN_MISSING = { detail: BUDGET_MESSAGES.planNotFound };

/**
 * The budget optimizer: idle → proposing → review → confirming → applying → applied, then, for a
 * followed plan, following → (stopping → stopped | ended). Propose fetches a plan for the chosen
 * account, largest step, objective and locked campaigns (failed: proposeFailed, with Propose
 * again); on the review any new option proposes again, and a 400 refusal of it (every campaign
 * locked, no conversion value) is said while the options of the plan on show come back. Apply
 * plan… opens the confirmation (only when the plan changes a budget), where the user may ask to
 * follow the plan. Applying sends only the campaigns whose budget changes, with the plan's
 * options; done, it is announced (the toast with Undo) and the result shown. A 409 means a
 * budget changed since the plan was made: the user is told and a fresh plan is proposed. Any
 * other refusal goes back to the review with the reason. A followed plan is loaded, and again
 * every FOLLOW_REFRESH_MS, until it is no longer followed (ended) or the user stops it. The calls
 * and the announcement are provided by the component.
 */
export const optimizerMachine = setup({
  types: {
    context: {} as OptimizerContext,
    events: {} as OptimizerEvent,
    input: {} as OptimizerInput,
  },
  actors: {
    fetchPlan: fromPromise<OptimizerPlanView, OptimizerPlanQuery>(() =>
      Promise.reject(new Error('fetchPlan is provided by the component')),
    ),
    applyPlan: fromPromise<OptimizerApplyResult, OptimizerApplyInput>(() =>
      Promise.reject(new Error('applyPlan is provided by the component')),
    ),
    loadFollowedPlans: fromPromise<FollowedPlanList, { account: string }>(() =>
      Promise.reject(new Error('loadFollowedPlans is provided by the component')),
    ),
    stopPlan: fromPromise<FollowedPlan, { planId: string }>(() =>
      Promise.reject(new Error('stopPlan is provided by the component')),
    ),
  },
  delays: {
    followRefresh: FOLLOW_REFRESH_MS,
  },
  actions: {
    /** Says the plan was applied (the toast with Undo); provided by the component. */
    announceApplied: (_args, _params: { result: OptimizerApplyResult }) => undefined,
    // Locks name campaigns of one account: they go with it.
    setAccount: assign(({ event }) =>
      event.type === 'SET_ACCOUNT'
        ? { account: event.account, locked: [], plan: null, planOptions: null, ...unfollowed, ...cleared }
        : {},
    ),
    setMaxStep: assign(({ context, event }) =>
      event.type === 'SET_MAX_STEP' ? { maxStep: event.maxStep } : { maxStep: context.maxStep },
    ),
    setObjective: assign(({ context, event }) =>
      event.type === 'SET_OBJECTIVE' ? { objective: event.objective } : { objective: context.objective },
    ),
    toggleLock: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE_LOCK') return {};
      const locked = context.locked.includes(event.campaignId)
        ? context.locked.filter((id) => id !== event.campaignId)
        : [...context.locked, event.campaignId];
      return { locked };
    }),
    // The followed plans of the account, of which the one just applied is kept.
    takeFollowedPlan: assign(({ context, event }) => {
      if (!('output' in event)) return {};
      const found = (event.output as FollowedPlanList).plans.find((plan) => plan.id === context.result?.plan_id);
      return found ? { followedPlan: found, followError: null } : { followError: PLAN_MISSING };
    }),
    clearErrors: assign({ ...cleared }),
    clearFollow: assign({ ...unfollowed }),
  },
  guards: {
    hasAccount: ({ context }) => context.account !== null,
    planChangesBudgets: ({ context }) => context.plan !== null && planChanges(context.plan).length > 0,
    isStale: ({ event }) => 'error' in event && isConflict(event.error),
    // Only new options for a plan on show can be refused and rolled back; a first proposal's 400 fails as any other.
    optionsRefused: ({ context, event }) =>
      context.planOptions !== null && 'error' in event && isBadRequest(event.error),
    followsPlan: ({ context }) => Boolean(context.result?.plan_id),
    followedPlanEnded: ({ context, event }) => {
      if (!('output' in event)) return false;
      const found = (event.output as FollowedPlanList).plans.find((plan) => plan.id === context.result?.plan_id);
      return found !== undefined && found.status !== 'following';
    },
  },
}).createMachine({
  id: 'optimizer',
  context: ({ input }) => ({
    account: input.account ?? null,
    maxStep: input.maxStep ?? DEFAULT_MAX_STEP,
    objective: input.objective ?? 'conversions',
    locked: [],
    plan: null,
    planOptions: null,
    follow: false,
    ...unfollowed,
    ...cleared,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SET_ACCOUNT: { actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        SET_OBJECTIVE: { actions: 'setObjective' },
        PROPOSE: { guard: 'hasAccount', target: 'proposing', actions: 'clearErrors' },
      },
    },
    proposing: {
      invoke: {
        src: 'fetchPlan',
        input: ({ context }) => ({
          account: context.account ?? '',
          max_step: context.maxStep,
          objective: context.objective,
          locked: context.locked,
        }),
        onDone: {
          target: 'review',
          actions: assign({
            plan: ({ event }) => event.output,
            planOptions: ({ context }) => ({
              maxStep: context.maxStep,
              objective: context.objective,
              locked: context.locked,
            }),
            proposeError: null,
          }),
        },
        onError: [
          {
            guard: 'optionsRefused',
            target: 'review',
            actions: assign(({ context, event }) => ({ ...context.planOptions!, optionsError: event.error })),
          },
          {
            target: 'proposeFailed',
            actions: assign({ plan: null, planOptions: null, proposeError: ({ event }) => event.error }),
          },
        ],
      },
      on: {
        // A new account or option while a plan is on its way: ask again with it (the answer on its way is dropped).
        SET_ACCOUNT: { target: 'proposing', reenter: true, actions: 'setAccount' },
        SET_MAX_STEP: { target: 'proposing', reenter: true, actions: ['setMaxStep', 'clearErrors'] },
        SET_OBJECTIVE: { target: 'proposing', reenter: true, actions: ['setObjective', 'clearErrors'] },
        TOGGLE_LOCK: { target: 'proposing', reenter: true, actions: ['toggleLock', 'clearErrors'] },
      },
    },
    proposeFailed: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        // The failure may be the objective's (no conversion value): another one is worth asking.
        SET_OBJECTIVE: { guard: 'hasAccount', target: 'proposing', actions: ['setObjective', 'clearErrors'] },
        PROPOSE: { guard: 'hasAccount', target: 'proposing', actions: 'clearErrors' },
      },
    },
    review: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { target: 'proposing', actions: ['setMaxStep', 'clearErrors'] },
        SET_OBJECTIVE: { target: 'proposing', actions: ['setObjective', 'clearErrors'] },
        TOGGLE_LOCK: { target: 'proposing', actions: ['toggleLock', 'clearErrors'] },
        PROPOSE: { target: 'proposing', actions: 'clearErrors' },
        APPLY: {
          guard: 'planChangesBudgets',
          target: 'confirming',
          actions: assign({ applyError: null, optionsError: null, follow: false }),
        },
      },
    },
    confirming: {
      on: {
        SET_FOLLOW: { actions: assign({ follow: ({ event }) => event.follow }) },
        CANCEL: 'review',
        CONFIRM: 'applying',
      },
    },
    // No way out but the answer: the budgets are being written and the outcome must be seen.
    applying: {
      invoke: {
        src: 'applyPlan',
        input: ({ context }) => ({
          account: context.account ?? '',
          changes: context.plan ? planChanges(context.plan) : [],
          objective: context.objective,
          max_step: context.maxStep,
          locked: context.locked,
          follow: context.follow,
        }),
        onDone: {
          target: 'applied',
          actions: [
            assign({ result: ({ event }) => event.output, ...cleared }),
            { type: 'announceApplied', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'isStale',
            target: 'proposing',
            actions: assign({ staleError: ({ event }) => event.error, applyError: null }),
          },
          { target: 'review', actions: assign({ applyError: ({ event }) => event.error }) },
        ],
      },
    },
    applied: {
      // A followed plan is watched from here on.
      always: { guard: 'followsPlan', target: 'following' },
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        SET_OBJECTIVE: { actions: 'setObjective' },
        PROPOSE: { target: 'proposing', actions: ['clearFollow', 'clearErrors'] },
      },
    },
    // Loads the followed plan now and every FOLLOW_REFRESH_MS (re-entering restarts the load and the clock).
    following: {
      invoke: {
        src: 'loadFollowedPlans',
        input: ({ context }) => ({ account: context.account ?? '' }),
        onDone: [
          { guard: 'followedPlanEnded', target: 'ended', actions: 'takeFollowedPlan' },
          { actions: 'takeFollowedPlan' },
        ],
        onError: { actions: assign({ followError: ({ event }) => event.error }) },
      },
      after: {
        followRefresh: { target: 'following', reenter: true },
      },
      on: {
        STOP: { target: 'stopping', actions: assign({ stopError: null }) },
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        SET_OBJECTIVE: { actions: 'setObjective' },
        PROPOSE: { target: 'proposing', actions: ['clearFollow', 'clearErrors'] },
      },
    },
    stopping: {
      invoke: {
        src: 'stopPlan',
        input: ({ context }) => ({ planId: context.result?.plan_id ?? '' }),
        onDone: {
          target: 'stopped',
          actions: assign({ followedPlan: ({ event }) => event.output, followError: null }),
        },
        // Back to following, which loads the plan again: a 409 (it had already ended) then shows how it ended.
        onError: { target: 'following', actions: assign({ stopError: ({ event }) => event.error }) },
      },
    },
    stopped: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        SET_OBJECTIVE: { actions: 'setObjective' },
        PROPOSE: { target: 'proposing', actions: ['clearFollow', 'clearErrors'] },
      },
    },
    // The plan reached its targets or was stopped (by the server, or elsewhere).
    ended: {
      on: {
        SET_ACCOUNT: { target: 'idle', actions: 'setAccount' },
        SET_MAX_STEP: { actions: 'setMaxStep' },
        SET_OBJECTIVE: { actions: 'setObjective' },
        PROPOSE: { target: 'proposing', actions: ['clearFollow', 'clearErrors'] },
      },
    },
  },
});

/** A state of the optimizer machine. */
export type OptimizerState =
  | 'idle'
  | 'proposing'
  | 'proposeFailed'
  | 'review'
  | 'confirming'
  | 'applying'
  | 'applied'
  | 'following'
  | 'stopping'
  | 'stopped'
  | 'ended';
