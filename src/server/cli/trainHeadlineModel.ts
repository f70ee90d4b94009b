import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { parse } from 'csv-parse/sync';

import {
  evaluate,
  type Evaluation,
  type HeadlineGroup,
  headlineGroups,
  pairsOf,
  SIGNIFICANCE,
} from '../analysis/creative/abTests';
import {
  BIGRAM_PREFIX,
  DENSE_FEATURES,
  type Features,
  headlineFeatures,
  WORD_PREFIX,
} from '../analysis/creative/features';
import {
  clipToTraining,
  featuresLogit,
  type HeadlineWeights,
  type ScoringWeights,
  Z_CLIP,
} from '../analysis/creative/headlineModel';
import { fitPairwise, type PairwiseData, type SparseVector } from '../analysis/creative/pairwiseLogistic';
import { packagesFromRows } from '../analysis/creative/upworthyCsv';

/**
 * npm run creative:train [-- --data FILE.csv --out FILE.json --folds K]
 *
 * Fits the headline model on the Upworthy Research Archive's training CSV: within-test pairs of
 * distinct headlines that shared an image, the difference of their feature vectors against
 * which had the higher click-through, an L2-penalised pairwise logistic model. Dense features are
 * standardised with the training means and SDs and clipped to ±Z_CLIP SDs, exactly as scoring
 * clips them, and a feature non-zero in fewer than MIN_SUPPORT training headlines is left out.
 * Settings (the penalty, the support threshold, which pairs are learnt from) are chosen by
 * cross-validation grouped by test, never splitting a test across folds; the figure reported as
 * held-out is nested (each outer fold's settings chosen by an inner CV on its own training
 * part), so choosing the settings is itself inside the estimate. No network; the weights file is
 * small enough to commit.
 */

const { values: args } = parseArgs({
  options: {
    /** The Upworthy Research Archive's exploratory training CSV (public, CC BY 4.0; not in the repository). */
    data: { type: 'string' },
    out: { type: 'string', default: 'src/server/analysis/creative/headlineWeights.json' },
    folds: { type: 'string', default: '5' },
    'inner-folds': { type: 'string', default: '4' },
  },
});

/** A word or phrase must also differ within pairs of at least this many training tests to get a weight. */
const MIN_WORD_TESTS = 4;
/**
 * The support thresholds the CV chooses from: a feature (dense cue or word) must be non-zero in
 * at least this many of the training headlines. Fewer and its weight comes from a handful of
 * pairs; the old model gave the "cancel anytime / no credit card" cue, seen in one Upworthy
 * headline, a weight of −4.6 and so marked every subscription ad down to 1/100. The grid starts at
 * 30 on purpose, not lower: the harm of a thinly supported weight falls on ad copy, which the
 * Upworthy CV cannot see, so the CV only chooses how much stricter than 30 to be.
 */
const MIN_SUPPORTS = [30, 50];
/**
 * Past the threshold, a dense feature non-zero in n training headlines has its penalty multiplied
 * by max(1, SUPPORT_FULL / n): the rarer the feature, the more its weight is shrunk. Standardising
 * makes rare features cheap to weigh (a cue in 0.5% of headlines has an SD of 0.08, so one
 * occurrence is many SDs and a small standardised weight is a large effect): without this the
 * framing cue ("save 30%", "% off"), seen in 44 of 7,543 headlines, took −0.84 of logit on its
 * own. Words need no such scaling: they are not standardised, so their penalty is already per
 * occurrence. Fixed a priori, since the Upworthy CV cannot see the harm, which falls on ad copy;
 * for the record, plain grouped CV did not suffer (significant-pair accuracy 0.670 without, 0.673
 * with, at 1000; 0.671 at 300).
 */
const SUPPORT_FULL = 1000;
/** Weights smaller than this are dropped from the file: they move no score by a visible amount. */
const WEIGHT_FLOOR = 1e-4;
const SIGNIFICANT_DIGITS = 4;

