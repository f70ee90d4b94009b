import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';

import { paletteMachine } from './palette.machine';
import type { PaletteEntry } from './paletteEntries';

/**
 * The palette's machine for a host whose list follows the machine's query: choosing runs `run`
 * with the highlighted entry of the list on screen (useShownEntries keeps it).
 */
export function usePaletteFlow(run: (entry: PaletteEntry) => void) {
  const shownRef = useRef<readonly PaletteEntry[]>([]);
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  const [snapshot, send] = useMachine(
    paletteMachine.provide({
      actions: {
        runChosen: (_args, { index }) => {
          const entry = shownRef.current[index];
          if (entry) runRef.current(entry);
        },
      },
    }),
  );
  return {
    isOpen: snapshot.matches('open'),
    query: snapshot.context.query,
    active: snapshot.context.active,
    send,
    shownRef,
  };
}

/** What usePaletteFlow gives the host and the dialog. */
export type PaletteFlow = ReturnType<typeof usePaletteFlow>;

/** Tells the machine of each new list on screen (RESULTS), and keeps it for choosing. */
export function useShownEntries(flow: PaletteFlow, shown: readonly PaletteEntry[]): void {
  const { isOpen, send, shownRef } = flow;
  useEffect(() => {
    shownRef.current = shown;
  });
  // A list is the same list while its entries are: a refetch with the same answer keeps the highlight.
  const listKey = shown.map((entry) => entry.id).join('\n');
  useEffect(() => {
    if (isOpen) send({ type: 'RESULTS', count: shownRef.current.length });
  }, [isOpen, listKey, send, shownRef]);
}
