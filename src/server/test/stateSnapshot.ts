import { type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../db/connect';

/**
 * Snapshots of what a test must see unchanged, read in one statement. Each part is every column
 * of every matching row as one JSON text, so any change to any row shows; reading all parts in
 * one round trip keeps matrices that snapshot before and after each of hundreds of calls fast.
 */

/**
 * The rows of `table` that `where` matches, every column, as one JSON text ('[]' for none), in a
 * stable order: by `orderBy`, or by the whole row's text for tables without an id.
 */
export function rowsJson(table: PgTable, where: SQL | undefined, orderBy?: SQL | PgColumn): SQL {
  return sql`(select coalesce(json_agg(${table} order by ${orderBy ?? sql`${table}::text`})::text, '[]') from ${table} where ${where})`;
}

/** A statement rendered once: its text and parameters, as the driver takes them. */
type Rendered = { sql: string; params: unknown[] };
/** What both drivers' clients (PGlite, node-postgres' pool) answer a query with. */
type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

const rendered = new WeakMap<Db, Map<string, Rendered>>();

/**
 * Evaluates each named expression in one statement; the values come back as the driver reads them.
 * The statement is rendered once per `key` (`parts` is called only then) and afterwards only run:
 * matrices snapshot before and after each of hundreds of calls, and rendering their 30-odd parts'
 * SQL through Drizzle each time took 7 of the authorization suite's 43 s. So a key must name one
 * set of parts with one set of values (a workspace's id, say).
 */
export async function selectParts<K extends string>(
  db: Db,
  key: string,
  parts: () => Record<K, SQL>,
): Promise<Record<K, unknown>> {
  let byKey = rendered.get(db);
  if (!byKey) rendered.set(db, (byKey = new Map()));
  let statement = byKey.get(key);
  if (!statement) {
    const columns = Object.entries<SQL>(parts()).map(
      ([name, expression]) => sql`${expression} as ${sql.identifier(name)}`,
    );
    statement = new PgDialect().sqlToQuery(sql`select ${sql.join(columns, sql`, `)}`);
    byKey.set(key, statement);
  }
  const client = (db as unknown as { $client: RawClient }).$client;
  const { rows } = await client.query(statement.sql, statement.params);
  return rows[0] as Record<K, unknown>;
}
