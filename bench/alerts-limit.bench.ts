import fs from 'node:fs';
import path from 'node:path';

import { byCorpus, csvFilesUnder, evaluateFile, gridSeries, windowIndices } from '../src/server/cli/alertsEval';
import { probationOf } from '../src/server/cli/nabScore';

/**
 * npm run bench:alerts-limit -- [--training DIR] [--data DIR --windows FILE] [--skip-ours]
 *
 * How far the labels of a real corpus are reachable at all: the most windows any detector of a
 * broad family could catch at a given precision, with hindsight. Issue 35 asks for 13 of 14
 * windows (93%) at precision 0.8 on each real corpus; this measures whether the data allow it.
 *
 * The family: a detector that alarms when one of 26 statistics of the series passes a threshold,
 * or an OR of any of them. The statistics, each read both ways (too high, too low): the value;
 * its step from the last point; its distance from the mean of the last cycle (or 12 points), in
 * units and in that stretch's standard deviations; its change from the same phase a cycle before;
 * the mean of the last 6, 24 and 72 points; that mean against the mean of the stretch before it;
 * the standard deviation of the last 12 and 48 points (a machine gone wild, a sensor gone flat).
 *
 * The oracle is given everything a live detector lacks: it sees the whole series and the labels,
 * picks each series' threshold after the fact, and for each window the statistic that catches it
 * most cheaply. A run of consecutive points past the threshold is one alarm, and it counts as
 * inside a window if any point of it is (the most generous reading). So a window w costs at least
 * `cost(w)` false alarms, the fewest alarms outside every window of any one statistic thresholded
 * low enough to touch w; catching a set of windows of one series costs at least the largest of
 * their costs. The corpus's frontier is then exact for this bound: for each total of false alarms
 * F, the most windows K the series can share out (a small knapsack), at window precision
 * K / (K + F): one alarm per window caught, the reading most favourable to the detector. NAB's
 * rules apply as in alerts:eval: nothing in the first 15% of a file (at most 750 points) counts.
 *
 * Prints the cheapest statistic and cost per window, then per corpus and overall the frontier's
 * key points, and last line
 * `alerts-limit: windows=… at_precision_0.8=K/W recall=… precision_at_13_of_14=… ours=K/W at …`
 * (ours: the product's detector on the same files, windows caught at the same window precision).
 */

type Labels = Record<string, [string, string][]>;

/** A statistic's score per point (higher is more unusual); NaN where it cannot be read. */
type Statistic = { name: string; scores: Float64Array };

function rolling(values: (number | null)[], k: number, fn: (xs: number[]) => number, lag = 0): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let t = k + lag; t < values.length; t += 1) {
    const xs: number[] = [];
    for (let j = t - lag - k + 1; j <= t - lag; j += 1) if (values[j] !== null) xs.push(values[j] as number);
    if (xs.length >= Math.ceil(k / 2)) out[t] = fn(xs);
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
};

function statistics(values: (number | null)[], period: number): Statistic[] {
  const n = values.length;
  const x = Float64Array.from(values, (v) => (v === null ? Number.NaN : v));
  const map = (fn: (t: number) => number) => Float64Array.from({ length: n }, (_, t) => fn(t));
  const context = Math.max(period, 12);
  const before = rolling(values, context, mean, 1);
  const beforeSd = rolling(values, context, sd, 1);
  const base: Statistic[] = [
    { name: 'value', scores: x },
    { name: 'step', scores: map((t) => (t > 0 ? x[t] - x[t - 1] : Number.NaN)) },
    { name: 'vs-last-cycle', scores: map((t) => x[t] - before[t]) },
    { name: 'vs-last-cycle-sd', scores: map((t) => (beforeSd[t] > 0 ? (x[t] - before[t]) / beforeSd[t] : Number.NaN)) },
  ];
  if (period > 1)
    base.push({ name: 'vs-cycle-ago', scores: map((t) => (t >= period ? x[t] - x[t - period] : Number.NaN)) });
  for (const k of [6, 24, 72]) {
    const recent = rolling(values, k, mean);
    const prior = rolling(values, k, mean, k);
    base.push({ name: `mean-${k}`, scores: recent });
    base.push({ name: `shift-${k}`, scores: map((t) => recent[t] - prior[t]) });
  }
  const spreads = [12, 48].map((k) => ({ name: `sd-${k}`, scores: rolling(values, k, sd) }));
  // Every location statistic both ways; a spread's high side (wild) and low side (flat).
  return [
    ...base.flatMap((s) => [
      { name: `${s.name}+`, scores: s.scores },
      { name: `${s.name}-`, scores: s.scores.map((v) => -v) },
    ]),
    ...spreads.flatMap((s) => [
      { name: `${s.name}+`, scores: s.scores },
      { name: `${s.name}-`, scores: s.scores.map((v) => -v) },
    ]),
  ];
}

