/**
 * Heartbeats for leases held in the database: the holder writes a timestamp every few seconds
 * while it works, and a lease whose last beat is older than a window (a few missed beats) belongs
 * to a process that is gone (kill -9, lost host), so another may take it over. A lease bounded
 * only by how long the work may take would instead keep a crashed run's lease for that long.
 */

/** A running heartbeat. */
export interface Heartbeat {
  /** True once a beat found the lease gone (taken over): the work should stop writing. */
  readonly lost: boolean;
  /** Stops beating; resolves once a beat in flight has settled, so nothing writes afterwards. */
  stop(): Promise<void>;
}

export interface HeartbeatOptions {
  /** Time between the end of one beat and the start of the next. */
  intervalMs: number;
  /** Told about a beat that threw; beating goes on (a lease outlives one missed beat by design). */
  onError?: (error: unknown) => void;
}

/**
 * Calls `beat` every `intervalMs` until stopped. `beat` refreshes the lease and answers whether
 * it still holds it; on false the heartbeat stops and `lost` turns true. Beats never overlap, and
 * the timer does not keep the process alive.
 */
export function startHeartbeat(beat: () => Promise<boolean>, { intervalMs, onError }: HeartbeatOptions): Heartbeat {
  let stopped = false;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const schedule = () => {
    if (stopped || lost) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = (async () => {
        try {
          if (!(await beat())) lost = true;
        } catch (error) {
          onError?.(error);
        }
      })().finally(() => {
        inFlight = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    get lost() {
      return lost;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

/** Runs `work` under a heartbeat that is always stopped when the work ends, however it ends. */
export async function withHeartbeat<T>(
  beat: () => Promise<boolean>,
  options: HeartbeatOptions,
  work: (heartbeat: Heartbeat) => Promise<T>,
): Promise<T> {
  const heartbeat = startHeartbeat(beat, options);
  try {
    return await work(heartbeat);
  } finally {
    await heartbeat.stop();
  }
}

/** The instant before which a last beat means the holder is gone. */
export function staleBefore(now: Date, windowMs: number): Date {
  return new Date(now.getTime() - windowMs);
}
