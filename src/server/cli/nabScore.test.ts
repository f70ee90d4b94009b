import { normalisedScore, scaledSigmoid, scoreFile } from './nabScore';

describe('NAB scoring (standard profile)', () => {
  // 200 points: the first 30 (15%) are probation.
  const windows: [number, number][] = [
    [50, 59],
    [120, 129],
  ];

  it('gives 100 to a detector that fires at each window’s left edge and nowhere else, 0 to one that never fires', () => {
    const perfect = scoreFile(200, windows, [50, 120]);
    expect(perfect).toMatchObject({ windows: 2, caught: 2, inside: 2, outside: 0 });
    expect(normalisedScore([perfect])).toBeCloseTo(100, 6);
    expect(normalisedScore([scoreFile(200, windows, [])])).toBe(0);
  });

  it('weights a late catch less, counts a window once, and charges false alarms', () => {
    const late = scoreFile(200, windows, [58, 59, 120]);
    expect(late).toMatchObject({ caught: 2, inside: 3, outside: 0 });
    expect(normalisedScore([late])).toBeLessThan(100);
    expect(normalisedScore([late])).toBeGreaterThan(50);
    const noisy = scoreFile(200, windows, [50, 120, 90, 180]);
    expect(noisy.outside).toBe(2);
    expect(normalisedScore([noisy])).toBeLessThan(100);
    // A false alarm long after a window costs the full false-positive weight, 0.11.
    expect(noisy.raw).toBeCloseTo(2 - 0.11 - 0.11, 1);
  });

  it('ignores probation: detections and windows in the first 15% are not scored', () => {
    const early = scoreFile(200, [[10, 12], ...windows], [5, 11, 50, 120]);
    expect(early).toMatchObject({ windows: 2, caught: 2, outside: 0 });
  });

  it('uses NAB’s scaled sigmoid: about 1 at a window’s left edge, 0 at its right, −1 from 3 on', () => {
    expect(scaledSigmoid(-1)).toBeCloseTo(0.98661, 4);
    expect(scaledSigmoid(0)).toBe(0);
    expect(scaledSigmoid(3)).toBe(-1);
  });
});