/** Alarms outside every window when `scores` is thresholded at `threshold` (runs of points past it, from `probation` on). */
function falseAlarms(scores: Float64Array, threshold: number, inWindow: Uint8Array, probation: number): number {
  let alarms = 0;
  let run = false;
  let touches = false;
  for (let t = probation; t <= scores.length; t += 1) {
    const past = t < scores.length && scores[t] >= threshold;
    if (past) {
      run = true;
      touches ||= inWindow[t] === 1;
    } else if (run) {
      if (!touches) alarms += 1;
      run = false;
      touches = false;
    }
  }
  return alarms;
}

export interface WindowCost {
  file: string;
  window: number;
  cost: number;
  statistic: string;
}

/** One way to threshold a file: the windows it catches and the false alarms it costs. */
export interface Option {
  caught: number;
  falseAlarms: number;
}

export interface FileLimits {
  /** Each scored window's cost: the fewest false alarms of any one statistic thresholded to touch it. */
  windows: WindowCost[];
  /** Per statistic, the file's thresholds worth trying: one at each window's highest score. */
  byStatistic: Map<string, Option[]>;
}

export function fileLimits(file: string, csv: string, labelled: [string, string][]): FileLimits {
  const { series, period } = gridSeries(file, csv);
  const windows = windowIndices(series.times, labelled).filter((w) => w[1] >= probationOf(series.values.length));
  const probation = probationOf(series.values.length);
  const inWindow = new Uint8Array(series.values.length);
  for (const [from, to] of windows) inWindow.fill(1, from, to + 1);
  const costs: WindowCost[] = windows.map((_, i) => ({
    file,
    window: i + 1,
    cost: Number.POSITIVE_INFINITY,
    statistic: 'none',
  }));
  const byStatistic = new Map<string, Option[]>();
  for (const s of statistics(series.values, period)) {
    const tops = windows.map(([from, to]) => {
      let top = Number.NEGATIVE_INFINITY;
      for (let t = Math.max(from, probation); t <= to; t += 1) if (s.scores[t] > top) top = s.scores[t];
      return top;
    });
    const options: Option[] = [];
    tops.forEach((top, i) => {
      if (!Number.isFinite(top)) return;
      const falseAlarmsAt = falseAlarms(s.scores, top, inWindow, probation);
      options.push({ caught: tops.filter((other) => other >= top).length, falseAlarms: falseAlarmsAt });
      if (falseAlarmsAt < costs[i].cost) costs[i] = { file, window: i + 1, cost: falseAlarmsAt, statistic: s.name };
    });
    byStatistic.set(s.name, options);
  }
  return { windows: costs, byStatistic };
}

/** A statistic per window: catching a set of one file's windows costs at least the largest of their costs. */
export function perWindowOptions(costs: number[]): Option[] {
  return [...costs]
    .sort((a, b) => a - b)
    .map((cost, k) => ({ caught: k + 1, falseAlarms: cost }))
    .filter((o) => Number.isFinite(o.falseAlarms));
}

