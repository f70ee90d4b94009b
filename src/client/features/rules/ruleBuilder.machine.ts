import type { DryRun, Rule, RuleDefinition } from '@shared/api/rules';
import { assign, fromPromise, setup } from 'xstate';

/** The builder's steps that hold fields, in order. */
export const RULE_FORM_STEPS = ['conditions', 'actions', 'schedule'] as const;
/** A step that holds fields. */
export type RuleFormStep = (typeof RULE_FORM_STEPS)[number];

/** The events the rule builder machine takes. */
export type RuleBuilderEvent =
  /** The form's verdict on the current step's fields, sent before NEXT. */
  | { type: 'VALIDITY'; valid: boolean }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** Back to an earlier step at once (the stepper, or "Go to" beside an error). */
  | { type: 'GOTO'; step: RuleFormStep }
  /** The form's values changed. */
  | { type: 'CHANGE'; definition: RuleDefinition }
  /** Run the dry run again (after a result, or after a failure). */
  | { type: 'RUN_AGAIN' }
  | { type: 'SAVE' };

/** What the machine starts from: the blank form, a preset or the rule being edited. */
export interface RuleBuilderInput {
  definition: RuleDefinition;
}

interface RuleBuilderContext {
  /** The form's values, as last reported. */
  definition: RuleDefinition;
  /** Whether the form said the current step's fields are valid since the step was entered or last changed. */
  stepValid: boolean;
  /** The last dry run's result (kept when going back, so the stepper can say it is out of date). */
  dryRun: DryRun | null;
  /** The rule changed after the dry run shown ran. */
  dryRunStale: boolean;
  /** Why the last dry run failed. */
  dryRunError: unknown;
  /** Why the last save failed (shown on the review). */
  saveError: unknown;
  /** The rule as the server saved it. */
  saved: Rule | null;
}

/** GOTO transitions back to each of `steps` (never forward: a step is left forward only by a valid Next). */
function gotoBack(steps: readonly RuleFormStep[]) {
  return steps.map((step) => ({
    guard: { type: 'isGotoStep' as const, params: { step } },
    target: `#ruleBuilder.${step}`,
  }));
}

/**
 * The rule builder's steps: conditions → actions → schedule → dry run → save. Next leaves a step
 * only once the form has said its fields are valid (VALIDITY, before NEXT); Back and the stepper
 * go back freely. Entering the dry run step runs the dry run (what the rule would have done over
 * the last 30 days), then shows the result (reviewed) or why it failed (failed, with Run again).
 * Save is offered on the result; a failed save comes back to the result with the reason. Any
 * change after a dry run marks it out of date: saving is still allowed, the page says so.
 * The dry run and the save calls are provided by the component.
 */
export const ruleBuilderMachine = setup({
  types: {
    context: {} as RuleBuilderContext,
    events: {} as RuleBuilderEvent,
    input: {} as RuleBuilderInput,
  },
  actors: {
    runDryRun: fromPromise<DryRun, RuleDefinition>(() =>
      Promise.reject(new Error('runDryRun is provided by the component')),
    ),
    saveRule: fromPromise<Rule, RuleDefinition>(() =>
      Promise.reject(new Error('saveRule is provided by the component')),
    ),
  },
  actions: {
    forgetValidity: assign({ stepValid: false }),
    recordValidity: assign({ stepValid: ({ event }) => (event.type === 'VALIDITY' ? event.valid : false) }),
    recordChange: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return {
        definition: event.definition,
        stepValid: false,
        dryRunStale: context.dryRun !== null || context.dryRunStale,
      };
    }),
  },
  guards: {
    stepIsValid: ({ context }) => context.stepValid,
    isGotoStep: ({ event }, params: { step: RuleFormStep }) => event.type === 'GOTO' && event.step === params.step,
  },
}).createMachine({
  id: 'ruleBuilder',
  context: ({ input }) => ({
    definition: input.definition,
    stepValid: false,
    dryRun: null,
    dryRunStale: false,
    dryRunError: null,
    saveError: null,
    saved: null,
  }),
  initial: 'conditions',
  on: {
    CHANGE: { actions: 'recordChange' },
    VALIDITY: { actions: 'recordValidity' },
  },
  states: {
    conditions: {
      entry: 'forgetValidity',
      on: {
        NEXT: { guard: 'stepIsValid', target: 'actions' },
      },
    },
    actions: {
      entry: 'forgetValidity',
      on: {
        NEXT: { guard: 'stepIsValid', target: 'schedule' },
        BACK: 'conditions',
        GOTO: gotoBack(['conditions']),
      },
    },
    schedule: {
      entry: 'forgetValidity',
      on: {
        NEXT: { guard: 'stepIsValid', target: 'dryRun' },
        BACK: 'actions',
        GOTO: gotoBack(['conditions', 'actions']),
      },
    },
    dryRun: {
      initial: 'running',
      on: {
        BACK: 'schedule',
        GOTO: gotoBack(RULE_FORM_STEPS),
      },
      states: {
        running: {
          entry: assign({ dryRunError: null, saveError: null }),
          invoke: {
            src: 'runDryRun',
            input: ({ context }) => context.definition,
            onDone: {
              target: 'reviewed',
              actions: assign({ dryRun: ({ event }) => event.output, dryRunStale: false }),
            },
            onError: {
              target: 'failed',
              actions: assign({ dryRun: null, dryRunStale: false, dryRunError: ({ event }) => event.error }),
            },
          },
        },
        reviewed: {
          on: {
            RUN_AGAIN: 'running',
            SAVE: '#ruleBuilder.saving',
          },
        },
        failed: {
          on: {
            RUN_AGAIN: 'running',
          },
        },
      },
    },
    // No Back here: the rule is on its way and the outcome must be seen.
    saving: {
      entry: assign({ saveError: null }),
      invoke: {
        src: 'saveRule',
        input: ({ context }) => context.definition,
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: '#ruleBuilder.dryRun.reviewed', actions: assign({ saveError: ({ event }) => event.error }) },
      },
    },
    saved: {
      type: 'final',
    },
  },
});

/** Where the machine is, as the stepper counts: 0 Conditions … 3 Dry run (saving and saved included). */
export function stepIndexOf(value: unknown): number {
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0];
  const index = (RULE_FORM_STEPS as readonly string[]).indexOf(top);
  return index >= 0 ? index : RULE_FORM_STEPS.length;
}
