import { addDays, daysInRange, isCalendarDay, type IsoDay } from '@shared/days';
import { minorDigits } from '@shared/money';
import { type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { ratesOf, upsertRates } from './rates.queries';

/** One imported rate: units of `currency` per US dollar on `day`. */
export interface RateRow {
  currency: string;
  day: IsoDay;
  perUsd: number;
}

/**
 * Money conversion factors for a window: for each (currency, day), the number that turns an
 * amount in minor units of `currency` into major units of the display currency, using the
 * latest rate on or before that day for both (the earliest rate when the day predates them all).
 */
export interface ConversionFactors {
  currencies: string[];
  days: IsoDay[];
  factors: number[];
  /** Currencies (of rows) with no rate at all; their money is left out and named. */
  missing: string[];
}

/** Latest rate on or before `day` in an ascending list; the first when `day` is earlier than all. */
function rateOn(sorted: RateRow[], day: IsoDay): number {
  let found = sorted[0]!.perUsd;
  for (const row of sorted) {
    if (row.day > day) break;
    found = row.perUsd;
  }
  return found;
}

/** Factors for every currency of `sourceCurrencies` and every day from `from` to `to`. */
export async function conversionFactors(
  db: DbOrTx,
  sourceCurrencies: string[],
  display: string,
  from: IsoDay,
  to: IsoDay,
): Promise<ConversionFactors> {
  const wanted = [...new Set([...sourceCurrencies, display])];
  const rows = wanted.length ? await ratesOf(db, wanted) : [];
  const byCurrency = new Map<string, RateRow[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency) ?? [];
    list.push(row);
    byCurrency.set(row.currency, list);
  }
  const result: ConversionFactors = { currencies: [], days: [], factors: [], missing: [] };
  const displayRates = byCurrency.get(display);
  const sources = [...new Set(sourceCurrencies)];
  if (!displayRates) {
    result.missing = sources.filter((currency) => currency !== display);
    // Without a rate for the display currency only same-currency money can be shown.
    if (sources.includes(display)) pushDays(result, display, from, to, () => 1 / 10 ** minorDigits(display));
    return result;
  }
  for (const currency of sources) {
    const sourceRates = byCurrency.get(currency);
    if (!sourceRates) {
      result.missing.push(currency);
      continue;
    }
    const scale = 10 ** minorDigits(currency);
    pushDays(result, currency, from, to, (day) =>
      currency === display ? 1 / scale : rateOn(displayRates, day) / rateOn(sourceRates, day) / scale,
    );
  }
  return result;
}

function pushDays(
  result: ConversionFactors,
  currency: string,
  from: IsoDay,
  to: IsoDay,
  factor: (day: IsoDay) => number,
) {
  const count = daysInRange(from, to);
  for (let index = 0; index < count; index += 1) {
    const day = addDays(from, index);
    result.currencies.push(currency);
    result.days.push(day);
    result.factors.push(factor(day));
  }
}

const CURRENCY = /^[A-Z]{3}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses "day,currency,per_usd" lines (a header line and blank lines are skipped). Throws on the
 * first bad line with its number, so nothing half-read is imported.
 */
export function parseRatesCsv(text: string): RateRow[] {
  const rows: RateRow[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (
      !trimmed ||
      (index === 0 && /[a-z]/i.test(trimmed.split(',')[0] ?? '') && !DAY.test(trimmed.split(',')[0] ?? ''))
    )
      return;
    const [day = '', currency = '', value = ''] = trimmed.split(',').map((cell) => cell.trim());
    const perUsd = Number(value);
    if (!isCalendarDay(day)) throw new Error(`Line ${index + 1}: "${day}" is not a YYYY-MM-DD day.`);
    if (!CURRENCY.test(currency.toUpperCase()))
      throw new Error(`Line ${index + 1}: "${currency}" is not an ISO 4217 currency code.`);
    if (!Number.isFinite(perUsd) || perUsd <= 0)
      throw new Error(`Line ${index + 1}: the rate must be a positive number.`);
    rows.push({ day, currency: currency.toUpperCase(), perUsd });
  });
  return rows;
}

/** Adds or replaces rates (one per currency and day). */
export async function importRates(db: DbOrTx, rows: RateRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await upsertRates(db, rows);
  return rows.length;
}

/**
 * The flat factor list is currency-major with one entry per day of the window, so an entry is
 * found by the currency's position and the day's offset.
 */
function layout(factors: ConversionFactors) {
  const order = [...new Set(factors.currencies)];
  const count = order.length ? factors.currencies.length / order.length : 0;
  return { order, count, from: factors.days[0] ?? '1970-01-01', to: factors.days[count - 1] ?? '1970-01-01' };
}

/** The factor of one (currency, day); undefined when the currency has no rate or the day is outside the window. */
export function factorAt(factors: ConversionFactors, currency: string, day: IsoDay): number | undefined {
  const { order, count, from, to } = layout(factors);
  const position = order.indexOf(currency);
  if (position < 0 || day < from || day > to) return undefined;
  return factors.factors[position * count + daysInRange(from, day) - 1];
}

/** The factor of one row as a SQL expression (null where factorAt is undefined): no join, no sort. */
export function factorOf(factors: ConversionFactors, currency: SQL, day: SQL): SQL {
  const { order, count, from, to } = layout(factors);
  return sql`case when ${day} between ${from}::date and ${to}::date then (${sql.param(factors.factors)}::float8[])[(array_position(${sql.param(order)}::text[], ${currency}) - 1) * ${count}::int + (${day} - ${from}::date) + 1] end`;
}

/**
 * Whether every currency's factor is one and the same number on every day from `from` to `to`
 * (a stretch inside the window): money of those days may then be summed in minor units first and
 * converted once. Currencies without a rate have no factor on any day, so they qualify too.
 */
export function factorsConstant(factors: ConversionFactors, from: IsoDay, to: IsoDay): boolean {
  const { order, count, from: first } = layout(factors);
  if (order.length === 0) return true;
  const start = daysInRange(first, from) - 1;
  const end = daysInRange(first, to) - 1;
  if (start < 0 || end >= count) return false;
  for (let position = 0; position < order.length; position += 1) {
    const base = position * count;
    for (let index = start + 1; index <= end; index += 1)
      if (factors.factors[base + index] !== factors.factors[base + start]) return false;
  }
  return true;
}
