import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { createScratchDatabase } from './test/buildTestApp';
import { buildServer, COMPILED_SERVER, type SpawnedServer, spawnServer } from './test/spawnServer';

/**
 * How Adwise grows past one process (docs/operations.md): API replicas that only serve HTTP
 * (WORKERS=false) and a worker process, all on one PostgreSQL. Two compiled servers start together
 * on an empty database (they take turns migrating it); a request to the API-only one queues a job,
 * and the worker runs it. PGlite is one process's database, so this runs on PostgreSQL only (the
 * CI's second run); on the embedded default it says so and checks nothing.
 */
const adminUrl = process.env.DATABASE_URL;
const onPostgres = adminUrl ? describe : describe.skip;

onPostgres('an API replica and a worker process on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  const servers: SpawnedServer[] = [];

  beforeAll(async () => {
    buildServer();
    scratch = await createScratchDatabase(adminUrl!, 'adwise_replicas');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-replicas-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once between them, and the worker runs what the API replica queues', async () => {
    const shared = {
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      APP_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
    };
    const [api, worker] = await Promise.all([
      spawnServer({ script: COMPILED_SERVER, env: { ...shared, WORKERS: 'false' } }),
      spawnServer({ script: COMPILED_SERVER, env: { ...shared, WORKERS: 'true' } }),
    ]);
    servers.push(api, worker);

    const email = `replica-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Replica-Test-42!';
    const registered = await fetch(`${api.url}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Replica Test', email, password, confirmPassword: password }),
    });
    expect(registered.status).toBe(201);
    const asked = await fetch(`${api.url}/api/forgot-password/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBeLessThan(300);

    // Only the worker process runs jobs: its log says it sent the reset mail, and the mail is in the outbox.
    await worker.waitForLog((line) => line.msg === 'password reset request handled' && line.sent === true);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ subject: string }>('select subject from outbox where to_address = $1', [
        email,
      ]);
      expect(rows.map((row) => row.subject)).toContain('Reset your Adwise password');
      const { rows: migrations } = await client.query<{ count: string }>(
        'select count(*) from drizzle.__drizzle_migrations',
      );
      expect(Number(migrations[0].count)).toBe(
        fs.readdirSync(path.join(__dirname, 'db/migrations')).filter((name) => name.endsWith('.sql')).length,
      );
    } finally {
      await client.end();
    }
  });
});
