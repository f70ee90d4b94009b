import { assign, setup } from 'xstate';

/** The events the command palette takes (keys and typing, as PaletteDialog sends them). */
export type PaletteEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TYPE'; query: string }
  /** The list the query matches has changed: how many entries it holds now. */
  | { type: 'RESULTS'; count: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  /** The pointer is on entry `index` (a click chooses it next). */
  | { type: 'HIGHLIGHT'; index: number }
  | { type: 'CHOOSE' };

/** What the palette holds while open. */
export interface PaletteContext {
  query: string;
  /** How many entries the list shows. */
  count: number;
  /** The highlighted entry (aria-activedescendant); -1 while the list is empty. */
  active: number;
}

const CLOSED: PaletteContext = { query: '', count: 0, active: -1 };

/**
 * The command palette (issue 36): opened by Ctrl/⌘+K, a query filters the entries, the arrows
 * move the highlight round the list, Enter runs the highlighted entry and Escape closes it.
 * The list itself (pages, workspaces, campaigns, ads, commands) is the component's: it reports
 * only its length (RESULTS) and provides `runChosen`, which runs entry `active`.
 */
export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
  },
  actions: {
    // Provided by the component: runs the entry at `index` (navigates, switches, refreshes...).
    runChosen: (_args, _params: { index: number }) => undefined,
  },
  guards: {
    hasResults: ({ context }) => context.count > 0,
    isShown: ({ context, event }) => event.type === 'HIGHLIGHT' && event.index >= 0 && event.index < context.count,
  },
}).createMachine({
  id: 'palette',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: 'open' },
    },
    open: {
      on: {
        CLOSE: { target: 'closed', actions: assign(CLOSED) },
        TYPE: { actions: assign({ query: ({ event }) => event.query }) },
        // A new list starts highlighted at its best match.
        RESULTS: {
          actions: assign({ count: ({ event }) => event.count, active: ({ event }) => (event.count > 0 ? 0 : -1) }),
        },
        NEXT: {
          guard: 'hasResults',
          actions: assign({ active: ({ context }) => (context.active + 1) % context.count }),
        },
        PREVIOUS: {
          guard: 'hasResults',
          actions: assign({ active: ({ context }) => (context.active - 1 + context.count) % context.count }),
        },
        HIGHLIGHT: {
          guard: 'isShown',
          actions: assign({
            active: ({ context, event }) => (event.type === 'HIGHLIGHT' ? event.index : context.active),
          }),
        },
        CHOOSE: {
          guard: 'hasResults',
          target: 'closed',
          actions: [{ type: 'runChosen', params: ({ context }) => ({ index: context.active }) }, assign(CLOSED)],
        },
      },
    },
  },
});
