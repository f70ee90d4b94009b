import type { RuleDefinition } from '@shared/api/rules';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';

import { ruleBuilderMachine } from './ruleBuilder.machine';
import { toDefinition } from './ruleForm';
import { useCreateRuleMutation, useDryRunRuleMutation, useUpdateRuleMutation } from './rules.api';

/**
 * Runs the rule builder machine with the real calls: the dry run, and the save (a new rule, or
 * the changes to `ruleId`). Both send the form's values as the server should get them.
 */
export function useRuleBuilderFlow(initial: RuleDefinition, ruleId?: string) {
  const [dryRun] = useDryRunRuleMutation();
  const [createRule] = useCreateRuleMutation();
  const [updateRule] = useUpdateRuleMutation();
  const [snapshot, send] = useMachine(
    ruleBuilderMachine.provide({
      actors: {
        runDryRun: fromPromise(({ input }) => dryRun(toDefinition(input)).unwrap()),
        saveRule: fromPromise(({ input }) => {
          const definition = toDefinition(input);
          return ruleId === undefined
            ? createRule(definition).unwrap()
            : updateRule({ id: ruleId, definition }).unwrap();
        }),
      },
    }),
    { input: { definition: initial } },
  );
  return { snapshot, send };
}

/** What useRuleBuilderFlow returns. */
export type RuleBuilderFlow = ReturnType<typeof useRuleBuilderFlow>;
