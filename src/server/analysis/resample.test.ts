import { gridPhase, toGrid, typicalStep } from './resample';

const MINUTE = 60_000;
const START = Date.parse('2026-01-01T00:00:00Z');

/** A deterministic pseudo-random stream (the tests must not depend on Math.random). */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A reading every five minutes, near :00, :05, ..., from a clock that wanders up to a minute either way. */
function wanderingClock(readings: number, seed = 1): number[] {
  const r = noise(seed);
  return Array.from({ length: readings }, (_, i) => START + i * 5 * MINUTE + Math.round((r() - 0.5) * 2 * MINUTE));
}

describe('toGrid', () => {
  it('lays the steps between the readings of a clock that wanders around the step boundary', () => {
    const times = wanderingClock(2000);
    const values = times.map((_, i) => i);
    expect(typicalStep(times)).toBe(5 * MINUTE);
    expect(gridPhase(times, 5 * MINUTE)).toBeCloseTo(2.5 * MINUTE, -4);
    const grid = toGrid(times, values);
    // One reading to a step: none merged with another, no step left empty, each in its order.
    expect(grid.merged).toBe(0);
    expect(grid.values).toEqual(values);
    // On the clock's boundaries (:00, :05, ...) a reading a little early shares the step before
    // with that step's own reading, and leaves its step empty: about a quarter of them here.
    const clockSteps = new Set(times.map((t) => Math.floor(t / (5 * MINUTE))));
    expect(clockSteps.size).toBeLessThan(0.85 * times.length);
  });

  it('keeps the clock’s boundaries for readings at no phase of their own', () => {
    const r = noise(3);
    const times: number[] = [];
    for (let t = START; t < START + 3 * 86_400_000; t += (5 + Math.floor(r() * 11)) * MINUTE) times.push(t);
    expect(typicalStep(times)).toBe(10 * MINUTE);
    expect(gridPhase(times, 10 * MINUTE)).toBe(0);
    const grid = toGrid(
      times,
      times.map(() => 1),
    );
    expect(grid.times[0]).toBe(START);
  });

  it('reads the phase from the first readings only: later readings never move the earlier steps', () => {
    // The clock's phase slides by half a step after the first 400 readings.
    const times = wanderingClock(800, 5).map((t, i) => (i >= 400 ? t + 2.5 * MINUTE : t));
    const values = times.map((_, i) => (i * 7) % 13);
    const whole = toGrid(times, values);
    for (const cut of [250, 400, 600]) {
      const part = toGrid(times.slice(0, cut), values.slice(0, cut));
      expect(part.stepMs).toBe(whole.stepMs);
      expect(part.times).toEqual(whole.times.slice(0, part.times.length));
      expect(part.values.slice(0, -1)).toEqual(whole.values.slice(0, part.values.length - 1));
    }
  });
});
