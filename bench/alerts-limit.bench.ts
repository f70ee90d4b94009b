import fs from 'node:fs';
import path from 'node:path';

import { byCorpus, csvFilesUnder, evaluateFile, gridSeries, windowIndices } from '../src/server/cli/alertsEval';
import { probationOf } from '../src/server/cli/nabScore';

/**
 * npm run bench:alerts-limit -- [--training DIR] [--data DIR --windows FILE] [--skip-ours] [--with-ours] [--save-rules FILE] [--rules FILE]
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
 * What a live detector can reach of the same family: it never sees the labels or the series'
 * future, so it cannot pick a series' threshold after the fact; it can only read each statistic
 * against the series' own past and hold every series to one rule. Two such reads, each run past a
 * threshold counted as one alarm for each day it lasts (the product raises at most one a day):
 * - `causal`: each point's conformal p-value against the statistic's earlier points on the series
 *   (causallyCalibrated), a threshold being a false-alarm rate;
 * - `margin`: how far each point is past every earlier one, in units of their range (pastMargin),
 *   a threshold being a record's margin, as the detector's records read it.
 * On each: `_per_file` (a threshold per series, with hindsight, as above: what the read loses by
 * itself), `_one` (one statistic and one threshold for the whole corpus, both chosen with
 * hindsight on it: the live rule at its best) and `_any` (every statistic at once, one threshold).
 * The distance from `_per_file` to `_one` is what choosing each series' threshold after seeing
 * its labels is worth; no live detector has it. `live_ored`: rules of either read OR'd, each one
 * statistic at one threshold for the corpus, chosen greedily with hindsight on the corpus (a live
 * detector tuned on the corpus it is judged on; `--save-rules FILE` writes them, `--rules FILE`
 * prints what rules saved from another corpus catch here, as a detector tuned there would, with
 * and without feedback). `feedback_one`: one statistic at one starting threshold for the corpus,
 * each false alarm lifting that series' threshold past it from then on, as a user marking an alert
 * "not unusual" would teach a product (rulesWithFeedback: the labels read only after each alarm).
 * `--with-ours`: live rules added greedily to the detector's own alarms (what the detector lacks
 * that a live rule has, on this corpus, in hindsight); with `--save-rules FILE` they are written
 * to `FILE.with-ours.json`, with `--rules FILE` the detector is also run with saved rules added.
 *
 * Prints the cheapest statistic and cost per window, then per corpus and overall the frontier's
 * key points, and last line
 * `alerts-limit: windows=… per_window=K/W@0.8,P@13of14 per_file=… one_statistic=… causal_per_file=…
 * causal_one=… causal_any=… margin_per_file=… margin_one=… margin_any=… live_ored=… feedback_one=… ours=K/W at …` (K/W: the
 * most windows at window precision 0.8; P: the best window precision at 13 of 14 of the windows;
 * ours: the product's detector on the same files, windows caught at the same window precision).
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

/**
 * Alarms outside every window when `scores` is thresholded at `threshold` (runs of points past it,
 * from `probation` on). A run is one alarm however long it lasts, or, with `runPoints`, one alarm
 * for each `runPoints` of it (a day's points: at most one alarm a day, as the product raises them).
 */
function falseAlarms(
  scores: Float64Array,
  threshold: number,
  inWindow: Uint8Array,
  probation: number,
  runPoints = Number.POSITIVE_INFINITY,
): number {
  return runsOutsideWindows(inWindow, probation, runPoints, (t) => scores[t] >= threshold);
}

