import fs from 'node:fs';
import { parseArgs } from 'node:util';

import { type Platform, PLATFORMS } from '@shared/constants';

import { parseHar } from '../platforms/replay/har';
import { runReplay, summaryLine } from '../platforms/replay/run';
import type { ReportLevel } from '../platforms/types';

/**
 * npm run platforms:replay -- --platform P --har FILE.har --account ID --since D --until D
 *   --level campaign|ad [--currency C --time-zone Z]
 * Serves a HAR recording on localhost, points the real platform client at it and runs the daily
 * report: one JSON line per unified row, then the `replay: platform=…` summary line. A request
 * the recording does not hold fails the run (exit 1), naming the method and URL.
 */
const USAGE =
  'Usage: npm run platforms:replay -- --platform google|meta|linkedin|x|tiktok --har FILE.har --account ID ' +
  '--since YYYY-MM-DD --until YYYY-MM-DD --level campaign|ad [--currency C --time-zone Z]';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        platform: { type: 'string' },
        har: { type: 'string' },
        account: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        level: { type: 'string' },
        currency: { type: 'string' },
        'time-zone': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { platform, har, account, since, until, level } = values;
  if (!platform || !har || !account || !since || !until || !level) {
    console.error(USAGE);
    return 2;
  }
  if (!PLATFORMS.includes(platform as Platform)) {
    console.error(`--platform must be one of ${PLATFORMS.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (level !== 'campaign' && level !== 'ad') {
    console.error(`--level must be campaign or ad\n${USAGE}`);
    return 2;
  }
  if (!DAY.test(since) || !DAY.test(until)) {
    console.error(`--since and --until must be YYYY-MM-DD\n${USAGE}`);
    return 2;
  }
  try {
    const result = await runReplay({
      platform: platform as Platform,
      har: parseHar(fs.readFileSync(har, 'utf8')),
      accountId: account,
      since,
      until,
      level: level as ReportLevel,
      currency: values.currency,
      timeZone: values['time-zone'],
    });
    for (const row of result.rows) console.log(JSON.stringify(row));
    console.log(summaryLine(platform as Platform, result.rows));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
