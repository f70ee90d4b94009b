import { useEffect, useState } from 'react';

/** How often a relative time on screen ("Last synced 5 minutes ago") is worked out again. */
export const RELATIVE_TIME_TICK_MS = 30_000;

/** The current time in milliseconds, renewed every `everyMs` while the component is mounted. */
export function useNow(everyMs: number = RELATIVE_TIME_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