/** The frontier: for each total of false alarms F (up to `cap`), the most windows the files can catch, one option a file. */
export function frontier(optionsByFile: Option[][], cap: number): number[] {
  let best = new Array<number>(cap + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  for (const options of optionsByFile) {
    const next = [...best];
    for (let f = 0; f <= cap; f += 1) {
      if (best[f] === Number.NEGATIVE_INFINITY) continue;
      for (const o of options)
        if (f + o.falseAlarms <= cap) next[f + o.falseAlarms] = Math.max(next[f + o.falseAlarms], best[f] + o.caught);
    }
    best = next;
  }
  // Most windows at up to F false alarms.
  for (let f = 1; f <= cap; f += 1) best[f] = Math.max(best[f], best[f - 1]);
  return best;
}

/** The frontier's key points: most windows at precision ≥ 0.8, and best precision at 13 in 14 of the windows. */
export function keyPoints(best: number[], windows: number): { atPrecision: number; precisionAtTarget: number } {
  let atPrecision = 0;
  let precisionAtTarget = 0;
  const target = Math.ceil((13 / 14) * windows);
  best.forEach((k, f) => {
    if (k <= 0) return;
    const precision = k / (k + f);
    if (precision >= 0.8) atPrecision = Math.max(atPrecision, k);
    if (k >= target) precisionAtTarget = Math.max(precisionAtTarget, precision);
  });
  return { atPrecision, precisionAtTarget };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function corpusFiles(): { files: { key: string; full: string }[]; labels: Labels } {
  const data = argument('data');
  const windowsFile = argument('windows');
  if (data && windowsFile) {
    return { files: csvFilesUnder(data), labels: JSON.parse(fs.readFileSync(windowsFile, 'utf8')) };
  }
  const dir = argument('training') ?? path.join(__dirname, '../../shared/research/data/nab-training');
  const labels: Labels = JSON.parse(fs.readFileSync(path.join(dir, 'windows.json'), 'utf8'));
  const files = Object.keys(labels)
    .sort()
    .map((key) => ({ key, full: path.join(dir, key) }))
    .filter((f) => fs.existsSync(f.full));
  return { files, labels };
}

const CAP = 3000;

/** The three oracles, each with hindsight thresholds: a statistic per window, per file, or one for the corpus. */
function oracles(files: FileLimits[]): { name: string; best: number[] }[] {
  const perWindow = frontier(
    files.map((f) => perWindowOptions(f.windows.map((w) => w.cost))),
    CAP,
  );
  const perFile = frontier(
    files.map((f) => [...f.byStatistic.values()].flat()),
    CAP,
  );
  const names = [...new Set(files.flatMap((f) => [...f.byStatistic.keys()]))];
  let single = { name: 'none', best: new Array<number>(CAP + 1).fill(0) };
  for (const name of names) {
    const best = frontier(
      files.map((f) => f.byStatistic.get(name) ?? []),
      CAP,
    );
    const windows = files.reduce((n, f) => n + f.windows.length, 0);
    if (keyPoints(best, windows).atPrecision > keyPoints(single.best, windows).atPrecision) single = { name, best };
  }
  return [
    { name: 'per_window', best: perWindow },
    { name: 'per_file', best: perFile },
    { name: `one_statistic(${single.name})`, best: single.best },
  ];
}

function main() {
  const { files, labels } = corpusFiles();
  const limits = files.map(({ key, full }) => ({
    key,
    ...fileLimits(key, fs.readFileSync(full, 'utf8'), labels[key] ?? []),
  }));
  for (const f of limits)
    for (const c of f.windows) console.log(`window ${c.file} #${c.window} cost=${c.cost} statistic=${c.statistic}`);

  const corpora = byCorpus(limits, (f) => f.key);
  const windowsOf = (members: FileLimits[]) => members.reduce((n, f) => n + f.windows.length, 0);
  for (const [corpus, members] of corpora)
    for (const o of oracles(members)) {
      const { atPrecision, precisionAtTarget } = keyPoints(o.best, windowsOf(members));
      console.log(
        `corpus ${corpus} oracle=${o.name} at_precision_0.8=${atPrecision}/${windowsOf(members)} precision_at_13_of_14=${precisionAtTarget.toFixed(2)}`,
      );
    }

  const windows = windowsOf(limits);
  const all = oracles(limits);
  for (const o of all)
    for (const f of [0, 5, 10, 20, 40, 80])
      console.log(
        `frontier: oracle=${o.name} false_alarms=${f} windows=${o.best[f]}/${windows} window_precision=${(o.best[f] / (o.best[f] + f)).toFixed(2)}`,
      );

  let ours = '';
  if (!process.argv.includes('--skip-ours')) {
    const results = files.map(({ key, full }) => evaluateFile(key, fs.readFileSync(full, 'utf8'), labels[key] ?? []));
    const caught = results.reduce((n, r) => n + r.score.caught, 0);
    const outside = results.reduce((n, r) => n + r.score.outside, 0);
    ours = ` ours=${caught}/${windows} at ${(caught / (caught + outside)).toFixed(2)}`;
  }
  const figures = all.map((o) => {
    const { atPrecision, precisionAtTarget } = keyPoints(o.best, windows);
    return `${o.name.replace(/\(.*\)/, '')}=${atPrecision}/${windows}@0.8,${precisionAtTarget.toFixed(2)}@13of14`;
  });
  console.log(`alerts-limit: windows=${windows} ${figures.join(' ')}${ours}`);
}

if (require.main === module) main();
