/**
 * Connects each platform client to a sandbox on loopback and times the reports a sync needs:
 * 90 days by campaign and by ad for one account, printing wall time, HTTP requests and rows per
 * platform, and whether the rows add up to the sandbox's ground truth. Figures, not a test.
 *
 *   npx tsx bench/platforms.bench.ts        (BENCH_DAYS=180 to change the range)
 */
import { addDays } from '@shared/days';

import { platformAdapters } from '../src/server/platforms';
import { connect, memoryTokens, recordingRuntime, startHarness, totalsOf } from '../src/server/test/platforms';
import { PLATFORMS } from '../src/shared/constants';

const DAYS = Number(process.env.BENCH_DAYS ?? 90);

async function main() {
  const harness = await startHarness();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const platform of PLATFORMS) {
      let requests = 0;
      const runtime = recordingRuntime({
        fetch: (input, init) => {
          requests += 1;
          return fetch(input, init);
        },
      });
      const adapter = platformAdapters[platform];
      const settings = harness.settings[platform];
      const tokens = memoryTokens(adapter, settings, runtime, await connect(adapter, settings, runtime));
      const client = adapter.client(settings, tokens, runtime);
      const [account] = await client.listAccounts();
      const until = harness.sandbox.world.today(harness.sandbox.world.account(platform, account.id)!);
      const since = addDays(until, -(DAYS - 1));
      for (const level of ['campaign', 'ad'] as const) {
        requests = 0;
        const started = performance.now();
        const report = await client.report(account, { level, since, until });
        const ms = performance.now() - started;
        const truth = harness.sandbox.world.totals(platform, account.id, since, until);
        rows.push({
          platform,
          level,
          days: DAYS,
          rows: report.length,
          requests,
          ms: Math.round(ms),
          'exact totals': JSON.stringify(totalsOf(report)) === JSON.stringify(truth) ? 'yes' : 'NO',
        });
      }
    }
  } finally {
    await harness.close();
  }
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
