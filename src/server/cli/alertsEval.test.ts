import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  byCorpus,
  csvFilesUnder,
  evaluateFile,
  FRONTIER_DAYS,
  frontierLine,
  headReadings,
  inferCadence,
  inferKind,
  irregularReadings,
  parseSeries,
  parseTimestamp,
  pausedReadings,
  regularise,
  summary,
  trainingSummary,
  windowIndices,
} from './alertsEval';

function csv(values: (number | null)[], stepHours = 24): string {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = values.map(
    (v, i) => `${new Date(start + i * stepHours * 3_600_000).toISOString().replace('T', ' ').slice(0, 19)},${v ?? ''}`,
  );
  return `timestamp,value\n${rows.join('\n')}\n`;
}

describe('alerts:eval', () => {
  it('reads NAB timestamps, with or without fractions of a second', () => {
    expect(parseTimestamp('2014-02-19 10:50:00')).toBe(Date.parse('2014-02-19T10:50:00Z'));
    expect(parseTimestamp('2014-02-19 10:50:00.000000')).toBe(Date.parse('2014-02-19T10:50:00Z'));
    expect(parseTimestamp('19/02/2014')).toBeNaN();
  });

  it('refuses a file without the header or with a bad line, naming the line', () => {
    expect(() => parseSeries('time,v\n', 'a.csv')).toThrow('a.csv: the header must be "timestamp,value"');
    expect(() => parseSeries('timestamp,value\n2026-01-01 00:00:00,abc\n', 'a.csv')).toThrow(
      'a.csv, line 2: "abc" is not a number',
    );
  });

  it('infers the step and the season: a week of days, a day of hours', () => {
    const daily = parseSeries(csv([1, 2, 3, 4]), 'd');
    expect(inferCadence(daily.times)).toEqual({ stepMs: 86_400_000, period: 7 });
    const hourly = parseSeries(csv([1, 2, 3, 4], 1), 'h');
    expect(inferCadence(hourly.times)).toEqual({ stepMs: 3_600_000, period: 24 });
    expect(inferKind([0, 3, 5, null])).toBe('count');
    expect(inferKind([0.5, 3])).toBe('amount');
  });

  it('puts a missing step back as a gap and finds windows by time', () => {
    const series = parseSeries('timestamp,value\n2026-01-01 00:00:00,1\n2026-01-03 00:00:00,3\n', 's');
    const regular = regularise(series, 86_400_000);
    expect(regular.values).toEqual([1, null, 3]);
    expect(regular.timestamps[1]).toBe('2026-01-02 00:00:00');
    expect(windowIndices(regular.times, [['2026-01-02 00:00:00', '2026-01-03 12:00:00']])).toEqual([[1, 2]]);
  });

  it('keeps readings whose clock drifts off the grid, each in its nearest step and dated when it came', () => {
    // A 10-minute series whose readings slip a minute twice (11 and 9 minutes apart), then a gap.
    const series = parseSeries(
      'timestamp,value\n' +
        ['00:00,1', '00:10,2', '00:21,3', '00:31,4', '00:40,5', '00:50,6', '01:20,9']
          .map((row) => `2026-01-01 ${row.replace(',', ':00,')}`)
          .join('\n'),
      's',
    );
    const regular = regularise(series, 600_000);
    expect(regular.values).toEqual([1, 2, 3, 4, 5, 6, null, null, 9]);
    expect(regular.timestamps.slice(1, 4)).toEqual([
      '2026-01-01 00:10:00',
      '2026-01-01 00:21:00',
      '2026-01-01 00:31:00',
    ]);
    expect(regular.timestamps[6]).toBe('2026-01-01 01:00:00');
    // Two readings in one step are averaged, dated by the later.
    const doubled = regularise(
      parseSeries('timestamp,value\n2026-01-01 00:00:00,1\n2026-01-01 00:09:00,2\n2026-01-01 00:12:00,4\n', 's'),
      600_000,
    );
    expect(doubled.values).toEqual([1, 3]);
    expect(doubled.timestamps).toEqual(['2026-01-01 00:00:00', '2026-01-01 00:12:00']);
  });

  it('scores a file end to end: the planted day is caught, the last line has the agreed shape', () => {
    // A weekly rhythm with ±5% noise from a fixed pseudo-random stream.
    let state = 7;
    const noise = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const values = Array.from({ length: 100 }, (_, i) => 1000.5 * (i % 7 >= 5 ? 0.7 : 1) * (0.95 + 0.1 * noise()));
    values[70] *= 3;
    const result = evaluateFile('corpus/a.csv', csv(values), [['2026-03-12 00:00:00', '2026-03-12 23:59:59']]);
    expect(result.detections).toEqual([{ timestamp: '2026-03-12 00:00:00', severity: 'critical' }]);
    expect(summary([result])).toMatch(/^alerts: windows=1\/1 recall=1\.00 precision=1\.00 nab=\d+\.\d$/);
  });

  it('reads an irregularly sampled file on a grid instead of going silent, and sums training in one line', () => {
    let state = 11;
    const noise = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows: string[] = [];
    for (let t = start; t < start + 6 * 86_400_000; t += (5 + Math.floor(noise() * 11)) * 60_000) {
      const spike = t >= start + 5 * 86_400_000 && t < start + 5 * 86_400_000 + 3_600_000;
      rows.push(
        `${new Date(t).toISOString().replace('T', ' ').slice(0, 19)},${(spike ? 500 : 50 + 5 * noise()).toFixed(3)}`,
      );
    }
    const result = evaluateFile('corpus/irregular.csv', `timestamp,value\n${rows.join('\n')}\n`, [
      ['2026-01-06 00:00:00', '2026-01-06 02:00:00'],
    ]);
    expect(result.unjudged).toBeNull();
    expect(result.score.caught).toBe(1);
    // Found at the failure's first grid step that has a reading (steps of 10 minutes, readings 5 to 15 apart).
    expect(['2026-01-06 00:00:00', '2026-01-06 00:10:00']).toContain(result.detections[0].timestamp);
    const short = evaluateFile('corpus/short.csv', csv([1.5, 2.5, 3.5]), []);
    expect(short.unjudged).toMatch(/too short to judge/);
    expect(trainingSummary([result, short])).toMatch(
      /^alerts training: files=2 windows=1 caught=1 recall=1\.00 precision=\d\.\d\d false_alarms_per_1000=\d+\.\d\d nab=-?\d+\.\d$/,
    );
  });

  it('reads a file as a sensor that pauses would have sent it (--pauses SEED): readings lost for an hour to three and a half days at a time, the rest as they were', () => {
    const values = Array.from({ length: 4000 }, (_, i) => i);
    const regular = csv(values, 1 / 12);
    const paused = pausedReadings(regular, 1);
    expect(pausedReadings(regular, 1)).toBe(paused);
    expect(pausedReadings(regular, 2)).not.toBe(paused);
    const read = parseSeries(paused, 'paused');
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Every reading kept is the one that was there, at its own time.
    read.values.forEach((v, k) => expect(read.times[k]).toBe(start + (v as number) * 300_000));
    // Between two readings: the series' own step, or a pause of an hour to three and a half days.
    const gaps = read.times.slice(1).map((t, k) => t - read.times[k]);
    const pauses = gaps.filter((gap) => gap > 300_000);
    expect(pauses.length).toBeGreaterThan(0);
    for (const gap of pauses) {
      expect(gap).toBeGreaterThanOrEqual(3_600_000);
      expect(gap).toBeLessThanOrEqual(84 * 3_600_000 + 300_000);
    }
    expect(read.values.length).toBeLessThan(values.length);
  });

  it('reads a file as a sensor installed a few days ago would have sent it (--head N): its first N readings', () => {
    const values = Array.from({ length: 50 }, (_, i) => i);
    const cut = parseSeries(headReadings(csv(values, 1 / 12), 20), 'head');
    expect(cut.values).toEqual(values.slice(0, 20));
    expect(parseSeries(headReadings(csv(values, 1 / 12), 500), 'head').values).toEqual(values);
  });

  it('reads a regular file as an irregular sensor would have sent it (--irregular SEED), the same for a seed', () => {
    const values = Array.from({ length: 3000 }, (_, i) => i);
    const regular = csv(values, 1 / 12);
    const thinned = irregularReadings(regular, 1);
    expect(irregularReadings(regular, 1)).toBe(thinned);
    expect(irregularReadings(regular, 2)).not.toBe(thinned);
    const read = parseSeries(thinned, 'thinned');
    // A third dropped, give or take the draws; the rest in order, each within a minute of its own time.
    expect(read.values.length).toBeGreaterThan(1900);
    expect(read.values.length).toBeLessThan(2100);
    const start = Date.parse('2026-01-01T00:00:00Z');
    read.values.forEach((v, k) => {
      expect(Math.abs(read.times[k] - (start + (v as number) * 300_000))).toBeLessThanOrEqual(60_000);
      if (k > 0) expect(v as number).toBeGreaterThan(read.values[k - 1] as number);
    });
    expect(read.times.some((t, k) => (t - start) % 300_000 !== 0 && k > 0)).toBe(true);
    // Readings a minute apart move less than a third of that, so they keep their order.
    const minutes = parseSeries(irregularReadings(csv(values.slice(0, 500), 1 / 60), 3), 'minutes');
    expect(minutes.times.every((t, k) => k === 0 || t > minutes.times[k - 1])).toBe(true);
    expect(() => parseSeries(irregularReadings('timestamp,value\nyesterday,3\n', 1), 'bad')).toThrow(/line 2/);
  });

  it('draws the trade-off (--frontier): a looser false-alarm budget raises at least as many alarms, one line a rung', () => {
    let state = 5;
    const noise = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    // Heavy-tailed daily noise (a cubed uniform) around a weekly rhythm, and one planted drop.
    const values = Array.from(
      { length: 300 },
      (_, i) => 1000.5 * (i % 7 >= 5 ? 0.7 : 1) * (1 + 0.3 * (2 * noise() - 1) ** 3),
    );
    values[250] *= 0.2;
    const window: [string, string][] = [['2026-09-08 00:00:00', '2026-09-08 23:59:59']];
    const rungs = FRONTIER_DAYS.map((days) =>
      evaluateFile('corpus/a.csv', csv(values), window, { falseAlarmEveryDays: days }),
    );
    const alarms = rungs.map((r) => r.detections.length);
    for (let k = 1; k < alarms.length; k += 1) expect(alarms[k]).toBeLessThanOrEqual(alarms[k - 1]);
    expect(rungs[0].score.caught).toBe(1);
    expect(frontierLine(FRONTIER_DAYS[0], [rungs[0]])).toMatch(
      /^frontier: once_in_days=7 windows=1\/1 recall=1\.00 precision=\d\.\d\d false_alarms=\d+$/,
    );
  });

  it('lists a corpus folder as the labels name its files, and groups them by corpus', () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-eval-'));
    fs.mkdirSync(path.join(data, 'realX'));
    for (const file of ['realX/b.csv', 'realX/a.csv', 'top.csv', 'notes.txt'])
      fs.writeFileSync(path.join(data, file), '');
    const name = path.basename(data);
    const files = csvFilesUnder(data);
    expect(files.map((f) => f.key)).toEqual([`${name}/realX/a.csv`, `${name}/realX/b.csv`, `${name}/top.csv`]);
    expect(files[0].full).toBe(path.join(data, 'realX/a.csv'));
    const corpora = byCorpus(['realX/a.csv', 'top.csv', 'realX/b.csv'], (key) => key);
    expect([...corpora]).toEqual([
      ['realX', ['realX/a.csv', 'realX/b.csv']],
      ['.', ['top.csv']],
    ]);
    fs.rmSync(data, { recursive: true });
  });
});
