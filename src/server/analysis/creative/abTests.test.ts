import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'csv-parse/sync';

import { evaluate, headlineGroups, pairsOf, spearman, twoProportionZ } from './abTests';
import { packagesFromRows } from './upworthyCsv';

const fixture = () => {
  const rows = parse(fs.readFileSync(path.join(__dirname, 'fixtures/tiny-upworthy.csv'), 'utf8'), {
    columns: true,
  }) as Record<string, string>[];
  return headlineGroups(packagesFromRows(rows));
};

describe('headline A/B tests', () => {
  it('reads quoted newlines and keeps only distinct headlines sharing an image', () => {
    const groups = fixture();
    // t2's headlines had different images, t3 had one headline twice: neither is a test of headlines.
    expect(groups.map((g) => g.testId).sort()).toEqual(['t1', 't4']);
    const t1 = groups.find((g) => g.testId === 't1')!;
    expect(t1.arms).toHaveLength(3);
    // The repeated headline's packages are pooled.
    expect(t1.arms.find((a) => a.headline === 'A Teacher Did Something')).toEqual({
      headline: 'A Teacher Did Something',
      impressions: 20000,
      clicks: 420,
    });
  });

  it('pairs every two headlines, the higher click-through first, and leaves exact ties out', () => {
    const groups = fixture();
    const pairs = pairsOf(groups.find((g) => g.testId === 't1')!);
    expect(pairs).toHaveLength(3);
    for (const p of pairs)
      expect(p.better.clicks / p.better.impressions).toBeGreaterThan(p.worse.clicks / p.worse.impressions);
    expect(pairs.filter((p) => p.p < 0.05)).toHaveLength(2);
    expect(pairsOf(groups.find((g) => g.testId === 't4')!)).toHaveLength(0);
  });

  it('computes the two-proportion z-test with the pooled proportion', () => {
    const { z, p } = twoProportionZ(
      { headline: 'a', impressions: 10000, clicks: 300 },
      { headline: 'b', impressions: 10000, clicks: 200 },
    );
    // pooled 0.025, se = sqrt(0.025 × 0.975 × 2 / 10000)
    expect(z).toBeCloseTo(0.01 / Math.sqrt((0.025 * 0.975 * 2) / 10000), 6);
    expect(p).toBeLessThan(1e-4);
    expect(
      twoProportionZ({ headline: 'a', impressions: 100, clicks: 0 }, { headline: 'b', impressions: 100, clicks: 0 }),
    ).toEqual({ z: 0, p: 1 });
    expect(
      twoProportionZ({ headline: 'a', impressions: 1000, clicks: 21 }, { headline: 'b', impressions: 1000, clicks: 20 })
        .p,
    ).toBeGreaterThan(0.5);
  });

  it('ranks with average ties in Spearman', () => {
    expect(spearman([1, 2, 3], [10, 20, 30])).toBeCloseTo(1);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBeCloseTo(-1);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('scores a scorer: accuracy on all and significant pairs, and Spearman within tests', () => {
    const groups = fixture();
    // A scorer that prefers longer headlines orders t1 as the test did.
    const byLength = evaluate(groups, (h) => h.length);
    expect(byLength).toMatchObject({ tests: 2, pairs: 3, significantPairs: 2, spearmanTests: 1 });
    expect(byLength.significantAccuracy).toBe(1);
    // "A Teacher Did Something" (0.021) is longer than "The Teacher, Explained" (0.0205): that pair is right too.
    expect(byLength.accuracy).toBe(1);
    expect(byLength.spearman).toBeCloseTo(1);
    // A constant scorer gets half of every pair.
    expect(evaluate(groups, () => 0).accuracy).toBe(0.5);
  });
});
