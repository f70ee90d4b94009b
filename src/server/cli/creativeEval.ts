import fs from 'node:fs';

import { parse } from 'csv-parse/sync';

import { evaluate, type Evaluation, headlineGroups } from '../analysis/creative/abTests';
import { HEADLINE_WEIGHTS, headlineLogit } from '../analysis/creative/headlineModel';
import { packagesFromRows, REQUIRED_COLUMNS } from '../analysis/creative/upworthyCsv';

/**
 * npm run creative:eval -- FILE.csv
 *
 * Judges the headline model on any CSV in the Upworthy Research Archive's package format: over
 * every test with at least two distinct headlines sharing an image, how often the model puts the
 * higher-CTR headline first (all pairs, and pairs whose difference is significant at p < 0.05 by
 * a two-proportion z-test), and the mean within-test Spearman correlation between score and CTR
 * (tests with three or more such headlines). Run on the training CSV the figures are in-sample
 * and optimistic; the cross-validated figures in headlineWeights.json are the held-out estimate.
 * Last line exactly: `creative: tests=N pairs=N accuracy=0.xx significant_accuracy=0.xx spearman=0.xx`.
 */

/** The CSV's packages judged by the shipped model. */
export function evaluateCsv(csv: string): Evaluation {
  const rows = parse(csv, { columns: true, skip_empty_lines: true, relax_quotes: true }) as Record<string, string>[];
  const header = rows.length ? Object.keys(rows[0]) : [];
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw new Error(`the CSV lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return evaluate(headlineGroups(packagesFromRows(rows)), (h) => headlineLogit(h));
}

export const lastLine = (e: Evaluation) =>
  `creative: tests=${e.tests} pairs=${e.pairs} accuracy=${e.accuracy.toFixed(2)} significant_accuracy=${e.significantAccuracy.toFixed(2)} spearman=${e.spearman.toFixed(2)}`;

function main() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('usage: npm run creative:eval -- FILE.csv');
    process.exit(2);
  }
  let e: Evaluation;
  try {
    e = evaluateCsv(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`creative:eval: ${file}: ${(error as Error).message}`);
    process.exit(1);
  }
  const cv = HEADLINE_WEIGHTS.crossValidation as {
    significantAccuracy?: number;
    accuracy?: number;
    spearman?: number;
    byStory?: { significantAccuracy?: number };
  };
  console.log(`model: ${HEADLINE_WEIGHTS.model}, trained ${HEADLINE_WEIGHTS.trainedAt} on ${HEADLINE_WEIGHTS.data}`);
  console.log(
    `held-out estimate (nested CV grouped by test, training data only): accuracy=${cv.accuracy} significant_accuracy=${cv.significantAccuracy} spearman=${cv.spearman}; grouped by story: significant_accuracy=${cv.byStory?.significantAccuracy}`,
  );
  console.log(`note: if ${file} holds tests the model was trained on, the figures below are in-sample and optimistic`);
  console.log(
    `pairs: ${e.pairs} (significant at p < 0.05: ${e.significantPairs}); Spearman over ${e.spearmanTests} tests with 3+ headlines`,
  );
  console.log(lastLine(e));
}

// Run as a script, not when a test imports evaluateCsv.
if (process.argv[1] && /creativeEval\.ts$/.test(process.argv[1])) main();