type PairScheme = 'significant' | 'weighted';

interface Settings {
  lambda: number;
  /** A feature must be non-zero in at least this many training headlines. */
  minSupport: number;
  /** 'significant': learn only from pairs with p < 0.05 (the advice in docs/product/creative-analyzer.md); 'weighted': every pair, weighted by min(1, |z| / 1.96). */
  pairs: PairScheme;
}

// Word features always: without them the old grid's CV fell from 0.67 to 0.63 significant-pair accuracy at every penalty.
const LAMBDAS = [1e-3, 3e-3, 1e-2, 3e-2];
const GRID: Settings[] = LAMBDAS.flatMap((lambda) =>
  MIN_SUPPORTS.flatMap((minSupport) =>
    (['significant', 'weighted'] as PairScheme[]).map((pairs) => ({ lambda, minSupport, pairs })),
  ),
);

const Z_FULL = 1.959964;

/** FNV-1a: a stable fold for a test id, so folds do not depend on row order. */
function foldOf(testId: string, folds: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < testId.length; i += 1) {
    h ^= testId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % folds;
}

const isWordFeature = (name: string) => name.startsWith(WORD_PREFIX) || name.startsWith(BIGRAM_PREFIX);

type Model = ScoringWeights;

function featuresOf(cache: Map<string, Features>, headline: string): Features {
  let f = cache.get(headline);
  if (!f) {
    f = headlineFeatures(headline);
    cache.set(headline, f);
  }
  return f;
}

/** Fits one model on some groups with some settings; the weights come back in raw feature units. */
function train(groups: HeadlineGroup[], settings: Settings, cache: Map<string, Features>): Model {
  const headlines = new Set(groups.flatMap((g) => g.arms.map((a) => a.headline)));
  // Dense features are standardised (so one penalty suits them all) and clipped as scoring clips
  // them; words stay 0/1. Support: in how many training headlines each feature is non-zero.
  const sums = new Map<string, { s: number; ss: number }>();
  const support = new Map<string, number>();
  for (const h of headlines) {
    const f = featuresOf(cache, h);
    for (const name of f.keys()) support.set(name, (support.get(name) ?? 0) + 1);
    for (const name of DENSE_FEATURES) {
      const v = f.get(name) ?? 0;
      const acc = sums.get(name) ?? { s: 0, ss: 0 };
      acc.s += v;
      acc.ss += v * v;
      sums.set(name, acc);
    }
  }
  const means: Record<string, number> = {};
  const sds: Record<string, number> = {};
  const dense: string[] = [];
  for (const [name, { s, ss }] of sums) {
    const mean = s / headlines.size;
    const sd = Math.sqrt(Math.max(0, ss / headlines.size - mean * mean));
    if (sd <= 1e-9 || (support.get(name) ?? 0) < settings.minSupport) continue;
    means[name] = mean;
    sds[name] = sd;
    dense.push(name);
  }
  const z = (f: Features, name: string) =>
    (clipToTraining(f.get(name) ?? 0, means[name], sds[name]) - means[name]) / sds[name];

  const pairs = groups.flatMap(pairsOf);
  const vocabulary = new Map<string, number>();
  for (const name of dense) vocabulary.set(name, vocabulary.size);
  const tests = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const a = featuresOf(cache, pair.better.headline);
    const b = featuresOf(cache, pair.worse.headline);
    for (const [name] of a)
      if (isWordFeature(name) && !b.has(name))
        (tests.get(name) ?? tests.set(name, new Set()).get(name)!).add(pair.group.testId);
    for (const [name] of b)
      if (isWordFeature(name) && !a.has(name))
        (tests.get(name) ?? tests.set(name, new Set()).get(name)!).add(pair.group.testId);
  }
  for (const [name, seen] of tests)
    if (seen.size >= MIN_WORD_TESTS && (support.get(name) ?? 0) >= settings.minSupport)
      vocabulary.set(name, vocabulary.size);

  const diffs: SparseVector[] = [];
  const weights: number[] = [];
  for (const pair of pairs) {
    const c =
      settings.pairs === 'significant' ? (pair.p < SIGNIFICANCE ? 1 : 0) : Math.min(1, Math.abs(pair.z) / Z_FULL);
    if (c === 0) continue;
    const better = featuresOf(cache, pair.better.headline);
    const worse = featuresOf(cache, pair.worse.headline);
    const d = new Map<number, number>();
    for (const name of dense) d.set(vocabulary.get(name)!, z(better, name) - z(worse, name));
    const add = (f: Features, sign: number) => {
      for (const [name, v] of f) {
        if (!isWordFeature(name)) continue;
        const j = vocabulary.get(name);
        if (j !== undefined) d.set(j, (d.get(j) ?? 0) + sign * v);
      }
    };
    add(better, 1);
    add(worse, -1);
    const entries = [...d].filter(([, v]) => v !== 0);
    diffs.push({
      index: Int32Array.from(entries.map((e) => e[0])),
      value: Float64Array.from(entries.map((e) => e[1])),
    });
    weights.push(c);
  }
  const data: PairwiseData = { diffs, weights: Float64Array.from(weights), dimension: vocabulary.size };
  const penaltyScale = new Float64Array(vocabulary.size);
  for (const [name, j] of vocabulary)
    penaltyScale[j] = isWordFeature(name) ? 1 : Math.max(1, SUPPORT_FULL / (support.get(name) ?? 1));
  const w = fitPairwise(data, { lambda: settings.lambda, penaltyScale });
  const raw: Record<string, number> = {};
  for (const [name, j] of vocabulary) raw[name] = w[j] / (sds[name] ?? 1);
  return { weights: raw, means, sds };
}

