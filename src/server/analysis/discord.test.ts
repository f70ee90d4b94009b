import fc from 'fast-check';

import { leftDiscordDistances } from './discord';

/**
 * The distance by its definition: every earlier readable stretch that does not overlap, compared
 * point by point. A stretch is readable when its last point and at least half of its points are
 * present and a reading came before each gap; a gap reads as the straight line between the
 * readings either side of it.
 */
function byDefinition(values: (number | null)[], length: number): number[] {
  const scaled = values.map((v) => (v === null ? null : Math.sign(v) * Math.log1p(Math.abs(v))));
  const between = (k: number): number | null => {
    if (scaled[k] !== null) return scaled[k];
    let before = k;
    while (before >= 0 && scaled[before] === null) before -= 1;
    let after = k;
    while (after < scaled.length && scaled[after] === null) after += 1;
    if (before < 0 || after >= scaled.length) return null;
    const [a, b] = [scaled[before] as number, scaled[after] as number];
    return a + ((b - a) * (k - before)) / (after - before);
  };
  const stretch = (end: number) => {
    if (end < length - 1 || scaled[end] === null) return null;
    const own = scaled.slice(end - length + 1, end + 1);
    if (own.filter((v) => v !== null).length < Math.ceil(length / 2)) return null;
    const filled = own.map((_, k) => between(end - length + 1 + k));
    return filled.every((v) => v !== null) ? (filled as number[]) : null;
  };
  return values.map((_, i) => {
    const own = stretch(i);
    if (!own) return Number.NaN;
    let nearest = Infinity;
    for (let j = length - 1; j <= i - length; j += 1) {
      const other = stretch(j);
      if (other) nearest = Math.min(nearest, Math.sqrt(own.reduce((sum, v, k) => sum + (v - other[k]) ** 2, 0)));
    }
    return Number.isFinite(nearest) ? nearest : Number.NaN;
  });
}

const series = fc.array(fc.option(fc.double({ min: -1e4, max: 1e4, noNaN: true }), { nil: null, freq: 12 }), {
  minLength: 0,
  maxLength: 60,
});

describe('leftDiscordDistances', () => {
  it('is each stretch’s distance to its nearest earlier one, on the symmetric log scale, gaps read between their neighbours', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 6 }), (values, length) => {
        const got = Array.from(leftDiscordDistances(values, length));
        const want = byDefinition(values, length);
        got.forEach((d, i) => {
          if (Number.isNaN(want[i])) expect(d).toBeNaN();
          else expect(d).toBeCloseTo(want[i], 6);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('is causal: cutting the series never changes a distance before the cut', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 6 }), fc.nat(), (values, length, at) => {
        const cut = values.length ? at % values.length : 0;
        const whole = Array.from(leftDiscordDistances(values, length)).slice(0, cut);
        expect(Array.from(leftDiscordDistances(values.slice(0, cut), length))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('is nil for a rhythm that repeats and stands out where the rhythm breaks', () => {
    const day = [5, 5, 6, 20, 40, 42, 41, 38, 30, 12, 8, 6];
    const values = Array.from({ length: 12 * 10 }, (_, i) => day[i % 12]);
    // Day 8: the afternoon peak comes three hours late, each value still inside the usual range.
    for (let k = 0; k < 12; k += 1) values[12 * 8 + k] = day[(k + 9) % 12];
    const distances = leftDiscordDistances(values, 4);
    expect(Math.max(...Array.from(distances.slice(24, 12 * 8)))).toBe(0);
    // Inside the late day its stretches are the usual ones, shifted; where it meets the days around it they are new.
    const broken = Array.from(distances.slice(12 * 8, 12 * 9 + 4));
    expect(Math.max(...broken)).toBeGreaterThan(0.5);
  });

  it('gives nothing for a series shorter than two stretches, a missing last point or a stretch mostly gaps', () => {
    expect(Array.from(leftDiscordDistances([1, 2, 3], 2)).every(Number.isNaN)).toBe(true);
    const values = [1, 2, 1, 2, null, 2, 1, 2, 1];
    const distances = Array.from(leftDiscordDistances(values, 2));
    expect(distances[4]).toBeNaN();
    expect(distances[7]).toBe(0);
    const sparse = [1, 2, 3, 4, null, null, null, 8, 9, 10];
    const fromSparse = Array.from(leftDiscordDistances(sparse, 4));
    expect(fromSparse[6]).toBeNaN();
    expect(fromSparse[7]).toBeNaN();
    expect(fromSparse[8]).not.toBeNaN();
  });

  it('reads a stretch with a few gaps as if each lay between the readings either side', () => {
    // 0, 1, 3, 7 are evenly spaced on the symmetric log scale (log 1, log 2, log 4, log 8).
    const rhythm = [0, 1, 3, 7];
    const values: (number | null)[] = Array.from({ length: 24 }, (_, i) => rhythm[i % 4]);
    // The 3 of each later cycle did not come: read between the 1 and the 7, it is a 3 again.
    const gappy = values.map((v, i) => (i >= 12 && i % 4 === 2 ? null : v));
    const distances = Array.from(leftDiscordDistances(gappy, 4));
    for (const end of [15, 19, 23]) expect(distances[end]).toBeCloseTo(0, 12);
    // Had a 7 gone missing instead (the cycle's top, not on the line), the stretch would read new.
    const topless = values.map((v, i) => (i === 15 ? null : v));
    expect(leftDiscordDistances(topless, 4)[16]).toBeGreaterThan(0.5);
  });
});
