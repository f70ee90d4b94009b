import type { FastifyBaseLogger } from 'fastify';

import { type Heartbeat, startHeartbeat } from '../../lib/heartbeat';

/** How often a process running a change's writes says it is still alive. */
export const HEARTBEAT_MS = 5_000;
/**
 * A run whose heartbeat is older than this was interrupted: its process died or hangs. Several
 * missed beats, so a busy event loop or a slow database write is never taken for a dead process.
 */
export const STALE_AFTER_MS = 30_000;

/**
 * The runs this process is making, each with its heartbeat (lib/heartbeat) from its write-ahead
 * until it ends. A process that dies stops beating, and its runs go stale for the reconciler.
 * `beat` refreshes one run's heartbeat and answers whether the run is still under way.
 */
export function createRunHeartbeats(beat: (id: string) => Promise<boolean>, log: FastifyBaseLogger) {
  const held = new Map<string, Heartbeat>();
  return {
    hold(id: string): void {
      if (held.has(id)) return;
      held.set(
        id,
        startHeartbeat(() => beat(id), {
          intervalMs: HEARTBEAT_MS,
          onError: (error) =>
            log.warn(
              { actionId: id, error: error instanceof Error ? error.message : String(error) },
              'action heartbeat not written',
            ),
        }),
      );
    },
    async release(id: string): Promise<void> {
      const heartbeat = held.get(id);
      held.delete(id);
      // Once stopped, no late beat writes over the run's end.
      await heartbeat?.stop();
    },
    holds: (id: string) => held.has(id),
  };
}
export type RunHeartbeats = ReturnType<typeof createRunHeartbeats>;
