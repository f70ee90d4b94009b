import fs from 'node:fs';
import path from 'node:path';

import { detectorFor, type DetectorParams, type SeriesKind, traceAnomalies } from '../analysis/anomaly';
import { seriesOnceInDays } from '../analysis/noiseBudget';
import { toGrid } from '../analysis/resample';
import { uniforms } from '../analysis/uniforms';
import { type FileScore, normalisedScore, probationOf, scoreFile } from './nabScore';

/**
 * npm run alerts:eval -- --data DIR --windows FILE [--threshold T] [--sensitivity fewer|balanced|more] [--frontier] [--irregular SEED] [--pauses SEED] [--head N]
 * npm run alerts:eval -- --training DIR [--frontier] [--irregular SEED] [--pauses SEED] [--head N]  (DIR: a training corpus, e.g. NAB's training series with their windows.json)
 *
 * Scores the alerts' anomaly detector on a labelled corpus in the Numenta Anomaly Benchmark
 * layout: DIR holds CSV files headed `timestamp,value` (timestamps `YYYY-MM-DD HH:MM:SS`, regular
 * steps); FILE is JSON mapping each CSV's path relative to DIR's parent to its anomaly windows
 * (`[["start", "end"], ...]`). The step and the seasonal period are read from the data (an
 * irregularly sampled file is put on a regular grid, each step the mean of its readings); the
 * detector runs point by point, as it does live. Prints each detection, a line per file (and why
 * a file could not be judged, when it could not), a line per corpus (each folder of DIR) and a
 * last line `alerts: windows=… recall=… precision=… nab=…`.
 *
 * `--training` scores every folder of the training corpus (NAB series, its windows.json) and
 * prints the same lines, then one line over all of it:
 * `alerts training: files=… windows=… caught=… recall=… precision=… false_alarms_per_1000=… nab=…`
 * (false alarms per 1000 scored points).
 *
 * `--irregular SEED` (with either form) reads each file as a sensor would have sent it irregularly:
 * a third of its readings dropped and each of the rest moved up to a minute either way
 * (`irregularReadings`, the same draws for a seed), so a corpus of regular series measures what
 * irregular sampling costs the detector. `--pauses SEED` reads each file as a sensor that goes
 * quiet for hours or days at a time would have sent it (`pausedReadings`); with both, the pauses
 * come after the wandering. `--head N` reads only each file's first N readings (`headReadings`),
 * before the other two.
 *
 * `--frontier [DAYS,...]` (with either form) also runs the corpus again at a ladder of false-alarm
 * budgets (at most one alarm from noise in 7, 30, 90, 365 and 1000 days a series unless a list is
 * given, in place of the sensitivity's; the sensitivity's own rung reuses the first run) and prints
 * a line for each, `frontier: once_in_days=… windows=…/… recall=…
 * precision=… false_alarms=…`, before the usual last line: the trade-off between recall and
 * precision that the budget buys.
 */

export interface Series {
  timestamps: string[];
  times: number[];
  values: (number | null)[];
}

/** `YYYY-MM-DD HH:MM:SS` (fractions of a second allowed) as UTC milliseconds. */
export function parseTimestamp(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Date.parse(`${match[1]}T${match[2]}${match[3] ? match[3].slice(0, 4) : ''}Z`);
}

export function parseSeries(csv: string, name: string): Series {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!lines.length || lines[0].replace(/\s/g, '').toLowerCase() !== 'timestamp,value')
    throw new Error(`${name}: the header must be "timestamp,value"`);
  const series: Series = { timestamps: [], times: [], values: [] };
  lines.slice(1).forEach((line, i) => {
    const [stamp, raw] = line.split(',');
    const time = parseTimestamp(stamp ?? '');
    if (!Number.isFinite(time))
      throw new Error(`${name}, line ${i + 2}: "${stamp}" is not a YYYY-MM-DD HH:MM:SS timestamp`);
    const value = raw === undefined || raw.trim() === '' ? null : Number(raw);
    if (value !== null && !Number.isFinite(value)) throw new Error(`${name}, line ${i + 2}: "${raw}" is not a number`);
    series.timestamps.push(stamp.trim());
    series.times.push(time);
    series.values.push(value);
  });
  return series;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const stampOf = (t: number) => new Date(t).toISOString().replace('T', ' ').slice(0, 19);

