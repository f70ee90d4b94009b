import fs from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { PACKAGE_ROOT } from '../lib/packageRoot';
import * as schema from './schema';

/** The Drizzle database, the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Drizzle transaction handle, accepted wherever `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An open database: the Drizzle handle plus what the job queue and health checks need. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The PGlite instance, for the job queue's embedded adapter. */
  pglite?: PGlite;
  /** Connection string, for the job queue's own pool on PostgreSQL. */
  connectionString?: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, 'src/server/db/migrations');
/** Any fixed number: replicas starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = 727_001;
const POOL_SIZE = 10;
/**
 * PGlite's Postgres runs inside WebAssembly memory, which never shrinks, and its shared memory
 * is resident from the start, so every megabyte set aside stays for the life of the process. Its
 * defaults (128 MB of shared buffers, 64 MB for an index build) cost about 110 MiB of RSS more
 * than these (docs/operations.md#memory); the embedded database is small and the data files are
 * still in the OS page cache, so the smaller buffer pool costs little.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite data folder, or "memory://". */
  pgliteDataDir: string;
  /**
   * A PGlite data folder dump (`dumpDataDir`) to start from instead of an empty database: tests
   * start every file from one already migrated in memory. Migrations still run over it (a no-op
   * when it is up to date). Never set in production.
   */
  pgliteTemplate?: Blob;
  /**
   * Told when PostgreSQL drops an idle pooled connection (a restart, a failover, an administrator).
   * The pool replaces the connection on the next query; without a listener the error would end the process.
   */
  onIdleError?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies migrations. */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.onIdleError)
    : connectPglite(options.pgliteDataDir, options.pgliteTemplate);
}

async function connectPglite(dataDir: string, template?: Blob): Promise<Database> {
  if (!dataDir.includes('://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    ...(template ? { loadDataDir: template } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  // PGlite has one connection, so nothing else can race the migration.
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function connectPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  pool.on('error', onIdleError);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    connectionString,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
