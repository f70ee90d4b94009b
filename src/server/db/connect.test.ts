import pg from 'pg';

import { createScratchDatabase } from '../test/buildTestApp';
import { connectDatabase, type Database } from './connect';

// Pooled connections only exist on PostgreSQL; the CI's second run (DATABASE_URL set) exercises this.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a PostgreSQL pool losing its connections', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  const lost: Error[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL as string, 'adwise_conn');
    database = await connectDatabase({
      databaseUrl: scratch.url,
      pgliteDataDir: 'unused',
      onIdleError: (error) => lost.push(error),
    });
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  it('reports an idle connection the server terminated, and answers the next query on a new one', async () => {
    await Promise.all([database.ping(), database.ping(), database.ping()]);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(scratch.url).pathname.slice(1);
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();

    // Each idle client hears of its end on its own; until all have, the pool could still hand out a dead one.
    const deadline = Date.now() + 5000;
    while (lost.length < (terminated.rowCount ?? 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(terminated.rowCount).toBeGreaterThan(0);
    expect(lost).toHaveLength(terminated.rowCount as number);
    expect(lost[0].message).toMatch(/terminating connection/);
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
