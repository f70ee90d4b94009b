import fs from 'node:fs';
import path from 'node:path';
import { PLATFORMS } from '@shared/constants';
import { ANOMALY_EFFECT, CONVERSION_LAG, World, addDays, eachDay } from './world';

/**
 * npm run alerts:export-sandbox -- [--seed N] [--out DIR] [--days D] [--all]
 *
 * Writes a sandbox world's planted anomalies as a labelled corpus in the Numenta Anomaly
 * Benchmark layout, for `npm run alerts:eval`: DIR/sandbox-<seed>/ holds one CSV per campaign and
 * (`timestamp,value`, one row a day, conversions as finally reported, the last days left out until
 * their late conversions are in), and DIR/sandbox-<seed>-windows.json maps each CSV's path
 * relative to DIR to its anomaly windows (the planted day, start to end).
 *
 * Anomalies are planted on conversions (a tracking outage keeps 15% of them, a spike makes 2.4
 * times as many). On a campaign with three conversions a day neither shows: no detector could
 * tell the day from an ordinary one. A planted day is labelled when its expected effect is at
 * least VISIBLE_SDS standard deviations of the day's normal count (its Poisson noise and how much
 * the same weekday's expectation moved over the weeks before; from the world's expectations, not
 * from the day's draw); a planted day smaller than that is left blank, neither an anomaly to find
 * nor a normal day to judge (the evaluator skips blanks). `--all` labels every planted day.
 */

/** How far, in Poisson standard deviations of the normal count, a planted effect must reach to be labelled. */
export const VISIBLE_SDS = 4;

export interface CorpusFile {
  name: string;
  rows: { timestamp: string; value: number | null }[];
  windows: [string, string][];
  /** Planted days left blank because their effect is too small to see. */
  hidden: number;
}

/** The corpus of one world: `days` days ending the last day whose conversions are all in. */
export function sandboxCorpus(world: World, days: number, labelAll = false): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const platform of PLATFORMS) {
    const lagDays = CONVERSION_LAG[platform].length;
    world.accounts(platform).forEach((account, accountIndex) => {
      const until = addDays(world.today(account), -lagDays);
      const since = addDays(until, -(days - 1));
      account.campaigns.forEach((campaign, campaignIndex) => {
        const range = eachDay(since < campaign.startDate ? campaign.startDate : since, until);
        const metrics = range.map((date) => ({ date, day: world.campaignDay(platform, campaign.id, date) }));
        // A campaign that never delivered in the range has nothing to judge.
        if (!metrics.some((m) => m.day.spendMinor > 0)) return;
        const windows: [string, string][] = [];
        let hidden = 0;
        const rows = metrics.map(({ date, day }) => {
          const timestamp = `${date} 00:00:00`;
          const kind = day.spendMinor > 0 ? world.anomaly(platform, campaign.id, date) : null;
          if (!kind) return { timestamp, value: day.conversions as number | null };
          const expectedOn = (day: string) => (world.expectedAdDays(platform, account, campaign, day) ?? []).reduce((sum, ad) => sum + ad.conversions, 0);
          const expected = expectedOn(date);
          const normal = expected / ANOMALY_EFFECT[kind];
          // The day's noise: its Poisson draw, plus how much the same weekday's expectation moved
          // over the eight weeks before (delivery, budgets and creatives change it day to day).
          const sameWeekday = Array.from({ length: 8 }, (_, w) => expectedOn(addDays(date, -7 * (w + 1)))).filter((e) => e > 0);
          const mean = sameWeekday.reduce((a, b) => a + b, 0) / Math.max(1, sameWeekday.length);
          const drift = sameWeekday.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, sameWeekday.length - 1);
          if (!labelAll && Math.abs(expected - normal) < VISIBLE_SDS * Math.sqrt(normal + drift)) {
            hidden += 1;
            return { timestamp, value: null };
          }
          windows.push([timestamp, `${date} 23:59:59`]);
          return { timestamp, value: day.conversions as number | null };
        });
        files.push({ name: `${platform}-${accountIndex + 1}-${campaignIndex + 1}-conversions.csv`, rows, windows, hidden });
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
  if (!Number.isInteger(seed) || !Number.isInteger(days) || days < 30) {
    console.error('Usage: npm run alerts:export-sandbox -- [--seed N] [--out DIR] [--days D ≥ 30] [--all]');
    process.exit(2);
  }
  // A fixed day, so the same seed always gives the same corpus.
  const world = new World({ seed, now: () => new Date('2026-06-01T12:00:00Z') });
  const folder = `sandbox-${seed}`;
  fs.mkdirSync(path.join(out, folder), { recursive: true });
  const windows: Record<string, [string, string][]> = {};
  const files = sandboxCorpus(world, days, process.argv.includes('--all'));
  for (const file of files) {
    fs.writeFileSync(path.join(out, folder, file.name), `timestamp,value\n${file.rows.map((r) => `${r.timestamp},${r.value ?? ''}`).join('\n')}\n`);
    windows[`${folder}/${file.name}`] = file.windows;
  }
  const windowsFile = path.join(out, `${folder}-windows.json`);
  fs.writeFileSync(windowsFile, `${JSON.stringify(windows, null, 2)}\n`);
  const count = Object.values(windows).reduce((n, w) => n + w.length, 0);
  const hidden = files.reduce((n, f) => n + f.hidden, 0);
  console.log(`Wrote ${files.length} series with ${count} anomaly windows to ${path.join(out, folder)} and ${windowsFile} (${hidden} planted days too small to see left blank)`);
  console.log(`Score them: npm run alerts:eval -- --data ${path.join(out, folder)} --windows ${windowsFile}`);
}

if (require.main === module) main();
