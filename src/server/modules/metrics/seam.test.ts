import { serverSources, sourceText, withoutComments } from '../../test/serverSources';

/**
 * modules/metrics is the only reader of the metric tables (docs/architecture.md): outside it, sync (the
 * writer), the schema and migrations, no server source names them, in SQL or otherwise. The
 * lint rule in eslint.config.mjs catches imports of metricsDaily/accountDaily; this catches raw
 * SQL. Comments are left out; tests and test fixtures may seed the tables.
 */
const ALLOWED = ['modules/metrics/', 'modules/sync/', 'db/', 'test/'];
const TABLES =
  /\b(metrics_daily|account_daily|campaign_monthly|campaign_running|campaign_running_last|conversion_observations|metricsDaily|accountDaily|campaignMonthly|campaignRunning|campaignRunningLast|conversionObservations)\b/;

describe('the metrics seam', () => {
  it('no server source outside modules/metrics and modules/sync reads metrics_daily, account_daily, campaign_monthly, campaign_running or campaign_running_last', () => {
    const offenders = serverSources()
      .filter((file) => !ALLOWED.some((folder) => file.startsWith(folder)))
      .filter((file) => TABLES.test(sourceText(file)));
    expect(offenders).toEqual([]);
  });

  it('finds a table name in SQL (the check itself works)', () => {
    expect(TABLES.test(withoutComments('sql`select * from account_daily` // metrics_daily'))).toBe(true);
    expect(TABLES.test(withoutComments('/* metrics_daily */ const x = 1; // account_daily'))).toBe(false);
  });
});
