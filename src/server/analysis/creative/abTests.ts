import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

/**
 * Headline A/B tests in the Upworthy Research Archive's shape, turned into what a copy scorer is
 * judged on: within each test, the distinct headlines that shared an image (so only the words
 * differ), every pair of them labelled by which had the higher click-through, and whether that
 * difference is significant by a two-proportion z-test. The training script and the eval CLI
 * both build their pairs here, so the model is fitted on exactly what it is judged on.
 */

/** One row of the archive: a package (headline + image) shown to a random share of a test's viewers. */
export interface Package {
  testId: string;
  headline: string;
  eyecatcherId: string;
  impressions: number;
  clicks: number;
  /** YYYYWW. */
  testWeek: number;
}

/** One headline's arm of a test: packages with the same headline and image added together. */
export interface Arm {
  headline: string;
  impressions: number;
  clicks: number;
}

/** The headlines of one test that shared one image. */
export interface HeadlineGroup {
  testId: string;
  eyecatcherId: string;
  testWeek: number;
  arms: Arm[];
}

/** A pair of arms of one group, the higher click-through first. */
export interface Pair {
  group: HeadlineGroup;
  better: Arm;
  worse: Arm;
  z: number;
  p: number;
}

export const SIGNIFICANCE = 0.05;

/**
 * Groups of at least two distinct headlines sharing an image within a test. The archive repeats
 * a headline with the same image when another part of the package (lede, share text) was varied;
 * those packages are pooled, since the headline is what a copy scorer sees.
 */
export function headlineGroups(packages: Package[]): HeadlineGroup[] {
  const groups = new Map<string, { group: HeadlineGroup; arms: Map<string, Arm> }>();
  for (const p of packages) {
    const headline = p.headline.trim();
    if (!headline || !(p.impressions > 0) || !(p.clicks >= 0)) continue;
    const key = `${p.testId}\u0000${p.eyecatcherId}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        group: { testId: p.testId, eyecatcherId: p.eyecatcherId, testWeek: p.testWeek, arms: [] },
        arms: new Map(),
      };
      groups.set(key, entry);
    }
    const arm = entry.arms.get(headline);
    if (arm) {
      arm.impressions += p.impressions;
      arm.clicks += p.clicks;
    } else {
      entry.arms.set(headline, { headline, impressions: p.impressions, clicks: p.clicks });
    }
  }
  const result: HeadlineGroup[] = [];
  for (const { group, arms } of groups.values()) {
    if (arms.size < 2) continue;
    group.arms = [...arms.values()];
    result.push(group);
  }
  return result;
}

/** Clicks per impression as a fraction (0.012), not the percent the dashboard shows as CTR (1.2). */
export const clickShare = (arm: Arm) => arm.clicks / arm.impressions;

/** Two-proportion z-test with the pooled proportion; two-sided p. Equal or empty arms give z = 0, p = 1. */
export function twoProportionZ(a: Arm, b: Arm): { z: number; p: number } {
  const pooled = (a.clicks + b.clicks) / (a.impressions + b.impressions);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.impressions + 1 / b.impressions));
  if (!(se > 0)) return { z: 0, p: 1 };
  const z = (clickShare(a) - clickShare(b)) / se;
  return { z, p: 2 * (1 - normalCdf(Math.abs(z), 0, 1)) };
}

/** Every pair of distinct headlines in a group, the higher click-through first; exact ties are no evidence either way and are left out. */
export function pairsOf(group: HeadlineGroup): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < group.arms.length; i += 1) {
    for (let j = i + 1; j < group.arms.length; j += 1) {
      const [a, b] = [group.arms[i], group.arms[j]];
      if (clickShare(a) === clickShare(b)) continue;
      const [better, worse] = clickShare(a) > clickShare(b) ? [a, b] : [b, a];
      const { z, p } = twoProportionZ(better, worse);
      pairs.push({ group, better, worse, z, p });
    }
  }
  return pairs;
}

/** Ranks with ties given their average rank (1-based). */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0]);
  const result = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j += 1;
    for (let k = i; k <= j; k += 1) result[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return result;
}

/** Spearman's rank correlation, or null when either side has no spread. */
export function spearman(x: number[], y: number[]): number | null {
  if (x.length < 2) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (rx.length + 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i += 1) {
    num += (rx[i] - mean) * (ry[i] - mean);
    dx += (rx[i] - mean) ** 2;
    dy += (ry[i] - mean) ** 2;
  }
  return dx > 0 && dy > 0 ? num / Math.sqrt(dx * dy) : null;
}

export interface Evaluation {
  tests: number;
  pairs: number;
  significantPairs: number;
  /** Share of pairs the scorer orders as the test did (a tie in score counts half). */
  accuracy: number;
  significantAccuracy: number;
  /** Mean over tests of the within-test Spearman correlation between score and click-through. */
  spearman: number;
  /** Tests with a Spearman figure (groups of three or more headlines). */
  spearmanTests: number;
}

/** The smallest group on which a rank correlation says more than the pair's own order does. */
const SPEARMAN_MIN_ARMS = 3;

/**
 * Scores every headline with `score` and judges the order against the tests. Spearman is taken
 * per group of three or more headlines (with two it is ±1, the pair accuracy again) and averaged
 * within a test, then over tests.
 */
export function evaluate(groups: HeadlineGroup[], score: (headline: string) => number): Evaluation {
  const cache = new Map<string, number>();
  const scoreOf = (h: string) => {
    let s = cache.get(h);
    if (s === undefined) {
      s = score(h);
      cache.set(h, s);
    }
    return s;
  };
  let pairs = 0;
  let right = 0;
  let significant = 0;
  let significantRight = 0;
  const perTest = new Map<string, number[]>();
  const tests = new Set<string>();
  for (const group of groups) {
    tests.add(group.testId);
    for (const pair of pairsOf(group)) {
      const d = scoreOf(pair.better.headline) - scoreOf(pair.worse.headline);
      const credit = d > 0 ? 1 : d === 0 ? 0.5 : 0;
      pairs += 1;
      right += credit;
      if (pair.p < SIGNIFICANCE) {
        significant += 1;
        significantRight += credit;
      }
    }
    if (group.arms.length >= SPEARMAN_MIN_ARMS) {
      const rho = spearman(
        group.arms.map((a) => scoreOf(a.headline)),
        group.arms.map(clickShare),
      );
      if (rho !== null) perTest.set(group.testId, [...(perTest.get(group.testId) ?? []), rho]);
    }
  }
  const testRhos = [...perTest.values()].map((r) => r.reduce((s, v) => s + v, 0) / r.length);
  return {
    tests: tests.size,
    pairs,
    significantPairs: significant,
    accuracy: pairs ? right / pairs : 0,
    significantAccuracy: significant ? significantRight / significant : 0,
    spearman: testRhos.length ? testRhos.reduce((s, v) => s + v, 0) / testRhos.length : 0,
    spearmanTests: testRhos.length,
  };
}