/** The series' step (the most common gap) and its seasonal period: a week of days, a day of anything shorter. */
export function inferCadence(times: number[]): { stepMs: number; period: number } {
  const gaps = new Map<number, number>();
  for (let i = 1; i < times.length; i += 1) {
    const gap = times[i] - times[i - 1];
    if (gap > 0) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
  }
  const stepMs = [...gaps.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? DAY;
  if (stepMs >= DAY) return { stepMs, period: stepMs === DAY ? 7 : 1 };
  const perDay = DAY / stepMs;
  return { stepMs, period: Number.isInteger(perDay) && perDay >= 2 ? perDay : 1 };
}

/** The share of readings `irregularReadings` drops, and how far it moves the rest either way. */
const IRREGULAR_DROPPED = 1 / 3;
const IRREGULAR_WANDER_MS = 60_000;

/**
 * A regular file as an irregular sensor would have sent it: each reading dropped with chance
 * `IRREGULAR_DROPPED`, the rest moved by up to `IRREGULAR_WANDER_MS` either way (a clock that
 * wanders; less than a third of the time to either neighbour, so the readings keep their order),
 * whole seconds. Deterministic for a seed.
 */
export function irregularReadings(csv: string, seed: number): string {
  const draw = uniforms(seed);
  const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const times = lines.map((line) => parseTimestamp(line.slice(0, line.indexOf(','))));
  const kept: string[] = [];
  lines.forEach((line, i) => {
    const dropped = draw() < IRREGULAR_DROPPED;
    const reach = Math.min(
      IRREGULAR_WANDER_MS,
      i > 0 ? (times[i] - times[i - 1]) / 3 : Infinity,
      i + 1 < times.length ? (times[i + 1] - times[i]) / 3 : Infinity,
    );
    const wander = Math.round(((draw() - 0.5) * 2 * reach) / 1000) * 1000;
    if (dropped) return;
    // A line that does not parse stays as it is, for parseSeries to name.
    kept.push(Number.isFinite(times[i]) ? `${stampOf(times[i] + wander)}${line.slice(line.indexOf(','))}` : line);
  });
  return [header, ...kept].join('\n') + '\n';
}

/** How often `pausedReadings` starts a pause (a chance after each reading), and its shortest and longest spans. */
const PAUSE_CHANCE = 1 / 500;
const PAUSE_SHORTEST_MS = 3_600_000;
const PAUSE_LONGEST_MS = 84 * 3_600_000;

/**
 * A file as a sensor that pauses would have sent it: after each reading, with chance
 * `PAUSE_CHANCE`, it stops reporting for a span drawn evenly on a log scale from an hour to three
 * and a half days, and every reading inside the span is lost. On a five-minute series that is
 * about one pause in 42 hours of readings, a pause lasting 19 hours on average: a file keeps
 * about two thirds of its time, as a road sensor's or an export's that goes quiet for hours or a
 * weekend does. Deterministic for a seed; windows inside a pause are lost with their readings.
 */
export function pausedReadings(csv: string, seed: number): string {
  const draw = uniforms(seed);
  const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const kept: string[] = [];
  let quietUntil = -Infinity;
  for (const line of lines) {
    const time = parseTimestamp(line.slice(0, line.indexOf(',')));
    if (time < quietUntil) continue;
    kept.push(line);
    if (draw() < PAUSE_CHANCE) quietUntil = time + PAUSE_SHORTEST_MS * (PAUSE_LONGEST_MS / PAUSE_SHORTEST_MS) ** draw();
  }
  return [header, ...kept].join('\n') + '\n';
}

/**
 * A file cut to its first `readings` readings, as a sensor installed a week or two ago would have
 * sent it: the short files a detector meets on its first days. Windows after the cut are lost
 * with their readings.
 */
export function headReadings(csv: string, readings: number): string {
  const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  return [header, ...lines.slice(0, readings)].join('\n') + '\n';
}

/** Whole non-negative numbers are counts; anything else is an amount. */
export function inferKind(values: (number | null)[]): SeriesKind {
  return values.every((v) => v === null || (v >= 0 && Number.isInteger(v))) ? 'count' : 'amount';
}

/**
 * Puts the series on its regular grid from its first reading: a missing step becomes a gap (null),
 * so seasons stay aligned. A reading off the grid (a sensor whose clock drifts: 9 or 11 minutes
 * between readings of a 10-minute series) goes to its nearest step, which takes its time and
 * timestamp, so a step is never dated before its reading came; readings sharing a step are
 * averaged. Matching readings to steps exactly instead lost everything after the first drift:
 * NAB's traffic series kept 10% to 45% of their readings and none could be judged.
 */
export function regularise(series: Series, stepMs: number): Series {
  if (!series.times.length) return series;
  const origin = series.times[0];
  const steps = Math.round((series.times[series.times.length - 1] - origin) / stepMs) + 1;
  const out: Series = { timestamps: [], times: [], values: [] };
  const sums = new Float64Array(steps);
  const counts = new Int32Array(steps);
  const latest = new Int32Array(steps).fill(-1);
  series.times.forEach((t, i) => {
    const k = Math.round((t - origin) / stepMs);
    if (k < 0 || k >= steps) return;
    if (latest[k] < 0 || series.times[latest[k]] <= t) latest[k] = i;
    const v = series.values[i];
    if (v === null) return;
    sums[k] += v;
    counts[k] += 1;
  });
  for (let k = 0; k < steps; k += 1) {
    const i = latest[k];
    const t = i < 0 ? origin + k * stepMs : series.times[i];
    out.times.push(t);
    out.timestamps.push(i < 0 ? new Date(t).toISOString().replace('T', ' ').slice(0, 19) : series.timestamps[i]);
    out.values.push(counts[k] ? sums[k] / counts[k] : null);
  }
  return out;
}

/** Windows as inclusive index ranges: the first point at or after the start to the last at or before the end. */
export function windowIndices(times: number[], windows: [string, string][]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const [start, end] of windows) {
    const from = parseTimestamp(start);
    const to = parseTimestamp(end);
    const first = times.findIndex((t) => t >= from);
    let last = -1;
    for (let i = times.length - 1; i >= 0; i -= 1)
      if (times[i] <= to) {
        last = i;
        break;
      }
    if (first >= 0 && last >= first) ranges.push([first, last]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

export interface FileResult {
  name: string;
  score: FileScore;
  detections: { timestamp: string; severity: string }[];
  /** Points on the series' grid, and why it could not be judged (null when it could). */
  points: number;
  unjudged: string | null;
}

/** Whether the readings come at one step (nine gaps in ten): then they are read on that step as they are. */
function isRegular(times: number[], stepMs: number): boolean {
  let same = 0;
  for (let i = 1; i < times.length; i += 1)
    if (times[i] - times[i - 1] === stepMs || (times[i] - times[i - 1]) % stepMs === 0) same += 1;
  return same >= 0.9 * (times.length - 1);
}

/** A labelled file as the detector reads it: on its regular grid, with its step and seasonal period. */
export interface GridSeries {
  series: Series;
  stepMs: number;
  period: number;
}

/** Parses a file and puts it on its grid: regular readings as they come, irregular ones as each step's mean. */
export function gridSeries(name: string, csv: string): GridSeries {
  const parsed = parseSeries(csv, name);
  const cadence = inferCadence(parsed.times);
  if (isRegular(parsed.times, cadence.stepMs))
    return { series: regularise(parsed, cadence.stepMs), stepMs: cadence.stepMs, period: cadence.period };
  const grid = toGrid(parsed.times, parsed.values);
  return {
    series: { times: grid.times, timestamps: grid.times.map(stampOf), values: grid.values },
    stepMs: grid.stepMs,
    period: grid.period,
  };
}

export function evaluateFile(
  name: string,
  csv: string,
  windows: [string, string][],
  overrides: Partial<DetectorParams> = {},
): FileResult {
  const { series, stepMs, period } = gridSeries(name, csv);
  const { detections: found, status } = traceAnomalies(
    series.values,
    { ...detectorFor(period, inferKind(series.values), { stepDays: stepMs / DAY }), ...overrides },
    false,
  );
  return {
    name,
    score: scoreFile(
      series.values.length,
      windowIndices(series.times, windows),
      found.map((d) => d.index),
    ),
    detections: found.map((d) => ({ timestamp: series.timestamps[d.index], severity: d.severity })),
    points: series.values.length,
    unjudged: status.reason,
  };
}

const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));

/** The training corpus's one line: windows caught, precision and false alarms per 1000 scored points. */
export function trainingSummary(results: FileResult[]): string {
  const windows = results.reduce((n, r) => n + r.score.windows, 0);
  const caught = results.reduce((n, r) => n + r.score.caught, 0);
  const inside = results.reduce((n, r) => n + r.score.inside, 0);
  const outside = results.reduce((n, r) => n + r.score.outside, 0);
  // Scored points: after NAB's probation (15% of a file, at most 750 points).
  const scored = results.reduce((n, r) => n + r.points - probationOf(r.points), 0);
  return (
    `alerts training: files=${results.length} windows=${windows} caught=${caught} recall=${ratio(caught, windows)} precision=${ratio(inside, inside + outside)} ` +
    `false_alarms_per_1000=${scored ? ((1000 * outside) / scored).toFixed(2) : '-'} nab=${normalisedScore(results.map((r) => r.score)).toFixed(1)}`
  );
}

export function summary(results: FileResult[]): string {
  const windows = results.reduce((n, r) => n + r.score.windows, 0);
  const caught = results.reduce((n, r) => n + r.score.caught, 0);
  const inside = results.reduce((n, r) => n + r.score.inside, 0);
  const outside = results.reduce((n, r) => n + r.score.outside, 0);
  return `alerts: windows=${caught}/${windows} recall=${ratio(caught, windows)} precision=${ratio(inside, inside + outside)} nab=${normalisedScore(results.map((r) => r.score)).toFixed(1)}`;
}

/** The false-alarm budgets `--frontier` runs the corpus at: at most one alarm from noise in this many days a series. */
export const FRONTIER_DAYS = [7, 30, 90, 365, 1000];

/** One rung of the trade-off: the corpus's windows caught and precision at one false-alarm budget. */
export function frontierLine(days: number, results: FileResult[]): string {
  const windows = results.reduce((n, r) => n + r.score.windows, 0);
  const caught = results.reduce((n, r) => n + r.score.caught, 0);
  const inside = results.reduce((n, r) => n + r.score.inside, 0);
  const outside = results.reduce((n, r) => n + r.score.outside, 0);
  return `frontier: once_in_days=${days} windows=${caught}/${windows} recall=${ratio(caught, windows)} precision=${ratio(inside, inside + outside)} false_alarms=${outside}`;
}

/** The budget one series gets by default here (each file is judged as a workspace's only series). */
function defaultDays(chosen: Partial<DetectorParams>): number {
  return seriesOnceInDays(chosen.sensitivity ?? 'balanced', 1);
}

/** The rungs `--frontier` asks for: its list of days (`--frontier 7,30`), or `FRONTIER_DAYS`; none without it. */
function frontierDays(): number[] {
  const at = process.argv.indexOf('--frontier');
  if (at < 0) return [];
  const list = process.argv[at + 1];
  if (!list || list.startsWith('--')) return FRONTIER_DAYS;
  const days = list.split(',').map(Number);
  if (!days.every((d) => d > 0)) {
    console.error('--frontier takes a comma-separated list of days, e.g. 7,30,90,365,1000');
    process.exit(2);
  }
  return days;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** `--irregular SEED`, `--pauses SEED` or `--head N`: each file read as such a sensor would have sent it (null without it). */
function wholeNumberOf(name: 'irregular' | 'pauses' | 'head', what: string, example: number): number | null {
  if (!process.argv.includes(`--${name}`)) return null;
  const number = Number(argument(name));
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} takes ${what}, a whole number (e.g. --${name} ${example})`);
    process.exit(2);
  }
  return number;
}

/** Every CSV under `data` (recursively), sorted, each keyed by its path from `data`'s parent, as the labels name it. */
export function csvFilesUnder(data: string): { key: string; full: string }[] {
  const root = path.dirname(path.resolve(data));
  return fs
    .readdirSync(data, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => ({
      key: path.relative(root, path.resolve(data, f)).split(path.sep).join('/'),
      full: path.join(data, f),
    }));
}

/** Groups items by corpus: the folder a file's key starts with ('.' for a file at the top). */
export function byCorpus<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const corpora = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const corpus = key.includes('/') ? key.slice(0, key.indexOf('/')) : '.';
    corpora.set(corpus, [...(corpora.get(corpus) ?? []), item]);
  }
  return corpora;
}

/** Scores every CSV under `data` (recursively) with the windows of `labels`, keyed by path relative to `data`'s parent. */
function evaluateDirectory(
  data: string,
  labels: Record<string, [string, string][]>,
  overrides: Partial<DetectorParams>,
): FileResult[] {
  const irregular = wholeNumberOf('irregular', 'a seed', 1);
  const pauses = wholeNumberOf('pauses', 'a seed', 1);
  const head = wholeNumberOf('head', 'a number of readings', 3000);
  const files = csvFilesUnder(data);
  if (!files.length) {
    console.error(`${data}: no CSV files`);
    process.exit(2);
  }
  const results: FileResult[] = [];
  for (const { key, full } of files) {
    try {
      const csv = fs.readFileSync(full, 'utf8');
      const cut = head === null ? csv : headReadings(csv, head);
      const wandered = irregular === null ? cut : irregularReadings(cut, irregular);
      const read = pauses === null ? wandered : pausedReadings(wandered, pauses);
      results.push(evaluateFile(key, read, labels[key] ?? [], overrides));
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  }
  return results;
}

function report(results: FileResult[]): void {
  for (const r of results) for (const d of r.detections) console.log(`detect ${r.name} ${d.timestamp} ${d.severity}`);
  for (const r of results) {
    const s = r.score;
    console.log(
      `file ${r.name} windows=${s.caught}/${s.windows} inside=${s.inside} outside=${s.outside} recall=${ratio(s.caught, s.windows)} precision=${ratio(s.inside, s.inside + s.outside)} nab=${normalisedScore([s]).toFixed(1)}` +
        (r.unjudged ? ` unjudged="${r.unjudged}"` : ''),
    );
  }
  for (const [corpus, rs] of byCorpus(results, (r) => r.name))
    console.log(`corpus ${corpus} files=${rs.length} ${summary(rs).replace(/^alerts: /, '')}`);
}

function readLabels(windowsFile: string): Record<string, [string, string][]> {
  try {
    return JSON.parse(fs.readFileSync(windowsFile, 'utf8'));
  } catch (error) {
    console.error(`${windowsFile}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

function main() {
  const data = argument('data');
  const windowsFile = argument('windows');
  const sensitivity = argument('sensitivity');
  if (sensitivity && !['fewer', 'balanced', 'more'].includes(sensitivity)) {
    console.error('--sensitivity must be fewer, balanced or more');
    process.exit(2);
  }
  const chosen: Partial<DetectorParams> = sensitivity
    ? { sensitivity: sensitivity as DetectorParams['sensitivity'] }
    : {};
  if (process.argv.includes('--training')) {
    const dir = argument('training');
    if (!dir || dir.startsWith('--')) {
      console.error(
        'Usage: npm run alerts:eval -- --training DIR   (DIR: windows.json and a folder of "timestamp,value" CSVs per corpus)',
      );
      process.exit(2);
    }
    const labels = readLabels(path.join(dir, 'windows.json'));
    const folders = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const results = folders.flatMap((folder) => evaluateDirectory(path.join(dir, folder), labels, chosen));
    report(results);
    for (const days of frontierDays()) {
      const rung =
        days === defaultDays(chosen)
          ? results
          : folders.flatMap((folder) =>
              evaluateDirectory(path.join(dir, folder), labels, { ...chosen, falseAlarmEveryDays: days }),
            );
      console.log(frontierLine(days, rung));
    }
    console.log(trainingSummary(results));
    return;
  }
  if (!data || !windowsFile) {
    console.error(
      'Usage: npm run alerts:eval -- --data DIR --windows FILE   (DIR: CSVs "timestamp,value"; FILE: JSON {"<dir>/<file>.csv": [["start","end"], ...]})',
    );
    process.exit(2);
  }
  // --threshold T: flag at T spreads instead of the product's setting (to see the trade-off).
  const threshold = argument('threshold');
  const overrides: Partial<DetectorParams> = threshold ? { threshold: Number(threshold) } : {};
  if (threshold && !(Number(threshold) > 0)) {
    console.error('--threshold must be a positive number of spreads');
    process.exit(2);
  }
  const labels = readLabels(windowsFile);
  const results = evaluateDirectory(data, labels, { ...chosen, ...overrides });
  report(results);
  for (const days of frontierDays()) {
    const rung =
      days === defaultDays(chosen)
        ? results
        : evaluateDirectory(data, labels, { ...chosen, ...overrides, falseAlarmEveryDays: days });
    console.log(frontierLine(days, rung));
  }
  console.log(summary(results));
}

if (require.main === module) main();
