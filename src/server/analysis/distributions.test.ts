import { beta, cdf, gamma, interval, mean, probabilityLess, quantile, variance } from './distributions';

describe('posteriors', () => {
  it('give the textbook mean, variance and quantiles', () => {
    const b = beta(3, 7);
    expect(mean(b)).toBeCloseTo(0.3, 10);
    expect(variance(b)).toBeCloseTo((3 * 7) / (100 * 11), 10);
    expect(cdf(b, quantile(b, 0.25))).toBeCloseTo(0.25, 8);
    const g = gamma(4, 2);
    expect(mean(g)).toBeCloseTo(2, 10);
    expect(variance(g)).toBeCloseTo(1, 10);
    expect(cdf(g, quantile(g, 0.9))).toBeCloseTo(0.9, 8);
  });

  it('give central credible intervals', () => {
    const { low, high } = interval(beta(50, 950), 0.9);
    expect(low).toBeLessThan(0.05);
    expect(high).toBeGreaterThan(0.05);
    expect(cdf(beta(50, 950), low)).toBeCloseTo(0.05, 6);
    expect(cdf(beta(50, 950), high)).toBeCloseTo(0.95, 6);
  });

  it('compare two posteriors: P(X < Y) is ½ for twins, symmetric, and near 1 for a clear gap', () => {
    expect(probabilityLess(beta(20, 80), beta(20, 80))).toBeCloseTo(0.5, 2);
    const x = gamma(30, 10_000);
    const y = gamma(60, 10_000);
    expect(probabilityLess(x, y) + probabilityLess(y, x)).toBeCloseTo(1, 2);
    expect(probabilityLess(x, y)).toBeGreaterThan(0.99);
    // Against a normal approximation of the difference for large counts.
    const a = beta(400, 9600);
    const b = beta(460, 9540);
    const z = (mean(b) - mean(a)) / Math.sqrt(variance(a) + variance(b));
    const normal = 0.5 * (1 + erf(z / Math.SQRT2));
    expect(probabilityLess(a, b)).toBeCloseTo(normal, 2);
  });
});

/** Abramowitz-Stegun 7.1.26, enough for a cross-check. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return Math.sign(x) * y;
}