/** The runs of points where `past(t)` holds (from `probation` on, cut every `runPoints`) that touch no window. */
function runsOutsideWindows(
  inWindow: Uint8Array,
  probation: number,
  runPoints: number,
  past: (t: number) => boolean,
): number {
  let alarms = 0;
  let run = 0;
  let touches = false;
  const n = inWindow.length;
  for (let t = probation; t <= n; t += 1) {
    const on = t < n && past(t);
    if (on) {
      run += 1;
      touches ||= inWindow[t] === 1;
    }
    if ((!on && run > 0) || run >= runPoints) {
      if (!touches) alarms += 1;
      run = 0;
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
  /** Per statistic, its scores (as `fileLimits` read them) and each window's highest, for a threshold shared by every file. */
  scored: Map<string, { scores: Float64Array; tops: number[] }>;
  inWindow: Uint8Array;
  probation: number;
  /** The points of a run that count as one alarm (`falseAlarms`). */
  runPoints: number;
  /** Each scored window's first and last point. */
  ranges: [number, number][];
}

/** How `fileLimits` reads each statistic: as it is, or as a live detector would (`causallyCalibrated`, `pastMargin`), its runs cut into days. */
export interface Reading {
  read: (scores: Float64Array) => Float64Array;
  daily: boolean;
}
const AS_IT_IS: Reading = { read: (scores) => scores, daily: false };

/**
 * A statistic read as a live detector can read it: each point's conformal p-value against the
 * statistic's own past on the series (one plus the earlier points that scored as high or higher,
 * over one plus the earlier points), as −log p. A threshold on it is a false-alarm rate, the same
 * in every series, which the series' past alone sets: a point can only read as rarer than
 * anything the series showed before by one in the number of points before it.
 */
export function causallyCalibrated(scores: Float64Array): Float64Array {
  const sorted = [...new Set(Array.from(scores).filter(Number.isFinite))].sort((a, b) => a - b);
  const rankOf = new Map(sorted.map((v, i) => [v, i + 1]));
  const tree = new Int32Array(sorted.length + 1);
  const below = (rank: number) => {
    let n = 0;
    for (let i = rank - 1; i > 0; i -= i & -i) n += tree[i];
    return n;
  };
  const out = new Float64Array(scores.length).fill(Number.NaN);
  let seen = 0;
  scores.forEach((v, t) => {
    if (!Number.isFinite(v)) return;
    const rank = rankOf.get(v)!;
    out[t] = -Math.log((1 + seen - below(rank)) / (1 + seen));
    for (let i = rank; i < tree.length; i += i & -i) tree[i] += 1;
    seen += 1;
  });
  return out;
}

/**
 * A statistic read as a record with a margin, as the detector's records are: how far each point
 * is past the highest earlier point, in units of the range the earlier points span (0 or less
 * inside it). A threshold on it is a margin, the same in every series, set by the past alone.
 */
export function pastMargin(scores: Float64Array): Float64Array {
  const out = new Float64Array(scores.length).fill(Number.NaN);
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  scores.forEach((v, t) => {
    if (!Number.isFinite(v)) return;
    if (high > low) out[t] = (v - high) / (high - low);
    high = Math.max(high, v);
    low = Math.min(low, v);
  });
  return out;
}

export function fileLimits(
  file: string,
  csv: string,
  labelled: [string, string][],
  { read, daily }: Reading = AS_IT_IS,
): FileLimits {
  const { series, period, stepMs } = gridSeries(file, csv);
  const runPoints = daily ? Math.max(1, Math.round(86_400_000 / stepMs)) : Number.POSITIVE_INFINITY;
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
  const scored = new Map<string, { scores: Float64Array; tops: number[] }>();
  for (const raw of statistics(series.values, period)) {
    const s = { name: raw.name, scores: read(raw.scores) };
    const tops = windows.map(([from, to]) => {
      let top = Number.NEGATIVE_INFINITY;
      for (let t = Math.max(from, probation); t <= to; t += 1) if (s.scores[t] > top) top = s.scores[t];
      return top;
    });
    const options: Option[] = [];
    tops.forEach((top, i) => {
      if (!Number.isFinite(top)) return;
      const falseAlarmsAt = falseAlarms(s.scores, top, inWindow, probation, runPoints);
      options.push({ caught: tops.filter((other) => other >= top).length, falseAlarms: falseAlarmsAt });
      if (falseAlarmsAt < costs[i].cost) costs[i] = { file, window: i + 1, cost: falseAlarmsAt, statistic: s.name };
    });
    byStatistic.set(s.name, options);
    scored.set(s.name, { scores: s.scores, tops });
  }
  return { windows: costs, byStatistic, scored, inWindow, probation, runPoints, ranges: windows };
}

/**
 * One statistic with one threshold for every file of the corpus (the statistic and the threshold
 * chosen with hindsight, the best for the corpus): on causally calibrated scores, a live
 * detector's single false-alarm rate. The most windows at each total of false alarms.
 */
export function sharedThreshold(files: FileLimits[], name: string, cap: number): number[] {
  const best = new Array<number>(cap + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const thresholds = [...new Set(files.flatMap((f) => (f.scored.get(name)?.tops ?? []).filter(Number.isFinite)))];
  for (const threshold of thresholds) {
    let caught = 0;
    let alarms = 0;
    for (const f of files) {
      const s = f.scored.get(name);
      if (!s) continue;
      caught += s.tops.filter((top) => top >= threshold).length;
      alarms += falseAlarms(s.scores, threshold, f.inWindow, f.probation, f.runPoints);
      if (alarms > cap) break;
    }
    if (alarms <= cap) best[alarms] = Math.max(best[alarms], caught);
  }
  for (let f = 1; f <= cap; f += 1) best[f] = Math.max(best[f], best[f - 1]);
  return best;
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

/** Every statistic at once on calibrated scores: a point's rarest reading (the largest −log p), under one shared threshold. */
function withAnyStatistic(f: FileLimits): FileLimits {
  const all = [...f.scored.values()];
  const scores = Float64Array.from(all[0]?.scores ?? [], (_, t) =>
    all.reduce((m, s) => (Number.isFinite(s.scores[t]) && !(s.scores[t] <= m) ? s.scores[t] : m), Number.NaN),
  );
  const tops = (all[0]?.tops ?? []).map((_, i) => Math.max(...all.map((s) => s.tops[i])));
  return { ...f, scored: new Map([...f.scored, ['any', { scores, tops }]]) };
}

/**
 * The causal oracles, on each statistic read as its own past calibrates it (causallyCalibrated):
 * thresholds per file with hindsight (a false-alarm rate chosen for each series after seeing its
 * labels), one statistic at one rate for the corpus, and every statistic at once at one rate.
 */
function causalOracles(files: FileLimits[], read = 'causal'): { name: string; best: number[] }[] {
  const windows = files.reduce((n, f) => n + f.windows.length, 0);
  const perFile = frontier(
    files.map((f) => [...f.byStatistic.values()].flat()),
    CAP,
  );
  let single = { name: 'none', best: new Array<number>(CAP + 1).fill(0) };
  for (const name of files[0] ? [...files[0].scored.keys()].filter((n) => n !== 'any') : []) {
    const best = sharedThreshold(files, name, CAP);
    if (keyPoints(best, windows).atPrecision > keyPoints(single.best, windows).atPrecision) single = { name, best };
  }
  return [
    { name: `${read}_per_file`, best: perFile },
    { name: `${read}_one(${single.name})`, best: single.best },
    { name: `${read}_any`, best: sharedThreshold(files, 'any', CAP) },
  ];
}

/** Windows caught and false alarms of one file when it alarms wherever `past(t)` holds (from probation on, runs cut into days). */
function alarmsWhere(f: FileLimits, past: (t: number) => boolean): Option {
  let caught = 0;
  for (const [from, to] of f.ranges)
    for (let t = Math.max(from, f.probation); t <= to; t += 1)
      if (past(t)) {
        caught += 1;
        break;
      }
  return { caught, falseAlarms: runsOutsideWindows(f.inWindow, f.probation, f.runPoints, past) };
}

/**
 * Live rules OR'd, each a statistic of either live read at one threshold for the whole corpus,
 * added one at a time with hindsight on the corpus (each step the rule that most raises windows
 * caught less four times the false alarms, the slack at precision 0.8, until none does): a live
 * detector tuned on the very corpus it is judged on. Greedy, so a reachable point, not a bound.
 */
/** One live rule: a read (0 causal, 1 margin), a statistic, a threshold. */
interface LiveRule {
  r: number;
  name: string;
  threshold: number;
}

/** The windows caught and false alarms of live rules OR'd (with each file's `start` alarms, if given), every file holding to the same thresholds. */
function rulesOred(reads: FileLimits[][], rules: LiveRule[], start?: Uint8Array[]): Option {
  const total = { caught: 0, falseAlarms: 0 };
  reads[0].forEach((_, i) => {
    const scores = rules.map((rule) => ({ rule, scores: reads[rule.r][i].scored.get(rule.name)!.scores }));
    const o = alarmsWhere(
      reads[0][i],
      (t) => start?.[i][t] === 1 || scores.some(({ rule, scores: s }) => s[t] >= rule.threshold),
    );
    total.caught += o.caught;
    total.falseAlarms += o.falseAlarms;
  });
  return total;
}

function liveRulesOred(
  reads: FileLimits[][],
  start?: Uint8Array[],
): { name: string; best: number[]; rules: LiveRule[]; start: Option } {
  const files = reads[0];
  const masks = files.map((f, i) => (start ? Uint8Array.from(start[i]) : new Uint8Array(f.inWindow.length)));
  const candidates = reads.flatMap((read, r) =>
    [...(read[0]?.scored.keys() ?? [])]
      .filter((name) => name !== 'any')
      .flatMap((name) =>
        [...new Set(read.flatMap((f) => f.scored.get(name)!.tops.filter(Number.isFinite)))].map((threshold) => ({
          r,
          name,
          threshold,
        })),
      ),
  );
  const best = new Array<number>(CAP + 1).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const rules: LiveRule[] = [];
  let current = rulesOred(reads, [], masks);
  const initial = { ...current };
  for (;;) {
    let pick: { candidate: (typeof candidates)[number]; total: Option } | null = null;
    for (const candidate of candidates) {
      const total = { caught: 0, falseAlarms: 0 };
      reads[candidate.r].forEach((f, i) => {
        const scores = f.scored.get(candidate.name)!.scores;
        const o = alarmsWhere(f, (t) => masks[i][t] === 1 || scores[t] >= candidate.threshold);
        total.caught += o.caught;
        total.falseAlarms += o.falseAlarms;
      });
      const gain = total.caught - 4 * total.falseAlarms;
      if (
        gain > current.caught - 4 * current.falseAlarms &&
        (!pick || gain > pick.total.caught - 4 * pick.total.falseAlarms)
      )
        pick = { candidate, total };
    }
    if (!pick) break;
    const { r, name, threshold } = pick.candidate;
    reads[r].forEach((f, i) => {
      const scores = f.scored.get(name)!.scores;
      for (let t = 0; t < scores.length; t += 1) if (scores[t] >= threshold) masks[i][t] = 1;
    });
    current = pick.total;
    rules.push({ r, name, threshold });
    if (current.falseAlarms <= CAP) best[current.falseAlarms] = Math.max(best[current.falseAlarms], current.caught);
  }
  for (let f = 1; f <= CAP; f += 1) best[f] = Math.max(best[f], best[f - 1]);
  return { name: 'live_ored', best, rules, start: initial };
}

/**
 * Live rules OR'd as a product with feedback would run them: every series starts at the rules'
 * thresholds, and each false alarm (a run outside every window, as a user marking the alert "not
 * unusual" would say) lifts the threshold of each rule that fired in it to just past the run's
 * highest score on that series, from then on. The labels are read only after each alarm, as a
 * user reads it: causal, unlike the oracles.
 */
function rulesWithFeedback(reads: FileLimits[][], rules: LiveRule[]): Option {
  const total = { caught: 0, falseAlarms: 0 };
  reads[0].forEach((f, i) => {
    const scores = rules.map((rule) => reads[rule.r][i].scored.get(rule.name)!.scores);
    const thresholds = rules.map((rule) => rule.threshold);
    const windowAt = new Int32Array(f.inWindow.length).fill(-1);
    f.ranges.forEach(([from, to], w) => windowAt.fill(w, from, to + 1));
    const caught = new Set<number>();
    const runHigh = rules.map(() => Number.NEGATIVE_INFINITY);
    let run = 0;
    let touches = false;
    const n = f.inWindow.length;
    for (let t = f.probation; t <= n; t += 1) {
      let on = false;
      if (t < n)
        scores.forEach((s, k) => {
          if (s[t] >= thresholds[k]) {
            on = true;
            runHigh[k] = Math.max(runHigh[k], s[t]);
          }
        });
      if (on) {
        run += 1;
        touches ||= f.inWindow[t] === 1;
        if (windowAt[t] >= 0) caught.add(windowAt[t]);
      }
      if ((!on && run > 0) || run >= f.runPoints) {
        if (!touches) {
          total.falseAlarms += 1;
          runHigh.forEach((high, k) => {
            if (high > Number.NEGATIVE_INFINITY)
              thresholds[k] = Math.max(thresholds[k], high + Math.max(1e-12, Math.abs(high) * 1e-9));
          });
        }
        runHigh.fill(Number.NEGATIVE_INFINITY);
        run = 0;
        touches = false;
      }
    }
    total.caught += caught.size;
  });
  return total;
}

/** One statistic of either live read, one starting threshold for the corpus (both with hindsight), run with feedback. */
function feedbackOne(reads: FileLimits[][]): { name: string; best: number[] } {
  const windows = reads[0].reduce((n, f) => n + f.windows.length, 0);
  let single = { name: 'none', best: new Array<number>(CAP + 1).fill(0) };
  reads.forEach((read, r) => {
    for (const name of [...(read[0]?.scored.keys() ?? [])].filter((x) => x !== 'any')) {
      const best = new Array<number>(CAP + 1).fill(Number.NEGATIVE_INFINITY);
      best[0] = 0;
      for (const threshold of new Set(read.flatMap((f) => f.scored.get(name)!.tops.filter(Number.isFinite)))) {
        const o = rulesWithFeedback(reads, [{ r, name, threshold }]);
        if (o.falseAlarms <= CAP) best[o.falseAlarms] = Math.max(best[o.falseAlarms], o.caught);
      }
      for (let f = 1; f <= CAP; f += 1) best[f] = Math.max(best[f], best[f - 1]);
      if (keyPoints(best, windows).atPrecision > keyPoints(single.best, windows).atPrecision)
        single = { name: `${['causal', 'margin'][r]}:${name}`, best };
    }
  });
  return { name: `feedback_one(${single.name})`, best: single.best };
}

function main() {
  const { files, labels } = corpusFiles();
  const limits = files.map(({ key, full }) => ({
    key,
    ...fileLimits(key, fs.readFileSync(full, 'utf8'), labels[key] ?? []),
  }));
  const causal = files.map(({ key, full }) => ({
    key,
    ...withAnyStatistic(
      fileLimits(key, fs.readFileSync(full, 'utf8'), labels[key] ?? [], { read: causallyCalibrated, daily: true }),
    ),
  }));
  const margins = files.map(({ key, full }) => ({
    key,
    ...withAnyStatistic(
      fileLimits(key, fs.readFileSync(full, 'utf8'), labels[key] ?? [], { read: pastMargin, daily: true }),
    ),
  }));
  for (const f of limits)
    for (const c of f.windows) console.log(`window ${c.file} #${c.window} cost=${c.cost} statistic=${c.statistic}`);

  const corpora = byCorpus(limits, (f) => f.key);
  const windowsOf = (members: FileLimits[]) => members.reduce((n, f) => n + f.windows.length, 0);
  const causalCorpora = byCorpus(causal, (f) => f.key);
  const marginCorpora = byCorpus(margins, (f) => f.key);
  for (const [corpus, members] of corpora)
    for (const o of [
      ...oracles(members),
      ...causalOracles(causalCorpora.get(corpus)!),
      ...causalOracles(marginCorpora.get(corpus)!, 'margin'),
    ]) {
      const { atPrecision, precisionAtTarget } = keyPoints(o.best, windowsOf(members));
      console.log(
        `corpus ${corpus} oracle=${o.name} at_precision_0.8=${atPrecision}/${windowsOf(members)} precision_at_13_of_14=${precisionAtTarget.toFixed(2)}`,
      );
    }

  const windows = windowsOf(limits);
  const ored = liveRulesOred([causal, margins]);
  const ruleText = (rules: LiveRule[]) =>
    rules.map((rule) => `${['causal', 'margin'][rule.r]}:${rule.name}>=${rule.threshold.toFixed(3)}`).join(', ');
  console.log(`live rules OR'd, in the order chosen: ${ruleText(ored.rules) || 'none'}`);
  const saveRules = argument('save-rules');
  if (saveRules) fs.writeFileSync(saveRules, JSON.stringify(ored.rules));
  const rulesFile = argument('rules');
  if (rulesFile) {
    const rules: LiveRule[] = JSON.parse(fs.readFileSync(rulesFile, 'utf8'));
    const o = rulesOred([causal, margins], rules);
    const fed = rulesWithFeedback([causal, margins], rules);
    console.log(
      `live rules of ${rulesFile} (${ruleText(rules)}): windows=${o.caught}/${windowsOf(limits)} false_alarms=${o.falseAlarms} window_precision=${(o.caught / (o.caught + o.falseAlarms)).toFixed(2)}; with feedback windows=${fed.caught}/${windowsOf(limits)} false_alarms=${fed.falseAlarms} window_precision=${(fed.caught / (fed.caught + fed.falseAlarms)).toFixed(2)}`,
    );
  }
  const all = [
    ...oracles(limits),
    ...causalOracles(causal),
    ...causalOracles(margins, 'margin'),
    ored,
    feedbackOne([causal, margins]),
  ];
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
    if (process.argv.includes('--with-ours')) {
      // The detector's alarms as points on each file's grid, and live rules added to them.
      const oursMasks = files.map(({ key, full }, i) => {
        const { series } = gridSeries(key, fs.readFileSync(full, 'utf8'));
        const at = new Map(series.timestamps.map((stamp, t) => [stamp, t]));
        const mask = new Uint8Array(series.values.length);
        for (const d of results[i].detections) mask[at.get(d.timestamp)!] = 1;
        return mask;
      });
      const added = liveRulesOred([causal, margins], oursMasks);
      const fmtOption = (o: Option) =>
        `windows=${o.caught}/${windows} false_alarms=${o.falseAlarms} window_precision=${(o.caught / (o.caught + o.falseAlarms)).toFixed(2)}`;
      const after = rulesOred([causal, margins], added.rules, oursMasks);
      console.log(
        `the detector alone, counted as the rules are: ${fmtOption(added.start)}; with live rules added greedily (${ruleText(added.rules) || 'none'}): ${fmtOption(after)}`,
      );
      if (saveRules) fs.writeFileSync(`${saveRules}.with-ours.json`, JSON.stringify(added.rules));
      if (rulesFile) {
        const rules: LiveRule[] = JSON.parse(fs.readFileSync(rulesFile, 'utf8'));
        const carried = rulesOred([causal, margins], rules, oursMasks);
        console.log(`the detector with the rules of ${rulesFile}: ${fmtOption(carried)}`);
      }
    }
  }
  const figures = all.map((o) => {
    const { atPrecision, precisionAtTarget } = keyPoints(o.best, windows);
    return `${o.name.replace(/\(.*\)/, '')}=${atPrecision}/${windows}@0.8,${precisionAtTarget.toFixed(2)}@13of14`;
  });
  console.log(`alerts-limit: windows=${windows} ${figures.join(' ')}${ours}`);
}

if (require.main === module) main();
