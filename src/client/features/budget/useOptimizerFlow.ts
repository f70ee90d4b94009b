import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import {
  useApplyOptimizerPlanMutation,
  useLazyGetOptimizerPlanQuery,
  useLazyListFollowedPlansQuery,
  useStopFollowedPlanMutation,
} from './budgets.api';
import { optimizerMachine } from './optimizer.machine';
import { notifyPlanApplied } from './planUndoToast';

/**
 * Runs the optimizer machine with the real calls: GET optimizer/ (always asked again, never a
 * cached plan), POST optimizer/apply/, GET optimizer/plans/ (asked again on each refresh; the
 * followed plans card shares the answer) and POST optimizer/plans/<id>/stop/, and announces an
 * applied plan with Undo.
 */
export function useOptimizerFlow() {
  const [fetchPlan] = useLazyGetOptimizerPlanQuery();
  const [applyPlan] = useApplyOptimizerPlanMutation();
  const [listFollowedPlans] = useLazyListFollowedPlansQuery();
  const [stopPlan] = useStopFollowedPlanMutation();
  const [snapshot, send, actor] = useMachine(
    optimizerMachine.provide({
      actors: {
        fetchPlan: fromPromise(({ input }) => fetchPlan(input).unwrap()),
        applyPlan: fromPromise(({ input }) => applyPlan(input).unwrap()),
        loadFollowedPlans: fromPromise(({ input }) => listFollowedPlans(input.account).unwrap()),
        stopPlan: fromPromise(({ input }) => stopPlan(input.planId).unwrap()),
      },
      actions: {
        announceApplied: (_args, params) => notifyPlanApplied(params.result),
      },
    }),
    { input: {} },
  );
  return { snapshot, send, actor };
}

/** What useOptimizerFlow returns. */
export type OptimizerFlow = ReturnType<typeof useOptimizerFlow>;