function scorer(model: Model, cache: Map<string, Features>) {
  return (headline: string) => featuresLogit(featuresOf(cache, headline), model);
}

/** Evaluations of several folds added up, as if one held-out set. */
function pool(parts: Evaluation[]): Evaluation {
  const sum = (f: (e: Evaluation) => number) => parts.reduce((s, e) => s + f(e), 0);
  const pairs = sum((e) => e.pairs);
  const significantPairs = sum((e) => e.significantPairs);
  const spearmanTests = sum((e) => e.spearmanTests);
  return {
    tests: sum((e) => e.tests),
    pairs,
    significantPairs,
    accuracy: sum((e) => e.accuracy * e.pairs) / Math.max(1, pairs),
    significantAccuracy: sum((e) => e.significantAccuracy * e.significantPairs) / Math.max(1, significantPairs),
    spearman: sum((e) => e.spearman * e.spearmanTests) / Math.max(1, spearmanTests),
    spearmanTests,
  };
}

/** What keeps groups together in one fold: the test, or the story the test belongs to. */
type FoldKey = (g: HeadlineGroup) => string;

function crossValidate(
  groups: HeadlineGroup[],
  settings: Settings,
  folds: number,
  cache: Map<string, Features>,
  salt: string,
  key: FoldKey,
): Evaluation {
  const parts: Evaluation[] = [];
  for (let k = 0; k < folds; k += 1) {
    const held = groups.filter((g) => foldOf(salt + key(g), folds) === k);
    const rest = groups.filter((g) => foldOf(salt + key(g), folds) !== k);
    if (!held.length || !rest.length) continue;
    parts.push(evaluate(held, scorer(train(rest, settings, cache), cache)));
  }
  return pool(parts);
}

/** The settings with the best cross-validated significant-pair accuracy; ties go to the stronger penalty. */
function choose(
  groups: HeadlineGroup[],
  folds: number,
  cache: Map<string, Features>,
  salt: string,
  key: FoldKey,
  log?: (s: Settings, e: Evaluation) => void,
): Settings {
  let best: { settings: Settings; figure: number } | null = null;
  for (const settings of GRID) {
    const e = crossValidate(groups, settings, folds, cache, salt, key);
    log?.(settings, e);
    if (!best || e.significantAccuracy > best.figure + 1e-9) best = { settings, figure: e.significantAccuracy };
  }
  return best!.settings;
}

