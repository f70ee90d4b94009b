/**
 * Sync ingest throughput, on PostgreSQL and on in-memory PGlite:
 *
 *  1. End to end: a sandbox in this process (BENCH_ACCOUNTS accounts per platform), the real app
 *     pointed at it, one user (plan 'agency', so there is no account cap) connecting every
 *     sandbox account on all five platforms through the consent page, then
 *     services.sync.syncConnection(id, 'backfill') for each connection: 90 days of campaign and
 *     ad rows. Unified rows written per second, sandbox HTTP and client parsing included.
 *  2. Database only: the same reports fetched once into memory, then writeWindow (one
 *     transaction per account and level, as the sync does) timed on its own, until at least
 *     BENCH_DB_ROWS rows are written: first as fresh inserts under copies of the accounts (new
 *     account refs), then the same rows again over the now existing keys (the upsert path).
 *
 * Figures, not a test: nothing asserts on them.
 *
 *   npx tsx bench/ingest.bench.ts
 *   BENCH_ACCOUNTS=8 BENCH_DB_ROWS=200000 BENCH_DATABASE_URL=postgres://… BENCH_ONLY=postgres|pglite
 *   BENCH_COLD=1   (count the sandbox's first computation of its synthetic world in the end-to-end time)
 */
import { addDays, localDay } from '@shared/days';
import { sql } from 'drizzle-orm';

import { type RunningSandbox, startSandbox } from '../src/sandbox/sandbox';
import { buildApp } from '../src/server/app';
import { executeRows } from '../src/server/db/connect';
import { writeWindow } from '../src/server/modules/sync/ingest.queries';
import { BACKFILL_DAYS, SYNC_CONCURRENCY } from '../src/server/modules/sync/sync.service';
import { sandboxSettings } from '../src/server/platforms/settings';
import type { ReportLevel, UnifiedMetricRow } from '../src/server/platforms/types';
import { testConfig } from '../src/server/test/buildTestApp';
import { connectVia } from '../src/server/test/connect';
import { signUp } from '../src/server/test/factories';
import { recordingRuntime } from '../src/server/test/platforms';
import { type Platform, PLATFORMS } from '../src/shared/constants';
import { createScratchDatabase, runOnBothDatabases } from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ACCOUNTS_PER_PLATFORM = Number(process.env.BENCH_ACCOUNTS ?? 8);
const DB_ROWS = Number(process.env.BENCH_DB_ROWS ?? 200_000);
const SEED = Number(process.env.BENCH_SEED ?? 23);
const ONLY = process.env.BENCH_ONLY;
/** Leave the sandbox's synthetic world uncomputed, so its generation counts in the end-to-end time. */
const COLD = process.env.BENCH_COLD === '1';
const TARGET_ROWS_PER_SECOND = 20_000;

type Kind = 'postgres' | 'pglite';

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
const fmt = (n: number) => n.toLocaleString('en-US');

interface Account {
  id: string;
  connection_id: string;
  platform: Platform;
  account_id: string;
  name: string;
  currency: string;
  time_zone: string;
}

interface Window {
  account: Account;
  level: ReportLevel;
  since: string;
  until: string;
  rows: UnifiedMetricRow[];
}

