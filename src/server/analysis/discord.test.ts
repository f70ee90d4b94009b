import fc from 'fast-check';

import { leftDiscordDistances } from './discord';

/** The distance by its definition: every earlier whole stretch that does not overlap, compared point by point. */
function byDefinition(values: (number | null)[], length: number): number[] {
  const scaled = values.map((v) => (v === null ? null : Math.sign(v) * Math.log1p(Math.abs(v))));
  const stretch = (end: number) => {
    const s = scaled.slice(end - length + 1, end + 1);
    return end >= length - 1 && s.every((v) => v !== null) ? (s as number[]) : null;
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
  it('is each stretch’s distance to its nearest earlier one, on the symmetric log scale, gaps left out', () => {
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

  it('gives nothing for a series shorter than two stretches, or a stretch with a gap in it', () => {
    expect(Array.from(leftDiscordDistances([1, 2, 3], 2)).every(Number.isNaN)).toBe(true);
    const values = [1, 2, 1, 2, null, 2, 1, 2, 1];
    const distances = Array.from(leftDiscordDistances(values, 2));
    expect(distances[4]).toBeNaN();
    expect(distances[5]).toBeNaN();
    expect(distances[7]).toBe(0);
  });
});