/**
 * Upworthy re-tested stories: about one test in eight shares a headline or its lede with
 * another. Tests are linked into stories (union-find over shared headlines and ledes) so a
 * stricter CV can keep a story's tests on one side of the split.
 */
function storiesOf(rows: Record<string, string>[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    for (const x of [a, b]) if (!parent.has(x)) parent.set(x, x);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const row of rows) {
    const test = `t:${row.clickability_test_id}`;
    const headline = (row.headline ?? '').trim().toLowerCase();
    if (headline) union(test, `h:${headline}`);
    else union(test, test);
    const lede = (row.lede ?? '').trim();
    if (lede) union(test, `l:${lede}`);
  }
  const stories = new Map<string, string>();
  for (const row of rows) stories.set(row.clickability_test_id, find(`t:${row.clickability_test_id}`));
  return stories;
}

const fmt = (x: number) => x.toFixed(3);
const describe = (s: Settings) => `lambda=${s.lambda} minSupport=${s.minSupport} pairs=${s.pairs}`;
const summary = (e: Evaluation) =>
  `tests=${e.tests} pairs=${e.pairs} accuracy=${fmt(e.accuracy)} significant=${e.significantPairs} significant_accuracy=${fmt(e.significantAccuracy)} spearman=${fmt(e.spearman)}`;

function roundTo(x: number, digits: number) {
  return Number(x.toPrecision(digits));
}