async function benchOne(kind: Kind): Promise<string[]> {
  // A sandbox of its own per database, so neither run finds the other's reports already computed.
  const sandbox: RunningSandbox = await startSandbox({
    seed: SEED,
    accountsPerPlatform: ACCOUNTS_PER_PLATFORM,
    sleep: async () => {},
  });
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adwise_bench') : undefined;
  const runtime = recordingRuntime();
  const config = testConfig({
    databaseUrl: scratch?.url,
    pgliteDataDir: 'memory://',
    logLevel: 'silent',
    workers: false,
    platforms: sandboxSettings(sandbox.url),
    sandbox: { mode: 'external', url: sandbox.url },
  });
  const app = await buildApp(config, {
    workers: false,
    schedules: false,
    mailTransport: null,
    platformRuntime: runtime,
  });
  await app.ready();
  const db = app.ctx.db;
  const out: string[] = [];
  const say = (line: string) => {
    console.log(line);
    out.push(line);
  };
  try {
    const user = await signUp(app, { timeZone: 'UTC' });
    await db.execute(sql`update users set plan = 'agency' where email = ${user.email}`);
    for (const platform of PLATFORMS) {
      await connectVia(app, user, platform, {
        accountIds: sandbox.world.accounts(platform).map((account) => account.id),
      });
    }
    const connections = await executeRows<{ id: string; platform: Platform }>(
      db,
      sql`select c.id, c.platform from platform_connections c join workspaces w on w.id = c.workspace_id join users u on u.id = w.personal_of where u.email = ${user.email} order by c.created_at`,
    );
    const accounts = await executeRows<Account>(
      db,
      sql`select a.id, a.connection_id, a.platform, a.account_id, a.name, a.currency, a.time_zone
          from connected_ad_accounts a join workspaces w on w.id = a.workspace_id join users u on u.id = w.personal_of where u.email = ${user.email} order by a.created_at, a.account_id`,
    );

    // The sandbox's synthetic world is computed on first read and cached; that is the emulator's
    // cost, not the product's, so it is done before the clock starts (BENCH_COLD=1 to include it).
    if (!COLD) {
      const started = performance.now();
      const today = new Date().toISOString().slice(0, 10);
      for (const platform of PLATFORMS) {
        for (const account of sandbox.world.accounts(platform))
          sandbox.world.rows(platform, account.id, addDays(today, -(BACKFILL_DAYS + 1)), addDays(today, 1), 'ad');
      }
      console.log(
        `${kind.padEnd(9)}   sandbox world pre-computed in ${((performance.now() - started) / 1000).toFixed(2)} s (not timed)`,
      );
    }

    // 1. End to end. Time spent inside platform calls (sandbox HTTP, paging, client parsing) is
    // added up by wrapping connections.use, which the sync service calls for every platform read.
    const connectionsService = app.services.connections;
    const use = connectionsService.use;
    let platformMs = 0;
    connectionsService.use = (async (...args: Parameters<typeof use>) => {
      const started = performance.now();
      try {
        return await use(...args);
      } finally {
        platformMs += performance.now() - started;
      }
    }) as typeof use;
    const perPlatform: { platform: string; rows: number; ms: number }[] = [];
    let e2eRows = 0;
    const e2eStarted = performance.now();
    for (const connection of connections) {
      const started = performance.now();
      const outcome = await app.services.sync.syncConnection(connection.id, 'backfill');
      if (outcome.status !== 'done') throw new Error(`sync of ${connection.platform} ended ${JSON.stringify(outcome)}`);
      perPlatform.push({ platform: connection.platform, rows: outcome.rows, ms: performance.now() - started });
      e2eRows += outcome.rows;
    }
    const e2eMs = performance.now() - e2eStarted;
    const [stored] = await executeRows<{ campaign: string; ad: string }>(
      db,
      sql`select count(*) filter (where level = 'campaign') as campaign, count(*) filter (where level = 'ad') as ad from metrics_daily`,
    );
    say(
      `${kind.padEnd(9)} end to end   ${connections.length} connections, ${accounts.length} accounts, ${BACKFILL_DAYS}-day backfill: ${fmt(e2eRows)} rows ` +
        `(${fmt(Number(stored!.campaign))} campaign + ${fmt(Number(stored!.ad))} ad in metrics_daily) in ${(e2eMs / 1000).toFixed(2)} s = ${fmt(rate(e2eRows, e2eMs))} rows/s` +
        `  (target ≥ ${fmt(TARGET_ROWS_PER_SECOND)} rows/s on PostgreSQL${kind === 'postgres' ? `: ${rate(e2eRows, e2eMs) >= TARGET_ROWS_PER_SECOND ? 'met' : 'MISSED'}` : ''})`,
    );
    console.log(
      `${kind.padEnd(9)}   per platform: ${perPlatform.map((p) => `${p.platform} ${fmt(p.rows)} rows ${(p.ms / 1000).toFixed(2)} s (${fmt(rate(p.rows, p.ms))}/s)`).join(', ')}` +
        `${runtime.sleeps.length ? `; client waits asked for (not slept): ${runtime.sleeps.length}` : ''}`,
    );
    say(
      `${kind.padEnd(9)}   platform calls (sandbox in this process, HTTP, client parsing) took ${(platformMs / 1000).toFixed(2)} s summed; ` +
        `they overlap each other and the database writes, so this is more than their share of the ${(e2eMs / 1000).toFixed(2)} s`,
    );

    // 1b. As the worker runs them: SYNC_CONCURRENCY sync jobs at once (the rows exist now, so every write is an upsert).
    const pending = [...connections];
    let poolRows = 0;
    const poolStarted = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(SYNC_CONCURRENCY, pending.length) }, async () => {
        for (let connection = pending.shift(); connection; connection = pending.shift()) {
          const outcome = await app.services.sync.syncConnection(connection.id, 'backfill');
          if (outcome.status !== 'done')
            throw new Error(`sync of ${connection.platform} ended ${JSON.stringify(outcome)}`);
          poolRows += outcome.rows;
        }
      }),
    );
    const poolMs = performance.now() - poolStarted;
    say(
      `${kind.padEnd(9)} end to end   ${SYNC_CONCURRENCY} sync jobs at once (the worker's concurrency), same 90 days again (upserts): ${fmt(poolRows)} rows in ` +
        `${(poolMs / 1000).toFixed(2)} s = ${fmt(rate(poolRows, poolMs))} rows/s  (target ≥ ${fmt(TARGET_ROWS_PER_SECOND)} rows/s on PostgreSQL${kind === 'postgres' ? `: ${rate(poolRows, poolMs) >= TARGET_ROWS_PER_SECOND ? 'met' : 'MISSED'}` : ''})`,
    );

    connectionsService.use = use;

    // 2. Database only: fetch every window once, then time writeWindow alone.
    const windows: Window[] = [];
    const fetchStarted = performance.now();
    for (const account of accounts) {
      const client = app.services.connections.client(account.connection_id, account.platform);
      const platformAccount = {
        id: account.account_id,
        name: account.name,
        currency: account.currency,
        timeZone: account.time_zone,
      };
      const until = localDay(new Date(), account.time_zone);
      const since = addDays(until, -(BACKFILL_DAYS - 1));
      for (const level of ['campaign', 'ad'] as const) {
        windows.push({
          account,
          level,
          since,
          until,
          rows: await client.report(platformAccount, { level, since, until }),
        });
      }
    }
    const fetchMs = performance.now() - fetchStarted;
    const perPass = windows.reduce((total, w) => total + w.rows.length, 0);
    const copies = Math.max(1, Math.ceil(DB_ROWS / perPass));
    console.log(
      `${kind.padEnd(9)}   fetched ${fmt(perPass)} rows from the sandbox in ${(fetchMs / 1000).toFixed(2)} s (${fmt(rate(perPass, fetchMs))} rows/s, no database); ` +
        `writing them under ${copies} copies of the ${accounts.length} accounts`,
    );

    // Copies of the accounts (same connection, new account refs) so the first pass inserts fresh keys.
    const refs: Map<string, string>[] = [];
    for (let copy = 0; copy < copies; copy += 1) {
      const created = await executeRows<{ id: string; platform: string; account_id: string }>(
        db,
        sql`insert into connected_ad_accounts (workspace_id, connection_id, platform, account_id, name, currency, time_zone)
            select a.workspace_id, a.connection_id, a.platform, a.account_id || ${`#copy${copy}`}, a.name, a.currency, a.time_zone
            from connected_ad_accounts a where a.id = any(${sql.param(accounts.map((a) => a.id))}::uuid[])
            returning id, platform, account_id`,
      );
      const sourceOf = new Map(accounts.map((a) => [`${a.platform}/${a.account_id}#copy${copy}`, a.id]));
      refs.push(new Map(created.map((row) => [sourceOf.get(`${row.platform}/${row.account_id}`)!, row.id])));
    }

    const pass = async () => {
      let written = 0;
      const started = performance.now();
      for (const copyRefs of refs) {
        for (const w of windows) {
          const accountRef = copyRefs.get(w.account.id)!;
          written += await db.transaction((tx) =>
            writeWindow(tx, { accountRef, level: w.level, since: w.since, until: w.until }, w.rows),
          );
        }
      }
      return { written, ms: performance.now() - started };
    };
    const inserts = await pass();
    say(
      `${kind.padEnd(9)} db only      writeWindow, fresh keys (insert):           ${fmt(inserts.written)} rows in ${(inserts.ms / 1000).toFixed(2)} s = ${fmt(rate(inserts.written, inserts.ms))} rows/s` +
        `  (${windows.length * copies} transactions)`,
    );
    const upserts = await pass();
    say(
      `${kind.padEnd(9)} db only      writeWindow, same keys again (upsert/update): ${fmt(upserts.written)} rows in ${(upserts.ms / 1000).toFixed(2)} s = ${fmt(rate(upserts.written, upserts.ms))} rows/s`,
    );
  } finally {
    await app.close();
    await sandbox.close();
    await scratch?.drop();
  }
  return out;
}

function main() {
  console.log(
    `ingest bench: in-process sandbox (seed ${SEED}, ${ACCOUNTS_PER_PLATFORM} accounts per platform, world ${COLD ? 'computed during the sync' : 'pre-computed'}), ` +
      `${BACKFILL_DAYS}-day backfill, syncs one connection at a time; database-only part writes ≥ ${fmt(DB_ROWS)} rows per pass`,
  );
  runOnBothDatabases(PG_URL, ONLY, benchOne);
}

main();
