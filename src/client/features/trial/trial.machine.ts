import { TRIAL_DURATION_MS } from '@shared/constants';
import { assign, fromPromise, setup } from 'xstate';

/** What the server says about the user's trial (user-info's `trial`). */
export interface TrialReport {
  isTrial: boolean;
  /** ISO timestamp of the end, or null when unknown. */
  endsAt: string | null;
}

/** What a successful start returns: the server's end of the trial, when it says. */
export interface TrialStartOutput {
  trial_ends_at: string | null;
}

interface TrialContext {
  /** Whether the server reported a trial when the machine started. */
  reportedOnTrial: boolean;
  /** Epoch ms of the trial's end; null until known. */
  endsAt: number | null;
  /** The error of the last failed start (the toast itself comes from the API error channel). */
  error: unknown;
}

/** The events the trial machine takes. */
export type TrialEvent = { type: 'START' } | ({ type: 'TRIAL_REPORTED' } & TrialReport);

// setTimeout overflows above 2^31-1 ms (about 24.8 days); a longer wait is taken in steps.
const MAX_TIMER_MS = 2_147_483_647;

function parseEnd(endsAt: string | null | undefined): number | null {
  if (!endsAt) return null;
  const ms = Date.parse(endsAt);
  return Number.isNaN(ms) ? null : ms;
}

function hasEnded(report: TrialReport): boolean {
  const end = parseEnd(report.endsAt);
  return report.isTrial && end !== null && end <= Date.now();
}

/**
 * The trial (spec section 4): not started, then starting, then active with an end,
 * then ended. There is no way back: `ended` is final and `active` ignores reports
 * that the trial is off. The start call is an actor the component provides; so are
 * the notices.
 */
export const trialMachine = setup({
  types: {
    context: {} as TrialContext,
    events: {} as TrialEvent,
    input: {} as TrialReport,
  },
  actors: {
    startTrial: fromPromise<TrialStartOutput>(() =>
      Promise.reject(new Error('startTrial is provided by the component')),
    ),
  },
  actions: {
    // Provided by the component: the success toast and beacon.
    notifyStarted: () => undefined,
    takeReportedEnd: assign({
      endsAt: ({ context, event }) =>
        event.type === 'TRIAL_REPORTED' ? (parseEnd(event.endsAt) ?? context.endsAt) : context.endsAt,
    }),
    // After a start the spec sets the end locally when none is known: now + 7 days.
    ensureEnd: assign({ endsAt: ({ context }) => context.endsAt ?? Date.now() + TRIAL_DURATION_MS }),
  },
  guards: {
    isReportedEnded: ({ event }) => event.type === 'TRIAL_REPORTED' && hasEnded(event),
    isReportedOnTrial: ({ event }) => event.type === 'TRIAL_REPORTED' && event.isTrial,
    isReportedWithEnd: ({ event }) =>
      event.type === 'TRIAL_REPORTED' && event.isTrial && parseEnd(event.endsAt) !== null,
    isReportedOnTrialAtStart: ({ context }) => context.reportedOnTrial,
    isPastEnd: ({ context }) => context.endsAt !== null && context.endsAt <= Date.now(),
  },
  delays: {
    untilTrialEnds: ({ context }) => Math.min(MAX_TIMER_MS, Math.max(0, (context.endsAt ?? 0) - Date.now())),
  },
}).createMachine({
  id: 'trial',
  // An end date without a trial flag is not a trial (as in hasActiveTrial).
  context: ({ input }) => ({
    reportedOnTrial: input.isTrial,
    endsAt: input.isTrial ? parseEnd(input.endsAt) : null,
    error: null,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'isPastEnd', target: 'ended' },
        { guard: 'isReportedOnTrialAtStart', target: 'active' },
        { target: 'notStarted' },
      ],
    },
    notStarted: {
      on: {
        START: 'starting',
        TRIAL_REPORTED: [
          { guard: 'isReportedEnded', target: 'ended', actions: 'takeReportedEnd' },
          { guard: 'isReportedOnTrial', target: 'active', actions: 'takeReportedEnd' },
        ],
      },
    },
    starting: {
      invoke: {
        src: 'startTrial',
        onDone: {
          target: 'active',
          actions: [
            assign({ endsAt: ({ event }) => parseEnd(event.output.trial_ends_at), error: null }),
            'notifyStarted',
          ],
        },
        onError: {
          target: 'notStarted',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    active: {
      entry: 'ensureEnd',
      on: {
        // The server is the source of truth for the end; a report that the trial is off changes nothing.
        TRIAL_REPORTED: [
          { guard: 'isReportedEnded', target: 'ended', actions: 'takeReportedEnd' },
          { guard: 'isReportedWithEnd', target: 'active', reenter: true, actions: 'takeReportedEnd' },
        ],
      },
      after: {
        untilTrialEnds: [
          { guard: 'isPastEnd', target: 'ended' },
          { target: 'active', reenter: true },
        ],
      },
    },
    ended: {
      type: 'final',
    },
  },
});