function main() {
  const started = Date.now();
  const folds = Number(args.folds);
  const innerFolds = Number(args['inner-folds']);
  if (!args.data) {
    console.error(
      "creative:train needs the Upworthy Research Archive's exploratory training CSV: npm run creative:train -- --data FILE.csv",
    );
    process.exit(2);
  }
  const rows = parse(fs.readFileSync(args.data!, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    relax_quotes: true,
  }) as Record<string, string>[];
  const groups = headlineGroups(packagesFromRows(rows));
  const cache = new Map<string, Features>();
  console.log(
    `data: ${rows.length} packages, ${groups.length} groups of distinct headlines sharing an image, ${new Set(groups.map((g) => g.testId)).size} tests, ${groups.reduce((s, g) => s + pairsOf(g).length, 0)} pairs`,
  );

  const byTest: FoldKey = (g) => g.testId;
  const stories = storiesOf(rows);
  const byStory: FoldKey = (g) => stories.get(g.testId) ?? g.testId;
  console.log(`stories: ${new Set(groups.map(byStory)).size} (tests linked by a shared headline or lede)`);

  // Nested CV: the held-out estimate, settings chosen inside each outer fold.
  const nested = (key: FoldKey, name: string) => {
    const outer: Evaluation[] = [];
    const chosen: string[] = [];
    for (let k = 0; k < folds; k += 1) {
      const held = groups.filter((g) => foldOf(key(g), folds) === k);
      const rest = groups.filter((g) => foldOf(key(g), folds) !== k);
      const settings = choose(rest, innerFolds, cache, 'inner:', key);
      const e = evaluate(held, scorer(train(rest, settings, cache), cache));
      outer.push(e);
      chosen.push(describe(settings));
      console.log(`${name} outer fold ${k + 1}/${folds}: chose ${describe(settings)}; held out: ${summary(e)}`);
    }
    const e = pool(outer);
    console.log(`nested CV grouped by ${name} (held-out, settings chosen inside each fold): ${summary(e)}`);
    return { e, chosen };
  };
  const { e: nestedByTest, chosen: chosenPerFold } = nested(byTest, 'test');
  const { e: nestedByStory } = nested(byStory, 'story');

  // The shipped model: settings by plain grouped CV on all the training data, then fitted on it all.
  const tried: Record<string, unknown>[] = [];
  const settings = choose(groups, folds, cache, '', byTest, (s, e) => {
    tried.push({
      ...s,
      accuracy: roundTo(e.accuracy, 3),
      significantAccuracy: roundTo(e.significantAccuracy, 3),
      spearman: roundTo(e.spearman, 3),
    });
    console.log(`  cv ${describe(s)}: ${summary(e)}`);
  });
  console.log(`chosen: ${describe(settings)}`);
  const model = train(groups, settings, cache);
  const weights: Record<string, number> = {};
  for (const [name, w] of Object.entries(model.weights))
    if (Math.abs(w) >= WEIGHT_FLOOR) weights[name] = roundTo(w, SIGNIFICANT_DIGITS);
  const means: Record<string, number> = {};
  const sds: Record<string, number> = {};
  for (const [name, m] of Object.entries(model.means)) {
    if (weights[name] === undefined) continue;
    means[name] = roundTo(m, SIGNIFICANT_DIGITS);
    sds[name] = roundTo(model.sds[name], SIGNIFICANT_DIGITS);
  }
  const score = scorer({ weights, means, sds }, cache);
  const headlines = [...new Set(groups.flatMap((g) => g.arms.map((a) => a.headline)))];
  const logits = headlines.map(score).sort((a, b) => a - b);
  const quantile = (q: number) => logits[Math.round(q * (logits.length - 1))];
  // The scale's zero point: the neutral headline, at the training mean on every dense feature and
  // with none of the learnt words, whose logit is 0 by construction (see headlineModel.ts).
  const baseline = 0;
  const scaled = (logit: number) =>
    Math.max(1, Math.min(100, Math.round(1 + 99 / (1 + Math.exp(-(logit - baseline))))));
  const percentiles: Record<string, number> = {};
  for (const q of [1, 5, 10, 25, 50, 75, 90, 95, 99]) percentiles[`p${q}`] = scaled(quantile(q / 100));
  console.log(
    `training headlines' scores at percentiles: ${Object.entries(percentiles)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );

  const file: HeadlineWeights = {
    model: 'pairwise logistic regression (L2) on within-test headline pairs',
    trainedAt: new Date().toISOString().slice(0, 10),
    data: `${path.basename(args.data!)}: Upworthy Research Archive, exploratory tranche, training part (CC BY 4.0; Matias et al. 2021, Scientific Data 8:195)`,
    baseline,
    weights,
    means,
    sds,
    scale: {
      method:
        "1 + 99 × σ(logit − baseline), baseline 0 = a headline average on every dense feature with none of the learnt words: the model's chance, in %, of beating such a neutral headline; percentiles: the training (Upworthy) headlines' scores",
      percentiles,
    },
    settings: {
      ...settings,
      minWordTests: MIN_WORD_TESTS,
      supportFull: SUPPORT_FULL,
      zClip: Z_CLIP,
      folds,
      innerFolds,
    },
    crossValidation: {
      method: `nested, grouped by test: ${folds} outer folds, settings chosen in each by ${innerFolds}-fold inner CV on its training part`,
      tests: nestedByTest.tests,
      pairs: nestedByTest.pairs,
      significantPairs: nestedByTest.significantPairs,
      accuracy: roundTo(nestedByTest.accuracy, 3),
      significantAccuracy: roundTo(nestedByTest.significantAccuracy, 3),
      spearman: roundTo(nestedByTest.spearman, 3),
      chosenPerFold,
      byStory: {
        method:
          'the same, with tests that share a headline or a lede (re-tests of one story) kept in one fold: the estimate for stories never seen',
        accuracy: roundTo(nestedByStory.accuracy, 3),
        significantAccuracy: roundTo(nestedByStory.significantAccuracy, 3),
        spearman: roundTo(nestedByStory.spearman, 3),
      },
    },
    tried,
  };
  fs.writeFileSync(args.out!, `${JSON.stringify(file, null, 1)}\n`);
  console.log(
    `wrote ${args.out}: ${Object.keys(weights).length} weights, ${fs.statSync(args.out!).size} bytes, in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

main();
