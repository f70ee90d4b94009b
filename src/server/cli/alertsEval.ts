import fs from 'node:fs';
import path from 'node:path';
import { detectAnomalies, detectorFor, type DetectorParams, type SeriesKind } from '../analysis/anomaly';
import { normalisedScore, scoreFile, type FileScore } from './nabScore';

/**
 * npm run alerts:eval -- --data DIR --windows FILE [--threshold T]
 *
 * Scores the alerts' anomaly detector on a labelled corpus in the Numenta Anomaly Benchmark
 * layout: DIR holds CSV files headed `timestamp,value` (timestamps `YYYY-MM-DD HH:MM:SS`, regular
 * steps); FILE is JSON mapping each CSV's path relative to DIR's parent to its anomaly windows
 * (`[["start", "end"], ...]`). The step and the seasonal period are read from the data; the
 * detector runs point by point, as it does live. Prints each detection, a line per file and a
 * last line `alerts: windows=… recall=… precision=… nab=…`.
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
  if (!lines.length || lines[0].replace(/\s/g, '').toLowerCase() !== 'timestamp,value') throw new Error(`${name}: the header must be "timestamp,value"`);
  const series: Series = { timestamps: [], times: [], values: [] };
  lines.slice(1).forEach((line, i) => {
    const [stamp, raw] = line.split(',');
    const time = parseTimestamp(stamp ?? '');
    if (!Number.isFinite(time)) throw new Error(`${name}, line ${i + 2}: "${stamp}" is not a YYYY-MM-DD HH:MM:SS timestamp`);
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

/** Whole non-negative numbers are counts; anything else is an amount. */
export function inferKind(values: (number | null)[]): SeriesKind {
  return values.every((v) => v === null || (v >= 0 && Number.isInteger(v))) ? 'count' : 'amount';
}

/** Puts the series on its regular grid: a missing step becomes a gap (null), so seasons stay aligned. */
export function regularise(series: Series, stepMs: number): Series {
  if (!series.times.length) return series;
  const out: Series = { timestamps: [], times: [], values: [] };
  const byTime = new Map(series.times.map((t, i) => [t, i]));
  for (let t = series.times[0]; t <= series.times[series.times.length - 1]; t += stepMs) {
    const i = byTime.get(t);
    out.times.push(t);
    out.timestamps.push(i === undefined ? new Date(t).toISOString().replace('T', ' ').slice(0, 19) : series.timestamps[i]);
    out.values.push(i === undefined ? null : series.values[i]);
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
    for (let i = times.length - 1; i >= 0; i -= 1) if (times[i] <= to) { last = i; break; }
    if (first >= 0 && last >= first) ranges.push([first, last]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

export interface FileResult {
  name: string;
  score: FileScore;
  detections: { timestamp: string; severity: string }[];
}

export function evaluateFile(name: string, csv: string, windows: [string, string][], overrides: Partial<DetectorParams> = {}): FileResult {
  const parsed = parseSeries(csv, name);
  const { stepMs, period } = inferCadence(parsed.times);
  const series = regularise(parsed, stepMs);
  const found = detectAnomalies(series.values, { ...detectorFor(period, inferKind(series.values)), ...overrides });
  return {
    name,
    score: scoreFile(series.values.length, windowIndices(series.times, windows), found.map((d) => d.index)),
    detections: found.map((d) => ({ timestamp: series.timestamps[d.index], severity: d.severity })),
  };
}

const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(2));

export function summary(results: FileResult[]): string {
  const windows = results.reduce((n, r) => n + r.score.windows, 0);
  const caught = results.reduce((n, r) => n + r.score.caught, 0);
  const inside = results.reduce((n, r) => n + r.score.inside, 0);
  const outside = results.reduce((n, r) => n + r.score.outside, 0);
  return `alerts: windows=${caught}/${windows} recall=${ratio(caught, windows)} precision=${ratio(inside, inside + outside)} nab=${normalisedScore(results.map((r) => r.score)).toFixed(1)}`;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function main() {
  const data = argument('data');
  const windowsFile = argument('windows');
  if (!data || !windowsFile) {
    console.error('Usage: npm run alerts:eval -- --data DIR --windows FILE   (DIR: CSVs "timestamp,value"; FILE: JSON {"<dir>/<file>.csv": [["start","end"], ...]})');
    process.exit(2);
  }
  let labels: Record<string, [string, string][]>;
  try {
    labels = JSON.parse(fs.readFileSync(windowsFile, 'utf8'));
  } catch (error) {
    console.error(`${windowsFile}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  // --threshold T: flag at T spreads instead of the product's setting (to see the trade-off).
  const threshold = argument('threshold');
  const overrides: Partial<DetectorParams> = threshold ? { threshold: Number(threshold) } : {};
  if (threshold && !(Number(threshold) > 0)) {
    console.error('--threshold must be a positive number of spreads');
    process.exit(2);
  }
  const root = path.dirname(path.resolve(data));
  const files = fs
    .readdirSync(data, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.csv'))
    .sort();
  if (!files.length) {
    console.error(`${data}: no CSV files`);
    process.exit(2);
  }
  const results: FileResult[] = [];
  for (const file of files) {
    const full = path.join(data, file);
    const key = path.relative(root, path.resolve(full)).split(path.sep).join('/');
    try {
      results.push(evaluateFile(key, fs.readFileSync(full, 'utf8'), labels[key] ?? [], overrides));
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  }
  for (const r of results) for (const d of r.detections) console.log(`detect ${r.name} ${d.timestamp} ${d.severity}`);
  for (const r of results) {
    const s = r.score;
    console.log(`file ${r.name} windows=${s.caught}/${s.windows} inside=${s.inside} outside=${s.outside} recall=${ratio(s.caught, s.windows)} precision=${ratio(s.inside, s.inside + s.outside)} nab=${normalisedScore([s]).toFixed(1)}`);
  }
  console.log(summary(results));
}

if (require.main === module) main();
