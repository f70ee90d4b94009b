import fs from 'node:fs';
import path from 'node:path';

/**
 * modules/metrics is the only reader of the metric tables (REVIEW 5.1): outside it, sync (the
 * writer), the schema and migrations, no server source names them, in SQL or otherwise. The
 * lint rule in eslint.config.mjs catches imports of metricsDaily/accountDaily; this catches raw
 * SQL. Comments are left out; tests and test fixtures may seed the tables.
 */
const SERVER = path.resolve(__dirname, '../..');
const ALLOWED = ['modules/metrics/', 'modules/sync/', 'db/', 'test/'];
const TABLES = /\b(metrics_daily|account_daily|conversion_observations|metricsDaily|accountDaily|conversionObservations)\b/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixtures)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the metrics seam', () => {
  it('no server source outside modules/metrics and modules/sync reads metrics_daily or account_daily', () => {
    const offenders = sources(SERVER)
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.some((folder) => file.startsWith(folder)))
      .filter((file) => TABLES.test(withoutComments(fs.readFileSync(path.join(SERVER, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('finds a table name in SQL (the check itself works)', () => {
    expect(TABLES.test(withoutComments('sql`select * from account_daily` // metrics_daily'))).toBe(true);
    expect(TABLES.test(withoutComments('/* metrics_daily */ const x = 1; // account_daily'))).toBe(false);
  });
});
