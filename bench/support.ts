import pg from 'pg';

/** Why PostgreSQL at `url` cannot be used (the bench then skips its PostgreSQL half), or undefined when it answers. */
export async function postgresUnreachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export { createScratchDatabase } from '../src/server/test/buildTestApp';

/**
 * Runs a bench on PostgreSQL (when reachable) then PGlite, as BENCH_ONLY allows, and prints the
 * summary lines each run returned. Exits non-zero on an error.
 */
export function runOnBothDatabases(pgUrl: string, only: string | undefined, benchOne: (kind: 'postgres' | 'pglite') => Promise<string[]>): void {
  (async () => {
    const summary: string[] = [];
    if (only !== 'pglite') {
      const problem = await postgresUnreachable(pgUrl);
      if (problem) console.log(`postgres  skipped: ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} is unreachable (${problem})`);
      else summary.push(...(await benchOne('postgres')));
    }
    if (only !== 'postgres') summary.push(...(await benchOne('pglite')));
    console.log('\nsummary');
    for (const line of summary) console.log(line);
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
