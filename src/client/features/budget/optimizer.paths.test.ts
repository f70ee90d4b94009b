import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

import { planChanges } from './budgetFormat';
import { FOLLOW_REFRESH_MS } from './optimizer.machine';

/** A followed plan is loaded again every minute. */
const FOLLOW_REFRESH_EXPECTED_MS = 60_000;

const entering = (arrival: Arrival, key: string) => arrival.entered.includes(key);

describe('optimizer timings', () => {
  it('loads a followed plan again every minute', () => expect(FOLLOW_REFRESH_MS).toBe(FOLLOW_REFRESH_EXPECTED_MS));
});

describeMachinePaths(machineModel('optimizer'), {
  idle: { check: ({ snapshot }) => expect(snapshot.context.plan).toBeNull() },
  proposing: {
    // Each entry asks for a plan with the options on show.
    check: (arrival) => {
      if (!entering(arrival, 'proposing')) return;
      const { context } = arrival.snapshot;
      expect(arrival.calls).toEqual([
        {
          src: 'fetchPlan',
          input: {
            account: context.account,
            max_step: context.maxStep,
            objective: context.objective,
            locked: context.locked,
          },
        },
      ]);
    },
  },
  proposeFailed: {
    check: ({ snapshot }) => {
      expect(snapshot.context.plan).toBeNull();
      expect(snapshot.context.proposeError).not.toBeNull();
    },
  },
  review: {
    check: ({ snapshot }) => {
      expect(snapshot.context.plan).not.toBeNull();
      expect(snapshot.context.planOptions).not.toBeNull();
    },
  },
  // The confirmation opens with "Follow this plan" off, and only for a plan that changes a budget.
  confirming: {
    check: ({ snapshot, event }) => {
      if (event.type === 'APPLY') expect(snapshot.context.follow).toBe(false);
      expect(planChanges(snapshot.context.plan).length).toBeGreaterThan(0);
    },
  },
  applying: {
    check: ({ snapshot, calls }) => {
      const { context } = snapshot;
      expect(calls).toEqual([
        {
          src: 'applyPlan',
          input: {
            account: context.account,
            changes: planChanges(context.plan),
            objective: context.objective,
            max_step: context.maxStep,
            locked: context.locked,
            follow: context.follow,
          },
        },
      ]);
    },
  },
  applied: {
    check: ({ snapshot, effects, event }) => {
      expect(snapshot.context.result?.plan_id).toBeNull();
      if (event.type.startsWith('xstate.done.actor.'))
        expect(effects).toEqual([{ name: 'announceApplied', params: { result: snapshot.context.result } }]);
    },
  },
  following: {
    leavesAfterMs: FOLLOW_REFRESH_EXPECTED_MS,
    check: (arrival) => {
      expect(arrival.snapshot.context.result?.plan_id).toBeTruthy();
      if (entering(arrival, 'following'))
        expect(arrival.calls).toEqual([
          { src: 'loadFollowedPlans', input: { account: arrival.snapshot.context.account } },
        ]);
    },
  },
  stopping: {
    check: ({ snapshot, calls }) =>
      expect(calls).toEqual([{ src: 'stopPlan', input: { planId: snapshot.context.result?.plan_id } }]),
  },
  stopped: { check: ({ snapshot }) => expect(snapshot.context.followedPlan?.status).toBe('stopped') },
  ended: { check: ({ snapshot }) => expect(snapshot.context.followedPlan?.status).not.toBe('following') },
});
