import type { IsoDay } from '@shared/days';
import { asc, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { exchangeRates } from '../../db/schema';

/** The imported exchange rates: units of a currency per US dollar, one per currency and day. */

/** Every rate of the currencies, by currency then day. */
export async function ratesOf(db: DbOrTx, currencies: string[]) {
  return db
    .select({ currency: exchangeRates.currency, day: exchangeRates.day, perUsd: exchangeRates.perUsd })
    .from(exchangeRates)
    .where(inArray(exchangeRates.currency, currencies))
    .orderBy(asc(exchangeRates.currency), asc(exchangeRates.day));
}

/** Adds or replaces rates (one per currency and day). */
export async function upsertRates(
  db: DbOrTx,
  rows: { currency: string; day: IsoDay; perUsd: number }[],
): Promise<void> {
  await db.execute(sql`
    insert into exchange_rates (currency, day, per_usd)
    select * from unnest(${sql.param(rows.map((r) => r.currency))}::text[], ${sql.param(rows.map((r) => r.day))}::date[], ${sql.param(rows.map((r) => r.perUsd))}::float8[])
    on conflict (currency, day) do update set per_usd = excluded.per_usd
  `);
}
