import { fitPairwise, objective, type PairwiseData } from './pairwiseLogistic';

const sparse = (entries: [number, number][]) => ({
  index: Int32Array.from(entries.map((e) => e[0])),
  value: Float64Array.from(entries.map((e) => e[1])),
});

describe('pairwise logistic regression', () => {
  it('learns which feature wins and shrinks toward zero as the penalty grows', () => {
    // Feature 0 wins 9 pairs in 10; feature 1 is noise.
    const diffs = [
      ...Array.from({ length: 9 }, () =>
        sparse([
          [0, 1],
          [1, 0.5],
        ]),
      ),
      sparse([
        [0, -1],
        [1, 0.5],
      ]),
      sparse([[1, -1]]),
    ];
    const data: PairwiseData = { diffs, weights: new Float64Array(diffs.length).fill(1), dimension: 2 };
    const loose = fitPairwise(data, { lambda: 1e-3 });
    const tight = fitPairwise(data, { lambda: 1 });
    expect(loose[0]).toBeGreaterThan(1);
    expect(Math.abs(tight[0])).toBeLessThan(Math.abs(loose[0]));
    // At the optimum the gradient vanishes.
    const { gradient } = objective(data, loose, { lambda: 1e-3 });
    expect(Math.max(...gradient.map(Math.abs))).toBeLessThan(1e-3);
  });

  it('ignores pairs of weight zero', () => {
    const data: PairwiseData = {
      diffs: [sparse([[0, 1]]), sparse([[0, -1]])],
      weights: Float64Array.from([1, 0]),
      dimension: 1,
    };
    expect(fitPairwise(data, { lambda: 0.1 })[0]).toBeGreaterThan(0);
  });
});
