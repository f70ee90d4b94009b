import fc from 'fast-check';
import { DAILY_DETECTOR, detectAnomalies, detectorFor, traceAnomalies } from './anomaly';

/** A deterministic pseudo-random stream (the tests must not depend on Math.random). */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A daily amount with a weekly rhythm (weekends at 60%) and ±5% noise. */
function weekly(days: number, seed = 1, level = 1000): number[] {
  const r = noise(seed);
  return Array.from({ length: days }, (_, i) => level * (i % 7 >= 5 ? 0.6 : 1) * (0.95 + r() * 0.1));
}

describe('the anomaly detector', () => {
  it('finds a spike and a drop in a weekly series, and nothing else', () => {
    const values = weekly(90);
    values[60] *= 2.5;
    values[75] *= 0.2;
    const found = detectAnomalies(values, DAILY_DETECTOR);
    expect(found.map((d) => [d.index, d.direction])).toEqual([
      [60, 'high'],
      [75, 'low'],
    ]);
    expect(found[0].expected).toBeGreaterThan(900);
    expect(found[0].expected).toBeLessThan(1100);
    expect(found[0].severity).toBe('critical');
  });

  it('knows the weekly rhythm: an ordinary weekend is not a drop', () => {
    const found = detectAnomalies(weekly(120, 7), DAILY_DETECTOR);
    expect(found).toEqual([]);
  });

  it('is muted while the data are thin', () => {
    const values = weekly(30);
    values[10] *= 5;
    const { detections, judgements } = traceAnomalies(values, DAILY_DETECTOR);
    expect(detections).toEqual([]);
    expect(judgements.slice(0, DAILY_DETECTOR.minHistory).every((j) => j === null)).toBe(true);
  });

  it('reports a level shift once, then takes the new level as normal', () => {
    const values = weekly(120, 3).map((v, i) => (i >= 70 ? v * 2 : v));
    const found = detectAnomalies(values, DAILY_DETECTOR);
    expect(found.map((d) => d.index)).toEqual([70]);
  });

  it('judges counts on their Poisson noise: 3 against 5 is ordinary, 30 is not', () => {
    const r = noise(5);
    // Poisson(5) by inversion.
    const poisson = () => {
      let k = 0;
      let p = Math.exp(-5);
      let s = p;
      const u = r();
      while (u > s) {
        k += 1;
        p *= 5 / k;
        s += p;
      }
      return k;
    };
    const values = Array.from({ length: 80 }, poisson);
    values[50] = 30;
    const found = detectAnomalies(values, detectorFor(7, 'count'));
    expect(found.map((d) => d.index)).toEqual([50]);
  });

  it('skips missing points without losing the weekly phase', () => {
    const values: (number | null)[] = weekly(90);
    values[40] = null;
    values[41] = null;
    (values as number[])[63] *= 3;
    expect(detectAnomalies(values, DAILY_DETECTOR).map((d) => d.index)).toEqual([63]);
  });

  it('is causal: a series cut at any point gives the same detections up to that point', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 25, max: 119 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 119 }), factor: fc.constantFrom(0.1, 0.5, 2, 4) }), { maxLength: 6 }),
        (seed, cut, bumps) => {
          const values = weekly(120, seed);
          for (const { at, factor } of bumps) values[at] *= factor;
          const whole = detectAnomalies(values, DAILY_DETECTOR).filter((d) => d.index < cut);
          expect(detectAnomalies(values.slice(0, cut), DAILY_DETECTOR)).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });
});
