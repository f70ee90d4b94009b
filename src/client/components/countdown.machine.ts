import { TRIAL_COUNTDOWN_TICK_MS } from '@shared/constants';
import { timeLeft } from '@shared/trial';
import { assign, setup } from 'xstate';

/** Days, hours, minutes and seconds until the end. */
export type TimeLeft = NonNullable<ReturnType<typeof timeLeft>>;

/** What the countdown counts down to: a timestamp (ISO text or epoch ms), possibly missing or invalid. */
export interface CountdownInput {
  end: string | number | null | undefined;
}

interface CountdownContext {
  end: CountdownInput['end'];
  /** What is left; null once the end is missing, invalid or past. */
  remaining: TimeLeft | null;
}

/**
 * The trial countdown widget's clock (spec section 2): it measures what is left,
 * ticks every TRIAL_COUNTDOWN_TICK_MS, and stops for good once nothing is left.
 */
export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    input: {} as CountdownInput,
  },
  delays: {
    tick: TRIAL_COUNTDOWN_TICK_MS,
  },
  guards: {
    isOver: ({ context }) => context.remaining === null,
  },
  actions: {
    measure: assign({ remaining: ({ context }) => timeLeft(context.end, Date.now()) }),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ end: input.end, remaining: timeLeft(input.end, Date.now()) }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isOver', target: 'ended' }, { target: 'running' }],
    },
    running: {
      after: {
        tick: { target: 'checking', actions: 'measure' },
      },
    },
    ended: {
      type: 'final',
    },
  },
});
