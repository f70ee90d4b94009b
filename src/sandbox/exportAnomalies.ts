import fs from 'node:fs';
import path from 'node:path';

import { PLATFORMS } from '@shared/constants';
import { addDays, eachDay } from '@shared/days';

import { type AnomalyKind, CONVERSION_LAG, type SandboxCampaign, World } from './world';

/**
 * npm run alerts:export-sandbox -- [--seed N] [--out DIR] [--days D] [--all] [--noise realistic|clean]
 *
 * Writes a sandbox world's planted anomalies as a labelled corpus in the Numenta Anomaly
 * Benchmark layout, for `npm run alerts:eval`: DIR/sandbox-<seed>/ holds one CSV per series
 * (`timestamp,value`, one row a day, as finally reported, the last days left out until their late
 * conversions are in), and DIR/sandbox-<seed>-windows.json maps each CSV's path relative to DIR
 * to its anomaly windows (the planted day, start to end; planted days in a row make one window).
 *
 * The series are where each kind of anomaly shows: each account's conversions (a tracking outage
 * takes the whole account: none recorded that day) and each campaign's clicks (a burst of invalid
 * clicks triples them). On a very small account or campaign even these can drown in the day's
 * noise: a planted day is labelled when its expected effect is at least VISIBLE_SDS standard
 * deviations of the day's normal value (its Poisson noise and how much the same weekday's
 * expectation moved over the weeks before; from the world's expectations, not from the day's
 * draw); a planted day smaller than that is left blank, neither an anomaly to find nor a normal
 * day to judge (the evaluator skips blanks, as it skips days without delivery). `--all` labels
 * every planted day.
 *
 * The world has realistic noise by default (`--noise realistic`: heavy-tailed demand, promotion
 * days, holidays, reporting catch-ups, none of them labelled: see realisticNoise.ts), so a
 * detector that floods on real series floods here too; `--noise clean` gives the counting noise
 * alone, as the worlds the tests run on.
 */

/** How far, in standard deviations of the normal value, a planted effect must reach to be labelled. */
export const VISIBLE_SDS = 4;

export interface CorpusFile {
  name: string;
  rows: { timestamp: string; value: number | null }[];
  windows: [string, string][];
  /** Planted days left blank because their effect is too small to see. */
  hidden: number;
}

interface SeriesSpec {
  name: string;
  dates: string[];
  /** The day's value as finally reported, or null when nothing was delivered. */
  value(date: string): number | null;
  /** The planted anomaly this series shows on a day, if any. */
  planted(date: string): AnomalyKind | null;
  /** The value the world expects on a day, with or without its anomaly. */
  expected(date: string, withAnomaly: boolean): number;
}

function fileOf(spec: SeriesSpec, labelAll: boolean): CorpusFile {
  const windows: [string, string][] = [];
  let hidden = 0;
  const rows = spec.dates.map((date) => {
    const timestamp = `${date} 00:00:00`;
    // A day without delivery is blank: nothing happened to judge.
    const value = spec.value(date);
    if (value === null || !spec.planted(date)) return { timestamp, value };
    const normal = spec.expected(date, false);
    const effect = Math.abs(spec.expected(date, true) - normal);
    // The day's noise: its Poisson draw, plus how much the same weekday moved over the eight weeks before.
    const sameWeekday = Array.from({ length: 8 }, (_, w) => spec.expected(addDays(date, -7 * (w + 1)), false)).filter(
      (e) => e > 0,
    );
    const mean = sameWeekday.reduce((x, y) => x + y, 0) / Math.max(1, sameWeekday.length);
    const drift = sameWeekday.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, sameWeekday.length - 1);
    if (!labelAll && effect < VISIBLE_SDS * Math.sqrt(normal + drift)) {
      hidden += 1;
      return { timestamp, value: null };
    }
    // Planted days in a row are one anomaly, one window (as a person labelling the series would mark them).
    const last = windows[windows.length - 1];
    if (last && last[1] === `${addDays(date, -1)} 23:59:59`) last[1] = `${date} 23:59:59`;
    else windows.push([timestamp, `${date} 23:59:59`]);
    return { timestamp, value };
  });
  return { name: spec.name, rows, windows, hidden };
}

