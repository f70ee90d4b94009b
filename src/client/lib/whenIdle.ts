/** How long a task put off until the browser is idle waits at most. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `callback` once the browser is idle (soon after the first page is up, or after
 * IDLE_TIMEOUT_MS at the latest); returns a cancel. For what the first load leaves out.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}
