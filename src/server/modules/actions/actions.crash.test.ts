import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { actions, campaigns, connectedAdAccounts } from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, createScratchDatabase } from '../../test/buildTestApp';
import { connectionOf } from '../../test/connect';
import { type SpawnedServer, spawnServer } from '../../test/spawnServer';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import type { JournalStep } from './actions.steps';

/**
 * The real server process killed (SIGKILL) in the middle of a budget change on PostgreSQL: the
 * platform is left half written, the action `applying`. A new process on the same database
 * settles it from what the platform holds, within a minute of starting, and the platform and the
 * actions log agree again. Only on PostgreSQL (DATABASE_URL), as CI's second pass runs it: a
 * killed PGlite process is not a database another process can open.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a server killed in the middle of a change', () => {
  const PLATFORM = 'google';
  const appSecret = randomBytes(48).toString('base64url');
  const encryptionKey = randomBytes(32);
  let sandbox: RunningSandbox;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: pg.Pool;
  let dataDir: string;
  let server: SpawnedServer | undefined;
  let auth: Record<string, string>;
  let account: typeof connectedAdAccounts.$inferSelect;

  const db = () => drizzle(pool);
  const env = () => ({
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-spa'),
    DATABASE_URL: scratch.url,
    SANDBOX_URL: sandbox.url,
    APP_SECRET: appSecret,
    ENCRYPTION_KEY: encryptionKey.toString('base64'),
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42 });
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'adwise_crash');
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-crash-'));
    // The workspace, its Google Ads account and its 90 days, made by an app in this process on the
    // database the server processes will use, with the same secrets.
    const prep = await buildTestApp({
      workers: false,
      config: {
        databaseUrl: scratch.url,
        appSecret,
        encryptionKey,
        platforms: sandboxSettings(sandbox.url),
        sandbox: { mode: 'external', url: sandbox.url },
      },
    });
    try {
      const { user } = await syncedTenant(prep, sandbox, PLATFORM, 0);
      auth = user.auth;
      const connection = await connectionOf(prep.app, user, PLATFORM);
      [account] = await prep.app.ctx.db
        .select()
        .from(connectedAdAccounts)
        .where(eq(connectedAdAccounts.connectionId, connection.id));
    } finally {
      await prep.close();
    }
  }, SYNCED_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await pool?.end();
    await scratch?.drop();
    await sandbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const budget = (id: string) => sandbox.world.dailyBudgetMinor(PLATFORM, id);
  const until = async (test: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await test()) return true;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    return test();
  };

  it(
    'leaves the platform half written and the action applying; the next process settles it within a minute, and they agree',
    async () => {
      const stored = await db()
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.accountRef, account.id), eq(campaigns.status, 'ACTIVE')));
      const [source, target] = stored
        .filter((c) => c.dailyBudgetMinor)
        .map((c) => ({ id: c.campaignId, budget: budget(c.campaignId) }));
      const changes = [
        { campaign_id: source.id, from: source.budget, to: source.budget - 1_000 },
        { campaign_id: target.id, from: target.budget, to: target.budget + 1_000 },
      ];

      server = await spawnServer({ env: env() });
      // Every call to Google Ads takes 2 s: the process is killed while the second write is on its way.
      sandbox.faults.add({ platform: PLATFORM, kind: 'slow', times: 10_000, delayMs: 2_000 });
      const apply = fetch(`${server.url}/api/optimizer/apply/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ account: account.id, changes, objective: 'conversions', max_step: 0.3 }),
      }).catch((error: unknown) => error);
      expect(await until(() => budget(source.id) !== source.budget, 60_000)).toBe(true);
      server.child.kill('SIGKILL');
      await server.exited;
      await apply;
      sandbox.faults.clear();

      // Half written at the platform, and recorded as a change under way (not lost).
      expect([budget(source.id), budget(target.id)]).toEqual([source.budget - 1_000, target.budget]);
      const [interrupted] = await db().select().from(actions).where(eq(actions.accountRef, account.id));
      expect(interrupted.status).toBe('applying');

      server = await spawnServer({ env: env() });
      const restartedAt = Date.now();
      const settled = await until(
        async () => {
          const [row] = await db().select().from(actions).where(eq(actions.id, interrupted.id));
          return row.status !== 'applying';
        },
        60_000,
        500,
      );
      const seconds = (Date.now() - restartedAt) / 1000;
      expect({ settled, withinAMinute: seconds < 60 }).toEqual({ settled: true, withinAMinute: true });

      const [row] = await db().select().from(actions).where(eq(actions.id, interrupted.id));
      expect(row.status).toBe('failed');
      expect(row.note).toMatch(
        /^Checked at Google Ads after the write was interrupted: it had been made only in part, so Adwise set back what it had written\.$/,
      );
      const steps = row.steps as JournalStep[];
      expect(steps.map((step) => budget(step.entity_id))).toEqual(
        steps.map((step) => (step.at === 'to' ? step.to : step.from)),
      );
      expect([budget(source.id), budget(target.id)]).toEqual([source.budget, target.budget]);

      // The log says the same to a person.
      const log = await fetch(`${server.url}/api/actions/${row.id}/`, { headers: auth });
      expect(log.status).toBe(200);
      expect(await log.json()).toMatchObject({ status: 'failed', can_undo: false, can_retry: false, note: row.note });
    },
    SYNCED_SETUP_TIMEOUT_MS,
  );
});