/** The corpus of one world: `days` days ending the last day whose conversions are all in. */
export function sandboxCorpus(world: World, days: number, labelAll = false): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const platform of PLATFORMS) {
    const lagDays = CONVERSION_LAG[platform].length;
    world.accounts(platform).forEach((account, accountIndex) => {
      const until = addDays(world.today(account), -lagDays);
      const since = addDays(until, -(days - 1));
      const first = account.campaigns.reduce((min, c) => (c.startDate < min ? c.startDate : min), until);
      const delivering = (campaign: SandboxCampaign, date: string) =>
        world.campaignDay(platform, campaign.id, date).spendMinor > 0;
      const expectedOf = (
        campaign: SandboxCampaign,
        date: string,
        withAnomaly: boolean,
        metric: 'conversions' | 'clicks',
      ) =>
        (world.expectedAdDays(platform, account, campaign, date, withAnomaly) ?? []).reduce(
          (sum, ad) => sum + ad[metric],
          0,
        );
      const base = `${platform}-${accountIndex + 1}`;

      const accountDates = eachDay(since < first ? first : since, until);
      if (account.campaigns.some((c) => accountDates.some((d) => delivering(c, d)))) {
        files.push(
          fileOf(
            {
              name: `${base}-conversions.csv`,
              dates: accountDates,
              value: (date) =>
                account.campaigns.some((c) => delivering(c, date))
                  ? account.campaigns.reduce((sum, c) => sum + world.campaignDay(platform, c.id, date).conversions, 0)
                  : null,
              planted: (date) =>
                account.campaigns.some(
                  (c) => delivering(c, date) && world.anomaly(platform, c.id, date) === 'tracking_outage',
                )
                  ? 'tracking_outage'
                  : null,
              expected: (date, withAnomaly) =>
                account.campaigns.reduce((sum, c) => sum + expectedOf(c, date, withAnomaly, 'conversions'), 0),
            },
            labelAll,
          ),
        );
      }
      account.campaigns.forEach((campaign, campaignIndex) => {
        const dates = eachDay(since < campaign.startDate ? campaign.startDate : since, until);
        // A campaign that never delivered in the range has nothing to judge.
        if (!dates.some((d) => delivering(campaign, d))) return;
        files.push(
          fileOf(
            {
              name: `${base}-${campaignIndex + 1}-clicks.csv`,
              dates,
              value: (date) =>
                delivering(campaign, date) ? world.campaignDay(platform, campaign.id, date).clicks : null,
              planted: (date) => (world.anomaly(platform, campaign.id, date) === 'click_spike' ? 'click_spike' : null),
              expected: (date, withAnomaly) => expectedOf(campaign, date, withAnomaly, 'clicks'),
            },
            labelAll,
          ),
        );
      });
    });
  }
  return files;
}

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

function main() {
  const seed = Number(argument('seed', '42'));
  const days = Number(argument('days', '360'));
  const out = argument('out', 'alerts-corpus');
  const noise = argument('noise', 'realistic');
  if (!Number.isInteger(seed) || !Number.isInteger(days) || days < 30 || (noise !== 'realistic' && noise !== 'clean')) {
    console.error(
      'Usage: npm run alerts:export-sandbox -- [--seed N] [--out DIR] [--days D ≥ 30] [--all] [--noise realistic|clean]',
    );
    process.exit(2);
  }
  // A fixed day, so the same seed always gives the same corpus.
  const world = new World({ seed, now: () => new Date('2026-06-01T12:00:00Z'), noise });
  const folder = `sandbox-${seed}`;
  fs.mkdirSync(path.join(out, folder), { recursive: true });
  const windows: Record<string, [string, string][]> = {};
  const files = sandboxCorpus(world, days, process.argv.includes('--all'));
  for (const file of files) {
    fs.writeFileSync(
      path.join(out, folder, file.name),
      `timestamp,value\n${file.rows.map((r) => `${r.timestamp},${r.value ?? ''}`).join('\n')}\n`,
    );
    windows[`${folder}/${file.name}`] = file.windows;
  }
  const windowsFile = path.join(out, `${folder}-windows.json`);
  fs.writeFileSync(windowsFile, `${JSON.stringify(windows, null, 2)}\n`);
  const count = Object.values(windows).reduce((n, w) => n + w.length, 0);
  const hidden = files.reduce((n, f) => n + f.hidden, 0);
  console.log(
    `Wrote ${files.length} series with ${count} anomaly windows to ${path.join(out, folder)} and ${windowsFile} (${hidden} planted days too small to see left blank)`,
  );
  console.log(`Score them: npm run alerts:eval -- --data ${path.join(out, folder)} --windows ${windowsFile}`);
}

if (require.main === module) main();
