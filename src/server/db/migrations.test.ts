import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { createScratchDatabase } from '../test/buildTestApp';
import { connectDatabase, type Database, type DbOrTx, executeRows } from './connect';

const MIGRATIONS = path.join(__dirname, 'migrations');
/** The last migration before workspaces: the database a running product had before issue 12. */
const BEFORE_WORKSPACES = '0006_rate_limits';

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-migrations-'));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (cut < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, cut + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Two users as the product stored them before workspaces: one with two connections and their data, one without. */
async function seedBeforeWorkspaces(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, full_name, password_hash, plan, display_currency) values
      ('00000000-0000-4000-8000-000000000001', 'ana@example.com', 'Ana Agency', 'x', 'agency', 'USD'),
      ('00000000-0000-4000-8000-000000000002', 'bo@example.com', 'Bo', 'x', 'starter', 'INR')`);
  await db.execute(sql`
    insert into platform_connections (id, user_id, platform, status, sealed_tokens) values
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'google', 'active', 'sealed-1'),
      ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-000000000001', 'meta', 'needs_reconnect', 'sealed-2')`);
  await db.execute(sql`
    insert into connected_ad_accounts (id, user_id, connection_id, platform, account_id, name, currency, time_zone) values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000c1', 'google', '111', 'Shop', 'USD', 'UTC'),
      ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000c2', 'meta', 'act_2', 'Brand', 'EUR', 'UTC')`);
  await db.execute(sql`
    insert into campaigns (id, user_id, account_ref, platform, campaign_id, name, status, daily_budget_minor, currency) values
      ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'google', 'g1', 'Search', 'ACTIVE', 5000, 'USD')`);
  await db.execute(sql`
    insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select '00000000-0000-4000-8000-0000000000a1', 'campaign', 'g1', d::date, 'g1', 'USD', 1234, 1000, 50, 2.5, 9000
      from generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d`);
  await db.execute(sql`
    insert into account_daily (account_ref, day, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select '00000000-0000-4000-8000-0000000000a1', d::date, 'USD', 1234, 1000, 50, 2.5, 9000
      from generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d`);
  await db.execute(sql`
    insert into sync_state (connection_id, user_id, status, last_synced_at) values
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'idle', '2026-02-01T00:00:00Z')`);
  await db.execute(sql`
    insert into oauth_states (state_hash, user_id, platform, expires_at) values
      ('state-1', '00000000-0000-4000-8000-000000000001', 'x', now() + interval '5 minutes')`);
}

/** The set-up's own limit: it builds real databases from scratch, which the default does not allow for under load. */
const SETUP_TIMEOUT_MS = 180_000;

const count = async (db: DbOrTx, table: string) =>
  Number((await executeRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0].n);

/**
 * A database migrated up to `lastTag`, seeded as the product then stored its data, then opened as
 * the product opens it (every later migration runs): on PostgreSQL with DATABASE_URL, else PGlite.
 */
async function migratedFrom(
  lastTag: string,
  seed: (db: DbOrTx) => Promise<void>,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const early = migrationsUpTo(lastTag);
  try {
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'adwise_mig');
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const old = drizzlePg({ client });
      await migratePg(old, { migrationsFolder: early });
      await seed(old as unknown as DbOrTx);
      await client.end();
      const database = await connectDatabase({ databaseUrl: scratch.url, pgliteDataDir: 'unused' });
      return { database, cleanup: scratch.drop };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwise-pglite-'));
    const client = new PGlite(dir);
    const old = drizzlePglite({ client });
    await migratePglite(old, { migrationsFolder: early });
    await seed(old as unknown as DbOrTx);
    await client.close();
    const database = await connectDatabase({ pgliteDataDir: dir });
    return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  } finally {
    fs.rmSync(early, { recursive: true, force: true });
  }
}

