import path from 'node:path';

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { templateKey } from './pgliteTemplate';

/**
 * On PostgreSQL, one migrated database the test apps' scratch databases are copied from
 * (CREATE DATABASE ... TEMPLATE), instead of each test file migrating its own. jest's globalSetup
 * makes it and names it in ADWISE_TEST_PG_TEMPLATE for the workers; globalTeardown drops it.
 * connectDatabase still runs the migrator over each copy (nothing to apply); the files that test
 * migrations or connections themselves start from an empty database as before.
 */
export const PG_TEMPLATE_ENV = 'ADWISE_TEST_PG_TEMPLATE';

// As db/connect.ts migrates; not imported from there (globalSetup resolves no path aliases).
const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'db', 'migrations');

async function admin<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates and migrates the template; returns its name. */
export async function createPostgresTemplate(baseUrl: string): Promise<string> {
  const name = `adwise_template_${templateKey()}_${process.pid}`;
  await admin(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // A template may have no open connection while it is copied.
    await client.end();
  }
  return name;
}

export async function dropPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
