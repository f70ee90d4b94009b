import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import { type DbOrTx, executeRows } from '../db/connect';

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

/** Evaluates each named expression in one statement; the values come back as the driver reads them. */
export async function selectParts<K extends string>(db: DbOrTx, parts: Record<K, SQL>): Promise<Record<K, unknown>> {
  const columns = Object.entries<SQL>(parts).map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`);
  const [row] = await executeRows<Record<K, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return row!;
}
