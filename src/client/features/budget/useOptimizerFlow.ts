import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApplyOptimizerPlanMutation, useLazyGetOptimizerPlanQuery } from './budgets.api';
import { optimizerMachine } from './optimizer.machine';
import { notifyPlanApplied } from './planUndoToast';

/**
 * Runs the optimizer machine with the real calls: GET optimizer/ (always asked again, never a
 * cached plan) and POST optimizer/apply/, and announces an applied plan with Undo.
 */
export function useOptimizerFlow() {
  const [fetchPlan] = useLazyGetOptimizerPlanQuery();
  const [applyPlan] = useApplyOptimizerPlanMutation();
  const [snapshot, send] = useMachine(
    optimizerMachine.provide({
      actors: {
        fetchPlan: fromPromise(({ input }) => fetchPlan(input).unwrap()),
        applyPlan: fromPromise(({ input }) => applyPlan(input).unwrap()),
      },
      actions: {
        announceApplied: (_args, params) => notifyPlanApplied(params.result),
      },
    }),
    { input: {} },
  );
  return { snapshot, send };
}

/** What useOptimizerFlow returns. */
export type OptimizerFlow = ReturnType<typeof useOptimizerFlow>;
