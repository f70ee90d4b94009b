/** Where the server reads the time; tests pass a clock they move by hand. */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests that starts at `start` and only moves when told. */
export function manualClock(
  start: Date | string | number,
): Clock & { advance(ms: number): void; set(to: Date | string | number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (to) => {
      current = new Date(to).getTime();
    },
  };
}
