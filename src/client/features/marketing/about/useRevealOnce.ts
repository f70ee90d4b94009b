import { STAT_VISIBILITY_THRESHOLD } from '@shared/constants';
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

// Browsers can report the ratio that crossed a threshold a hair below it (0.2999 for 0.3).
const RATIO_TOLERANCE = 0.01;

/** Whether the user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(REDUCED_MOTION_QUERY).matches
  );
}

/** Whether the browser can tell when an element scrolls into view. */
function canDetectVisibility(): boolean {
  return typeof window !== 'undefined' && typeof window.IntersectionObserver === 'function';
}

// Neither answer changes while the page is open: nothing to subscribe to.
const noChanges = () => () => {};
// The build's prerender has no browser to ask: its page waits for the reveal, as the browser's
// first (hydrating) render does; the browser's own answer follows at once. Preact's renderer, which
// the prerender uses, asks getSnapshot there (React's asks getServerSnapshot): both say "wait".
const answersInstantly = () => typeof window !== 'undefined' && (prefersReducedMotion() || !canDetectVisibility());
const prerenderAnswer = () => false;

/** What useRevealOnce reports. */
export interface RevealState<T extends Element> {
  /** Put on the element to watch. */
  ref: RefObject<T | null>;
  /** True once `threshold` of the element has been visible; stays true. */
  revealed: boolean;
  /** Skip the animation and show final values: reduced motion is on, or visibility cannot be detected. */
  instant: boolean;
}

/**
 * Watches an element until `threshold` of it (30%) is visible. With reduced motion, or
 * without IntersectionObserver, there is nothing to wait for: `instant` is true from the first render.
 */
export function useRevealOnce<T extends Element>(threshold: number = STAT_VISIBILITY_THRESHOLD): RevealState<T> {
  const ref = useRef<T>(null);
  const instant = useSyncExternalStore(noChanges, answersInstantly, prerenderAnswer);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (instant || revealed || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold - RATIO_TOLERANCE)) {
          observer.disconnect();
          setRevealed(true);
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [instant, revealed, threshold]);

  return { ref, revealed, instant };
}
