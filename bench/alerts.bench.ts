import { World } from '../src/sandbox/world';
import { accountAlerts, ALERT_PARAMS, type AlertWatch, SERIES_PER_ENTITY } from '../src/server/analysis/accountAlerts';
import { estimateLagProfile } from '../src/server/analysis/lag';
import { SyncedView } from './decisions/syncedView';
import { ms, stats, timeRuns } from './support';

/**
 * The alert checks after a sync, at agency scale: a sandbox world of about 200 campaigns over
 * 90 days of synced history (10 accounts per platform), every account judged as the alerts job
 * judges it (the detector on five metrics for the account and each campaign, the spend-without-
 * conversions and delivery checks) at the workspace's default sensitivity, its false-alarm budget
 * shared by every series it watches, in a world with realistic noise. Prints the time for all accounts together; the target is
 * under 2 s after a sync. The database reads around it are measured by suggestions-api.bench.ts.
 */
async function main() {
  const world = new World({
    seed: 42,
    accountsPerPlatform: 10,
    now: () => new Date('2026-06-01T12:00:00Z'),
    noise: 'realistic',
  });
  const view = new SyncedView(world);
  view.sync();
  const accounts = view.accounts().map((a) => ({ series: a.series, lag: estimateLagProfile(a.observations) }));
  const campaigns = accounts.reduce((n, a) => n + a.series.campaigns.length, 0);
  const delivering = accounts.reduce(
    (n, a) => n + 1 + a.series.campaigns.filter((c) => c.days.some((d) => d.impressions > 0 || d.spend > 0)).length,
    0,
  );
  const watch: AlertWatch = { sensitivity: 'balanced', watchedSeries: delivering * SERIES_PER_ENTITY };
  let alerts = 0;
  const samples = await timeRuns(
    async () => {
      alerts = 0;
      for (const { series, lag } of accounts) alerts += accountAlerts(series, lag, ALERT_PARAMS, watch).length;
    },
    2,
    10,
  );
  const s = stats(samples);
  console.log(
    `alerts: ${accounts.length} accounts, ${campaigns} campaigns × 90 days: ${alerts} alerts (${watch.watchedSeries} series sharing the balanced budget); all accounts judged in p50 ${ms(s.p50)}, max ${ms(s.max)} (target < 2 s)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
