import { useEffect, useRef } from 'react';

import { GO_SEQUENCE_MS, GO_SHORTCUTS, isPaletteKey, isTypingTarget } from './shortcuts';

/** What the shortcuts do; the host decides (and checks the policy for) each. */
export interface ShortcutHandlers {
  openPalette: () => void;
  openHelp: () => void;
  /** "g then <key>": the page key of GO_SHORTCUTS. */
  goTo: (page: string) => void;
}

/**
 * The app's keyboard shortcuts, on the window: Ctrl/⌘+K opens the palette, "?" the list of
 * shortcuts, "g" then a letter goes to a page. Letters never fire while the user types in a
 * field, nor with Ctrl, ⌘ or Alt held (those belong to the browser).
 */
export function useKeyboardShortcuts(handlers: ShortcutHandlers): void {
  // The latest handlers, without re-adding the listener on each render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let goPressedAt: number | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (isPaletteKey(event)) {
        event.preventDefault();
        latest.current.openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const awaitingSecond = goPressedAt !== null && event.timeStamp - goPressedAt <= GO_SEQUENCE_MS;
      goPressedAt = null;
      if (awaitingSecond) {
        const shortcut = GO_SHORTCUTS.find(({ key }) => key === event.key.toLowerCase());
        if (shortcut) {
          event.preventDefault();
          latest.current.goTo(shortcut.page);
        }
        return;
      }
      if (event.key === 'g' || event.key === 'G') goPressedAt = event.timeStamp;
      else if (event.key === '?') {
        event.preventDefault();
        latest.current.openHelp();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