describe('migration 0007 (workspaces) on a database with data from before it', () => {
  let database: Database;
  let cleanup: () => Promise<void> = async () => {};

  // Two databases on disk made from nothing (initdb each) and every migration: on a loaded
  // 2-core CI machine this set-up alone has taken over the default 60 s.
  beforeAll(async () => {
    ({ database, cleanup } = await migratedFrom(BEFORE_WORKSPACES, seedBeforeWorkspaces));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  it('gives every user a personal workspace they own, made their current one', async () => {
    const rows = await executeRows<{ email: string; name: string; role: string; current: boolean }>(
      database.db,
      sql`select u.email, w.name, m.role, u.current_workspace_id = w.id as current
          from users u join workspaces w on w.personal_of = u.id join workspace_members m on m.workspace_id = w.id and m.user_id = u.id
          order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'ana@example.com', name: 'Ana Agency’s workspace', role: 'owner', current: true },
      { email: 'bo@example.com', name: 'Bo’s workspace', role: 'owner', current: true },
    ]);
    expect(await count(database.db, 'workspaces')).toBe(2);
    expect(await count(database.db, 'workspace_members')).toBe(2);
  });

  it('moves every connection, account, campaign, sync state and OAuth state into its owner’s personal workspace, losing nothing', async () => {
    const misplaced = await executeRows<{ table: string; n: string }>(
      database.db,
      sql`with ana as (select id from workspaces where personal_of = '00000000-0000-4000-8000-000000000001')
          select 'platform_connections' as table, count(*) as n from platform_connections where workspace_id <> (select id from ana)
          union all select 'connected_ad_accounts', count(*) from connected_ad_accounts where workspace_id <> (select id from ana)
          union all select 'campaigns', count(*) from campaigns where workspace_id <> (select id from ana)
          union all select 'sync_state', count(*) from sync_state where workspace_id <> (select id from ana)
          union all select 'oauth_states', count(*) from oauth_states where workspace_id <> (select id from ana)`,
    );
    expect(misplaced.map((row) => [row.table, Number(row.n)])).toEqual([
      ['platform_connections', 0],
      ['connected_ad_accounts', 0],
      ['campaigns', 0],
      ['sync_state', 0],
      ['oauth_states', 0],
    ]);
    expect(await count(database.db, 'platform_connections')).toBe(2);
    expect(await count(database.db, 'connected_ad_accounts')).toBe(2);
    expect(await count(database.db, 'campaigns')).toBe(1);
    expect(await count(database.db, 'metrics_daily')).toBe(31);
    expect(await count(database.db, 'account_daily')).toBe(31);
    expect(await count(database.db, 'sync_state')).toBe(1);
    expect(await count(database.db, 'oauth_states')).toBe(1);
    const [kept] = await executeRows<{ status: string; sealed_tokens: string; spend: string; last_synced_at: Date }>(
      database.db,
      sql`select c.status, c.sealed_tokens, (select sum(spend_minor) from metrics_daily) as spend, s.last_synced_at
          from platform_connections c join sync_state s on s.connection_id = c.id where c.platform = 'google'`,
    );
    expect(kept).toMatchObject({ status: 'active', sealed_tokens: 'sealed-1', spend: String(1234 * 31) });
    expect(new Date(kept.last_synced_at).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('keeps user_id off the moved tables, and workspace_id required', async () => {
    const columns = await executeRows<{ table_name: string; column_name: string; is_nullable: string }>(
      database.db,
      sql`select table_name, column_name, is_nullable from information_schema.columns
          where table_name in ('platform_connections', 'connected_ad_accounts', 'campaigns', 'sync_state') and column_name in ('user_id', 'workspace_id')
          order by table_name`,
    );
    expect(columns).toEqual([
      { table_name: 'campaigns', column_name: 'workspace_id', is_nullable: 'NO' },
      { table_name: 'connected_ad_accounts', column_name: 'workspace_id', is_nullable: 'NO' },
      { table_name: 'platform_connections', column_name: 'workspace_id', is_nullable: 'NO' },
      { table_name: 'sync_state', column_name: 'workspace_id', is_nullable: 'NO' },
    ]);
  });
});

describe('migration 0034 (running rows stop at each campaign’s last) on a database with data from before it', () => {
  const W = '00000000-0000-4000-8000-0000000000f1';
  const ACCOUNT = '00000000-0000-4000-8000-0000000000f2';
  let database: Database;
  let cleanup: () => Promise<void> = async () => {};

  /** One account with a campaign that ran all January and one that stopped on the 10th. */
  async function seedRunningTotals(db: DbOrTx) {
    await db.execute(sql`insert into workspaces (id, name) values (${W}, 'Before 0034')`);
    await db.execute(sql`insert into platform_connections (id, workspace_id, platform, sealed_tokens)
      values ('00000000-0000-4000-8000-0000000000f3', ${W}, 'google', 'x')`);
    await db.execute(sql`insert into connected_ad_accounts (id, workspace_id, connection_id, platform, account_id, name, currency, time_zone)
      values (${ACCOUNT}, ${W}, '00000000-0000-4000-8000-0000000000f3', 'google', '1', 'Shop', 'USD', 'UTC')`);
    await db.execute(sql`
      insert into metrics_daily (account_ref, level, entity_id, day, campaign_id, currency, spend_minor, impressions, clicks, conversions, conversion_value_minor)
      select ${ACCOUNT}::uuid, 'campaign', c, d::date, c, 'USD', 100, 1000, 10, 1, 500
      from unnest(array['runs', 'stopped']) c, generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d
      where c = 'runs' or d <= '2026-01-10'`);
    // Before 0034 the stopped campaign is carried to the account's last day.
    expect(await count(db, `campaign_running where campaign_id = 'stopped'`)).toBe(31);
  }

  beforeAll(async () => {
    ({ database, cleanup } = await migratedFrom('0033_campaign_running', seedRunningTotals));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  it('drops the rows a stopped campaign carried to the account’s last day and keeps its sums as its last row', async () => {
    const spans = await executeRows<{ campaign_id: string; last: string; days: string }>(
      database.db,
      sql`select campaign_id, max(day)::text as last, count(*) as days from campaign_running group by campaign_id order by campaign_id`,
    );
    expect(spans.map((r) => [r.campaign_id, r.last, Number(r.days)])).toEqual([
      ['runs', '2026-01-31', 31],
      ['stopped', '2026-01-10', 10],
    ]);
    const last = await executeRows<{ campaign_id: string; day: string; spend: string; clicks: string }>(
      database.db,
      sql`select campaign_id, day::text as day, spend_minor as spend, clicks from campaign_running_last order by campaign_id`,
    );
    expect(last.map((r) => [r.campaign_id, r.day, Number(r.spend), Number(r.clicks)])).toEqual([
      ['runs', '2026-01-31', 3100, 310],
      ['stopped', '2026-01-10', 1000, 100],
    ]);
  });
});
